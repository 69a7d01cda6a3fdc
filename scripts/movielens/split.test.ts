/** The random 80/20 split per user (split.ts): RecBole's counts, a partition of each user's items, seeded. */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/core/random.ts';
import type { MovieLens } from './data.ts';
import { heldOutCount, randomSplit } from './split.ts';
import { interactionsOf } from './testing.ts';

/** Users with 1, 4, 5, 19, 20 and 36 interactions over 40 items; the last item of each is its "NCF test" item. */
function data(): MovieLens {
  const sizes = [1, 4, 5, 19, 20, 36];
  const all = sizes.map((size, u) => Array.from({ length: size }, (_, k) => (k * 7 + u) % 40).sort((a, b) => a - b));
  return {
    ...interactionsOf(
      all.map((items) => items.slice(0, -1)),
      40,
    ),
    testItem: Int32Array.from(all, (items) => items[items.length - 1]),
    negatives: new Int32Array(0),
    negativesPerUser: 0,
    ambiguousUsers: 0,
  };
}

describe('randomSplit', () => {
  it('holds out ⌊0.2·c⌋ items, at least one (RecBole _calcu_split_ids: 1 → 1, 4 → 1, 5 → 1, 19 → 3, 20 → 4, 36 → 7)', () => {
    expect([1, 4, 5, 9, 10, 19, 20, 36].map((c) => heldOutCount(c, 0.2))).toEqual([1, 1, 1, 1, 2, 3, 4, 7]);
    const split = randomSplit(data(), 0.2, createRandom(5));
    const held = Array.from({ length: 6 }, (_, u) => split.testOffsets[u + 1] - split.testOffsets[u]);
    expect(held).toEqual([1, 1, 1, 3, 4, 7]);
  });

  it('partitions every user’s train ∪ test items into training and held-out items; the item lists agree', () => {
    const source = data();
    const split = randomSplit(source, 0.2, createRandom(5));
    for (let u = 0; u < 6; u++) {
      const all = [...source.userItems.subarray(source.userOffsets[u], source.userOffsets[u + 1]), source.testItem[u]];
      const train = [...split.userItems.subarray(split.userOffsets[u], split.userOffsets[u + 1])];
      const test = [...split.testItems.subarray(split.testOffsets[u], split.testOffsets[u + 1])];
      expect([...train, ...test].sort((a, b) => a - b)).toEqual(all.sort((a, b) => a - b));
      for (const i of train) {
        const users = split.itemUsers.subarray(split.itemOffsets[i], split.itemOffsets[i + 1]);
        expect(users).toContain(u);
      }
    }
    expect(split.itemUsers.length).toBe(split.userItems.length);
  });

  it('is seeded: the same seed gives the same split, another seed another one', () => {
    const a = randomSplit(data(), 0.2, createRandom(5));
    const b = randomSplit(data(), 0.2, createRandom(5));
    const c = randomSplit(data(), 0.2, createRandom(6));
    expect(b.testItems).toEqual(a.testItems);
    expect(c.testItems).not.toEqual(a.testItems);
  });
});
