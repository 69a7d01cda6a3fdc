import { describe, expect, it } from 'vitest';
import { metricCurve, parseMetric } from '../../src/core/index.ts';
import { metricCurves } from './metricCurves.ts';

describe('metricCurves (Figure 1’s compact data)', () => {
  it('gives every rank up to 10⁴: the values of core metricCurve (eqs 7–13) over all ranks and the zoom', () => {
    const curves = metricCurves({ metrics: ['ap', 'ndcg@5'], itemCount: 300, zoom: 30 });
    expect(curves.metrics).toEqual(['ap', 'ndcg@5']);
    expect(curves.all.ranks).toBeNull();
    expect(curves.top.ranks).toBeNull();
    for (const [i, id] of ['ap', 'ndcg@5'].entries()) {
      const full = metricCurve(parseMetric(id), 300);
      expect(Array.from(curves.all.values[i])).toEqual(Array.from(full));
      expect(Array.from(curves.top.values[i])).toEqual(Array.from(full.subarray(0, 30)));
      expect(curves.atZoom[i]).toBe(full[29]);
    }
  });

  it('gives the share of the total weight Σ M(r) that falls on the top ranks', () => {
    // AP: Σ_{r ≤ 2} 1/r / Σ_{r ≤ 4} 1/r = 1.5 / (25/12) = 0.72; AUC of n = 4: (1 + 2/3) / 2 = 5/6.
    const curves = metricCurves({ metrics: ['ap', 'auc'], itemCount: 4, zoom: 2 });
    expect(curves.topShare[0]).toBeCloseTo(0.72, 12);
    expect(curves.topShare[1]).toBeCloseTo(5 / 6, 12);
  });

  it('stays compact at n = 10⁶: exact values on a grid of ranks, and the zoom clipped to n', () => {
    const curves = metricCurves({ metrics: ['ap'], itemCount: 1_000_000, zoom: 2_000_000 });
    expect(curves.zoom).toBe(1_000_000);
    const ranks = curves.all.ranks!;
    expect(ranks.length).toBeLessThan(7000);
    expect(curves.all.values[0].length).toBe(ranks.length);
    for (let i = 0; i < ranks.length; i += 101) expect(curves.all.values[0][i]).toBe(1 / ranks[i]);
  });
});
