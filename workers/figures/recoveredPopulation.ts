/**
 * A population of true ranks for the figures and studies that need them when the data hold sampled ranks: each
 * recommender's rank distribution P̂ recovered by one estimator (MLE by default), in full (Figure 5 buckets it), and
 * one seeded draw of every user's true rank from P̂ at the user's own n (core drawTrueRanks), on which Figures 2
 * and 6 and the Tables tab's studies run as they do on true ranks.
 */
import {
  DistributionCache,
  InputError,
  createRandom,
  drawTrueRanks,
  priorVector,
  recoverDistribution,
  totalWeight,
  type FitOptions,
  type RankData,
  type SamplingSetup,
} from '../../src/core/index.ts';
import { distributionMethod } from './distributionCurves.ts';

export interface RecoveredPopulationRequest extends SamplingSetup {
  /** Sampled ranks. */
  readonly recommenders: readonly RankData[];
  /** The estimator of P̂, e.g. `mle`. */
  readonly method: string;
  /** Seed of the draw (one random stream per recommender, seeded seed + its index). */
  readonly seed: number;
  readonly fit?: FitOptions;
}

export interface RecoveredPopulation {
  readonly method: string;
  /** Per recommender: P̂(R), R = 1..N (the mixture over the users' own n; N the largest). */
  readonly distributions: readonly Float64Array[];
  /** Per recommender: its number of users. */
  readonly users: readonly number[];
  /** Per recommender: true ranks drawn from P̂, one instance per relevant item, counted by (rank, n). */
  readonly populations: readonly RankData[];
}

export function recoveredPopulation(request: RecoveredPopulationRequest): RecoveredPopulation {
  const method = distributionMethod(request.method);
  const { itemCount, sampleSize, sampling } = request;
  const setup = { itemCount, sampleSize, sampling, prior: priorVector(request.prior, itemCount), fit: request.fit };
  const cache = new DistributionCache();
  const recoveries = request.recommenders.map((data) => {
    const recovery = recoverDistribution(data, method, setup, cache);
    if (!recovery.ok) throw new InputError(`recommender "${data.name}": ${recovery.error}`);
    return recovery.value;
  });
  return {
    method: method.id,
    distributions: recoveries.map((r) => r.distribution),
    users: request.recommenders.map(totalWeight),
    populations: recoveries.map((r, i) =>
      drawTrueRanks(r, request.recommenders[i], itemCount, createRandom(request.seed + i)),
    ),
  };
}
