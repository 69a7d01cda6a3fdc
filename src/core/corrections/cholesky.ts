/**
 * Cholesky factorisation S = L Lᵀ of a symmetric positive definite matrix and the two triangular solves (Golub & Van
 * Loan, Matrix Computations, §4.2), on plain row-major arrays: contiguous dot products, no Matrix accessors.
 * Example: choleskySolve(choleskyFactor(Float64Array.of(4, 2, 2, 5), 2)!, 2, [6, 7]) → [1, 1].
 */

/**
 * L (row-major size × size, row i holding L_i0..L_ii) by Cholesky–Banachiewicz, reading only the lower triangle of S;
 * null when a pivot is not above `minPivot` (S not positive definite, or too ill-conditioned for the caller).
 */
export function choleskyFactor(matrix: Float64Array, size: number, minPivot = 0): Float64Array | null {
  const l = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    const rowI = i * size;
    for (let j = 0; j <= i; j++) {
      const rowJ = j * size;
      let s = matrix[rowI + j];
      for (let k = 0; k < j; k++) s -= l[rowI + k] * l[rowJ + k];
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

/** x with L Lᵀ x = b, by forward then backward substitution. */
export function choleskySolve(l: Float64Array, size: number, b: ArrayLike<number>): Float64Array {
  const y = Float64Array.from(b);
  for (let i = 0; i < size; i++) {
    let s = y[i];
    for (let j = 0; j < i; j++) s -= l[i * size + j] * y[j];
    y[i] = s / l[i * size + i];
  }
  for (let i = size - 1; i >= 0; i--) {
    let s = y[i];
    for (let j = i + 1; j < size; j++) s -= l[j * size + i] * y[j];
    y[i] = s / l[i * size + i];
  }
  return y;
}
