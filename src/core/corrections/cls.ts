/**
 * Constrained least squares (Krichene & Rendle section 5.2, "CLS"): the minimal-bias problem of eq 21 restricted to
 * non-increasing vectors M̂_1 ≥ M̂_2 ≥ … ≥ M̂_{m+1}.
 * With x = L z, x_i = z_{m+1} + Σ_{j=i}^{m} z_j, the decrements z_1..z_m must be ≥ 0 and the level z_{m+1} is free,
 * so the problem is the bound-constrained quadratic program
 *   minimise zᵀQz − 2qᵀz,  Q = LᵀGL,  q = Lᵀh,  z_j ≥ 0 (j ≤ m),
 * solved exactly by the Lawson–Hanson active-set method (finite, and each subproblem is an unconstrained solve on
 * the free set).
 */
import { solveSymmetric } from './solve.ts';

export interface ClsResult {
  values: Float64Array;
  iterations: number;
}

export function constrainedLeastSquares(gram: Float64Array, cross: Float64Array): ClsResult {
  const size = cross.length;
  const last = size - 1;
  // Q_ab = Σ_{i≤a} Σ_{j≤b} G_ij (L is upper triangular ones), q_a = Σ_{i≤a} h_i.
  const q = new Float64Array(size);
  const Q = new Float64Array(size * size);
  let acc = 0;
  for (let a = 0; a < size; a++) {
    acc += cross[a];
    q[a] = acc;
  }
  for (let a = 0; a < size; a++) {
    let rowSum = 0;
    for (let b = 0; b < size; b++) {
      rowSum += gram[a * size + b];
      Q[a * size + b] = rowSum + (a > 0 ? Q[(a - 1) * size + b] : 0);
    }
  }
  const z = new Float64Array(size);
  const passive = new Uint8Array(size);
  passive[last] = 1;
  let scaleQ = 0;
  for (let a = 0; a < size; a++) scaleQ = Math.max(scaleQ, Math.abs(q[a]));
  const tolerance = 1e-13 * (scaleQ || 1);
  const solveFree = (): Float64Array => {
    const idx: number[] = [];
    for (let a = 0; a < size; a++) if (passive[a]) idx.push(a);
    const k = idx.length;
    const sub = new Float64Array(k * k);
    const rhs = new Float64Array(k);
    for (let s = 0; s < k; s++) {
      rhs[s] = q[idx[s]];
      for (let t = 0; t < k; t++) sub[s * k + t] = Q[idx[s] * size + idx[t]];
    }
    const sol = solveSymmetric(sub, rhs);
    const out = new Float64Array(size);
    for (let s = 0; s < k; s++) out[idx[s]] = sol[s];
    return out;
  };
  let iterations = 0;
  const maxIterations = 10 * size + 100;
  z.set(solveFree());
  while (iterations++ < maxIterations) {
    // w = q − Q z is minus half the gradient; a bound variable with w_j > 0 would decrease the objective.
    let best = -1;
    let bestW = tolerance;
    for (let a = 0; a < last; a++) {
      if (passive[a]) continue;
      let w = q[a];
      for (let b = 0; b < size; b++) w -= Q[a * size + b] * z[b];
      if (w > bestW) {
        bestW = w;
        best = a;
      }
    }
    if (best < 0) break;
    passive[best] = 1;
    for (let inner = 0; inner < size + 10; inner++) {
      const s = solveFree();
      let alpha = 1;
      let blocking = -1;
      for (let a = 0; a < last; a++) {
        if (passive[a] && s[a] <= 0) {
          const step = z[a] / (z[a] - s[a]);
          if (blocking < 0 || step < alpha) {
            alpha = step;
            blocking = a;
          }
        }
      }
      const feasible = blocking < 0;
      if (feasible) {
        z.set(s);
        break;
      }
      for (let a = 0; a < size; a++) z[a] += alpha * (s[a] - z[a]);
      z[blocking] = 0;
      for (let a = 0; a < last; a++) {
        if (passive[a] && z[a] <= 0) {
          passive[a] = 0;
          z[a] = 0;
        }
      }
    }
  }
  const values = new Float64Array(size);
  let level = z[last];
  values[last] = level;
  for (let i = last - 1; i >= 0; i--) {
    level += z[i];
    values[i] = level;
  }
  return { values, iterations };
}
