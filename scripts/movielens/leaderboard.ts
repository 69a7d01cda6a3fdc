/**
 * Trains every recommender of recommenders.ts on one split and ranks its held-out items: leave-one-out (NCF's
 * split, rank.ts: one item per user, its rank among NCF's negatives too) or the random 80/20 split (positives.ts:
 * all of a user's held-out items in one ranking). Popularity weights c_i^α (popularity.ts) come from the split's
 * own training counts. Each recommender's tie-breaking draws from createRandom(seed + offset + k), as its model.
 */
import { performance } from 'node:perf_hooks';
import { createRandom } from '../../src/core/random.ts';
import type { Interactions, MovieLens } from './data.ts';
import { cooccurrence } from './itemknn.ts';
import type { RecommenderPositives, RecommenderRanks } from './output.ts';
import { ALPHAS, popularityWeights, trainingCounts } from './popularity.ts';
import { PositivesRanker } from './positives.ts';
import { HeldOutRanker } from './rank.ts';
import type { Recommender, Scorer, TrainContext } from './recommenders.ts';
import type { RandomSplit } from './split.ts';

export interface RunOptions {
  readonly seed: number;
  readonly sweeps: number;
  /** Added to every stream's seed: 0 for leave-one-out, 100 for the random split. */
  readonly offset: number;
  readonly recommenders: readonly Recommender[];
  /** Index of each recommender in the full list (its stream). */
  readonly indices: readonly number[];
  readonly log: (line: string) => void;
  readonly timings: Map<string, number>;
}

function timed<T>(label: string, timings: Map<string, number>, body: () => T): T {
  const start = performance.now();
  const result = body();
  timings.set(label, (performance.now() - start) / 1000);
  return result;
}

function contextFactory(data: Interactions, options: RunOptions, label: string) {
  const popularity = trainingCounts(data);
  let counts: Int32Array | null = null;
  return {
    popularity,
    weights: ALPHAS.map((alpha) => popularityWeights(popularity, alpha)),
    context: (k: number): TrainContext => ({
      data,
      random: createRandom(options.seed + options.offset + options.indices[k]),
      sweeps: options.sweeps,
      popularity,
      counts: () => (counts ??= timed(`${label} co-occurrence`, options.timings, () => cooccurrence(data))),
      log: (line) => options.log(`  ${line}`),
    }),
    release: () => (counts = null),
  };
}

/** Scores every user in turn and hands the score vector to `rank`. */
function rankUsers<T>(data: Interactions, scorer: Scorer, rank: (user: number, scores: Float64Array) => T): T[] {
  const scores = new Float64Array(data.itemIds.length);
  const out: T[] = [];
  for (let u = 0; u < data.userIds.length; u++) {
    scorer(u, scores);
    out.push(rank(u, scores));
  }
  return out;
}

export function runLeaveOneOut(data: MovieLens, options: RunOptions): RecommenderRanks[] {
  const factory = contextFactory(data, options, 'loo');
  const results = options.recommenders.map((recommender, k) => {
    const { name } = recommender;
    const scorer = timed(`loo ${name} train`, options.timings, () => recommender.train(factory.context(k)));
    const ranker = new HeldOutRanker(
      data,
      factory.popularity,
      createRandom(options.seed + options.offset + options.indices[k]),
      factory.weights,
    );
    const ranks = timed(`loo ${name} rank`, options.timings, () =>
      rankUsers(data, scorer, (u, scores) => ranker.rank(u, scores)),
    );
    options.log(`${name} done`);
    return { name, ranks };
  });
  factory.release();
  return results;
}

export function runRandomSplit(split: RandomSplit, options: RunOptions): RecommenderPositives[] {
  const factory = contextFactory(split, options, '80/20');
  const results = options.recommenders.map((recommender, k) => {
    const { name } = recommender;
    const scorer = timed(`80/20 ${name} train`, options.timings, () => recommender.train(factory.context(k)));
    const ranker = new PositivesRanker(
      split,
      factory.weights,
      createRandom(options.seed + options.offset + options.indices[k]),
    );
    const users = timed(`80/20 ${name} rank`, options.timings, () =>
      rankUsers(split, scorer, (u, scores) => ranker.rank(u, scores)),
    );
    options.log(`${name} done`);
    return { name, users };
  });
  factory.release();
  return results;
}
