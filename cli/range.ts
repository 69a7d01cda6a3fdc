/**
 * Values outside the metric's range, marked (issue 35): an estimate or a corrected value M̂(r̃) below the smallest or
 * above the largest value the exact metric takes over the catalogue cannot be a value of the metric. LS (eqs 21–23)
 * minimises bias only, so its vectors reach far outside (±1e8 at n = 10^6, m = 1,000); BV with a small γ (eq 25) goes
 * a little outside. The app greys and marks such estimates (src/figures/methodTable.ts); the CLI adds `outsideRange`
 * to the JSON and a note under the table.
 */
import type { Metric } from '../src/core/index.ts';
import { formatNumber } from './format.ts';
import { metricAtRank } from '../src/core/index.ts';

/** Rounding of a value at the range's ends is not flagged: 1e-9 (of the range's size, at least 1), as the app allows. */
export const RANGE_SLACK = 1e-9;

/**
 * [min, max] of M(r) over r = 1..n for each n given (the union over them): M(n) and M(1), as every metric of one
 * relevant item's rank is non-increasing in it (eqs 2–13 and Tamm et al.'s variants), so O(1) for each distinct n.
 */
export function metricRange(metric: Metric, itemCounts: Iterable<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const n of itemCounts) {
    for (const r of [1, n]) {
      const v = metricAtRank(metric, r, n);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  return [lo, hi];
}

/**
 * True when `value` lies outside `range` by more than RANGE_SLACK (times the range's size where that exceeds 1; a range
 * of one value, recall@10 at n ≤ 10, has the same slack).
 */
export function isOutside(value: number, [lo, hi]: readonly [number, number]): boolean {
  const slack = RANGE_SLACK * Math.max(1, Math.abs(lo), Math.abs(hi));
  return !(value >= lo - slack && value <= hi + slack);
}

/** What the JSON says of a vector with values outside the range: how many, and the extremes. */
export interface OutsideRange {
  readonly range: [number, number];
  readonly count: number;
  readonly smallest: number;
  readonly largest: number;
}

export function outsideRange(values: ArrayLike<number>, range: [number, number]): OutsideRange | null {
  let count = 0;
  let smallest = Infinity;
  let largest = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    smallest = Math.min(smallest, v);
    largest = Math.max(largest, v);
    if (isOutside(v, range)) count++;
  }
  return count > 0 ? { range, count, smallest, largest } : null;
}

/** "[0.001, 1]" at `digits` decimals. */
export function rangeText([lo, hi]: readonly [number, number], digits: number): string {
  return `[${formatNumber(lo, digits)}, ${formatNumber(hi, digits)}]`;
}
