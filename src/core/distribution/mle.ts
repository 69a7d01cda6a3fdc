/**
 * Maximum-likelihood estimates of the rank distribution P(R), R = 1..n, from sampled ranks (Jin et al. 2021):
 *  - `mle`: maximise ℓ(π) = Σ_u log Σ_R π_R p(r̃_u | R) (eq 19);
 *  - `wmle`: maximise Σ_u w(r̃_u) log Σ_R π_R p(r̃_u | R) (eq 22), w(r̃) = M_NDCG(r̃/C) = 1/log2(1 + r̃/C) or
 *    M_AP(r̃/C) = C/r̃, which puts more weight on the small sampled ranks that carry the top of P(R).
 * ℓ is concave in π, so its maximum value is unique. Three algorithms, all started from the uniform distribution
 * and all stopped by the same certified rule (likelihood.ts: no further step can gain more than
 * tolerance · max(1, |ℓ|) per instance) or the iteration cap:
 *  - `newton` (default): the constrained Newton method (newton.ts) — reaches 1e-10 in tens of steps;
 *  - `squarem`: SQUAREM-accelerated EM (em.ts);
 *  - `em`: plain EM, eq 21 / 23 (em.ts) — what the paper runs; with a small iteration cap it is an early-stopped
 *    (smoother) estimate rather than the maximiser, whose approach to the maximum is sublinear.
 * When the maximiser is not unique (the empirical law lies inside the set of mixtures), the methods may return
 * different maximisers with the same ℓ.
 */
import { emFit, squaremFit } from './em.ts';
import type { LikelihoodFit } from './em.ts';
import type { SampledRankKernel } from './kernel.ts';
import { Likelihood } from './likelihood.ts';
import { newtonFit } from './newton.ts';

export type LikelihoodAlgorithm = 'newton' | 'squarem' | 'em';
export const LIKELIHOOD_ALGORITHMS: readonly LikelihoodAlgorithm[] = ['newton', 'squarem', 'em'];

/** Default relative tolerance of the likelihood fits (the certified gain bound, per instance). */
export const DEFAULT_LIKELIHOOD_TOLERANCE = 1e-10;
/** Default tolerance of the maximal-entropy fit (relative primal–dual gap). */
export const DEFAULT_ENTROPY_TOLERANCE = 1e-10;
/** Default iteration cap of every fit. */
export const DEFAULT_MAX_ITERATIONS = 10_000;

export type WmleWeight = 'ndcg' | 'ap';

/** w(r̃) = M(r̃ / C) of eq 22 for r̃ = 1..m+1 (index r̃ − 1): 1/log2(1 + r̃/C) (NDCG) or C/r̃ (AP). */
export function wmleWeights(weight: WmleWeight, scale: number, sampleSize: number): Float64Array {
  return Float64Array.from({ length: sampleSize + 1 }, (_, i) =>
    weight === 'ap' ? scale / (i + 1) : 1 / Math.log2(1 + (i + 1) / scale),
  );
}

export interface LikelihoodFitSettings {
  readonly tolerance: number;
  readonly maxIterations: number;
  readonly algorithm: LikelihoodAlgorithm;
  /** w(r̃) per sampled rank (index r̃ − 1) for the weighted likelihood (eq 22); absent for eq 19. */
  readonly sampleWeights?: Float64Array | null;
}

export interface LikelihoodEstimate extends LikelihoodFit {
  /** Σ_u w(r̃_u): multiplies the per-instance ℓ into the log-likelihood of eq 19 / eq 22. */
  readonly totalWeight: number;
}

/** Fits π on one histogram of sampled ranks (counts[i] = weight of r̃ = i + 1). */
export function fitLikelihood(
  kernel: SampledRankKernel,
  counts: Float64Array,
  settings: LikelihoodFitSettings,
): LikelihoodEstimate {
  const weights = settings.sampleWeights ? counts.map((c, i) => c * settings.sampleWeights![i]) : counts;
  let totalWeight = 0;
  for (const w of weights) totalWeight += w;
  const lik = new Likelihood(kernel, weights);
  const options = { tolerance: settings.tolerance, maxIterations: settings.maxIterations };
  const fit =
    settings.algorithm === 'em'
      ? emFit(lik, options)
      : settings.algorithm === 'squarem'
        ? squaremFit(lik, options)
        : newtonFit(lik, options);
  return { ...fit, totalWeight };
}
