/**
 * The population of true ranks that Figures 2 and 6 and the Tables tab's studies run on when the data hold only
 * sampled ranks: each recommender's rank distribution P̂ recovered by MLE from its sampled ranks, and one seeded
 * draw of every user's true rank from it at the user's own n (workers/figures/recoveredPopulation.ts).
 */
import type { Sampling, PriorSpec, TieRule } from '../../../core/index.ts';
import type { AsyncApi } from '../../../state/workerBridge.ts';
import type { FigureInputs } from '../types.ts';
import type { RequestRecommender } from './common.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

/** How the population is made from sampled ranks: the estimator of P̂, the seed of the draw, the data's m. */
export interface PopulationSpec {
  readonly method: 'mle';
  readonly seed: number;
  readonly sampleSize: number;
}

/** A page request of a study that runs on true ranks: its population (null: the data's own true ranks). */
export type Populated<T> = T & { readonly population: PopulationSpec | null };

/** The population of a request: null for true ranks (the data are the population). */
export function populationOf(inputs: Pick<FigureInputs, 'rankKind' | 'sampleSize'>): PopulationSpec | null {
  return inputs.rankKind === 'sampled' ? { method: 'mle', seed: 1, sampleSize: inputs.sampleSize } : null;
}

/** The population in words, for captions and ledes. */
export const POPULATION_TEXT =
  'Population: the MLE-recovered rank distribution of each recommender, since the data are sampled ranks — one ' +
  'seeded draw (seed 1) of every user’s true rank from it, at the user’s own n.';

/** A figure or table whose caption says, when it ran on a population drawn from P̂, that it did. */
export function withPopulationCaption<T extends { readonly caption: string }>(
  model: T,
  population: PopulationSpec | null,
): T {
  return population ? { ...model, caption: `${model.caption} ${POPULATION_TEXT}` } : model;
}

interface PopulatedRequest {
  readonly recommenders: readonly RequestRecommender[];
  readonly itemCount: number;
  readonly sampling: Sampling;
  readonly prior?: PriorSpec;
  readonly population: PopulationSpec | null;
  readonly ties?: TieRule;
}

/**
 * The request as the worker's study takes it: its recommenders' true ranks (drawn from P̂ on `api`'s worker when
 * the data are sampled ranks), without the population field.
 */
export async function withPopulation<R extends PopulatedRequest>(
  api: AsyncApi,
  request: R,
): Promise<Omit<R, 'population'>> {
  const { population, ...rest } = request;
  if (!population) return rest;
  const { method, seed, sampleSize } = population;
  const { itemCount, sampling, prior } = request;
  const drawn = await api.recoveredPopulation(
    await withRankSources(api, {
      recommenders: request.recommenders,
      method,
      seed,
      itemCount,
      sampleSize,
      sampling,
      prior,
      ...(request.ties ? { ties: request.ties } : {}),
    }),
  );
  return { ...rest, recommenders: request.recommenders.map((r, i) => ({ name: r.name, data: drawn.populations[i] })) };
}
