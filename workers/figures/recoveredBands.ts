/**
 * The rank distribution recovered from the user's own sampled ranks (Jin et al. 2021, the model of their Figure 2 on
 * the data the user has): for each recommender and estimator, P̂(R) and its CDF for R ≤ maxRank, and Recall@K,
 * NDCG@K and AP@K for every K ≤ maxRank read off P̂ (eq 14; the CDF is Recall@K), each with a pointwise percentile
 * band from B resamples of the users (core jointBootstrap, seeded: every estimator of a recommender sees the same
 * resamples). Users with their own n are fitted by the core's default per-user-n model; P̂(R) is then the
 * distribution of a random user's true rank in the user's own catalogue.
 */
import {
  definedCurveFromDistribution,
  DistributionCache,
  InputError,
  itemCountRange,
  jointBootstrap,
  metricCurveFromDistribution,
  percentileInterval,
  priorVector,
  recoverDistribution,
  recoveredTop,
  resampleSetup,
  totalWeight,
  type DistributionMethod,
  type FitOptions,
  type ItemCountRange,
  type PerUserN,
  type PriorSpec,
  type RankData,
  type SamplingSetup,
} from '../../src/core/index.ts';
import { throttle, type Progress } from '../progress.ts';
import { distributionMethod } from './distributionCurves.ts';

export interface RecoveredDistributionRequest extends SamplingSetup {
  readonly recommenders: readonly RankData[];
  /** Distribution methods: `mle`, `wmle`, `mes`, `bv-dist:0.1`, … */
  readonly methods: readonly string[];
  /** B, the resamples of the users for the bands (0: point estimates only). */
  readonly replicates: number;
  readonly seed: number;
  /** Coverage of the pointwise percentile bands, e.g. 0.9. */
  readonly level: number;
  /** Ranks R = 1..maxRank (and cut-offs K = 1..maxRank) reported. */
  readonly maxRank: number;
  readonly fit?: FitOptions;
  /**
   * AP@K read under another definition of Tamm et al. that is another function of the rank for one relevant item
   * (`ap-k`, `ap-elliot`; core definedMetric.ts); absent: Krichene & Rendle's AP@K = Σ_{R ≤ K} P̂(R)/R.
   */
  readonly apVariant?: string;
}

/** A curve over R (or K) = 1..maxRank with its band (null without resamples). */
export interface BandCurve {
  readonly estimate: Float64Array;
  readonly low: Float64Array | null;
  readonly high: Float64Array | null;
}

/** The curves of one estimator: index R − 1 (pmf) or K − 1 (the metrics@K; `cdf` is Recall@K). */
export interface RecoveredEstimate {
  readonly method: string;
  readonly pmf: BandCurve;
  readonly cdf: BandCurve;
  readonly ndcg: BandCurve;
  readonly ap: BandCurve;
  /** The fit on the data as they are met its stopping rule. */
  readonly converged: boolean;
}

export interface RecoveredRecommender {
  readonly recommender: string;
  /** Number of users (total count of the instances). */
  readonly users: number;
  /** The users' own n (null: every user has the request's n). */
  readonly itemCounts: ItemCountRange | null;
  readonly perUserN: PerUserN;
  readonly estimates: readonly RecoveredEstimate[];
}

export interface RecoveredDistribution {
  readonly methods: readonly string[];
  readonly maxRank: number;
  readonly replicates: number;
  readonly level: number;
  readonly recommenders: readonly RecoveredRecommender[];
  /** The reading of AP@K of the request (absent: Krichene & Rendle's). */
  readonly apVariant?: string;
}

/** The curves read off P̂, in the order of a flat values row: pmf, cdf (Recall@K), NDCG@K, AP@K. */
const CURVES = ['pmf', 'cdf', 'ndcg', 'ap'] as const;

/** Kernels and BV systems kept between requests of the same prior (a new prior starts a new cache). */
let shared: { key: string; cache: DistributionCache } | null = null;
function cacheFor(prior: PriorSpec | undefined): DistributionCache {
  const key = JSON.stringify(prior ?? null);
  if (shared?.key !== key) shared = { key, cache: new DistributionCache() };
  return shared.cache;
}

export function recoveredDistribution(
  request: RecoveredDistributionRequest,
  onProgress?: Progress,
): RecoveredDistribution {
  const methods = request.methods.map(distributionMethod);
  const { itemCount, sampleSize, sampling, replicates, level } = request;
  const setup = { itemCount, sampleSize, sampling, prior: priorVector(request.prior, itemCount), fit: request.fit };
  const cache = cacheFor(request.prior);
  const maxRank = Math.min(request.maxRank, itemCount);
  const progress = throttle(onProgress);
  const total = request.recommenders.length * replicates;

  const recommenders = request.recommenders.map((data, r): RecoveredRecommender => {
    let perUserN: PerUserN = 'separate';
    const converged: boolean[] = [];
    // The resamples are fitted on the data's grid of n, as the intervals' are (core resampleSetup).
    const resampled = resampleSetup(setup, data);
    const fit = (d: RankData, method: DistributionMethod) => {
      const recovery = recoverDistribution(d, method, d === data ? setup : resampled, cache);
      if (!recovery.ok) throw new InputError(`recommender "${data.name}": ${recovery.error}`);
      return recovery.value;
    };
    /** One row: for each method the four curves, maxRank values each. */
    const values = (d: RankData) => {
      const row: number[] = [];
      for (const method of methods) {
        const recovery = fit(d, method);
        if (d === data) {
          perUserN = recovery.perUserN;
          converged.push(recovery.converged);
        }
        const top = recoveredTop(recovery, maxRank);
        const cdf = metricCurveFromDistribution('recall', top, recovery.itemCount);
        const ndcg = metricCurveFromDistribution('ndcg', top, recovery.itemCount);
        const ap = request.apVariant
          ? definedCurveFromDistribution(`ap:${request.apVariant}`, top, recovery.itemCount, maxRank)
          : metricCurveFromDistribution('ap', top, recovery.itemCount);
        for (const curve of [top, cdf, ndcg, ap]) for (let k = 0; k < maxRank; k++) row.push(curve[k] ?? NaN);
      }
      return row;
    };
    let point: readonly number[];
    let draws: readonly Float64Array[] | null = null;
    if (replicates > 0) {
      const boot = jointBootstrap([data], values, {
        replicates,
        seed: request.seed,
        onProgress: (done) => progress(r * replicates + done, total),
      });
      if (!boot.ok) throw new InputError(`recommender "${data.name}": ${boot.error}`);
      point = boot.value.point[0];
      draws = boot.value.replicates[0];
    } else point = values(data);
    const curve = (at: number): BandCurve => {
      const estimate = Float64Array.from(point.slice(at, at + maxRank));
      if (!draws) return { estimate, low: null, high: null };
      const low = new Float64Array(maxRank);
      const high = new Float64Array(maxRank);
      for (let k = 0; k < maxRank; k++) ({ low: low[k], high: high[k] } = percentileInterval(draws[at + k], level));
      return { estimate, low, high };
    };
    return {
      recommender: data.name,
      users: totalWeight(data),
      itemCounts: itemCountRange([data]),
      perUserN,
      estimates: methods.map((method, i) => {
        const base = i * CURVES.length * maxRank;
        const [pmf, cdf, ndcg, ap] = CURVES.map((_, c) => curve(base + c * maxRank));
        return { method: method.id, pmf, cdf, ndcg, ap, converged: converged[i] };
      }),
    };
  });
  const apVariant = request.apVariant ? { apVariant: request.apVariant } : {};
  return { methods: methods.map((m) => m.id), maxRank, replicates, level, recommenders, ...apVariant };
}
