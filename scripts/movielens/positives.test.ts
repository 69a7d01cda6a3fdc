/**
 * PositivesRanker (several held-out items per user, one ranking) against a direct computation from its definition:
 * sort the candidates by score (ties by a known order), count and sum what lies above each held-out item.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/core/random.ts';
import { expectClose } from '../../test/expectClose.ts';
import { PositivesRanker } from './positives.ts';
import type { RandomSplit } from './split.ts';
import { interactionsOf } from './testing.ts';

const I = 12;
/** One user: items 0, 1 in training; 4, 7, 9 held out. */
function oneUser(): RandomSplit {
  return {
    ...interactionsOf([[0, 1]], I),
    testOffsets: Int32Array.from([0, 3]),
    testItems: Int32Array.from([4, 7, 9]),
  };
}
const weights = [
  Float64Array.from({ length: I }, (_, i) => i + 1),
  Float64Array.from({ length: I }, (_, i) => Math.sqrt(i + 1)),
];

/** rank, and the weight above / total over the negatives, for the candidates in `order` (best first). */
function direct(order: number[], held: Set<number>, w: Float64Array) {
  const negatives = order.filter((i) => !held.has(i));
  const total = negatives.reduce((s, i) => s + w[i], 0);
  return [...held].map((item) => {
    const before = order.slice(0, order.indexOf(item));
    const mass = before.filter((i) => !held.has(i)).reduce((s, i) => s + w[i], 0);
    return { item, rank: before.length + 1, share: mass / total };
  });
}

describe('PositivesRanker', () => {
  it('without ties: rank = 1 + candidates above (other held-out items included), shares of the negatives’ mass', () => {
    const split = oneUser();
    const scores = Float64Array.from([9, 9, 0.5, 0.1, 0.7, 0.3, 0.9, 0.2, 0.05, 0.6, 0.4, 0.8]);
    const result = new PositivesRanker(split, weights, createRandom(1)).rank(0, scores);
    expect(result.itemCount).toBe(I - 2);
    const candidates = Array.from({ length: I }, (_, i) => i).filter((i) => i > 1);
    const order = candidates.sort((a, b) => scores[b] - scores[a]);
    const held = new Set([4, 7, 9]);
    const expected = weights.map((w) => direct(order, held, w).sort((a, b) => a.rank - b.rank));
    expect(result.positives.map((p) => p.item)).toEqual(expected[0].map((e) => e.item));
    result.positives.forEach((p, j) => {
      expect(p.rank).toBe(expected[0][j].rank);
      expect(p.optimistic).toBe(p.rank);
      expect(p.pessimistic).toBe(p.rank);
      expectClose(
        p.massAbove,
        expected.map((e) => e[j].share),
        1e-15,
        `item ${p.item}`,
      );
    });
  });

  it('ties: held-out items tied with each other share one range, ranks are distinct, uniform over the range', () => {
    const split = oneUser();
    // Items 4 and 7 (held out) tie with negatives 2, 3 at 0.5; 9 ties with nothing; 6 and 8 above all.
    const scores = Float64Array.from([9, 9, 0.5, 0.5, 0.5, 0.1, 0.9, 0.5, 0.8, 0.2, 0.05, 0]);
    const counts = new Map<string, number>();
    const draws = 1500;
    for (let seed = 0; seed < draws; seed++) {
      const result = new PositivesRanker(split, weights, createRandom(seed)).rank(0, scores);
      const [a, b, c] = result.positives;
      expect([a.item, b.item].sort()).toEqual([4, 7]);
      expect(c.item).toBe(9);
      // Candidates above the tie group: 6, 8; the group is 2, 3, 4, 7 at positions 3..6.
      for (const p of [a, b]) expect([p.optimistic, p.pessimistic]).toEqual([3, 6]);
      expect(a.rank).toBeLessThan(b.rank);
      expect([c.rank, c.optimistic, c.pessimistic]).toEqual([7, 7, 7]);
      // The negatives above 9: 6, 8, 2, 3 — all of the tie group's negatives.
      const negatives = [2, 3, 5, 6, 8, 10, 11];
      const total = negatives.reduce((s, i) => s + weights[0][i], 0);
      expectClose(c.massAbove[0], (weights[0][6] + weights[0][8] + weights[0][2] + weights[0][3]) / total, 1e-15);
      // A held-out item's share: the negatives strictly above (6, 8) and those of the tied 2, 3 placed before it
      // (as many as its rank says: rank − 3 places before it, one of them held by 4 or 7 for the second).
      const low = (weights[0][6] + weights[0][8]) / total;
      const [w2, w3] = [weights[0][2] / total, weights[0][3] / total];
      const possible = [[low], [low + w2, low + w3], [low + w2 + w3]];
      [a, b].forEach((p, k) => {
        const before = possible[p.rank - 3 - k];
        expect(
          before.some((q) => Math.abs(q - p.massAbove[0]) < 1e-15),
          `share of item ${p.item}`,
        ).toBe(true);
      });
      const key = `${a.rank},${b.rank}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    // Two held-out items among four tied places: the 6 position pairs are equally likely (each 1/6).
    expect(counts.size).toBe(6);
    for (const [key, count] of counts) {
      const sd = Math.sqrt((draws * (1 / 6) * 5) / 6);
      expect(Math.abs(count - draws / 6), `pair ${key}`).toBeLessThan(4 * sd);
    }
  });
});
