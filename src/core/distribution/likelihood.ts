/**
 * The (weighted) log-likelihood of a rank distribution π given the empirical law P̃ of the sampled ranks, in the
 * histogram form of Jin et al. 2021 (eqs 19 and 21–23):
 *   ℓ(π) = Σ_i P̃_i log q_i,   q = K π                                      (per unit of instance weight)
 *   D_r  = ∂ℓ/∂π_r = Σ_i P̃_i p(i | r) / q_i                                 (the EM multiplier of eq 21)
 * With P̃ replaced by P̃_i w_i / Σ P̃ w (eq 23) this is the weighted likelihood of eq 22.
 * ℓ is concave and Σ_r π_r D_r = 1, so for every π (Jensen, then π* a distribution):
 *   ℓ(π*) − ℓ(π) = Σ_i P̃_i log(q*_i / q_i) ≤ log Σ_r π*_r D_r ≤ log max_r D_r,
 * a certified bound on every further gain, which is what the stopping rules use (Lindsay 1983's gradient bound).
 */
import type { SampledRankKernel } from './kernel.ts';

export class Likelihood {
  /** Sampled-rank indices i with P̃_i > 0. */
  readonly observed: Int32Array;
  /** q = K π of the last `evaluate`. */
  readonly q: Float64Array;
  /** D = Kᵀ (P̃ / q) of the last `gradient` (length n). */
  readonly D: Float64Array;
  /** P̃ normalised to sum 1 (the weights of eq 21, or of eq 23 for the weighted likelihood). */
  readonly weights: Float64Array;
  private readonly c: Float64Array;

  /** `weights` is P̃ over i = 0..m, normalised here. */
  constructor(
    readonly kernel: SampledRankKernel,
    weights: Float64Array,
  ) {
    const m = kernel.sampleSize;
    let total = 0;
    for (let i = 0; i <= m; i++) total += weights[i];
    this.weights = Float64Array.from(weights, (w) => w / total);
    const observed: number[] = [];
    for (let i = 0; i <= m; i++) if (this.weights[i] > 0) observed.push(i);
    this.observed = Int32Array.from(observed);
    this.q = new Float64Array(m + 1);
    this.c = new Float64Array(m + 1);
    this.D = new Float64Array(kernel.itemCount);
  }

  /** ℓ(π) (sets q). −Infinity when π gives an observed sampled rank zero probability. */
  evaluate(pi: Float64Array): number {
    this.kernel.multiply(pi, this.q);
    return this.valueAt(this.q);
  }

  /** ℓ at a given q = K π. */
  valueAt(q: Float64Array): number {
    let s = 0;
    for (const i of this.observed) s += this.weights[i] * Math.log(q[i]);
    return s;
  }

  /**
   * One EM step (eq 21 / 23) from π, whose q the last `evaluate` left: writes π ⊙ D into `next`, sets q to K next
   * and returns ℓ(next). One pass over the kernel (kernel.ts: emStep).
   */
  emStep(pi: Float64Array, next: Float64Array): number {
    const c = this.c;
    for (const i of this.observed) c[i] = this.weights[i] / this.q[i];
    const { sum } = this.kernel.emStep(pi, c, next, this.q);
    for (let r = 0; r < next.length; r++) next[r] /= sum;
    for (let i = 0; i < this.q.length; i++) this.q[i] /= sum;
    return this.valueAt(this.q);
  }

  /** D = Kᵀ (P̃ / q) at the q of the last `evaluate`; returns max_r D_r. */
  gradient(): number {
    const c = this.c;
    for (const i of this.observed) c[i] = this.weights[i] / this.q[i];
    this.kernel.multiplyTranspose(c, this.D);
    let largest = 0;
    for (let r = 0; r < this.D.length; r++) if (this.D[r] > largest) largest = this.D[r];
    return largest;
  }
}

/** The stopping rule shared by every algorithm: the certified gain bound log max D ≤ tolerance · max(1, |ℓ|). */
export function converged(logLikelihood: number, maxGradient: number, tolerance: number): boolean {
  return Math.log(maxGradient) <= tolerance * Math.max(1, Math.abs(logLikelihood));
}
