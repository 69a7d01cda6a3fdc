import { describe, expect, it } from 'vitest';
import { correctionVectors, expectedCurve, expectedOfVectors, parseMetric, parseMetricList } from '../core/index.ts';
import { correctionPlot, outlierMethods } from './correctionPlot.ts';
import { correctionCurves } from '../../workers/figures/correctionVectors.ts';
import { rankGrid, sampledCurves } from '../../workers/figures/rankCurves.ts';
import { halfRank, sampledRankPlot } from './sampledRankPlot.ts';

describe('rankGrid', () => {
  it('holds every rank of the top and thins out beyond, ending at the largest rank', () => {
    expect(Array.from(rankGrid(5, 3, 2))).toEqual([1, 2, 3, 5]);
    expect(Array.from(rankGrid(5))).toEqual([1, 2, 3, 4, 5]);
    const grid = rankGrid(1_000_000, 2000, 1500);
    expect(grid.length).toBeLessThan(4000);
    expect(Array.from(grid.subarray(0, 2000))).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(grid[grid.length - 1]).toBe(1_000_000);
    for (let i = 1; i < grid.length; i++) expect(grid[i]).toBeGreaterThan(grid[i - 1]);
  });
});

describe('sampledCurves and the Figure 3 model', () => {
  const metrics = ['auc', 'ap', 'ndcg', 'recall@10'];
  const curves = sampledCurves({
    metrics,
    itemCount: 10_000,
    sampleSizes: [10, 100, 1000],
    sampling: 'with-replacement',
    maxRank: 1000,
  });

  it('equals the core expected curve E[M(r̃) | r] (eq 16) at every rank of the top 1,000', () => {
    const core = expectedCurve(parseMetricList(metrics.join(',')), 10_000, 100, 'with-replacement', 1000);
    for (let t = 0; t < 4; t++) {
      for (let i = 0; i < 1000; i += 37) expect(curves.sampled[1][t][i]).toBeCloseTo(core[t][i], 12);
    }
  });

  it('keeps AUC unchanged by sampling (eq 17) and flattens AP: at r = 100 the sampled AP for m = 100 is 0.634', () => {
    const i = curves.ranks.indexOf(100);
    for (const s of curves.sampled) expect(s[0][i]).toBeCloseTo(curves.exact[0][i], 12);
    expect(curves.sampled[1][1][i]).toBeCloseTo(0.6339, 4);
    expect(halfRank(curves.ranks, curves.exact[1])).toBe(3);
    expect(halfRank(curves.ranks, curves.sampled[2][1])).toBe(17);
  });

  it('draws one panel per metric with the exact curve and one curve per m, and says so in the caption', () => {
    const figure = sampledRankPlot({
      curves,
      itemCount: 10_000,
      samplingLabel: 'sampled with replacement',
      zoom: 1000,
    });
    expect(figure.panels.map((p) => p.title)).toEqual(['AUC', 'AP', 'NDCG', 'Recall@10']);
    expect(figure.legend.map((l) => l.label)).toEqual(['exact M(r)', 'm = 10', 'm = 100', 'm = 1,000']);
    expect(figure.panels[1].x.domain).toEqual([1, 1000]);
    expect(figure.caption).toContain('AP: exact 0.010, sampled 0.952 (m = 10), 0.634 (m = 100), 0.101 (m = 1,000)');
  });
});

describe('correctionCurves and the Figure 4 model (corrected AP, m = 100, n = 10,000)', () => {
  const methods = ['sampled', 'rank-estimate', 'ls', 'cls', 'bv:1', 'bv:0.1', 'bv:0.01'];
  const curves = correctionCurves({
    metric: 'ap',
    itemCount: 10_000,
    sampleSize: 100,
    sampling: 'with-replacement',
    methods,
  });

  it('uses the core correction vectors and their expectation over the true rank', () => {
    const [bv] = correctionVectors([parseMetric('ap')], {
      itemCount: 10_000,
      sampleSize: 100,
      sampling: 'with-replacement',
      method: 'bv',
      gamma: 0.1,
    });
    expect(Array.from(curves.vectors[5])).toEqual(Array.from(bv));
    const [expected] = expectedOfVectors([bv], 10_000, 100, 'with-replacement', 10_000);
    for (const r of [1, 2, 50, 999, 5000, 10_000]) {
      expect(curves.expected[5][curves.ranks.indexOf(r)]).toBeCloseTo(expected[r - 1], 12);
    }
  });

  it('finds every correction closer to the exact AP than the sampled metric (section 5.4), LS the closest', () => {
    const [sampled, ...corrected] = curves.rmsBias;
    for (const b of corrected) expect(b).toBeLessThan(sampled);
    expect(Math.min(...curves.rmsBias)).toBe(curves.rmsBias[2]);
  });

  it('keeps LS (oscillating at ±10⁹) off the left panel scale, and names it there', () => {
    expect([...outlierMethods(curves)]).toEqual(['ls']);
    const figure = correctionPlot({ curves, itemCount: 10_000, sampleSize: 100, priorLabel: 'uniform prior' });
    const [left, right] = figure.panels;
    expect(left.lines.map((l) => l.series)).not.toContain('ls');
    expect(left.texts[0].text).toMatch(/^LS: .* off scale$/);
    expect(left.y.domain[0]).toBeLessThan(-0.15);
    expect(right.lines.map((l) => l.series)).toEqual(['exact', ...methods]);
    expect(figure.caption).toContain('smallest: LS');
  });
});
