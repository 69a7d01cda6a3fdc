/**
 * Least squares on a subset of columns by Householder QR (Golub & Van Loan, Matrix Computations, §5.3): backward
 * stable, so it works on the ill-conditioned compressed kernel without squaring its condition number as the normal
 * equations do. A column whose remaining norm falls below `tolerance` times the largest column norm is numerically
 * dependent on the columns before it and gets coefficient 0.
 */
export function columnLeastSquares(
  matrix: Float64Array,
  rows: number,
  columns: number,
  selected: readonly number[],
  rhs: Float64Array,
  tolerance = 1e-13,
): Float64Array {
  const k = selected.length;
  const work = selected.map((c) => {
    const col = new Float64Array(rows);
    for (let r = 0; r < rows; r++) col[r] = matrix[r * columns + c];
    return col;
  });
  const b = Float64Array.from(rhs);
  let largest = 0;
  for (const col of work) largest = Math.max(largest, norm(col, 0));
  const pivotRow = new Int32Array(k).fill(-1);
  let p = 0;
  for (let j = 0; j < k && p < rows; j++) {
    const x = work[j];
    const alpha = norm(x, p);
    if (!(alpha > tolerance * largest)) continue;
    const sign = x[p] >= 0 ? 1 : -1;
    // v = x[p..] + sign·‖x‖ e_1, stored in place; H = I − 2vvᵀ/vᵀv.
    const v0 = x[p] + sign * alpha;
    let vv = v0 * v0;
    for (let r = p + 1; r < rows; r++) vv += x[r] * x[r];
    const reflect = (y: Float64Array): void => {
      let dot = v0 * y[p];
      for (let r = p + 1; r < rows; r++) dot += x[r] * y[r];
      const f = (2 * dot) / vv;
      y[p] -= f * v0;
      for (let r = p + 1; r < rows; r++) y[r] -= f * x[r];
    };
    for (let l = j + 1; l < k; l++) reflect(work[l]);
    reflect(b);
    x[p] = -sign * alpha;
    pivotRow[j] = p++;
  }
  const z = new Float64Array(k);
  for (let j = k - 1; j >= 0; j--) {
    const row = pivotRow[j];
    if (row < 0) continue;
    let s = b[row];
    for (let l = j + 1; l < k; l++) if (pivotRow[l] >= 0) s -= work[l][row] * z[l];
    z[j] = s / work[j][row];
  }
  return z;
}

function norm(x: Float64Array, from: number): number {
  let scale = 0;
  for (let r = from; r < x.length; r++) scale = Math.max(scale, Math.abs(x[r]));
  if (scale === 0) return 0;
  let s = 0;
  for (let r = from; r < x.length; r++) s += (x[r] / scale) ** 2;
  return scale * Math.sqrt(s);
}
