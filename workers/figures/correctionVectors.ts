/**
 * Figure 4's data (Krichene & Rendle section 5.4): the corrected metric M̂(r̃) of each method as a vector over the
 * sampled ranks r̃ = 1..m+1, and its expectation E[M̂(r̃) | r] over the true ranks next to the exact M(r).
 */
import {
  EstimatorVectors,
  metricAtRank,
  parseMethod,
  parseDefinedMetric,
  priorVector,
  type SamplingSetup,
} from '../../src/core/index.ts';
import { expectedAtRanks, rankGrid } from './rankCurves.ts';

/** n, m, the sampling law and the corrections' prior (uniform when absent, made into a vector here). */
export interface CorrectionCurvesRequest extends SamplingSetup {
  readonly metric: string;
  /** `sampled`, `rank-estimate`, `ls`, `cls`, `bv:γ`. */
  readonly methods: readonly string[];
}

export interface CorrectionCurves {
  readonly metric: string;
  readonly methods: readonly string[];
  /** vectors[method][r̃ − 1] = M̂(r̃). */
  readonly vectors: Float64Array[];
  readonly ranks: Float64Array;
  /** exact[i] = M(ranks[i]). */
  readonly exact: Float64Array;
  /** expected[method][i] = E[M̂(r̃) | r = ranks[i]]. */
  readonly expected: Float64Array[];
  /** √Σ_r p(r)(E[M̂ | r] − M(r))² per method: the root of eq 21's objective (over the grid, each grid rank standing
   * for the ranks up to the next one). */
  readonly rmsBias: number[];
}

export function correctionCurves(request: CorrectionCurvesRequest): CorrectionCurves {
  const { itemCount, sampleSize, sampling } = request;
  const metric = parseDefinedMetric(request.metric);
  const prior = priorVector(request.prior, itemCount);
  const cache = new EstimatorVectors([metric], { itemCount, sampleSize, sampling, prior });
  const vectors = request.methods.map((id) => cache.get(parseMethod(id), itemCount)[0]);
  const ranks = rankGrid(itemCount, 2000, 2000);
  const exact = Float64Array.from(ranks, (r) => metricAtRank(metric, r, itemCount));
  const expected = expectedAtRanks(vectors, ranks, itemCount, sampleSize, sampling);
  const weights = spanWeights(ranks, itemCount, prior);
  const rmsBias = expected.map((e) => {
    let s = 0;
    for (let i = 0; i < ranks.length; i++) s += weights[i] * (e[i] - exact[i]) ** 2;
    return Math.sqrt(s);
  });
  return { metric: metric.id, methods: [...request.methods], vectors, ranks, exact, expected, rmsBias };
}

/** Prior mass of the ranks each grid rank stands for (itself up to the next grid rank), normalised to 1. */
function spanWeights(ranks: Float64Array, itemCount: number, prior?: ArrayLike<number> | null): Float64Array {
  const w = new Float64Array(ranks.length);
  let total = 0;
  for (let i = 0; i < ranks.length; i++) {
    const next = i + 1 < ranks.length ? ranks[i + 1] : itemCount + 1;
    w[i] = (prior ? prior[ranks[i] - 1] : 1) * (next - ranks[i]);
    total += w[i];
  }
  for (let i = 0; i < w.length; i++) w[i] /= total;
  return w;
}
