/**
 * Bootstrap percentile intervals for the estimates of estimate.ts (Efron & Tibshirani 1993, ch. 13): the instances
 * (users) are resampled with replacement B times with a seeded source (random.ts), every estimate is recomputed on
 * each resample (distribution methods refit P̂ from the uniform start, so the interval is that of the estimator as
 * defined), and the interval is [q_(1−level)/2, q_(1+level)/2] of the B values (linear interpolation between order
 * statistics, numpy's default). A histogram row with count c is c users, so counts must be whole numbers.
 * Example: bootstrapEstimates(data, metrics, methods, setup, { seed: 1 }) gives 95% intervals from B = 200.
 */
import type { EstimateResult, EstimateSetup } from './estimate.ts';
import { EstimatorVectors, estimateMetrics } from './estimate.ts';
import type { Method } from './corrections/methods.ts';
import type { Metric } from './metrics.ts';
import { createRandom } from './random.ts';
import type { RankData } from './rankData.ts';
import type { Result } from './result.ts';
import { attempt, fail, ok } from './result.ts';
import { CancelledError } from './simulate.ts';

export const DEFAULT_BOOTSTRAP_REPLICATES = 200;
export const DEFAULT_BOOTSTRAP_LEVEL = 0.95;

export interface BootstrapOptions {
  /** B, the number of resamples (default 200). */
  readonly replicates?: number;
  readonly seed: number;
  /** Coverage of the percentile interval (default 0.95). */
  readonly level?: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** Polled between resamples; true stops with `{ ok: false, cancelled: true }` and no partial result. */
  readonly shouldStop?: () => boolean;
}

export interface IntervalEstimate extends EstimateResult {
  low: number;
  high: number;
}

export function bootstrapEstimates(
  sampled: RankData,
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: EstimateSetup,
  options: BootstrapOptions,
  cache = new EstimatorVectors(metrics, setup),
): Result<IntervalEstimate[]> {
  const replicates = options.replicates ?? DEFAULT_BOOTSTRAP_REPLICATES;
  const level = options.level ?? DEFAULT_BOOTSTRAP_LEVEL;
  if (!Number.isSafeInteger(replicates) || replicates < 1) {
    return fail(`the number of bootstrap resamples B must be an integer ≥ 1, got ${replicates}`);
  }
  if (!(level > 0 && level < 1)) return fail(`the interval level must be in (0, 1), got ${level}`);
  if (!Number.isSafeInteger(options.seed)) return fail(`seed must be an integer, got ${options.seed}`);
  for (const w of sampled.weights) {
    if (!Number.isSafeInteger(w) || w < 1) {
      return fail(`recommender "${sampled.name}": the bootstrap resamples users, so counts must be whole, got ${w}`);
    }
  }
  const point = attempt(() => estimateMetrics(sampled, metrics, methods, setup, cache));
  if (!point.ok) return point;
  const random = createRandom(options.seed);
  const rows = sampled.weights.length;
  const cumulative = new Float64Array(rows);
  let users = 0;
  for (let i = 0; i < rows; i++) cumulative[i] = users += sampled.weights[i];
  const values = point.value.map(() => new Float64Array(replicates));
  const draws = new Float64Array(rows);
  for (let b = 0; b < replicates; b++) {
    if (options.shouldStop?.()) return { ok: false, error: new CancelledError().message, cancelled: true };
    draws.fill(0);
    for (let t = 0; t < users; t++) draws[rowOf(cumulative, random.nextInt(users))]++;
    const replicate = attempt(() => estimateMetrics(resample(sampled, draws), metrics, methods, setup, cache));
    if (!replicate.ok) return replicate;
    replicate.value.forEach((row, j) => (values[j][b] = row.estimate));
    options.onProgress?.(b + 1, replicates);
  }
  return ok(
    point.value.map((row, j) => {
      const sorted = values[j].sort();
      return { ...row, low: quantile(sorted, (1 - level) / 2), high: quantile(sorted, (1 + level) / 2) };
    }),
  );
}

/** The row holding user `index` (0-based) of the expanded data: the first row whose cumulative weight exceeds it. */
function rowOf(cumulative: Float64Array, index: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid] > index) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The rows drawn at least once, with the number of draws as their count. */
function resample(data: RankData, draws: Float64Array): RankData {
  const keep: number[] = [];
  draws.forEach((c, i) => c > 0 && keep.push(i));
  const offsets = new Int32Array(keep.length + 1);
  let size = 0;
  keep.forEach((i, j) => (offsets[j + 1] = size += data.offsets[i + 1] - data.offsets[i]));
  const ranks = new Float64Array(size);
  keep.forEach((i, j) => ranks.set(data.ranks.subarray(data.offsets[i], data.offsets[i + 1]), offsets[j]));
  return {
    name: data.name,
    offsets,
    ranks,
    weights: Float64Array.from(keep, (i) => draws[i]),
    itemCounts: data.itemCounts ? Int32Array.from(keep, (i) => data.itemCounts![i]) : null,
  };
}

/** Type-7 quantile of sorted values (linear interpolation, numpy's default). */
export function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
