/**
 * Jin et al. 2021 Figure 2's data: for each recommender, the rank distribution P̂(R) each estimator learns from
 * sampled evaluations of its true ranks, averaged over seeded repetitions, against the empirical P(R) (core
 * rankDistributionStudy). Instances with their own n (an `n` column) are sampled from their own catalogue and fitted
 * by one distribution of the relative position shared by all users, each keeping its n (the core's default model:
 * `pooled` with replacement, `interpolated` without — one fit whatever the number of distinct n, MovieLens has
 * 743); P̂(R) is then the distribution of a random
 * user's true rank, like the empirical P(R) it is compared with. `globalN: true` drops the per-instance n instead.
 */
import {
  DistributionCache,
  InputError,
  isDistributionMethod,
  itemCountRange,
  parseMethod,
  priorVector,
  startRankDistributionStudy,
  type DistributionMethod,
  type ItemCountRange,
  type RankData,
  type RankDistributionStudy,
  type SamplingSetup,
} from '../../src/core/index.ts';
import type { Progress } from '../progress.ts';

/** n, m, the sampling law and the prior of bv-dist (uniform when absent, made into a vector here). */
export interface DistributionCurvesRequest extends SamplingSetup {
  readonly recommenders: readonly RankData[];
  /** Distribution methods: `bv-dist:0.1`, `mle`, `wmle`, `mes`, … */
  readonly methods: readonly string[];
  /** T, the repetitions of each recommender's study (named as Figure 7's setting `repeats`). */
  readonly repeats: number;
  readonly seed: number;
  /** Ranks R = 1..maxRank reported (Jin et al. show R ≤ 200). */
  readonly maxRank: number;
  /** Drop the data's per-instance n: every instance sampled and fitted with the global n (default false). */
  readonly globalN?: boolean;
}

/** The per-instance catalogue sizes the fits used (null: every instance had the global n). */
export type UserItemCounts = ItemCountRange;

export interface DistributionCurves {
  readonly methods: readonly string[];
  readonly studies: readonly RankDistributionStudy[];
  /** Per recommender: its users' own n when the fits used them (for the caption), else null. */
  readonly userItemCounts: readonly (UserItemCounts | null)[];
  /** Averages over the first repetitions only (each study's `repeats`), while the rest compute; absent when done. */
  readonly partial?: boolean;
}

/** The rank-distribution method `id` names (mle, wmle, mes, bv-dist:γ); an input error for any other method. */
export function distributionMethod(id: string): DistributionMethod {
  const method = parseMethod(id);
  if (!isDistributionMethod(method)) throw new InputError(`"${id}" does not estimate a rank distribution`);
  return method;
}

/**
 * Every recommender's study, advanced together one repetition at a time (each study has its own random stream, so
 * this order changes no number): after each round but the last, `onPartial` gets the averages so far
 * (`partial: true`), so that the figure is drawn from the first repetition on.
 */
export function distributionCurves(
  request: DistributionCurvesRequest,
  onProgress?: Progress,
  onPartial?: (curves: DistributionCurves) => void,
): DistributionCurves {
  const methods = request.methods.map(distributionMethod);
  const total = request.recommenders.length * request.repeats;
  // One cache for all recommenders: on the same users (MovieLens) their per-user-n kernels are the same.
  const cache = new DistributionCache();
  const prior = priorVector(request.prior, request.itemCount);
  const runs = request.recommenders.map((data) => {
    const recommender = request.globalN === true ? { ...data, itemCounts: null } : data;
    const started = startRankDistributionStudy({
      ...request,
      recommender,
      methods,
      repetitions: request.repeats,
      prior,
      cache,
    });
    if (!started.ok) throw new InputError(`recommender "${data.name}": ${started.error}`);
    return started.value;
  });
  const userItemCounts = request.recommenders.map((data) => (request.globalN === true ? null : itemCountRange([data])));
  const curves = (partial: boolean): DistributionCurves => ({
    methods: methods.map((m) => m.id),
    studies: runs.map((run) => run.result()),
    userItemCounts,
    ...(partial ? { partial } : {}),
  });
  let done = 0;
  for (let rep = 0; rep < request.repeats; rep++) {
    for (const run of runs) {
      run.step();
      onProgress?.(++done, total);
    }
    if (rep < request.repeats - 1) onPartial?.(curves(true));
  }
  return curves(false);
}
