/**
 * Non-negative least squares min ‖A x − b‖² subject to x ≥ 0 by the Lawson–Hanson active-set method (Lawson &
 * Hanson 1974, ch. 23), for the small dense problems of the constrained Newton method (mle.ts). Each subproblem is
 * an unconstrained least-squares solve on the passive set by Householder QR (backward stable; nearly dependent
 * columns get a zero coefficient). A feasible warm start keeps the number of active-set changes small when the
 * problem changes little between calls.
 */

export interface NnlsResult {
  x: Float64Array;
  iterations: number;
}

/** A is given by its columns (each of length rows). `start` (≥ 0, optional) is a warm start. */
export function nnls(columns: readonly Float64Array[], b: Float64Array, start?: Float64Array): NnlsResult {
  const count = columns.length;
  const rows = b.length;
  const x = new Float64Array(count);
  const passive = new Uint8Array(count);
  const blocked = new Uint8Array(count);
  if (start) {
    for (let j = 0; j < count; j++) {
      x[j] = Math.max(0, start[j]);
      passive[j] = x[j] > 0 ? 1 : 0;
    }
  }
  let scale = 0;
  for (const column of columns) scale = Math.max(scale, norm(column));
  const tolerance = 1e-12 * scale * norm(b);
  const w = new Float64Array(count);
  let iterations = 0;
  let warm = passive.some((p) => p === 1);
  const maxIterations = 3 * count + 10;
  while (iterations < maxIterations) {
    if (!warm) {
      gradient(columns, b, x, w);
      let t = -1;
      for (let j = 0; j < count; j++) if (!passive[j] && !blocked[j] && (t < 0 || w[j] > w[t])) t = j;
      if (t < 0 || w[t] <= tolerance) break;
      passive[t] = 1;
      // Solve once to check the entering variable is really useful (rounding can make its coefficient ≤ 0).
      const z = solvePassive(columns, b, passive, rows);
      if (!(z[t] > 0)) {
        passive[t] = 0;
        blocked[t] = 1;
        continue;
      }
    }
    warm = false;
    blocked.fill(0);
    // Inner loop: move from the feasible x towards the passive-set solution, dropping variables that hit zero.
    for (;;) {
      iterations++;
      const z = solvePassive(columns, b, passive, rows);
      let alpha = Infinity;
      for (let j = 0; j < count; j++) {
        if (passive[j] && z[j] <= 0) alpha = Math.min(alpha, x[j] / (x[j] - z[j]));
      }
      if (alpha === Infinity) {
        x.set(z);
        break;
      }
      let left = 0;
      for (let j = 0; j < count; j++) {
        if (!passive[j]) continue;
        x[j] += alpha * (z[j] - x[j]);
        if (x[j] <= 0 || (z[j] <= 0 && x[j] <= 1e-300)) {
          x[j] = 0;
          passive[j] = 0;
        } else left++;
      }
      if (left === 0 || iterations >= maxIterations) break;
    }
  }
  return { x, iterations };
}

function norm(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

/** w = Aᵀ(b − A x). */
function gradient(columns: readonly Float64Array[], b: Float64Array, x: Float64Array, w: Float64Array): void {
  const residual = Float64Array.from(b);
  columns.forEach((column, j) => {
    const xj = x[j];
    if (xj !== 0) for (let i = 0; i < residual.length; i++) residual[i] -= xj * column[i];
  });
  columns.forEach((column, j) => {
    let s = 0;
    for (let i = 0; i < residual.length; i++) s += column[i] * residual[i];
    w[j] = s;
  });
}

/** Least squares on the passive columns by Householder QR; zeros elsewhere. */
function solvePassive(
  columns: readonly Float64Array[],
  b: Float64Array,
  passive: Uint8Array,
  rows: number,
): Float64Array {
  const index: number[] = [];
  passive.forEach((p, j) => p && index.push(j));
  const p = index.length;
  const a = new Float64Array(rows * p); // column-major copy
  index.forEach((j, k) => a.set(columns[j], k * rows));
  const y = Float64Array.from(b);
  const diagonal = new Float64Array(p);
  let largest = 0;
  for (let k = 0; k < Math.min(p, rows); k++) {
    const base = k * rows;
    let s = 0;
    for (let i = k; i < rows; i++) s += a[base + i] * a[base + i];
    const alpha = a[base + k] > 0 ? -Math.sqrt(s) : Math.sqrt(s);
    diagonal[k] = alpha;
    largest = Math.max(largest, Math.abs(alpha));
    if (s === 0) continue;
    // v = x − alpha e_k stored in place; H = I − 2vvᵀ/vᵀv.
    a[base + k] -= alpha;
    const vv = s - 2 * alpha * (a[base + k] + alpha) + alpha * alpha;
    if (vv <= 0) continue;
    for (let c = k + 1; c < p; c++) {
      const cb = c * rows;
      let dot = 0;
      for (let i = k; i < rows; i++) dot += a[base + i] * a[cb + i];
      const f = (2 * dot) / vv;
      for (let i = k; i < rows; i++) a[cb + i] -= f * a[base + i];
    }
    let dot = 0;
    for (let i = k; i < rows; i++) dot += a[base + i] * y[i];
    const f = (2 * dot) / vv;
    for (let i = k; i < rows; i++) y[i] -= f * a[base + i];
  }
  const z = new Float64Array(p);
  const cut = 1e-13 * largest;
  for (let k = Math.min(p, rows) - 1; k >= 0; k--) {
    if (Math.abs(diagonal[k]) <= cut) continue;
    let s = y[k];
    for (let c = k + 1; c < Math.min(p, rows); c++) s -= a[c * rows + k] * z[c];
    z[k] = s / diagonal[k];
  }
  const out = new Float64Array(columns.length);
  index.forEach((j, k) => (out[j] = z[k]));
  return out;
}
