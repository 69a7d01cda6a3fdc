/**
 * Bootstrap percentile intervals for the estimates of estimate.ts (Efron & Tibshirani 1993, ch. 13): the instances
 * (users) are resampled with replacement B times with a seeded source (random.ts), every estimate is recomputed on
 * each resample (distribution methods refit P̂ from the uniform start, so the interval is that of the estimator as
 * defined), and the interval is [q_(1−level)/2, q_(1+level)/2] of the B values (linear interpolation between order
 * statistics, numpy's default). A histogram row with count c is c users, so counts must be whole numbers.
 * Example: bootstrapEstimates(data, metrics, methods, setup, { seed: 1 }) gives 95% intervals from B = 200.
 */
import type { EstimateResult, EstimateSetup } from './estimate.ts';
import { EstimatorVectors, estimateMetrics, resampleSetup } from './estimate.ts';
import type { Method } from './corrections/methods.ts';
import type { Metric } from './metrics.ts';
import type { RankData } from './rankData.ts';
import type { Result } from './result.ts';
import { attempt, fail, ok } from './result.ts';
import { jointBootstrap, percentileInterval } from './compare.ts';
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
  const level = options.level ?? DEFAULT_BOOTSTRAP_LEVEL;
  if (!(level > 0 && level < 1)) return fail(`the interval level must be in (0, 1), got ${level}`);
  const point = attempt(() => estimateMetrics(sampled, metrics, methods, setup, cache));
  if (!point.ok) return point;
  const resampled = resampleSetup(setup, sampled);
  const boot = attempt(() =>
    jointBootstrap(
      [sampled],
      (data) =>
        data === sampled
          ? point.value.map((row) => row.estimate)
          : estimateMetrics(data, metrics, methods, resampled, cache).map((row) => row.estimate),
      { ...options, replicates: options.replicates ?? DEFAULT_BOOTSTRAP_REPLICATES },
    ),
  );
  if (!boot.ok) return boot;
  if (!boot.value.ok) {
    return boot.value.cancelled ? { ok: false, error: new CancelledError().message, cancelled: true } : boot.value;
  }
  const replicates = boot.value.value.replicates[0];
  return ok(point.value.map((row, j) => ({ ...row, ...percentileInterval(replicates[j], level) })));
}
