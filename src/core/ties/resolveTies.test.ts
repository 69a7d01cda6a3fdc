/**
 * resolveTies' fast path for one relevant item per instance (typed arrays, no tie groups) against the general path
 * through userRanks.ts's tie groups, which it must equal, and its message for a rank outside its range.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { singleRankData } from '../rankData.ts';
import { resolveTies } from './resolveTies.ts';
import { userRanksOf } from './userRanks.ts';

function tiedSingles(count: number, seed: number): RankData {
  const random = createRandom(seed);
  const low: number[] = [];
  const high: number[] = [];
  const ranks: number[] = [];
  for (let i = 0; i < count; i++) {
    const lo = 1 + random.nextInt(500);
    const hi = random.next() < 0.5 ? lo : lo + random.nextInt(300);
    low.push(lo);
    high.push(hi);
    ranks.push(lo + random.nextInt(hi - lo + 1));
  }
  const data = singleRankData('T', ranks);
  return {
    ...data,
    relevance: Float64Array.from(ranks, (_, i) => i % 3),
    ties: { low: Float64Array.from(low), high: Float64Array.from(high) },
  };
}

describe('resolveTies with one relevant item per instance', () => {
  it('puts each item first or last in its range, with its grade: as the general tie groups do', () => {
    const data = tiedSingles(400, 9);
    for (const rule of ['optimistic', 'pessimistic'] as const) {
      const fast = resolveTies(data, rule);
      const groups = userRanksOf(data, 2, rule).map((u) => u.groups[0]);
      expect(Array.from(fast.ranks)).toEqual(groups.map((g) => g.low));
      expect(Array.from(fast.relevance!)).toEqual(groups.map((g) => g.grades[0]));
      expect(fast.ties).toBeNull();
      expect(fast.weights).toBe(data.weights);
    }
  });

  it('names the instance whose rank lies outside its tie range', () => {
    const data = tiedSingles(5, 2);
    const bad = { ...data, ranks: Float64Array.from(data.ranks, (r, i) => (i === 3 ? data.ties!.high[i] + 1 : r)) };
    expect(() => resolveTies(bad, 'optimistic')).toThrow(
      `recommender "T", instance 4: rank ${data.ties!.high[3] + 1} is outside its tie range ${data.ties!.low[3]}..${data.ties!.high[3]}`,
    );
    expect(() => userRanksOf(bad, 2, 'optimistic')).toThrow('instance 4: rank');
  });
});
