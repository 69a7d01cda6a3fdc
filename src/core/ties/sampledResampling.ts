/**
 * The estimates from sampled ranks (estimate.ts) on bootstrap resamples of the users (compare.ts) under a tie rule,
 * each resample estimated as the point estimates are: its users with their tie ranges, ordered by the rule
 * (resolveTies.ts: withTieRule). Under the random rule a user becomes its range's positions with equal shares of its
 * weight (randomMixture.ts), which makes every resample longer; but the vector methods (the sampled metric, the
 * corrections) average a function of each sampled rank, so a resample's estimate is the mean of its users' own
 * estimates, weighted by the number of draws (and by |R| for a correction, which counts every relevant item):
 * each user's is computed once. So under every rule: re-estimating each resample of MovieLens's 6,040 users took
 * 2.9 s for B = 200, most of it looking up each user's estimator vector. The fits (MLE, WMLE, MES) pool the users
 * and are refitted on every resample.
 */
import type { ResampleValues } from '../compare.ts';
import type { Method } from '../corrections/methods.ts';
import type { EstimateSetup, EstimatorVectors } from '../estimate.ts';
import { estimateMetrics, needsFit, resampleSetup } from '../estimate.ts';
import type { Metric } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { withTieRule } from './resolveTies.ts';
import { resampledValues, type UserValueTable } from './userValues.ts';
import type { TieRule } from './tieRule.ts';

/** Row i of the data as one user (weight 1), spread over its tie range (positions low..high, shares 1/size). */
function oneUserSpread(data: RankData, i: number): RankData {
  const lo = data.offsets[i];
  const hi = data.offsets[i + 1];
  const n = data.itemCounts ? data.itemCounts.slice(i, i + 1) : null;
  const low = data.ties?.low[lo] ?? 0;
  const high = data.ties?.high[lo] ?? 0;
  if (hi - lo === 1 && high > low) {
    const size = high - low + 1;
    return {
      name: data.name,
      offsets: Int32Array.from({ length: size + 1 }, (_, t) => t),
      ranks: Float64Array.from({ length: size }, (_, t) => low + t),
      weights: new Float64Array(size).fill(1 / size),
      itemCounts: n ? new Int32Array(size).fill(n[0]) : null,
    };
  }
  return {
    name: data.name,
    offsets: Int32Array.of(0, hi - lo),
    ranks: data.ranks.slice(lo, hi),
    weights: Float64Array.of(1),
    itemCounts: n,
  };
}

/**
 * For each vector method, each row's weight and weighted estimate of every metric (userValues.ts's table, read by
 * resampledValues).
 */
function userEstimates(
  data: RankData,
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: EstimateSetup,
  cache: EstimatorVectors,
): UserValueTable[] {
  const rows = data.weights.length;
  const weight = methods.map(() => new Float64Array(rows));
  const product = methods.map(() => metrics.map(() => new Float64Array(rows)));
  for (let i = 0; i < rows; i++) {
    const k = data.offsets[i + 1] - data.offsets[i];
    const values = estimateMetrics(oneUserSpread(data, i), metrics, methods, setup, cache);
    methods.forEach((method, a) => {
      // estimate.ts: the sampled metric of a set counts the user once, a correction each relevant item.
      const w = method.kind === 'sampled' && k > 1 ? 1 : k;
      weight[a][i] = w;
      metrics.forEach((_, j) => (product[a][j][i] = w * values[a * metrics.length + j].estimate));
    });
  }
  return methods.map((_, a) => ({ weight: metrics.map(() => weight[a]), product: product[a] }));
}

/**
 * The estimates of every method and metric (method-major, as estimateMetrics lists them) on the data and on every
 * resample of their users, under `ties`: the fits afresh; the vector methods from each user's own estimates
 * (`userEstimates`, the app's), or re-estimated on each resample whole (without it, the CLI's: the same numbers bit
 * for bit with one relevant item per user, to rounding with several, since a user's estimate is then a mean).
 */
export function sampledEstimateResampling(
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: EstimateSetup,
  cache: EstimatorVectors,
  ties?: TieRule,
  reuseUserEstimates = true,
): ResampleValues {
  const estimates = (d: RankData, subset: readonly Method[], at = setup) =>
    estimateMetrics(withTieRule(d, ties), metrics, subset, at, cache).map((row) => row.estimate);
  const vectors = methods.filter((method) => !needsFit(method));
  const fits = methods.filter(needsFit);
  const tables: (UserValueTable[] | null)[] = [];
  // Each recommender's resamples are fitted on the grid of n of its data (estimate.ts resampleSetup).
  const resampled: EstimateSetup[] = [];
  return {
    point(data, r) {
      resampled[r] = resampleSetup(setup, data);
      const point = estimates(data, methods);
      // Under the random rule each user is spread over its tie range; under the others its ranks are resolved first
      // (the same rows), and a tie range the rule does not read is dropped.
      const rows = ties === 'random' ? data : { ...withTieRule(data, ties), ties: null };
      tables[r] = reuseUserEstimates && vectors.length > 0 ? userEstimates(rows, metrics, vectors, setup, cache) : null;
      return point;
    },
    replicate(draws, resampledData, r) {
      const table = tables[r];
      if (!table) return estimates(resampledData(), methods, resampled[r]);
      const fitted = fits.length > 0 ? estimates(resampledData(), fits, resampled[r]) : [];
      return methods.flatMap((method) => {
        const f = fits.indexOf(method);
        if (f >= 0) return fitted.slice(f * metrics.length, (f + 1) * metrics.length);
        return resampledValues(table[vectors.indexOf(method)], draws);
      });
    },
  };
}
