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
  EstimatorVectors,
  exactMetric,
  jointBootstrap,
  namedDifferences,
  parseMethod,
  parseDefinedMetric,
  percentileInterval,
  priorVector,
  sampledEstimateResampling,
  type Definitions,
  type FitOptions,
  type NamedDifference,
  type RankData,
  type ResampleValues,
  type SamplingSetup,
} from '../src/core/index.ts';
import { itemCountsOf } from './jobs.ts';
import { throttle } from './progress.ts';
import { resolveRank, type RankSource } from './rankRegistry.ts';

export interface IntervalRequest extends SamplingSetup {
  readonly recommenders: readonly RankSource[];
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

export interface ValueInterval {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
}

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

export function bootstrapIntervals(
  request: IntervalRequest,
  onProgress?: (done: number, total: number) => void,
): IntervalResult {
  const data: RankData[] = request.recommenders.map(resolveRank);
  const ids = request.metrics;
  const metrics = (request.computedMetrics ?? ids).map(parseDefinedMetric);
  const level = request.level ?? 0.95;
  const replicates = request.replicates ?? 200;
  const { itemCount, sampleSize, sampling } = request;
  let methodIds: string[];
  let values: ((d: RankData) => number[]) | ResampleValues;
  if (request.rankKind === 'true') {
    methodIds = ['exact'];
    const { definitions } = request;
    // Under definitions (random ties: each user's expectation over its tie range) every user's value is computed
    // once and each resample's value is a weighted sum of them (core ties/userValues.ts; SAUC recomputed).
    values = definitions
      ? definedExactResampling(metrics, itemCount, definitions)
      : (d) => metrics.map((metric) => exactMetric(d, metric, itemCount));
  } else {
    const methods = request.methods.map(parseMethod);
    methodIds = methods.map((m) => m.id);
    const setup = {
      itemCount,
      sampleSize,
      sampling,
      prior: priorVector(request.prior, itemCount),
      // MES on each resample starts Newton from the previous resample's dual point (core recover.ts: warmStart).
      fit: { ...request.fit, warmStart: true },
      itemCountVectors: 'interpolated' as const,
    };
    const cache = new EstimatorVectors(metrics, setup);
    // Every resample uses the n of the data's users: solve (or interpolate) each n's vectors once, up front.
    cache.prepare(methods, itemCountsOf(data, itemCount));
    // The users are resampled with their tie ranges; each resample is then estimated as the point estimates are
    // (workers/jobs.ts estimateAll), so the identity resample gives the point estimates (random ties: the vector
    // methods' per-user estimates computed once, core ties/sampledResampling.ts).
    values = sampledEstimateResampling(metrics, methods, setup, cache, request.definitions?.ties);
  }
  const boot = jointBootstrap(data, values, { replicates, seed: request.seed, onProgress: throttle(onProgress) });
  if (!boot.ok) throw new Error(boot.error);
  const { point, replicates: draws, paired } = boot.value;
  const at = (r: number, method: number, metric: number) => method * metrics.length + metric;
  return {
    recommenders: data.map((d) => d.name),
    metrics: [...ids],
    methods: methodIds,
    values: data.map((_, r) =>
      methodIds.map((__, i) =>
        metrics.map((___, j) => ({
          estimate: point[r][at(r, i, j)],
          ...percentileInterval(draws[r][at(r, i, j)], level),
        })),
      ),
    ),
    differences: namedDifferences(
      boot.value,
      level,
      data.map((d) => d.name),
      (value) => ({
        metric: ids[value % metrics.length],
        method: methodIds[Math.floor(value / metrics.length)],
      }),
    ),
    replicates,
    level,
    paired,
  };
}
