/**
 * Ranks a user's held-out item from a score vector over the catalogue.
 *
 * Candidates are the items the user has no training interaction with (n = I − |H_u|; the held-out item is one of
 * them). Ties are broken uniformly at random, seeded: the held-out item and every candidate with exactly its score
 * get an independent uniform key and the lower key ranks higher, which puts the held-out item at a uniformly
 * random position among its ties. One such draw fixes one total order per user and recommender, from which all of
 * the following are read, so they are consistent with each other:
 * - `rank` = 1 + #{candidates above}; `optimistic` = 1 + #{strictly higher score}; `pessimistic` adds every tie;
 * - `popMassAbove`: with popularity-proportional sampling (weight = training popularity, α = 1), the share of the
 *   sampling mass of the n − 1 other candidates held by those above the held-out item — so a with-replacement
 *   popularity sample of m items puts Binomial(m, popMassAbove) of them above it;
 * - `massAbove[k]`: the same share for the k-th weight vector given (popularity.ts: count^α for each α); the
 *   vector count^1 gives exactly popMassAbove;
 * - the rank among NCF's sampled negatives: 1 + #{negatives above}, over the negatives other than the held-out
 *   item itself (156 users' lists contain it: it is the relevant item, not a negative, so it is dropped, as NCF's
 *   own evaluation code effectively does, and those users have 98 negatives).
 */
import type { RandomSource } from '../../src/core/random.ts';
import type { MovieLens } from './data.ts';

export interface HeldOutRank {
  rank: number;
  optimistic: number;
  pessimistic: number;
  itemCount: number;
  popMassAbove: number;
  /** One share per weight vector of the ranker, in its order. */
  massAbove: number[];
  sampledRank: number;
  sampledOptimistic: number;
  sampledPessimistic: number;
  negatives: number;
}

export class HeldOutRanker {
  private readonly seen: Uint8Array;
  private readonly above: Uint8Array;

  constructor(
    private readonly data: MovieLens,
    private readonly popularity: Float64Array,
    private readonly random: RandomSource,
    private readonly weights: readonly Float64Array[] = [],
  ) {
    this.seen = new Uint8Array(data.itemIds.length);
    this.above = new Uint8Array(data.itemIds.length);
  }

  rank(user: number, scores: Float64Array): HeldOutRank {
    const { data, seen, above, popularity, random, weights } = this;
    const I = data.itemIds.length;
    const lo = data.userOffsets[user];
    const hi = data.userOffsets[user + 1];
    for (let p = lo; p < hi; p++) seen[data.userItems[p]] = 1;
    const t = data.testItem[user];
    const target = scores[t];
    const targetKey = random.next();
    let higher = 0;
    let tied = 0;
    let below = 0;
    let mass = 0;
    let popAbove = 0;
    for (let i = 0; i < I; i++) {
      above[i] = 0;
      if (seen[i] || i === t) continue;
      mass += popularity[i];
      const s = scores[i];
      if (s > target) {
        higher++;
        above[i] = 1;
      } else if (s === target) {
        tied++;
        if (random.next() < targetKey) above[i] = 1;
        else below++;
      }
      if (above[i]) popAbove += popularity[i];
    }
    let sampledHigher = 0;
    let sampledTied = 0;
    let sampledAbove = 0;
    let negatives = 0;
    const k = data.negativesPerUser;
    for (let p = user * k; p < (user + 1) * k; p++) {
      const i = data.negatives[p];
      if (i === t) continue;
      negatives++;
      sampledAbove += above[i];
      if (scores[i] > target) sampledHigher++;
      else if (scores[i] === target) sampledTied++;
    }
    const massAbove = weights.map((w) => shareAbove(w, seen, above, t));
    for (let p = lo; p < hi; p++) seen[data.userItems[p]] = 0;
    return {
      rank: 1 + higher + tied - below,
      optimistic: 1 + higher,
      pessimistic: 1 + higher + tied,
      itemCount: I - (hi - lo),
      popMassAbove: mass > 0 ? popAbove / mass : 0,
      massAbove,
      sampledRank: 1 + sampledAbove,
      sampledOptimistic: 1 + sampledHigher,
      sampledPessimistic: 1 + sampledHigher + sampledTied,
      negatives,
    };
  }
}

/** Σ_{i above} w_i / Σ_{i candidate, i ≠ t} w_i over the items not `seen` other than `t` (0 when the pool has no mass). */
function shareAbove(weights: Float64Array, seen: Uint8Array, above: Uint8Array, t: number): number {
  let mass = 0;
  let massAbove = 0;
  for (let i = 0; i < weights.length; i++) {
    if (seen[i] || i === t) continue;
    mass += weights[i];
    if (above[i]) massAbove += weights[i];
  }
  return mass > 0 ? massAbove / mass : 0;
}
