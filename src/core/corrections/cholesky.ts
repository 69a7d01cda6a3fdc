/**
 * Cholesky factorisation S = L Lᵀ of a symmetric positive definite matrix and the two triangular solves (Golub & Van
 * Loan, Matrix Computations, §4.2), on plain row-major arrays: contiguous dot products, no Matrix accessors.
 * The factorisation works on the matrix's envelope (George & Liu, Computer Solution of Large Sparse Positive Definite
 * Systems, 1981, §4.2): row i of L is zero before the first entry of row i of S, so only the entries from there to
 * the diagonal are computed. The corrections' systems are effectively banded (p(i|r) p(j|r) vanishes for |i − j|
 * beyond a few √m), which makes the factorisation O(m·b²) for an envelope of width b instead of O(m³).
 * Example: choleskySolve(choleskyFactor(Float64Array.of(4, 2, 2, 5), 2)!, 2, [6, 7]) → [1, 1].
 */

/**
 * First column of each row's envelope in the lower triangle of S (row-major size × size): the leading entries of
 * row i whose sum of squares is at most tolerance² are left out (tolerance 0: only exact zeros). For a matrix with
 * unit diagonal this perturbs S by at most tolerance·√(2·size) in Frobenius norm.
 */
export function envelopeStarts(matrix: Float64Array, size: number, tolerance = 0): Int32Array {
  const first = new Int32Array(size);
  const limit = tolerance * tolerance;
  for (let i = 0; i < size; i++) {
    const row = i * size;
    let dropped = 0;
    let j = 0;
    for (; j < i; j++) {
      const v = matrix[row + j];
      dropped += v * v;
      if (dropped > limit) break;
    }
    first[i] = j;
  }
  return first;
}

/**
 * L (row-major size × size, row i holding L_i0..L_ii) by Cholesky–Banachiewicz, reading only the lower triangle of S
 * within the envelope `first` (entries of S before first[i] in row i are taken as zero); null when a pivot is not
 * above `minPivot` (S not positive definite, or too ill-conditioned for the caller).
 */
export function choleskyFactor(
  matrix: Float64Array,
  size: number,
  minPivot = 0,
  first: Int32Array = envelopeStarts(matrix, size),
): Float64Array | null {
  const l = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    const rowI = i * size;
    const fi = first[i];
    for (let j = fi; j <= i; j++) {
      const rowJ = j * size;
      const from = Math.max(fi, first[j]);
      const s = matrix[rowI + j] - dot(l, rowI + from, rowJ + from, j - from);
      if (j === i) {
        if (!(s > minPivot)) return null;
        l[rowI + i] = Math.sqrt(s);
      } else {
        l[rowI + j] = s / l[rowJ + j];
      }
    }
  }
  return l;
}

/** Σ_k a[p + k]·a[q + k] for k < length, with four partial sums (independent chains that the processor overlaps). */
function dot(a: Float64Array, p: number, q: number, length: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let k = 0;
  for (; k + 3 < length; k += 4) {
    s0 += a[p + k] * a[q + k];
    s1 += a[p + k + 1] * a[q + k + 1];
    s2 += a[p + k + 2] * a[q + k + 2];
    s3 += a[p + k + 3] * a[q + k + 3];
  }
  for (; k < length; k++) s0 += a[p + k] * a[q + k];
  return s0 + s1 + (s2 + s3);
}

/** x with L Lᵀ x = b, by forward then backward substitution (both along the rows of L). */
export function choleskySolve(l: Float64Array, size: number, b: ArrayLike<number>): Float64Array {
  const y = Float64Array.from(b);
  for (let i = 0; i < size; i++) {
    const row = i * size;
    let s = y[i];
    for (let j = 0; j < i; j++) s -= l[row + j] * y[j];
    y[i] = s / l[row + i];
  }
  // Lᵀ x = y column by column of Lᵀ (row by row of L): x_i is final once the rows below have been subtracted.
  for (let i = size - 1; i >= 0; i--) {
    const row = i * size;
    const xi = (y[i] /= l[row + i]);
    if (xi === 0) continue;
    for (let j = 0; j < i; j++) y[j] -= l[row + j] * xi;
  }
  return y;
}
