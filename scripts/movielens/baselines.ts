/**
 * The two reference points of every leaderboard: a random recommender (scores i.i.d. uniform, seeded: the exact
 * metrics are those of a uniformly random rank, e.g. Recall@10 ≈ 10/n) and most-popular (the score of an item is
 * its number of training users, the same for every user; ties between items of equal count are broken at random
 * by the ranker).
 */
import type { RandomSource } from '../../src/core/random.ts';

/** Fills `out` with fresh uniform scores: one draw per item, for every user in turn. */
export function randomScores(random: RandomSource): (user: number, out: Float64Array) => void {
  return (_user, out) => {
    for (let i = 0; i < out.length; i++) out[i] = random.next();
  };
}

/** The training counts as every user's scores. */
export function popularityScores(counts: Float64Array): (user: number, out: Float64Array) => void {
  return (_user, out) => out.set(counts);
}
