/**
 * Popularity of an item for popularity-biased negative sampling: its number of *training* interactions c_i (the
 * split's training part: NCF's train.tsv for leave-one-out, the 80% for the random split), and the sampling weight
 * w_i = c_i^α. An item without training interactions has weight 0 (it is never drawn), for every α > 0.
 *
 * RecBole counts the interactions of every split instead (train ∪ valid ∪ test, docs/protocols.md, RecBole
 * `recbole/sampler/sampler.py:229-233`); our files follow the training counts, which a protocol that must not
 * look at the test data can use. The two differ by each item's held-out interactions.
 */
import type { Interactions } from './data.ts';

/** The α values whose `massAbove@α` columns the script writes (issue 27: 0.5 and 1). */
export const ALPHAS = [0.5, 1] as const;

/** c_i: the number of training users of each item. */
export function trainingCounts(data: Interactions): Float64Array {
  return Float64Array.from({ length: data.itemIds.length }, (_, i) => data.itemOffsets[i + 1] - data.itemOffsets[i]);
}

/** w_i = c_i^α; α = 1 returns the counts themselves (the same numbers, so the same sums). */
export function popularityWeights(counts: Float64Array, alpha: number): Float64Array {
  return alpha === 1 ? counts : counts.map((c) => c ** alpha);
}
