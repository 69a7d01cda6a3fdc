import { describe, expect, test } from 'vitest';
import fixture from '../../../test/fixtures/leaderboard-agreement.json' with { type: 'json' };
import {
  agreement,
  inversionCount,
  kendallTauB,
  leaderboardOrder,
  overlapAt,
  reproduces,
  spearman,
} from './agreement.ts';

// Oracle: scripts/fixtures/leaderboard_agreement.py — Jin et al. (AAAI 2021) Table 2's published per-model numbers
// (ml-1m, m = 99) and seeded leaderboards with ties; scipy's spearmanr and kendalltau, IPC and OR@k counted directly.

describe("Zhao et al.'s measures on Jin et al.'s published leaderboards (Table 2, ml-1m)", () => {
  for (const c of fixture.published) {
    test(`${c.metric}@10, ${c.estimator} against the exact leaderboard`, () => {
      const a = agreement(c.exact, c.other, 3);
      expect(a.overlap).toBe(c.overlap3);
      expect(overlapAt(c.exact, c.other, 1)).toBe(c.overlap1);
      expect(a.spearman).toBeCloseTo(c.spearman, 14);
      expect(a.kendall).toBeCloseTo(c.kendall, 14);
      expect(a.inversions).toBe(c.inversions);
    });
  }
  test('CLS inverts 3 of the 10 pairs of Recall@10 and puts MultiVAE first (it is last but one exactly)', () => {
    const c = fixture.published.find((p) => p.metric === 'Recall' && p.estimator === 'CLS')!;
    expect(leaderboardOrder(c.exact).map((i) => c.models[i])).toEqual(['itemKNN', 'EASE', 'NeuMF', 'ALS', 'MultiVAE']);
    expect(c.models[leaderboardOrder(c.other)[0]]).toBe('EASE');
    expect(inversionCount(c.exact, c.other)).toBe(3);
  });
});

describe('with ties (seeded leaderboards)', () => {
  test("Spearman's ρ and Kendall's τ-b equal scipy's; IPC and OR@3 the direct counts", () => {
    for (const c of fixture.random) {
      const a = agreement(c.exact, c.other, 3);
      expect(a.spearman).toBeCloseTo(c.spearman, 13);
      expect(a.kendall).toBeCloseTo(c.kendall, 13);
      expect(a.inversions).toBe(c.inversions);
      expect(a.overlap).toBeCloseTo(c.overlap3, 15);
    }
  });
  test('a constant leaderboard has no correlation (NaN), as in scipy', () => {
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNaN();
    expect(kendallTauB([1, 2, 3], [4, 4, 4])).toBeNaN();
  });
});

describe('reproduces', () => {
  const exact = [0.3, 0.2, 0.1, 0.05];
  test('the same order reproduces; one swapped pair does not', () => {
    expect(reproduces(exact, [9, 8, 7, 6])).toBe(true);
    expect(reproduces(exact, [9, 8, 6, 7])).toBe(false);
  });
  test('top 1 and top 3 only look at the pairs that involve the top', () => {
    expect(reproduces(exact, [9, 8, 6, 7], 1)).toBe(true);
    expect(reproduces(exact, [9, 8, 6, 7], 3)).toBe(false);
    expect(reproduces(exact, [9, 8, 7, 7.5], 2)).toBe(true);
    expect(reproduces(exact, [8, 9, 7, 6], 1)).toBe(false);
  });
  test('pairs tied in the reference may go either way', () => {
    expect(reproduces([0.3, 0.2, 0.2], [3, 1, 2])).toBe(true);
  });
});
