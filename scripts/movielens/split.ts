/**
 * MovieLens-1M with a random 80/20 split per user, Zhao et al.'s recommended setting (CIKM 2020, "random ordering,
 * ratio-based splitting"; ../shared/papers/zhao-2020-revisiting-experimental-settings.txt, section 4.1), without a
 * validation part:
 * - the interactions are all of NCF's train.tsv ∪ test.tsv (1,000,209 pairs, 6,040 users, 3,706 movies);
 * - each user's items are shuffled by a seeded Fisher–Yates (xoshiro128**, src/core/random.ts; users in ascending
 *   id, each user's items in ascending id before the shuffle) and the first ⌊0.2·c_u⌋ (at least one) are held out,
 *   RecBole's count for a ratio split grouped by user (`_calcu_split_ids`, recbole/data/dataset/dataset.py:1600-1621
 *   at RUCAIBox/RecBole 7b02be5e: every part but the first rounded down, an empty part given one item);
 * - the recommenders train on the other 80%; a user's candidates are all 3,706 movies minus the user's training
 *   items (n_u = 3,706 − |train_u|), so every held-out item is ranked against the other held-out items of the user
 *   too — the standard full-ranking protocol, and the explorer's `recommender,user,rank` layout (all of a user's
 *   relevant items in one ranking).
 */
import type { RandomSource } from '../../src/core/random.ts';
import type { Interactions, MovieLens } from './data.ts';
import { csr } from './data.ts';

export interface RandomSplit extends Interactions {
  /** Held-out items of user u: testItems[testOffsets[u] .. testOffsets[u+1]), ascending. */
  readonly testOffsets: Int32Array;
  readonly testItems: Int32Array;
}

/** RecBole's number of held-out items for c interactions and test share `share`: ⌊share·c⌋, at least 1. */
export function heldOutCount(count: number, share: number): number {
  return Math.max(1, Math.floor(share * count));
}

export function randomSplit(data: MovieLens, share: number, random: RandomSource): RandomSplit {
  const U = data.userIds.length;
  const I = data.itemIds.length;
  const trainUsers: number[] = [];
  const trainItems: number[] = [];
  const testUsers: number[] = [];
  const testItems: number[] = [];
  for (let u = 0; u < U; u++) {
    const items = Array.from(data.userItems.subarray(data.userOffsets[u], data.userOffsets[u + 1]));
    items.push(data.testItem[u]);
    items.sort((a, b) => a - b);
    for (let k = items.length - 1; k > 0; k--) {
      const j = random.nextInt(k + 1);
      [items[k], items[j]] = [items[j], items[k]];
    }
    const held = heldOutCount(items.length, share);
    for (let k = 0; k < items.length; k++) {
      const [users, list] = k < held ? [testUsers, testItems] : [trainUsers, trainItems];
      users.push(u);
      list.push(items[k]);
    }
  }
  const byUser = csr(Int32Array.from(trainUsers), Int32Array.from(trainItems), U);
  const byItem = csr(Int32Array.from(trainItems), Int32Array.from(trainUsers), I);
  const test = csr(Int32Array.from(testUsers), Int32Array.from(testItems), U);
  return {
    userIds: data.userIds,
    itemIds: data.itemIds,
    userOffsets: byUser.offsets,
    userItems: byUser.values,
    itemOffsets: byItem.offsets,
    itemUsers: byItem.values,
    testOffsets: test.offsets,
    testItems: test.values,
  };
}
