import { describe, expect, it } from 'vitest';
import { singleRankData } from '../core/index.ts';
import { autoBucketWidth, rankHistogramPlot } from './rankHistogramPlot.ts';

/** The bars a width gives over 1..n (buckets.ts: a remainder under half a bucket joins the last one). */
const bars = (n: number, width: number) => Math.max(1, Math.round(n / width));

describe('Figure 5’s bucket width adapts to n', () => {
  it.each([
    [100, 1, 100],
    [3_706, 50, 74], // MovieLens 1M: 74 buckets of 50 ranks
    [10_000, 100, 100], // the paper's toy example: its 100 ranks per bucket
    [1_000_000, 10_000, 100],
  ])('n = %i: %i ranks per bucket, %i bars', (n, width, count) => {
    expect(autoBucketWidth(n)).toBe(width);
    expect(bars(n, width)).toBe(count);
  });

  it('always gives 1, 2 or 5 × 10^k ranks and 41–100 bars above n = 100', () => {
    for (let n = 101; n <= 2_000_000; n = Math.ceil(n * 1.37)) {
      const width = autoBucketWidth(n);
      expect(String(width)).toMatch(/^[125]0*$/);
      expect(Math.ceil(n / width)).toBeLessThanOrEqual(100);
      expect(Math.ceil(n / width)).toBeGreaterThanOrEqual(41);
    }
    expect(autoBucketWidth(7)).toBe(1);
    expect(autoBucketWidth(Number.NaN)).toBe(1);
  });

  it('draws about 50–100 bars for a data set spread over n = 3,706 (MovieLens’ n)', () => {
    const ranks = Float64Array.from({ length: 3_706 }, (_, i) => i + 1);
    const figure = rankHistogramPlot({
      recommenders: [{ name: 'X', data: singleRankData('X', ranks), style: { stroke: 'red', dash: null } }],
      itemCount: 3_706,
      bucketWidth: autoBucketWidth(3_706),
    });
    expect(figure.panels[0].bars).toHaveLength(74);
    expect(figure.title).toBe('Distribution of predicted ranks, buckets of 50 ranks, n = 3,706');
  });
});
