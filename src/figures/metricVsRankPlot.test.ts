import { describe, expect, it } from 'vitest';
import { metricCurves, type MetricCurvesRequest } from '../../workers/figures/metricCurves.ts';
import { fromPixel } from './scale.ts';
import { metricVsRankPlot, type MetricVsRankOptions } from './metricVsRankPlot.ts';
import { readAt, stepX } from './readout.ts';

/** Figure 1 as the page builds it: the worker's compact curves, then the model. */
function metricVsRankFigure(
  request: Omit<MetricCurvesRequest, 'zoom'> & { zoom?: number } & Omit<MetricVsRankOptions, 'curves'>,
) {
  const { metrics, itemCount, zoom = 100, ...view } = request;
  return metricVsRankPlot({ curves: metricCurves({ metrics, itemCount, zoom }), ...view });
}

/** M(r) of one relevant item among n (Krichene & Rendle 2020 eqs 7–13), written out here as the oracle. */
const ORACLE: Record<string, (r: number, n: number) => number> = {
  auc: (r, n) => (n - r) / (n - 1),
  ap: (r) => 1 / r,
  ndcg: (r) => 1 / Math.log2(r + 1),
  'recall@10': (r) => (r <= 10 ? 1 : 0),
};

/** The points of an `M x,y L x,y …` path. */
function points(d: string): [number, number][] {
  return [...d.matchAll(/[ML]([-\d.e]+),([-\d.e]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

describe('metricVsRankFigure (Figure 1 of Krichene & Rendle 2020)', () => {
  const figure = metricVsRankFigure({ metrics: ['auc', 'ap', 'ndcg', 'recall@10'], itemCount: 10_000 });

  it('has a panel over all ranks 1..n and one zoomed onto ranks 1..100, both with M(r) in [0, 1]', () => {
    const [all, top] = figure.panels;
    expect(all.x.domain).toEqual([1, 10_000]);
    expect(top.x.domain).toEqual([1, 100]);
    expect(all.y.domain).toEqual([0, 1]);
    expect(all.x.title.map((p) => p.text).join('')).toBe('rank r');
    expect(all.y.title.map((p) => p.text).join('')).toBe('M(r)');
    expect(top.frame.x).toBeGreaterThan(all.frame.x + all.frame.width);
  });

  it('lists every metric in the legend with its own colour and dash', () => {
    expect(figure.legend.map((e) => e.label)).toEqual(['AUC', 'AP', 'NDCG', 'Recall@10']);
    expect(new Set(figure.legend.map((e) => `${e.stroke}${e.dash}`)).size).toBe(4);
  });

  it('puts every path point on the curve M(r) of eqs 7–13 (to the 0.01-unit rounding of the path)', () => {
    for (const p of figure.panels) {
      for (const line of p.lines) {
        const pts = points(line.d);
        expect(pts.length).toBeGreaterThan(10);
        expect(pts.length).toBeLessThanOrEqual(4 * (p.frame.width + 1));
        for (const [px, py] of pts) {
          const rank = Math.round(fromPixel(p.x, px));
          const yPx = p.y.range[0] + (p.y.range[1] - p.y.range[0]) * ORACLE[line.series](rank, 10_000);
          expect(Math.abs(py - yPx)).toBeLessThan(0.011);
        }
      }
    }
  });

  it('reads out M(r) exactly at every rank of the zoomed panel, and no further than its last rank', () => {
    const top = figure.panels[1];
    const reading = readAt(top.readout!, 2);
    expect(reading?.rows.map((r) => r.value)).toEqual([9998 / 9999, 0.5, 1 / Math.log2(3), 1]);
    expect(stepX(top.readout!, 50, Infinity)).toBe(100);
  });

  it('says in words what it shows, with the values at rank 100 (Table 1 has the same values for A)', () => {
    expect(figure.caption).toContain('n = 10,000');
    expect(figure.caption).toContain('At rank 100: AUC 0.990, AP 0.010, NDCG 0.150, Recall@10 0.000.');
    expect(figure.caption).toContain('AUC falls linearly');
  });

  it('reads out a grid of exact values beyond 10,000 ranks, so that the model stays small at n = 10⁶', () => {
    const n = 1_000_000;
    const big = metricVsRankFigure({ metrics: ['ap', 'auc'], itemCount: n, zoom: 200_000, xScale: 'log' });
    for (const p of big.panels) {
      for (const s of p.readout!.series) {
        expect(s.ys.length).toBeLessThan(7000);
        const xs = s.xs!;
        expect(xs[0]).toBe(1);
        expect(xs[xs.length - 1]).toBe(p.x.domain[1]);
        for (let i = 0; i < xs.length; i += 97) expect(s.ys[i]).toBe(ORACLE[s.id](xs[i], n));
      }
    }
    const reading = readAt(big.panels[0].readout!, 123_456.7);
    expect(Math.abs(reading!.x - 123_456.7)).toBeLessThanOrEqual(n / 4000);
    expect(reading!.rows[0].value).toBe(1 / reading!.x);
  });
});
