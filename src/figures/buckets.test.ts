/**
 * Figure 5's counts under the random tie rule (buckets.ts, `spread`): each tied relevant item spread evenly over its
 * range, against the counts of the data spread over every position of each range (core spreadRandomTies, the
 * expected metrics' mixture) and against counts by hand.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import { singleRankData, spreadRandomTies, type RankData } from '../core/index.ts';
import { countBetween, countBottomHalf, rankBuckets } from './buckets.ts';

// Users with their own n; user 2 ties over 3..12, user 4 over 40..97 (the bottom of its catalogue).
const tied: RankData = {
  ...singleRankData('T', [1, 5, 7, 60, 20], [2, 1, 1, 3, 1], [100, 80, 100, 97, 100]),
  ties: { low: Float64Array.from([1, 3, 7, 40, 20]), high: Float64Array.from([1, 12, 7, 97, 20]) },
};

describe('Figure 5 under random ties', () => {
  it('equals the histogram of every position of every range', () => {
    const spread = spreadRandomTies(tied);
    for (const width of [1, 7, 10, 25]) {
      const got = rankBuckets(tied, 100, width, true);
      const want = rankBuckets(spread, 100, width);
      expectClose(got.counts, want.counts, 1e-12, `width ${width}`);
      expect(got.total).toBeCloseTo(want.total, 12);
    }
    for (const [lo, hi] of [
      [1, 10],
      [1, 100],
      [8, 45],
    ]) {
      expectClose(countBetween(tied, lo, hi, true), countBetween(spread, lo, hi), 1e-12);
    }
    expectClose(countBottomHalf(tied, 100, true), countBottomHalf(spread, 100), 1e-12);
  });

  it('counts by hand: user 2 (weight 1) puts 8 of its 10 positions in the top 10', () => {
    // Top 10: user 1 (weight 2) at 1, user 2: 8/10 of 3..12, user 3 at 7.
    expectClose(countBetween(tied, 1, 10, true), 2 + 0.8 + 1, 1e-15);
    expect(countBetween(tied, 1, 10)).toBe(2 + 1 + 1); // the rank column as it is
    // Bottom half (rank > n/2): user 4 (weight 3, n = 97) ties over 40..97, of which 49..97 are above 48.5.
    expectClose(countBottomHalf(tied, 100, true), (3 * 49) / 58, 1e-15);
  });
});
