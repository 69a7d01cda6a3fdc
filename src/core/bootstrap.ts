/**
 * Bootstrap percentile intervals for the estimates of estimate.ts (Efron & Tibshirani 1993, ch. 13): the instances
 * (users) are resampled with replacement B times with a seeded source (random.ts), every estimate is recomputed on
 * each resample (distribution methods refit P̂ from the uniform start, so the interval is that of the estimator as
 * defined), and the interval is [q_(1−level)/2, q_(1+level)/2] of the B values (linear interpolation between order
 * statistics, numpy's default). A histogram row with count c is c users, so counts must be whole numbers.
 * estimatesBootstrap is the one assembly of such a bootstrap: the CLI's `estimate --bootstrap` (one recommender at a
 * time, bootstrapEstimates) and `--compare` (all at once), and the app's intervals (workers/intervals.ts).
 * Example: bootstrapEstimates(data, metrics, methods, setup, { seed: 1 }) gives 95% intervals from B = 200.
 */
import type { EstimateResult, EstimateSetup } from './estimate.ts';
import { EstimatorVectors } from './estimate.ts';
import type { Method } from './corrections/methods.ts';
import type { Metric } from './metrics.ts';
import type { RankData } from './rankData.ts';
import type { Result } from './result.ts';
import { attempt, fail, ok } from './result.ts';
import { jointBootstrap, percentileInterval, type JointBootstrap, type JointBootstrapOptions } from './compare.ts';
import { CancelledError } from './simulate.ts';
import { sampledEstimateResampling } from './ties/sampledResampling.ts';
import type { TieRule } from './ties/tieRule.ts';

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

export interface EstimatesBootstrapOptions extends JointBootstrapOptions {
  /** How tied sampled ranks are ordered on the data and on every resample (ties/resolveTies.ts); absent: as ranked. */
  readonly ties?: TieRule;
  /**
   * The vector methods' estimate of each user computed once and re-averaged on each resample (the app's: fast on
   * 6,040 users and B = 200), instead of each resample re-estimated whole (the CLI's; ties/sampledResampling.ts).
   */
  readonly reuseUserEstimates?: boolean;
}

/**
 * The joint bootstrap of every estimate (method-major, as estimateMetrics lists them) of every recommender
 * (compare.ts jointBootstrap: paired through users' ids the recommenders share), each resample estimated as the
 * point estimates are, its fits on the grid of n of the data (estimate.ts resampleSetup). `cache` holds the vectors
 * (prepared by the caller for the data's n, which decides the interpolation nodes). A setting the bootstrap refuses
 * (B, the seed, counts that are not whole) is a failed result; data the estimators refuse throw an InputError.
 */
export function estimatesBootstrap(
  recommenders: readonly RankData[],
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: EstimateSetup,
  cache: EstimatorVectors,
  options: EstimatesBootstrapOptions,
): Result<JointBootstrap> {
  const { ties, reuseUserEstimates = false, ...draws } = options;
  const values = sampledEstimateResampling(metrics, methods, setup, cache, ties, reuseUserEstimates);
  const boot = jointBootstrap(recommenders, values, draws);
  return !boot.ok && boot.cancelled ? { ok: false, error: new CancelledError().message, cancelled: true } : boot;
}

export interface IntervalEstimate extends EstimateResult {
  low: number;
  high: number;
}

/** One recommender's estimates with their percentile intervals (estimatesBootstrap of it alone). */
export function bootstrapEstimates(
  sampled: RankData,
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: EstimateSetup,
  options: BootstrapOptions,
  cache = new EstimatorVectors(metrics, setup),
): Result<IntervalEstimate[]> {
  const level = options.level ?? DEFAULT_BOOTSTRAP_LEVEL;
  if (!(level > 0 && level < 1)) return fail(`the interval level must be in (0, 1), got ${level}`);
  const replicates = options.replicates ?? DEFAULT_BOOTSTRAP_REPLICATES;
  const attempted = attempt(() =>
    estimatesBootstrap([sampled], metrics, methods, setup, cache, { ...options, replicates }),
  );
  if (!attempted.ok) return attempted;
  const boot = attempted.value;
  if (!boot.ok) return boot;
  const [point] = boot.value.point;
  const [draws] = boot.value.replicates;
  const rows = methods.flatMap((method) => metrics.map((metric) => ({ metric: metric.id, method: method.id })));
  return ok(rows.map((row, j) => ({ ...row, estimate: point[j], ...percentileInterval(draws[j], level) })));
}
