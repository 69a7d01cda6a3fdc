import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRankInput } from '../io/readRankInput.ts';
import { correctedSweepPlot } from './correctedSweepPlot.ts';
import { countBetween, countBottomHalf, rankBuckets } from './buckets.ts';
import { sweepSampleSizes } from '../../workers/figures/sweep.ts';
import { rankHistogramPlot } from './rankHistogramPlot.ts';

// The MovieLens 1M ranks of recommenders X, Y, Z shipped with the app (public/datasets/README.md).
const parsed = readRankInput(readFileSync('public/datasets/movielens-1m-true-ranks.csv', 'utf8'), {
  file: 'movielens-1m-true-ranks.csv',
  itemCount: 3706,
});
if (!parsed.ok || parsed.value.kind !== 'ranks') throw new Error('the MovieLens rank file could not be read');
const [X, Y, Z] = parsed.value.file.recommenders;

describe('Figure 5 on MovieLens 1M', () => {
  it('buckets every user, 37 buckets of 100 ranks with the remainder in the last', () => {
    const b = rankBuckets(X, 3706, 100);
    expect(b.counts.length).toBe(37);
    expect([b.starts[36], b.ends[36]]).toEqual([3601, 3706]);
    expect(b.total).toBe(6040);
    expect(b.counts[0]).toBe(countBetween(X, 1, 100));
  });

  it('reads like section 6.1: X has about 2,300 users in the top 100 and fewer than 300 in the bottom half', () => {
    // The paper: "2310 items are in the top 100 and less than 300 are in the bottom half" (its own X).
    expect(countBetween(X, 1, 100)).toBeGreaterThan(2200);
    expect(countBetween(X, 1, 100)).toBeLessThan(2400);
    expect(countBottomHalf(X, 3706)).toBeLessThan(300);
    // Z is best in the top 10 and worst in the tail.
    expect(countBetween(Z, 1, 10)).toBeGreaterThan(countBetween(X, 1, 10));
    expect(countBottomHalf(Z, 3706)).toBeGreaterThan(countBottomHalf(Y, 3706));
    const figure = rankHistogramPlot({
      recommenders: [X, Y, Z].map((data, i) => ({ name: data.name, data, style: { stroke: `c${i}`, dash: null } })),
      itemCount: 3706,
      bucketWidth: 100,
    });
    expect(figure.panels.map((p) => p.title)).toEqual([
      'X (6,040 instances)',
      'Y (6,040 instances)',
      'Z (6,040 instances)',
    ]);
    expect(figure.caption).toMatch(/X: \d+ in the top 10, 2,\d{3} in the top 100, \d+ in the bottom half/);
  });
});

describe('Figure 6 on MovieLens 1M', () => {
  const sweep = sweepSampleSizes({
    recommenders: [X, Y, Z],
    metrics: ['recall@10'],
    methods: ['sampled', 'bv:0.1'],
    itemCount: 3706,
    sampling: 'with-replacement',
    points: 16,
    correctedLimit: 100,
  });

  it('needs m ≈ 1,000 uncorrected but fewer than 60 with BV γ = 0.1 to order X, Y, Z as the exact Recall@10', () => {
    // The paper: "needs m = 1000 samples to order X and Y correctly in expectation, [...] only m = 60". BV is
    // corrected for each user's own n (51 with the single n = 3,706 for everyone, before per-user n).
    const from = Object.fromEntries(sweep.consistency.map((c) => [c.method, c.sampleSize]));
    expect(from).toEqual({ sampled: 971, 'bv:0.1': 52 });
    const figure = correctedSweepPlot({
      sweep,
      metric: 'recall@10',
      recommenders: [],
      itemCount: 3706,
      samplingLabel: 'sampled with replacement',
    });
    expect(figure.panels.map((p) => p.title)).toEqual(['Sampled (uncorrected)', 'BV γ = 0.1 (corrected)']);
    expect(figure.panels[1].texts.map((t) => t.text)).toContain('correct order from m = 52');
    expect(figure.caption).toContain('Sampled (uncorrected) orders them correctly from m = 971 on');
    // The caption names the per-user catalogue sizes the figure used, not the settings' single n.
    expect(sweep.itemCounts).toEqual({ smallest: 1393, largest: 3687, distinct: 743, corrected: true });
    expect(figure.caption).toContain("each user's own n from 1,393 to 3,687 (743 distinct values)");
    expect(figure.caption).toContain("computed for each user's n");
    expect(figure.caption).not.toContain('3,706');
  }, 60_000);
});
