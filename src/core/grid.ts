/**
 * The ranks at which a curve over 1..count is read out when it is too long to send whole: the figures' worker
 * computes a metric at these ranks only, and the page draws and reads the curve there.
 */

/** Up to this many ranks a curve is read out at every rank; beyond, on a grid of ranks (readoutRanks). */
export const READOUT_ALL_RANKS = 10_000;

/**
 * The ranks a panel over 1..count reads out: every rank up to READOUT_ALL_RANKS (null), else every rank of the top
 * 1,000, about 4,000 evenly spaced ranks (a few per pixel on a linear axis), 1,000 log-spaced ones (on a log axis)
 * and the last, ascending. Values at these ranks are exact; a curve stays a few thousand numbers, not n, so that it
 * crosses from the worker to the page in no time. Example: readoutRanks(100) → null (every rank).
 */
export function readoutRanks(count: number): Float64Array | null {
  if (count <= READOUT_ALL_RANKS) return null;
  const ranks = new Set<number>();
  for (let r = 1; r <= 1000; r++) ranks.add(r);
  const step = count / 4000;
  for (let i = 0; i <= 4000; i++) ranks.add(Math.min(count, Math.max(1, Math.round(1 + i * step))));
  for (let i = 0; i <= 1000; i++) ranks.add(Math.min(count, Math.round(count ** (i / 1000))));
  ranks.add(count);
  return Float64Array.from([...ranks].sort((a, b) => a - b));
}
