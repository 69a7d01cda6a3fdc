/**
 * Maximal entropy with squared distribution distance, `mes` (Jin et al. 2021, eqs 24–27):
 *   maximise  F(π) = η H(π) − E(π),  H(π) = −Σ_R π_R log π_R (eq 24),
 *             E(π) = Σ_i P̃_i (q_i − P̃_i)²,  q = K π (eq 25),      over the simplex (eq 27).
 * F is strictly concave (η > 0), so the maximiser is unique. It is found through the Fenchel dual, a smooth
 * unconstrained problem in one variable μ_i per observed sampled rank (at most m + 1, whatever n):
 *   F* = min_μ U(μ),  U(μ) = η log Σ_R exp(−(Kᵀμ)_R / η) + Σ_i (μ_i P̃_i + μ_i² / (4 P̃_i)),
 * whose minimiser gives π_R ∝ exp(−(Kᵀμ)_R / η) (the maximiser of F), and for every μ
 *   U(μ) ≥ F* ≥ F(π(μ)),
 * so the gap U(μ) − F(π(μ)) certifies the optimality of π(μ). U is minimised by Newton's method with an Armijo
 * backtracking line search from μ = 0 (π uniform); the Hessian is (K Σ_π Kᵀ)/η + diag(1/(2P̃)), with
 * K Σ_π Kᵀ = K diag(π) Kᵀ − q qᵀ (secondMoments.ts), and is solved by Cholesky. It stops when
 * gap ≤ tolerance · (η H + E) (a relative gap on the objective's two terms) or at the iteration cap. Since F is
 * η-strongly concave in the ℓ1 norm (Pinsker), ‖π − π*‖₁ ≤ √(2 · gap / η), which bounds every metric error.
 * Jin et al.'s published code (dli12/AAAI23-Towards-Reliable-Item-Sampling-for-Recommendation-Evaluation,
 * estimator/MES.ipynb, cvxpy) minimises  Σ_i (q_i − P̃_i)² P̃_i · (m + 1) − η Σ_R entr(π_R),  i.e. maximises
 * η H − (m + 1) E: the same problem with η / (m + 1) in eq 26 (`mesEntropyWeight`, scale `code`).
 */
import { solveSymmetric } from '../../corrections/solve.ts';
import type { MesScale } from '../../corrections/methods.ts';
import type { EntropyKernel } from '../contracts.ts';

export interface EntropyFitOptions {
  readonly tolerance: number;
  readonly maxIterations: number;
  /**
   * Newton's start: the dual point of a nearby fit (a bootstrap replicate's neighbour; indices it lacks start at 0),
   * kept only when U is lower there than at μ = 0. The stopping rule is the certified gap either way, so the result
   * and the cold start's are each within √(2 · gap / η) (ℓ1) of the maximiser, hence of each other (≈ 4e-5 at the
   * default tolerance); in fact they differ by the cold fit's own distance to it, ≈ 5e-7 in Recall@10 on the
   * NCF-sampled MovieLens replicates (mes.test.ts), for about a fifth less time per fit.
   */
  readonly start?: EntropyDual | null;
}

export interface EntropyFit {
  /** π̂(R) for R = 1..n at index R − 1 (over the kernel's rows: with `sizes`, each row's mass). */
  distribution: Float64Array;
  /** F(π̂) = η H(π̂) − E(π̂) (eq 26). */
  objective: number;
  entropy: number;
  /** E(π̂), the squared distribution distance of eq 25. */
  distance: number;
  /** U(μ) − F(π̂) ≥ F* − F(π̂). */
  gap: number;
  iterations: number;
  converged: boolean;
  /** The dual point μ at the returned π̂, by sampled-rank index (a start for a nearby fit: `EntropyFitOptions.start`). */
  dual: EntropyDual;
}

/** Dual variables μ_i of the sampled-rank indices i (sorted). */
export interface EntropyDual {
  readonly indices: Int32Array;
  readonly mu: Float64Array;
}

/**
 * The entropy weight of eq 26 that fits MES at η with the given scale: η as eq 26 prints it (`paper`), or
 * η / (m + 1) for the objective of Jin et al.'s code, η H − (m + 1) E (`code`), which has the same maximiser.
 * Example: mesEntropyWeight(0.01, 'code', 99) → 1e-4.
 */
export function mesEntropyWeight(eta: number, scale: MesScale | undefined, sampleSize: number): number {
  return scale === 'code' ? eta / (sampleSize + 1) : eta;
}

/** `counts[i]` is the weight of sampled rank i + 1 (normalised here to P̃). */
export function fitMaximalEntropy(
  kernel: EntropyKernel,
  counts: Float64Array,
  eta: number,
  options: EntropyFitOptions,
): EntropyFit {
  const n = kernel.itemCount;
  const { sizes } = kernel;
  let total = 0;
  for (const c of counts) total += c;
  const observedList: number[] = [];
  counts.forEach((c, i) => c > 0 && observedList.push(i));
  const observed = Int32Array.from(observedList);
  const d = observed.length;
  const P = Float64Array.from(observed, (i) => counts[i] / total);
  const moments = kernel.moments(observed);
  const products = kernel.restrict(observed);
  const score = new Float64Array(n);
  const pi = new Float64Array(n);
  const q = new Float64Array(d);

  /** U(μ); leaves π(μ) in `pi` and returns log Σ exp and Σ π s for the entropy. */
  const dual = (mu: Float64Array) => {
    products.multiplyTranspose(mu, score);
    let top = -Infinity;
    for (let r = 0; r < n; r++) {
      score[r] = -score[r] / eta;
      if (score[r] > top) top = score[r];
    }
    // A row of `size` ranks holds size · exp(score) (Σ_{R ∈ b} of eq 27's π_R); the entropy below is then over ranks.
    let z = 0;
    if (sizes) for (let r = 0; r < n; r++) z += pi[r] = sizes[r] * Math.exp(score[r] - top);
    else for (let r = 0; r < n; r++) z += pi[r] = Math.exp(score[r] - top);
    let mean = 0;
    for (let r = 0; r < n; r++) {
      pi[r] /= z;
      mean += pi[r] * score[r];
    }
    const logZ = top + Math.log(z);
    let penalty = 0;
    for (let a = 0; a < d; a++) penalty += mu[a] * P[a] + (mu[a] * mu[a]) / (4 * P[a]);
    return { value: eta * logZ + penalty, entropy: logZ - mean };
  };

  let mu: Float64Array = new Float64Array(d);
  let current = dual(mu);
  if (options.start) {
    const warm = startingPoint(options.start, observed);
    const there = dual(warm);
    if (there.value < current.value) [mu, current] = [warm, there];
    else current = dual(mu);
  }
  for (let it = 0; ; it++) {
    products.multiply(pi, q);
    let distance = 0;
    for (let a = 0; a < d; a++) distance += P[a] * (q[a] - P[a]) ** 2;
    const objective = eta * current.entropy - distance;
    const gap = Math.max(0, current.value - objective);
    const isConverged = gap <= options.tolerance * (eta * current.entropy + distance);
    const done = (iterations: number, converged: boolean): EntropyFit => ({
      distribution: Float64Array.from(pi),
      objective,
      entropy: current.entropy,
      distance,
      gap,
      iterations,
      converged,
      dual: { indices: observed, mu: Float64Array.from(mu) },
    });
    if (isConverged || it >= options.maxIterations) return done(it, isConverged);
    // ∇U = P̃ + μ/(2P̃) − q;  ∇²U = (K diag(π) Kᵀ − q qᵀ)/η + diag(1/(2P̃)).
    const gradient = Float64Array.from(P, (p, a) => p + mu[a] / (2 * p) - q[a]);
    const second = moments.compute(pi);
    const hessian = new Float64Array(d * d);
    for (let a = 0; a < d; a++) {
      for (let b = 0; b < d; b++) {
        hessian[a * d + b] = (second[a * d + b] - q[a] * q[b]) / eta;
      }
      hessian[a * d + a] += 1 / (2 * P[a]);
    }
    const direction = solveSymmetric(hessian, gradient).map((v) => -v);
    let slope = 0;
    for (let a = 0; a < d; a++) slope += gradient[a] * direction[a];
    let step = 1;
    let accepted = false;
    const trial = new Float64Array(d);
    for (let halving = 0; halving < 60 && slope < 0; halving++, step /= 2) {
      for (let a = 0; a < d; a++) trial[a] = mu[a] + step * direction[a];
      const next = dual(trial);
      if (next.value <= current.value + 1e-4 * step * slope) {
        mu = Float64Array.from(trial);
        current = next;
        accepted = true;
        break;
      }
    }
    if (!accepted) {
      // No decrease representable in double precision: U is at its minimum to rounding. Restore π(μ).
      current = dual(mu);
      return done(it, isConverged);
    }
  }
}

/** μ of `start` carried onto the observed indices (0 where it has none). */
function startingPoint(start: EntropyDual, observed: Int32Array): Float64Array {
  const out = new Float64Array(observed.length);
  for (let a = 0, k = 0; a < observed.length; a++) {
    while (k < start.indices.length && start.indices[k] < observed[a]) k++;
    if (k < start.indices.length && start.indices[k] === observed[a]) out[a] = start.mu[k];
  }
  return out;
}
