import { describe, expect, it } from 'vitest';
import { columnsFor, gridFrames, linePath } from './plot.ts';
import { readAt, stepX } from './readout.ts';
import { fromPixel, logDomain, logLabel, scaleAxis, toPixel } from './scale.ts';

describe('scaleAxis', () => {
  it('puts log ticks on powers of ten with readable labels', () => {
    const axis = scaleAxis('log', [1, 10_000], [0, 400], []);
    expect(axis.ticks.map((t) => t.label)).toEqual(['1', '10', '100', '1,000', '10,000']);
    expect(axis.ticks.map((t) => t.position)).toEqual([0, 100, 200, 300, 400]);
  });

  it('adds 2× and 5× ticks on a short log domain, and writes large and small powers with exponents', () => {
    expect(scaleAxis('log', [1, 100], [0, 1], []).ticks.map((t) => t.label)).toEqual([
      '1',
      '2',
      '5',
      '10',
      '20',
      '50',
      '100',
    ]);
    expect(logLabel(1e6)).toBe('10⁶');
    expect(logLabel(1e-5)).toBe('10⁻⁵');
    expect(logLabel(0.001)).toBe('0.001');
  });

  it('maps values to pixels and back on both kinds', () => {
    for (const kind of ['linear', 'log'] as const) {
      const axis = scaleAxis(kind, [1, 1000], [50, 350], []);
      expect(fromPixel(axis, toPixel(axis, 37))).toBeCloseTo(37, 9);
    }
    expect(toPixel(scaleAxis('log', [1, 100], [0, 200], []), 10)).toBeCloseTo(100, 12);
  });

  it('refuses a non-positive log domain and widens log domains to whole decades', () => {
    expect(() => scaleAxis('log', [0, 1], [0, 1], [])).toThrow(RangeError);
    expect(logDomain(0.0001, 1)).toEqual([0.0001, 1]);
    expect(logDomain(0.003, 0.7)).toEqual([0.001, 1]);
    // Values inside one decade get that decade, not the decade above it (AUC near 0.99 on a log axis).
    expect(logDomain(0.98, 0.995)).toEqual([0.1, 1]);
    expect(logDomain(1, 1)).toEqual([0.1, 1]);
    expect(logDomain(2, 2)).toEqual([1, 10]);
    expect(logDomain(10, 10)).toEqual([1, 10]);
    expect(logDomain(1, 10_000)).toEqual([1, 10_000]);
  });

  it('starts a rank axis at 1 when asked', () => {
    const axis = scaleAxis('linear', [1, 10_000], [0, 500], [], { count: 5, includeStart: true });
    expect(axis.ticks.map((t) => t.label)).toEqual(['1', '2,000', '4,000', '6,000', '8,000', '10,000']);
  });
});

describe('plot layout and paths', () => {
  it('lays panels out in rows, fewer columns when narrow', () => {
    expect(columnsFor(1000, 4)).toBe(4);
    expect(columnsFor(700, 4)).toBe(2);
    expect(columnsFor(700, 4, 230, 3)).toBe(3);
    expect(columnsFor(400, 4)).toBe(1);
    const frames = gridFrames(800, 4, 2, 100);
    expect(frames[1].x).toBeGreaterThan(frames[0].x + frames[0].width);
    expect(frames[2].y).toBeGreaterThan(frames[0].y + frames[0].height);
  });

  it('decimates a long curve to at most four points per pixel column, keeping its extremes', () => {
    const x = scaleAxis('linear', [1, 100_000], [0, 100], []);
    const y = scaleAxis('linear', [-1, 1], [100, 0], []);
    const d = linePath(
      x,
      y,
      null,
      Float64Array.from({ length: 100_000 }, (_, i) => Math.sin(i / 50)),
    );
    const points = d.split(/[ML]/).filter(Boolean);
    expect(points.length).toBeLessThanOrEqual(4 * 101);
    const ys = points.map((p) => Number(p.split(',')[1]));
    expect(Math.min(...ys)).toBeCloseTo(0, 1);
    expect(Math.max(...ys)).toBeCloseTo(100, 1);
  });

  it('drops zeros out of a log y panel and breaks the line at undefined points', () => {
    const x = scaleAxis('linear', [1, 4], [0, 30], []);
    const y = scaleAxis('log', [0.1, 1], [100, 0], []);
    expect(linePath(x, y, null, [1, 0.1, 0, 1])).toBe('M0,0L10,100L20,112L30,0');
    expect(linePath(x, y, [1, 2, 3, 4], [1, NaN, 1, 1])).toBe('M0,0M20,0L30,0');
  });
});

describe('read-out', () => {
  const readout = {
    xName: 'm',
    series: [
      { id: 'a', label: 'A', stroke: 'red', xs: [1, 10, 100], ys: [0.5, 0.25, 0.125] },
      { id: 'b', label: 'B', stroke: 'blue', xs: [1, 10, 100], ys: [1, 2, 3] },
    ],
  };

  it('reads every visible series at the data point nearest the cursor', () => {
    const reading = readAt(readout, 12);
    expect(reading?.x).toBe(10);
    expect(reading?.xText).toBe('m = 10');
    expect(reading?.rows.map((r) => r.text)).toEqual(['0.25', '2']);
    expect(readAt(readout, 12, new Set(['a']))?.rows.map((r) => r.id)).toEqual(['b']);
  });

  it('steps from point to point and clamps at the ends', () => {
    expect(stepX(readout, 10, 1)).toBe(100);
    expect(stepX(readout, 10, 5)).toBe(100);
    expect(stepX(readout, 10, -Infinity)).toBe(1);
  });
});
