/**
 * Constrained least squares (Krichene & Rendle section 5.2, "CLS"): the minimal-bias problem of eq 21 restricted to
 * non-increasing vectors M̂_1 ≥ M̂_2 ≥ … ≥ M̂_{m+1}.
 * With x = L z, x_i = Σ_{j ≥ i} z_j, the decrements z_1..z_m must be ≥ 0 and the level z_{m+1} is free. On the exact
 * compressed system ‖B x − f‖² of polynomialSystem.ts this is a non-negative least-squares problem in z with
 * matrix E = B L (E_j = Σ_{i ≤ j} B_i), solved by the Lawson–Hanson active-set method (Lawson & Hanson, Solving
 * Least Squares Problems, 1974, ch. 23), each subproblem by Householder QR on E's free columns: no normal
 * equations, so the bias is resolved to double precision even when AᵀA is numerically singular.
 */
import { columnLeastSquares } from './householder.ts';
import type { PolynomialSystem } from './polynomialSystem.ts';

export interface ClsResult {
  values: Float64Array;
  iterations: number;
}

export function constrainedLeastSquares(system: PolynomialSystem, target: number): ClsResult {
  const { rows, columns: size, basis } = system;
  const f = system.rhs[target];
  const last = size - 1;
  const E = new Float64Array(rows * size);
  for (let r = 0; r < rows; r++) {
    let acc = 0;
    for (let j = 0; j < size; j++) {
      acc += basis[r * size + j];
      E[r * size + j] = acc;
    }
  }
  let largest = 0;
  for (let j = 0; j < size; j++) {
    let s = 0;
    for (let r = 0; r < rows; r++) s += E[r * size + j] ** 2;
    largest = Math.max(largest, Math.sqrt(s));
  }
  let fNorm = 0;
  for (const v of f) fNorm += v * v;
  const tolerance = 1e-14 * largest * Math.sqrt(fNorm);
  const passive = new Set<number>([last]);
  const z = new Float64Array(size);
  const solvePassive = (): Float64Array => {
    const selected = [...passive].sort((a, b) => a - b);
    const sol = columnLeastSquares(E, rows, size, selected, f, 1e-15);
    const out = new Float64Array(size);
    selected.forEach((j, s) => (out[j] = sol[s]));
    return out;
  };
  z.set(solvePassive());
  const residual = new Float64Array(rows);
  let iterations = 0;
  const maxIterations = 3 * size + 10;
  while (iterations++ < maxIterations) {
    for (let r = 0; r < rows; r++) {
      let s = f[r];
      for (let j = 0; j < size; j++) s -= E[r * size + j] * z[j];
      residual[r] = s;
    }
    // w = Eᵀ(f − E z): a bound decrement with w_j > 0 would lower the bias if it were allowed to grow.
    let best = -1;
    let bestW = tolerance;
    for (let j = 0; j < last; j++) {
      if (passive.has(j)) continue;
      let w = 0;
      for (let r = 0; r < rows; r++) w += E[r * size + j] * residual[r];
      if (w > bestW) {
        bestW = w;
        best = j;
      }
    }
    if (best < 0) break;
    passive.add(best);
    for (let inner = 0; inner <= size; inner++) {
      const s = solvePassive();
      let alpha = 1;
      let blocking = -1;
      for (const j of passive) {
        if (j !== last && s[j] <= 0) {
          const step = z[j] / (z[j] - s[j]);
          if (blocking < 0 || step < alpha) {
            alpha = step;
            blocking = j;
          }
        }
      }
      if (blocking < 0) {
        z.set(s);
        break;
      }
      for (let j = 0; j < size; j++) z[j] += alpha * (s[j] - z[j]);
      z[blocking] = 0;
      for (const j of [...passive]) {
        if (j !== last && z[j] <= 0) {
          passive.delete(j);
          z[j] = 0;
        }
      }
    }
  }
  const values = new Float64Array(size);
  let level = 0;
  for (let i = last; i >= 0; i--) {
    level += z[i];
    values[i] = level;
  }
  return { values, iterations };
}
