/**
 * One column of the sampling kernel, p(r̃ = i + 1 | r) over the true ranks r = 1..n for a fixed sampled-rank index i
 * (the likelihood term of the users whose sampled rank is i + 1), over the window where it is above `cutoff` times
 * its largest value (BULK_CUTOFF of sampling.ts by default). With K = r − 1 of the n − 1 other items above the
 * relevant one:
 *   with replacement     p = C(m, i) θ^i (1 − θ)^(m−i),  θ = K/(n − 1)   (Krichene & Rendle eq 15; Jin eq 16–17)
 *   without replacement  p = C(K, i) C(n − 1 − K, m − i) / C(n − 1, m).
 * The binomial entries are evaluated directly from a table of log K (one exp each, no accumulated rounding); the
 * hypergeometric ones by the exact ratio p(K + 1)/p(K) = (K + 1)(n − 1 − K − m + i) / ((K + 1 − i)(n − 1 − K)) from
 * the column's mode, whose value comes from Loader's saddle point (special.ts). Entries agree with the rows of
 * sampling.ts's KernelRow to rounding (~1e-13 relative; tested against scipy through the stacked kernel).
 * A column costs O(window) instead of the O(n · m) of computing every row, which is what makes thousands of
 * per-user-n columns cheap (stackedKernel.ts).
 */
import type { Sampling } from '../sampling.ts';
import { BULK_CUTOFF } from '../sampling.ts';
import { logBinomialPmf, logHypergeometricPmf } from '../special.ts';

export interface KernelColumn {
  /** Index r − 1 of the column's first stored entry. */
  readonly lo: number;
  readonly values: Float64Array;
}

let logs = new Float64Array(0);

/**
 * log K for K = 0..pool at least (log 0 = −∞): one table, grown on demand and shared by every column of every n
 * (the entries do not depend on n).
 */
export function logTable(pool: number): Float64Array {
  if (logs.length < pool + 1) {
    logs = Float64Array.from({ length: Math.max(pool + 1, 2 * logs.length) }, (_, K) => Math.log(K));
  }
  return logs;
}

export function kernelColumn(
  index: number,
  itemCount: number,
  sampleSize: number,
  sampling: Sampling,
  logs: Float64Array | null = null,
  cutoff = BULK_CUTOFF,
): KernelColumn {
  const pool = itemCount - 1;
  return sampling === 'with-replacement'
    ? binomialColumn(index, pool, sampleSize, logs ?? logTable(pool), cutoff)
    : hypergeometricColumn(index, pool, sampleSize, cutoff);
}

function binomialColumn(i: number, pool: number, m: number, logs: Float64Array, cutoff: number): KernelColumn {
  const mode = Math.min(pool, Math.max(0, Math.round((i * pool) / m)));
  const inner = Math.min(pool - 1, Math.max(1, mode));
  const logPart = (K: number) => (i > 0 ? i * logs[K] : 0) + (m > i ? (m - i) * logs[pool - K] : 0);
  const base = pool > 1 ? logBinomialPmf(i, m, inner / pool, (pool - inner) / pool) - logPart(inner) : 0;
  // θ = 0 puts every sampled rank at 1 (i = 0), θ = 1 at m + 1 (i = m).
  const value = (K: number): number => {
    if (K === 0) return i === 0 ? 1 : 0;
    if (K === pool) return i === m ? 1 : 0;
    return Math.exp(base + logPart(K));
  };
  return walk(mode, 0, pool, value(mode), value, cutoff);
}

function hypergeometricColumn(i: number, pool: number, m: number, cutoff: number): KernelColumn {
  const kMin = i;
  const kMax = pool - (m - i);
  const ratio = (K: number) => ((K + 1) * (pool - K - m + i)) / ((K + 1 - i) * (pool - K));
  let mode = Math.min(kMax, Math.max(kMin, Math.round((i * pool) / m)));
  while (mode < kMax && ratio(mode) > 1) mode++;
  while (mode > kMin && ratio(mode - 1) < 1) mode--;
  const peak = Math.exp(logHypergeometricPmf(i, mode, pool - mode, m));
  const floor = cutoff * peak;
  // Entries K = kMin..kMax at scratch[K − kMin], filled outwards from the mode.
  const scratch = new Float64Array(kMax - kMin + 1);
  scratch[mode - kMin] = peak;
  let hi = mode;
  for (let x = peak; hi < kMax; hi++) {
    x *= ((hi + 1) * (pool - hi - m + i)) / ((hi + 1 - i) * (pool - hi));
    if (!(x > floor)) break;
    scratch[hi + 1 - kMin] = x;
  }
  let lo = mode;
  for (let x = peak; lo > kMin; lo--) {
    x *= ((lo - i) * (pool - lo + 1)) / (lo * (pool - lo + 1 - m + i));
    if (!(x > floor)) break;
    scratch[lo - 1 - kMin] = x;
  }
  return { lo, values: scratch.slice(lo - kMin, hi - kMin + 1) };
}

/** The window around `mode` where value(K) > cutoff · value(mode), as a column (each entry evaluated once). */
function walk(
  mode: number,
  first: number,
  last: number,
  peak: number,
  value: (K: number) => number,
  cutoff: number,
): KernelColumn {
  const floor = cutoff * peak;
  const above: number[] = [];
  for (let K = mode + 1; K <= last; K++) {
    const v = value(K);
    if (!(v > floor)) break;
    above.push(v);
  }
  const below: number[] = [];
  for (let K = mode - 1; K >= first; K--) {
    const v = value(K);
    if (!(v > floor)) break;
    below.push(v);
  }
  const values = new Float64Array(below.length + 1 + above.length);
  for (let k = 0; k < below.length; k++) values[below.length - 1 - k] = below[k];
  values[below.length] = peak;
  values.set(above, below.length + 1);
  return { lo: mode - below.length, values };
}
