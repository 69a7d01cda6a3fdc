import { describe, expect, it } from 'vitest';
import { methodColumn, methodTable } from './methodTable.ts';

describe('methodTable', () => {
  // LS on MovieLens gives values like 8,415,523.494 and −5,163,705.473 for AP (issue 12): outside [0, 1].
  const input = {
    recommenders: ['X', 'Y', 'Z'],
    methods: ['sampled', 'ls', 'mle'],
    value: [
      [0.5, 8_415_523.494, 0.08],
      [0.4, -5_163_705.473, 0.09],
      [0.3, 0.2, 0.07],
    ],
    range: [0, 1] as const,
  };

  it('flags values outside the metric’s range and leaves them out of the order', () => {
    const model = methodTable(input);
    expect(model.outOfRange).toBe(true);
    expect(model.rows.map((r) => r.cells[1].outOfRange)).toEqual([true, true, false]);
    expect(model.rows.map((r) => r.cells[0].outOfRange)).toEqual([false, false, false]);
    expect(model.orderings[1]).toEqual({ text: 'Z', differs: false, omitted: ['X', 'Y'] });
    expect(model.orderings[0]).toEqual({ text: 'X > Y > Z', differs: false, omitted: [] });
    expect(model.orderings[2].text).toBe('Y > X > Z');
  });

  it('keeps a value at the edge of the range (an exact 0 or 1 up to rounding) in the order', () => {
    const model = methodTable({ ...input, methods: ['sampled'], value: [[1 + 1e-12], [0], [-1e-12]] });
    expect(model.outOfRange).toBe(false);
    expect(model.orderings[0].text).toBe('X > Y = Z');
  });

  it('without a range ranks everything (the simulation table)', () => {
    const model = methodTable({ ...input, range: undefined });
    expect(model.outOfRange).toBe(false);
    expect(model.orderings[1].text).toBe('X > Z > Y');
  });

  it('shows each value’s interval, and … for those still computing', () => {
    const interval = [
      [{ low: 0.48, high: 0.52 }, null, { low: 0.078, high: 0.089 }],
      [null, null, null],
      [null, null, null],
    ];
    const model = methodTable({ ...input, interval });
    expect(model.rows[0].cells.map((c) => c.interval)).toEqual(['[0.480, 0.520]', '…', '[0.078, 0.089]']);
    expect(methodTable(input).rows[0].cells[0].interval).toBeNull();
  });

  it('labels the methods with their parameters', () => {
    expect(methodColumn('wmle:ap:5')).toEqual({ id: 'wmle:ap:5', label: 'WMLE', detail: 'AP, C = 5' });
    expect(methodColumn('mes:0.01')).toEqual({ id: 'mes:0.01', label: 'MES', detail: 'η = 0.01' });
    expect(methodColumn('bv-dist:0.1')).toEqual({ id: 'bv-dist:0.1', label: 'BV-dist', detail: 'γ = 0.1' });
    expect(methodColumn('bv:0.1')).toEqual({ id: 'bv:0.1', label: 'BV γ = 0.1', detail: null });
    expect(methodColumn('sampled').label).toBe('Sampled (uncorrected)');
  });
});
