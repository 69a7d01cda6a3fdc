import { describe, expect, it } from 'vitest';
import { TOY } from '../../test/rankData.ts';
import { expectedSampledMetric, parseMetric } from '../core/index.ts';
import { sampleSizeGrid } from '../../workers/figures/expectedEstimate.ts';
import { sweepSampleSizes } from '../../workers/figures/sweep.ts';
import { orderingStory } from './orderings.ts';
import { sampleSizePlot } from './sampleSizePlot.ts';

describe('sampleSizeGrid', () => {
  it('spreads integer sample sizes evenly on a log axis, with 1, the end and the powers of ten', () => {
    expect(sampleSizeGrid(100, 5)).toEqual([1, 3, 10, 32, 100]);
    expect(sampleSizeGrid(9999, 8, [99])).toContain(99);
  });
});

describe('sweepSampleSizes draws before it locates (Figure 2 progressive)', () => {
  it('reports the series on their grid first, then the same series with the change points', () => {
    const partials: ReturnType<typeof sweepSampleSizes>[] = [];
    const request = {
      recommenders: TOY,
      metrics: ['ap', 'ndcg'],
      methods: ['sampled'],
      itemCount: 10_000,
      sampling: 'with-replacement' as const,
    };
    const whole = sweepSampleSizes(request, undefined, (partial) => partials.push(partial));
    // A coarse drawing (every fourth grid point, the same values), then every grid point, then the change points.
    expect(partials).toHaveLength(2);
    expect(partials.every((p) => p.partial === true && p.changes.length === 0)).toBe(true);
    const [coarse, full] = partials.map((p) => p.series[0]);
    expect(coarse.sampleSizes.length).toBeLessThan(full.sampleSizes.length / 3);
    coarse.sampleSizes.forEach((m, i) => {
      const j = full.sampleSizes.indexOf(m);
      expect(j).toBeGreaterThanOrEqual(0);
      expect(coarse.values.map((v) => v[i])).toEqual(full.values.map((v) => v[j]));
    });
    expect(partials[1].series).toEqual(whole.series);
    expect(whole.partial).toBeUndefined();
    expect(whole.changes.length).toBeGreaterThan(0);
    expect(
      sampleSizePlot({ sweep: partials[0], recommenders: [], itemCount: 10_000, samplingLabel: 'x' }).caption,
    ).toContain('Locating the m at which the order of two recommenders changes');
  });
});

describe('sweepSampleSizes on the toy example (Figure 2)', () => {
  const sweep = sweepSampleSizes({
    recommenders: TOY,
    metrics: ['auc', 'ap', 'ndcg', 'recall@10'],
    methods: ['sampled'],
    itemCount: 10_000,
    sampling: 'with-replacement',
    include: [99],
  });
  const swaps = (metric: string) =>
    sweep.changes.filter((c) => c.metric === metric && c.kind === 'swap').map((c) => [c.sampleSize, c.winner, c.loser]);

  it('gives at m = 99 the expected sampled metrics of Table 2 (core expectedSampledMetric)', () => {
    // Analytic means; the paper prints 0.630, 0.336, 0.325 from 1000 simulated runs (within 2 standard errors,
    // test/fixtures/README.md "Finding (Table 2 and the sampling scheme)").
    const ap = sweep.series.find((s) => s.metric === 'ap')!;
    const i = ap.sampleSizes.indexOf(99);
    const want = TOY.map(
      (d) => expectedSampledMetric(d, parseMetric('ap'), 10_000, 99, 'with-replacement').sampledMean,
    );
    ap.values.forEach((v, r) => expect(v[i]).toBeCloseTo(want[r], 12));
    expect(want.map((v) => v.toFixed(3))).toEqual(['0.637', '0.341', '0.326']);
  });

  it('finds where AP reorders A, B, C: the paper reads A > C > B below m ≈ 50, A > B > C near 200, C > A > B near 500', () => {
    // Each change is the first integer m with the new order (bisection); checked against the values either side.
    expect(swaps('ap')).toEqual([
      [73, 'B', 'C'],
      [281, 'C', 'B'],
      [438, 'C', 'A'],
      [954, 'B', 'A'],
    ]);
    const series = sweep.series.find((s) => s.metric === 'ap')!;
    expect(orderingStory(series, sweep.recommenders, sweep.changes)).toBe(
      'A > C > B for m < 73; A > B > C for 73 ≤ m < 281; A > C > B for 281 ≤ m < 438; C > A > B for 438 ≤ m < 954; C > B > A from m = 954',
    );
  });

  it('never reorders on AUC (sampled AUC is unbiased, eq 17) and agrees with the exact order for every m', () => {
    expect(swaps('auc')).toEqual([]);
    expect(sweep.consistency.find((c) => c.metric === 'auc')?.sampleSize).toBe(1);
  });

  it('locates the smallest m from which the expected order agrees with the exact one (eq 14)', () => {
    const from = Object.fromEntries(sweep.consistency.map((c) => [c.metric, c.sampleSize]));
    expect(from).toEqual({ auc: 1, ap: 954, ndcg: 692, 'recall@10': 2479 });
  });

  it('lays out one panel per metric, with the swaps marked and the caption telling the orderings', () => {
    const figure = sampleSizePlot({
      sweep,
      recommenders: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
      itemCount: 10_000,
      samplingLabel: 'sampled with replacement',
      markSampleSize: 99,
      width: 1000,
    });
    expect(figure.panels.map((p) => p.title)).toEqual(['AUC', 'AP', 'NDCG', 'Recall@10']);
    expect(figure.panels[1].x.kind).toBe('log');
    expect(figure.panels[1].texts.filter((t) => t.kind === 'event').map((t) => t.text)).toEqual([
      'B > C (73)',
      'C > B (281)',
      'C > A (438)',
      'B > A (954)',
    ]);
    expect(figure.caption).toContain('The order of two recommenders changes 9 times');
    expect(figure.caption).toContain('AP (exact C > B > A): A > C > B for m < 73;');
  });
});
