/**
 * Intervals over users and verdicts between recommenders (the user-sampling uncertainty a significance test is
 * about): every value — the estimates of the exact metrics from sampled ranks by each method, or the exact metrics
 * of true ranks — is recomputed on B resamples of the users (core compare.ts: one joint draw for recommenders that
 * share users' ids, a paired bootstrap; independent draws otherwise), giving a 95% percentile interval for each
 * value and for the difference of every pair of recommenders. The app asks for one group of methods at a time
 * (the fast vector methods first, then each rank-distribution fit), so intervals fill in as they are ready.
 */
import {
  definedExactResampling,
  DistributionCache,
  EstimatorVectors,
  exactMetric,
  bootstrapTable,
  jointBootstrap,
  mergeBootstraps,
  parseMethod,
  parseDefinedMetric,
  priorVector,
  estimatesBootstrap,
  type Definitions,
  type FitOptions,
  type JointBootstrap,
  type NamedDifference,
  type PointInterval,
  type RankData,
  type Result,
  type SamplingSetup,
} from '../src/core/index.ts';
import { itemCountsOf, workerKernels } from './jobs.ts';
import { throttle } from './progress.ts';

export interface IntervalRequest extends SamplingSetup {
  readonly recommenders: readonly RankData[];
  readonly metrics: readonly string[];
  /**
   * Sampled ranks: the ids the estimates are computed for, aligned with `metrics`, each read under its chosen variant
   * (`ap@10:ap-k`, core definedMetric.ts) as the point estimates were; absent: `metrics`. Results name `metrics`.
   */
  readonly computedMetrics?: readonly string[];
  /** Estimator ids for sampled ranks; ignored for true ranks (the value is the exact metric, method `exact`). */
  readonly methods: readonly string[];
  readonly rankKind: 'sampled' | 'true';
  /** B (default 200). */
  readonly replicates?: number;
  readonly seed: number;
  /** Coverage (default 0.95). */
  readonly level?: number;
  /** The rank-distribution fits' settings (EM stopping rule, iteration cap, algorithm). */
  readonly fit?: FitOptions;
  /**
   * True ranks: the metrics' chosen variants and the tie rule the exact values follow (core definedExactMetrics),
   * on each resample of the users (grades and tie ranges travel with them; each user's value is computed once, core
   * ties/userValues.ts); absent: Krichene & Rendle's.
   * Sampled ranks: only the tie rule is read, applied to each resample as the point estimates apply it (core
   * withTieRule; random: every resampled user spread over its whole tie range, exact for the vector methods).
   */
  readonly definitions?: Definitions;
}

export type ValueInterval = PointInterval;

/** A pair's difference, a − b, with its interval (core compare.ts). */
export type PairDifference = NamedDifference;

export interface IntervalResult {
  readonly recommenders: readonly string[];
  readonly metrics: readonly string[];
  readonly methods: readonly string[];
  /** values[recommender][method][metric]. */
  readonly values: readonly (readonly (readonly ValueInterval[])[])[];
  readonly differences: readonly PairDifference[];
  readonly replicates: number;
  readonly level: number;
  /** paired[recommender]: resampled through the users it shares with the others. */
  readonly paired: readonly boolean[];
}

/** A slice of the B resamples (0-based, `to` excluded), computed apart and joined (core mergeBootstraps). */
export interface ResampleSlice {
  readonly from: number;
  readonly to: number;
}

/**
 * The values of one slice of the bootstrap and on the data as they are (every slice computes those: MES resamples
 * start from the point fit's dual, core recover.ts warmStart), and the method ids.
 */
export interface IntervalDraws {
  readonly methods: readonly string[];
  readonly boot: JointBootstrap;
}

/** Every value on each resample of `slice` (default all B): the work of the intervals, splittable across workers. */
export function bootstrapDraws(
  request: IntervalRequest,
  slice?: ResampleSlice,
  onProgress?: (done: number, total: number) => void,
): IntervalDraws {
  const data = request.recommenders;
  const metrics = (request.computedMetrics ?? request.metrics).map(parseDefinedMetric);
  const { itemCount, sampleSize, sampling } = request;
  const draws = {
    replicates: request.replicates ?? 200,
    seed: request.seed,
    onProgress: throttle(onProgress),
    from: slice?.from,
    to: slice?.to,
  };
  let methodIds: string[];
  let boot: Result<JointBootstrap>;
  if (request.rankKind === 'true') {
    methodIds = ['exact'];
    const { definitions } = request;
    // Under definitions (random ties: each user's expectation over its tie range) every user's value is computed
    // once and each resample's value is a weighted sum of them (core ties/userValues.ts; SAUC recomputed).
    const values = definitions
      ? definedExactResampling(metrics, itemCount, definitions)
      : (d: RankData) => metrics.map((metric) => exactMetric(d, metric, itemCount));
    boot = jointBootstrap(data, values, draws);
  } else {
    const methods = request.methods.map(parseMethod);
    methodIds = methods.map((m) => m.id);
    const setup = {
      itemCount,
      sampleSize,
      sampling,
      prior: priorVector(request.prior, itemCount),
      // MES on each resample starts Newton from the point fit's dual point (core recover.ts: warmStart).
      fit: { ...request.fit, warmStart: true },
      itemCountVectors: 'interpolated' as const,
    };
    const cache = new EstimatorVectors(metrics, setup, new DistributionCache(workerKernels));
    // Every resample uses the n of the data's users: solve (or interpolate) each n's vectors once, up front.
    cache.prepare(methods, itemCountsOf(data, itemCount));
    // The core's one bootstrap of the estimates (the CLI's too): the users are resampled with their tie ranges and
    // each resample is estimated as the point estimates are (workers/jobs.ts estimateAll), so the identity resample
    // gives the point estimates; the vector methods' per-user estimates are computed once.
    boot = estimatesBootstrap(data, metrics, methods, setup, cache, {
      ...draws,
      ties: request.definitions?.ties,
      reuseUserEstimates: true,
    });
  }
  if (!boot.ok) throw new Error(boot.error);
  return { methods: methodIds, boot: boot.value };
}

/**
 * The intervals and pairwise differences from the slices of one bootstrap, in order: what bootstrapIntervals returns, whether the slices were computed in one worker or several (the page
 * joins parallel slices with it; it is core code only).
 */
export function intervalsFromDraws(request: IntervalRequest, slices: readonly IntervalDraws[]): IntervalResult {
  const level = request.level ?? 0.95;
  const { methods } = slices[0];
  const boot = mergeBootstraps(slices.map((s) => s.boot));
  const names = request.recommenders.map((r) => r.name);
  return {
    recommenders: names,
    metrics: [...request.metrics],
    methods: [...methods],
    ...bootstrapTable(boot, level, names, request.metrics, methods),
    replicates: request.replicates ?? 200,
    level,
    paired: boot.paired,
  };
}

export function bootstrapIntervals(
  request: IntervalRequest,
  onProgress?: (done: number, total: number) => void,
): IntervalResult {
  return intervalsFromDraws(request, [bootstrapDraws(request, undefined, onProgress)]);
}
