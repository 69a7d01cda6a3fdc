/**
 * recoveredTop reads the top of P̂ without building the groups' distributions (the same numbers as the full
 * mixture), and drawTrueRanks draws a population whose ranks follow P̂ at each user's own n.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { MLE } from '../../../test/methods.ts';
import { perUserSampledRanks } from '../../../test/rankData.ts';
import { createRandom, drawTrueRanks, recoverDistribution, recoveredTop, singleRankData, unwrap } from '../index.ts';

/** 300 users with their own n in 200..500, sampled ranks among m = 15 skewed to the top. */
const perUserData = (seed: number) =>
  perUserSampledRanks('U', seed, { users: 300, smallest: 200, step: 10, steps: 31, sampleSize: 15, skew: 2 });

describe('recoveredTop', () => {
  for (const sampling of ['with-replacement', 'without-replacement'] as const) {
    it(`equals the first ranks of the full mixture P̂ (per-user n, ${sampling})`, () => {
      const setup = { itemCount: 500, sampleSize: 15, sampling };
      const recovery = unwrap(recoverDistribution(perUserData(1), MLE, setup));
      expect(recovery.relative).not.toBeNull();
      expectClose(recoveredTop(recovery, 60), recovery.distribution.subarray(0, 60), 1e-15);
      expectClose(recoveredTop(recovery, 10_000), recovery.distribution, 1e-15);
    });
  }

  it('with one n is the distribution itself', () => {
    const data = singleRankData('S', [1, 1, 2, 3, 5, 8, 13, 16], null, null);
    const recovery = unwrap(
      recoverDistribution(data, MLE, { itemCount: 300, sampleSize: 15, sampling: 'with-replacement' }),
    );
    expect(Array.from(recoveredTop(recovery, 20))).toEqual(Array.from(recovery.distribution.subarray(0, 20)));
  });
});

describe('drawTrueRanks', () => {
  it('keeps every user (counts add up), each rank within its own n, and follows P̂ (top-20 share within 3 s.e.)', () => {
    const data = perUserData(2);
    const setup = { itemCount: 500, sampleSize: 15, sampling: 'without-replacement' as const };
    const recovery = unwrap(recoverDistribution(data, MLE, setup));
    const big = { ...data, weights: new Float64Array(data.weights.length).fill(40) };
    const population = drawTrueRanks(recovery, big, 500, createRandom(7));
    const total = population.weights.reduce((s, w) => s + w, 0);
    expect(total).toBe(300 * 40);
    let top = 0;
    population.ranks.forEach((r, i) => {
      expect(r).toBeGreaterThanOrEqual(1);
      expect(r).toBeLessThanOrEqual(population.itemCounts![i]);
      if (r <= 20) top += population.weights[i];
    });
    const expected = recoveredTop(recovery, 20).reduce((s, p) => s + p, 0);
    const se = Math.sqrt((expected * (1 - expected)) / total);
    expect(Math.abs(top / total - expected)).toBeLessThan(3 * se);
    // The same seed gives the same population.
    expect(drawTrueRanks(recovery, big, 500, createRandom(7))).toEqual(population);
  });
});
