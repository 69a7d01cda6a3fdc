/** HeldOutRanker's popularity shares (rank.ts): one per weight vector, count^1 giving popMassAbove exactly. */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/core/random.ts';
import { expectClose } from '../../test/expectClose.ts';
import type { MovieLens } from './data.ts';
import { popularityWeights } from './popularity.ts';
import { HeldOutRanker } from './rank.ts';
import { interactionsOf } from './testing.ts';

const I = 8;
/** One user with training items 0, 1, held-out item 5, NCF negatives 2, 5 (its own item, dropped), 6. */
const data: MovieLens = {
  ...interactionsOf([[0, 1]], I),
  testItem: Int32Array.from([5]),
  negatives: Int32Array.from([2, 5, 6]),
  negativesPerUser: 3,
  ambiguousUsers: 0,
};
const counts = Float64Array.from([5, 4, 3, 0, 7, 2, 9, 1]);

describe('HeldOutRanker popularity shares', () => {
  it('massAbove for α = 0.5 and 1: the share of Σ c_i^α over the other candidates held by those above', () => {
    const weights = [0.5, 1].map((alpha) => popularityWeights(counts, alpha));
    const scores = Float64Array.from([9, 9, 0.8, 0.1, 0.2, 0.5, 0.9, 0.4]);
    const r = new HeldOutRanker(data, counts, createRandom(1), weights).rank(0, scores);
    // Candidates 2..7; above item 5 (0.5): 2 (0.8) and 6 (0.9); the others 3, 4, 7.
    expect([r.rank, r.optimistic, r.pessimistic, r.itemCount]).toEqual([3, 3, 3, 6]);
    for (const [k, alpha] of [0.5, 1].entries()) {
      const w = (i: number) => counts[i] ** alpha;
      expectClose(r.massAbove[k], (w(2) + w(6)) / (w(2) + w(3) + w(4) + w(6) + w(7)), 1e-15, `α = ${alpha}`);
    }
    expect(r.massAbove[1]).toBe(r.popMassAbove);
    // Among NCF's negatives 2 and 6 (5 is the user's own item): both above.
    expect([r.sampledRank, r.negatives]).toEqual([3, 2]);
  });

  it('an item of count 0 has weight 0 for α = 0.5 too', () => {
    expect(Array.from(popularityWeights(Float64Array.from([0, 4, 9]), 0.5))).toEqual([0, 2, 3]);
  });
});
