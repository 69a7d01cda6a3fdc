import { describe, expect, it } from 'vitest';
import { metricCurve, parseMetric } from '../core/metrics.ts';
import { axisValue } from './axes.ts';
import { decimateIndices } from './decimate.ts';
import { metricVsRank, readoutAt, type MetricVsRankFigure } from './metricVsRank.ts';

const METRICS = [
  ['auc', 'AUC'],
  ['ap', 'AP'],
  ['ndcg', 'NDCG'],
  ['recall@10', 'Recall@10'],
] as const;

function curves(itemCount: number) {
  return METRICS.map(([id, label]) => ({ id, label, values: metricCurve(parseMetric(id), itemCount) }));
}

/** The points of an `M x,y L x,y …` path. */
function points(d: string): [number, number][] {
  return [...d.matchAll(/[ML]([-\d.e]+),([-\d.e]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

/** A compact, rounded text form of the figure: reviewed as a diff when the figure changes (Plot's snapshots). */
function snapshotText(figure: MetricVsRankFigure): string {
  const lines = [`figure ${figure.width}x${figure.height} "${figure.title}"`];
  for (const p of figure.panels) {
    lines.push(`panel ${p.id} "${p.title}" frame ${p.frame.x},${p.frame.y},${p.frame.width},${p.frame.height}`);
    lines.push(`  x ticks ${p.x.ticks.map((t) => `${t.label}@${t.position}`).join(' ')}`);
    lines.push(`  y ticks ${p.y.ticks.map((t) => `${t.label}@${t.position}`).join(' ')}`);
    for (const s of p.series) lines.push(`  ${s.id} ${s.stroke} dash=${s.dash} d=${s.d}`);
  }
  return lines.join('\n');
}

describe('decimateIndices', () => {
  it('keeps every point when there are at most 4 per pixel column', () => {
    expect(decimateIndices(Float64Array.of(3, 2, 1), 10)).toEqual([0, 1, 2]);
  });

  it('keeps the first, last, lowest and highest point of each column, in order', () => {
    const values = Float64Array.from({ length: 1000 }, (_, i) => Math.sin(i / 7));
    const kept = decimateIndices(values, 20);
    expect(kept[0]).toBe(0);
    expect(kept[kept.length - 1]).toBe(999);
    expect(kept.length).toBeLessThanOrEqual(80);
    for (let i = 1; i < kept.length; i++) expect(kept[i]).toBeGreaterThan(kept[i - 1]);
    const keptValues = kept.map((i) => values[i]);
    expect(Math.max(...keptValues)).toBe(Math.max(...values));
    expect(Math.min(...keptValues)).toBe(Math.min(...values));
  });

  it('reads only the first `length` values', () => {
    expect(decimateIndices(Float64Array.of(1, 2, 3, 4, 5), 10, 2)).toEqual([0, 1]);
  });
});

describe('metricVsRank (Figure 1 of Krichene & Rendle 2020)', () => {
  const figure = metricVsRank({ itemCount: 10_000, curves: curves(10_000) });

  it('has a panel over all ranks 1..n and one zoomed onto ranks 1..100, both with M(r) in [0, 1]', () => {
    const [all, top] = figure.panels;
    expect(all.x.domain).toEqual([1, 10_000]);
    expect(top.x.domain).toEqual([1, 100]);
    expect(all.x.ticks.map((t) => t.label)).toEqual(['1', '2,000', '4,000', '6,000', '8,000', '10,000']);
    expect(top.x.ticks.map((t) => t.label)).toEqual(['1', '20', '40', '60', '80', '100']);
    expect(all.y.ticks.map((t) => t.label)).toEqual(['0.0', '0.2', '0.4', '0.6', '0.8', '1.0']);
    expect(all.x.title.map((p) => p.text).join('')).toBe('rank r');
    expect(all.y.title.map((p) => p.text).join('')).toBe('M(r)');
    expect(top.frame.x).toBeGreaterThan(all.frame.x + all.frame.width);
  });

  it('draws every metric with its own colour and dash pattern, listed in the legend', () => {
    expect(figure.legend.map((e) => e.label)).toEqual(['AUC', 'AP', 'NDCG', 'Recall@10']);
    expect(new Set(figure.legend.map((e) => e.stroke)).size).toBe(4);
    expect(new Set(figure.legend.map((e) => e.dash)).size).toBe(4);
  });

  it('puts every path point on the curve M(r) of eqs 7–13 (to the 0.01-unit rounding of the path)', () => {
    for (const p of figure.panels) {
      for (const s of p.series) {
        const values = metricCurve(parseMetric(s.id), 10_000);
        const pts = points(s.d);
        expect(pts.length).toBeGreaterThan(10);
        expect(pts.length).toBeLessThanOrEqual(4 * p.frame.width + 4);
        for (const [px, py] of pts) {
          const rank = Math.round(axisValue(p.x, px));
          expect(Math.abs(axisValue(p.x, px) - rank)).toBeLessThan(0.01 * (p.x.domain[1] / p.frame.width) + 1e-9);
          expect(axisValue(p.y, py)).toBeCloseTo(values[rank - 1], 3);
        }
        expect(Math.round(axisValue(p.x, pts[0][0]))).toBe(1);
        expect(Math.round(axisValue(p.x, pts[pts.length - 1][0]))).toBe(p.x.domain[1]);
      }
    }
  });

  it('says in words what it shows, with the values at rank 100 (Table 1 uses the same values for A)', () => {
    expect(figure.caption).toContain('n = 10,000');
    expect(figure.caption).toContain('At rank 100: AUC 0.990, AP 0.010, NDCG 0.150, Recall@10 0.000.');
    expect(figure.caption).toContain('AUC falls linearly');
  });

  it('reads out the metric values at a rank', () => {
    const out = readoutAt(curves(10_000), 2);
    expect(out.map((o) => o.value)).toEqual([9998 / 9999, 0.5, 1 / Math.log2(3), 1]);
  });

  it('matches the snapshot of a small figure (n = 20, top 5 ranks)', () => {
    const small = metricVsRank({ itemCount: 20, curves: curves(20), zoomRanks: 5, width: 400, height: 200 });
    expect(snapshotText(small)).toMatchSnapshot();
  });
});
