/**
 * The maximiser of the (weighted) likelihood of eqs 19 and 22 (Jin et al. 2021) by the constrained Newton method
 * with support reduction (Wang 2007, "On fast computation of the non-parametric maximum likelihood estimate of a
 * mixing distribution", JRSS B 69), started, like EM, from the uniform distribution.
 * The iterate is π = β·uniform + Σ_j w_j δ_{s_j}. Each step
 *  1. computes D = Kᵀ(P̃/q) (the EM sum of eq 21) and adds to the support the local maxima of D above 1 (the
 *     directions that increase ℓ, since ∂ℓ/∂π_r − Σ π D = D_r − 1);
 *  2. maximises the second-order model of ℓ at q over the support (and the uniform block) on the simplex:
 *     minimise Σ_i P̃_i (q'_i / q_i − 2)² over w' ≥ 0, Σ w' = 1. On the simplex the target 2√P̃ equals
 *     2√P̃ · Σ w', so the residual is Ã w' with Ã = A − 2√P̃ 1ᵀ, and min ‖Ã y‖² on the simplex is solved exactly
 *     by the non-negative least squares min ‖Ã x‖² + (1ᵀx − 1)², x ≥ 0, then y = x / Σx (for y on the simplex
 *     and x = t y the value is t²‖Ã y‖² + (t − 1)², minimised at t = 1/(1 + ‖Ã y‖²) to ‖Ã y‖²/(1 + ‖Ã y‖²),
 *     increasing in ‖Ã y‖²; Lawson & Hanson's least-distance device). nnls.ts solves it;
 *  3. moves towards it with an Armijo line search on ℓ, and drops the points whose weight became 0.
 * It converges in tens of steps where EM needs millions, to the same maximum; it stops on the certified gain bound
 * log max D of likelihood.ts, so the reported ℓ is within `tolerance` of the maximum whatever the data, or when no
 * step improves ℓ any more in double precision (`converged` then says whether the bound met the tolerance). The
 * bound is first-order: when two adjacent ranks share an atom (nearly collinear kernel columns) it can stall near
 * 1e-10 while ℓ is already at its maximum to rounding (1e-15 in the scipy fixtures); 1e-9 is always reached there.
 */
import type { LikelihoodFit, LikelihoodFitOptions } from './em.ts';
import type { Likelihood } from './likelihood.ts';
import { converged } from './likelihood.ts';
import { nnls } from './nnls.ts';

/** Armijo's sufficient-increase fraction. */
const ARMIJO = 1 / 3;

export function newtonFit(lik: Likelihood, options: LikelihoodFitOptions): LikelihoodFit {
  const kernel = lik.products;
  const n = kernel.itemCount;
  const d = kernel.size;
  const rootP = lik.weights.map(Math.sqrt);
  const uniformQ = kernel.multiply(new Float64Array(n).fill(1 / n), new Float64Array(d));
  const columns = new Map<number, Float64Array>();
  const column = (r0: number): Float64Array => {
    let c = columns.get(r0);
    if (!c) columns.set(r0, (c = kernel.column(r0, new Float64Array(d))));
    return c;
  };
  let block = 1;
  let support: number[] = [];
  let weights: number[] = [];
  const q = Float64Array.from(uniformQ);
  let value = lik.valueAt(q);
  const b = new Float64Array(d + 1);
  b[d] = 1;
  const target = new Float64Array(d);
  const relative = new Float64Array(d);
  for (let it = 0; ; it++) {
    lik.q.set(q);
    const maxD = lik.gradient();
    const D = lik.D;
    if (it >= options.maxIterations || converged(value, maxD, options.tolerance)) {
      return result(n, block, support, weights, value, maxD, it, options.tolerance);
    }
    const candidates = new Set(support);
    for (let r = 0; r < n; r++) {
      if (D[r] > 1 && (r === 0 || D[r] >= D[r - 1]) && (r === n - 1 || D[r] > D[r + 1])) candidates.add(r);
    }
    const points = [...candidates].sort((x, y) => x - y);
    const problem: Float64Array[] = points.map((r0) => modelColumn(column(r0), q, rootP));
    const start = new Float64Array(points.length + 1);
    const at = new Map(points.map((r0, j) => [r0, j]));
    support.forEach((r0, j) => (start[at.get(r0) as number] = weights[j]));
    if (block > 0) {
      problem.push(modelColumn(uniformQ, q, rootP));
      start[points.length] = block;
    }
    const x = nnls(problem, b, start.subarray(0, problem.length)).x;
    let sum = 0;
    for (const v of x) sum += v;
    if (!(sum > 0)) return result(n, block, support, weights, value, maxD, it, options.tolerance);
    for (let j = 0; j < x.length; j++) x[j] /= sum;
    const newBlock = block > 0 ? x[points.length] : 0;
    // The model's q' = K π'; the directional derivative ∇ℓ·(π' − π) = Σ_i P̃_i (q'_i − q_i)/q_i and the gain
    // ℓ(q + s(q' − q)) − ℓ(q) = Σ_i P̃_i log1p(s (q'_i − q_i)/q_i) are summed as differences, so progress stays
    // visible far below the rounding of ℓ itself (the certificate needs it: near the maximum ℓ* − ℓ ~ (max D − 1)²).
    for (let k = 0; k < d; k++) target[k] = newBlock * uniformQ[k];
    points.forEach((r0, j) => {
      if (x[j] === 0) return;
      const c = column(r0);
      for (let k = 0; k < d; k++) target[k] += x[j] * c[k];
    });
    let slope = 0;
    for (let k = 0; k < d; k++) {
      relative[k] = (target[k] - q[k]) / q[k];
      slope += lik.weights[k] * relative[k];
    }
    let step = 1;
    let accepted = false;
    for (let halving = 0; halving < 60 && slope > 0; halving++, step /= 2) {
      let gain = 0;
      for (let k = 0; k < d; k++) gain += lik.weights[k] * Math.log1p(step * relative[k]);
      if (gain >= ARMIJO * step * slope) {
        accepted = true;
        break;
      }
    }
    if (!accepted) return result(n, block, support, weights, value, maxD, it, options.tolerance);
    const next = new Map<number, number>();
    support.forEach((r0, j) => next.set(r0, (1 - step) * weights[j]));
    points.forEach((r0, j) => next.set(r0, (next.get(r0) ?? 0) + step * x[j]));
    block = (1 - step) * block + step * newBlock;
    support = [];
    weights = [];
    for (const [r0, w] of [...next.entries()].sort((u, v) => u[0] - v[0])) {
      if (w > 0) {
        support.push(r0);
        weights.push(w);
      }
    }
    // q from the new π directly (no drift from updating it in place).
    for (let k = 0; k < d; k++) q[k] = block * uniformQ[k];
    support.forEach((r0, j) => {
      const c = column(r0);
      for (let k = 0; k < d; k++) q[k] += weights[j] * c[k];
    });
    value = lik.valueAt(q);
    for (const r0 of columns.keys()) if (!next.has(r0) || !(next.get(r0)! > 0)) columns.delete(r0);
  }
}

/** Column of the Newton subproblem: √P̃_i (p(i | r) / q_i − 2) over the observed i, then the unit sum row. */
function modelColumn(kernelColumn: Float64Array, q: Float64Array, rootP: Float64Array) {
  const d = q.length;
  const out = new Float64Array(d + 1);
  for (let k = 0; k < d; k++) out[k] = rootP[k] * (kernelColumn[k] / q[k] - 2);
  out[d] = 1;
  return out;
}

function result(
  n: number,
  block: number,
  support: number[],
  weights: number[],
  value: number,
  maxD: number,
  iterations: number,
  tolerance: number,
): LikelihoodFit {
  const distribution = new Float64Array(n).fill(block / n);
  support.forEach((r0, j) => (distribution[r0] += weights[j]));
  let s = 0;
  for (const p of distribution) s += p;
  for (let r = 0; r < n; r++) distribution[r] /= s;
  return {
    distribution,
    logLikelihood: value,
    gap: Math.max(0, Math.log(maxD)),
    iterations,
    converged: converged(value, maxD, tolerance),
  };
}
