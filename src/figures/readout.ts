/**
 * Reading exact values off a panel: the data point nearest to a cursor position, per visible series, and stepping
 * the cursor from point to point for the keyboard. Pure functions of the panel's read-out data.
 */
import { fmtInt, fmtValue } from './labels.ts';
import type { PanelReadout, ReadoutSeries } from './plot.ts';

export interface ReadoutRow {
  readonly id: string;
  readonly label: string;
  readonly stroke: string;
  readonly x: number;
  readonly value: number;
  readonly text: string;
}

export interface Reading {
  /** The x of the cursor, snapped to the nearest data point of the first series. */
  readonly x: number;
  readonly xText: string;
  readonly rows: readonly ReadoutRow[];
}

function xAt(series: ReadoutSeries, i: number): number {
  return series.xs ? series.xs[i] : i + 1;
}

function count(series: ReadoutSeries): number {
  return series.xs ? Math.min(series.xs.length, series.ys.length) : series.ys.length;
}

/** Index of the point of `series` whose x is nearest to `x` (xs ascending). */
export function nearestIndex(series: ReadoutSeries, x: number): number {
  const n = count(series);
  if (n === 0) return -1;
  if (!series.xs) return Math.min(n - 1, Math.max(0, Math.round(x) - 1));
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (series.xs[mid] <= x) lo = mid;
    else hi = mid;
  }
  return Math.abs(series.xs[hi] - x) < Math.abs(series.xs[lo] - x) ? hi : lo;
}

function formatX(readout: PanelReadout, x: number, index: number): string {
  const label = readout.pointLabels?.[index];
  if (label) return label;
  return `${readout.xName} = ${Number.isInteger(x) ? fmtInt(x) : fmtValue(x)}`;
}

/** The values of the visible series at the data point nearest to x. */
export function readAt(readout: PanelReadout, x: number, hidden: ReadonlySet<string> = new Set()): Reading | null {
  const visible = readout.series.filter((s) => !hidden.has(s.id) && count(s) > 0);
  const lead = visible[0] ?? readout.series[0];
  if (!lead || count(lead) === 0) return null;
  const leadIndex = nearestIndex(lead, x);
  const snapped = xAt(lead, leadIndex);
  const rows = visible.map((s) => {
    const i = nearestIndex(s, snapped);
    const value = s.ys[i];
    const text = readout.counts ? fmtInt(value) : fmtValue(value);
    return { id: s.id, label: s.label, stroke: s.stroke, x: xAt(s, i), value, text };
  });
  return { x: snapped, xText: formatX(readout, snapped, leadIndex), rows };
}

/**
 * The x reached from `x` by `steps` data points of the first visible series (negative: backwards), clamped to its
 * first and last point; `steps` = ±Infinity jumps to an end.
 */
export function stepX(
  readout: PanelReadout,
  x: number,
  steps: number,
  hidden: ReadonlySet<string> = new Set(),
): number {
  const lead = readout.series.find((s) => !hidden.has(s.id) && count(s) > 0) ?? readout.series[0];
  if (!lead) return x;
  const n = count(lead);
  const i = nearestIndex(lead, x);
  const target = steps === Infinity ? n - 1 : steps === -Infinity ? 0 : Math.min(n - 1, Math.max(0, i + steps));
  return xAt(lead, target);
}

/** One line for screen readers: "r = 100: AUC 0.99, AP 0.01". */
export function readingText(reading: Reading | null): string {
  if (!reading) return 'no point selected';
  return `${reading.xText}: ${reading.rows.map((r) => `${r.label} ${r.text}`).join(', ')}`;
}

/** Number of data points of the first series (for keyboard page steps). */
export function pointCount(readout: PanelReadout): number {
  return readout.series[0] ? count(readout.series[0]) : 0;
}
