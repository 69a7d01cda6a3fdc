/**
 * EM for the rank distribution (Jin et al. 2021 eq 21, histogram form; eq 23 for the weighted likelihood), from
 * the uniform distribution:  π_r ← π_r D_r,  D_r = Σ_i P̃_i p(i | r) / q_i.  Each step costs one product with K
 * and one with Kᵀ, and never decreases ℓ; it converges only sublinearly towards the (sparse) maximiser.
 * SQUAREM (Varadhan & Roland 2008, scheme S3) extrapolates two EM steps, x' = x − 2αr + α²v with r = F(x) − x,
 * v = F(F(x)) − 2F(x) + x, α = −‖r‖/‖v‖ ≤ −1, backtracks α towards −1 (plain double EM step) until x' is a
 * distribution that does not lower ℓ, then takes one stabilising EM step.
 * Both stop, as the paper's EM does, when an iteration (an EM step; a SQUAREM cycle) gains less than
 * tolerance · max(1, |ℓ|), or at the iteration cap. That is a stopping rule, not a certificate: EM slows down long
 * before the maximum (on 6,040 MovieLens-sized ranks, a gain below 1e-9 leaves ℓ about 1e-5 under it), so the
 * early-stopped iterate is a smoother estimate than the maximiser, and the certified bound log max D of
 * likelihood.ts is reported next to it (`gap`). newton.ts reaches the maximum itself.
 */
import type { Likelihood } from './likelihood.ts';

export interface LikelihoodFitOptions {
  /**
   * EM/SQUAREM: stop when an iteration gains less than tolerance · max(1, |ℓ|); Newton: when the certified bound
   * log max_r D_r on every further gain is below it.
   */
  readonly tolerance: number;
  /** Iteration cap (EM steps for `em`, SQUAREM cycles for `squarem`, Newton steps for `newton`). */
  readonly maxIterations: number;
  /**
   * EM's start (a distribution over the kernel's rows); uniform when absent. A binned kernel's rows (binnedKernel.ts)
   * start from each bin's share of the ranks, which is EM from uniform over the ranks.
   */
  readonly start?: Float64Array;
}

export interface LikelihoodFit {
  /** π̂(r) for r = 1..n at index r − 1. */
  distribution: Float64Array;
  /** ℓ(π̂) = Σ_i P̃_i log q_i (per unit of instance weight). */
  logLikelihood: number;
  /** log max_r D_r ≥ ℓ* − ℓ(π̂): how far below the maximum ℓ can at most be. */
  gap: number;
  iterations: number;
  /** The stopping rule was met (false: stopped at the iteration cap). */
  converged: boolean;
}

function uniform(n: number): Float64Array {
  return new Float64Array(n).fill(1 / n);
}

/** One EM step (eq 21) from π using the gradient D computed at π: out = π ⊙ D, renormalised against rounding. */
function emStep(pi: Float64Array, D: Float64Array, out: Float64Array): Float64Array {
  let s = 0;
  for (let r = 0; r < pi.length; r++) s += out[r] = pi[r] * D[r];
  for (let r = 0; r < pi.length; r++) out[r] /= s;
  return out;
}

function finish(pi: Float64Array, value: number, maxD: number, iterations: number, met: boolean): LikelihoodFit {
  return { distribution: pi, logLikelihood: value, gap: Math.max(0, Math.log(maxD)), iterations, converged: met };
}

/** The gain rule of the paper's EM: the last iteration gained less than tolerance · max(1, |ℓ|). */
function smallGain(previous: number, value: number, tolerance: number): boolean {
  return value - previous < tolerance * Math.max(1, Math.abs(value));
}

/** Plain EM (eq 21) from uniform. */
export function emFit(lik: Likelihood, options: LikelihoodFitOptions): LikelihoodFit {
  const n = lik.kernel.itemCount;
  let pi: Float64Array = options.start ? Float64Array.from(options.start) : uniform(n);
  let next: Float64Array = new Float64Array(n);
  let value = lik.evaluate(pi);
  let met = false;
  let it = 0;
  while (it < options.maxIterations && !met) {
    const previous = value;
    value = lik.emStep(pi, next);
    [pi, next] = [next, pi];
    it++;
    met = smallGain(previous, value, options.tolerance);
  }
  // The certified bound at the returned iterate (q is that of π).
  return finish(pi, value, lik.gradient(), it, met);
}

/** SQUAREM-accelerated EM from uniform. */
export function squaremFit(lik: Likelihood, options: LikelihoodFitOptions): LikelihoodFit {
  const n = lik.kernel.itemCount;
  const x0 = uniform(n);
  const x1 = new Float64Array(n);
  const x2 = new Float64Array(n);
  const r = new Float64Array(n);
  const v = new Float64Array(n);
  const trial = new Float64Array(n);
  let value = lik.evaluate(x0);
  let maxD = lik.gradient();
  for (let it = 0; it < options.maxIterations; it++) {
    emStep(x0, lik.D, x1);
    lik.evaluate(x1);
    lik.gradient();
    emStep(x1, lik.D, x2);
    let rr = 0;
    let vv = 0;
    for (let k = 0; k < n; k++) {
      r[k] = x1[k] - x0[k];
      v[k] = x2[k] - 2 * x1[k] + x0[k];
      rr += r[k] * r[k];
      vv += v[k] * v[k];
    }
    let alpha = vv > 0 ? Math.min(-1, -Math.sqrt(rr / vv)) : -1;
    for (;;) {
      if (alpha === -1) {
        trial.set(x2);
        lik.evaluate(trial);
        break;
      }
      let feasible = true;
      let s = 0;
      for (let k = 0; k < n && feasible; k++) {
        const t = x0[k] - 2 * alpha * r[k] + alpha * alpha * v[k];
        feasible = t >= 0;
        trial[k] = t;
        s += t;
      }
      if (feasible) {
        for (let k = 0; k < n; k++) trial[k] /= s;
        if (lik.evaluate(trial) >= value) break;
      }
      alpha = (alpha - 1) / 2;
      if (alpha > -1.01) alpha = -1;
    }
    // Stabilising EM step from the extrapolated point (gradient at `trial`, whose q the evaluate left in place).
    lik.gradient();
    const stabilised = emStep(trial, lik.D, x1);
    const previous = value;
    const stabilisedValue = lik.evaluate(stabilised);
    if (stabilisedValue >= value) {
      x0.set(stabilised);
      value = stabilisedValue;
    } else {
      // Cannot happen in exact arithmetic (α = −1 is two EM steps); keep the monotone double step.
      x0.set(x2);
      value = lik.evaluate(x0);
    }
    maxD = lik.gradient();
    if (smallGain(previous, value, options.tolerance)) return finish(x0, value, maxD, it + 1, true);
  }
  return finish(x0, value, maxD, options.maxIterations, false);
}
