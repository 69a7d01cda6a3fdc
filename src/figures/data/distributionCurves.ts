/**
 * Jin et al. 2021 Figure 2's data: for each recommender, the rank distribution P̂(R) each estimator learns from
 * sampled evaluations of its true ranks, averaged over seeded repetitions, against the empirical P(R) (core
 * rankDistributionStudy). Instances with their own n can be fitted with the global n (one fit instead of one per
 * distinct n, which MovieLens's 743 values of n would make slow).
 */
import {
  InputError,
  isDistributionMethod,
  parseMethod,
  rankDistributionStudy,
  type DistributionMethod,
  type RankData,
  type RankDistributionStudy,
  type Sampling,
} from '../../core/index.ts';

export interface DistributionCurvesRequest {
  readonly recommenders: readonly RankData[];
  /** Distribution methods: `bv-dist:0.1`, `mle`, `wmle`, `mes`, … */
  readonly methods: readonly string[];
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
  readonly repeats: number;
  readonly seed: number;
  /** Ranks R = 1..maxRank reported (Jin et al. show R ≤ 200). */
  readonly maxRank: number;
  readonly prior?: Float64Array | null;
  /** Fit every instance with the global n (default true). */
  readonly globalN?: boolean;
}

export interface DistributionCurves {
  readonly methods: readonly string[];
  readonly studies: readonly RankDistributionStudy[];
}

export function distributionCurves(
  request: DistributionCurvesRequest,
  onProgress?: (done: number, total: number) => void,
): DistributionCurves {
  const methods = request.methods.map((id) => {
    const method = parseMethod(id);
    if (!isDistributionMethod(method)) throw new InputError(`"${id}" does not estimate a rank distribution`);
    return method as DistributionMethod;
  });
  const total = request.recommenders.length * request.repeats;
  const studies = request.recommenders.map((data, i) => {
    const recommender = request.globalN === false ? data : { ...data, itemCounts: null };
    const result = rankDistributionStudy({
      recommender,
      methods,
      itemCount: request.itemCount,
      sampleSize: request.sampleSize,
      sampling: request.sampling,
      repeats: request.repeats,
      seed: request.seed,
      maxRank: request.maxRank,
      prior: request.prior,
      onProgress: (done) => onProgress?.(i * request.repeats + done, total),
    });
    if (!result.ok) throw new InputError(`recommender "${data.name}": ${result.error}`);
    return result.value;
  });
  return { methods: methods.map((m) => m.id), studies };
}
