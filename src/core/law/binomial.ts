/**
 * The binomial law X ~ Binomial(m, θ), θ = above/pool (Krichene & Rendle eq 15: m irrelevant items drawn uniformly
 * with replacement from the pool, θ = (r − 1)/(n − 1) for one relevant item), in every form law.ts asks for. Point
 * values come from Loader's saddle-point log-pmf (special.ts); rows, columns and draws from the exact ratio
 * P(k + 1)/P(k) = (m − k)/(k + 1) · θ/(1 − θ) outward from the mode.
 */
import type { RandomSource } from '../random.ts';
import { logBinomialPmf } from '../special.ts';
import type { ColumnScratch, KernelColumn } from './law.ts';
import { rescale, HUGE, RowBase } from './rowBase.ts';

/** The mode of Binomial(m, p). */
export function binomialMode(m: number, p: number): number {
  return Math.min(m, Math.floor((m + 1) * p));
}

export class BinomialRow extends RowBase {
  /** up[k] = (m − k)/(k + 1) and down[k] = k/(m − k + 1): the binomial coefficient ratios, shared by every row. */
  private readonly up: Float64Array;
  private readonly down: Float64Array;
  constructor(sampleSize: number, relativeCutoff = 0) {
    super(sampleSize, relativeCutoff);
    this.up = new Float64Array(sampleSize + 1);
    this.down = new Float64Array(sampleSize + 1);
    for (let k = 0; k <= sampleSize; k++) {
      this.up[k] = (sampleSize - k) / (k + 1);
      this.down[k] = k / (sampleSize - k + 1);
    }
  }

  fillRaw(above: number, pool: number): this {
    const m = this.sampleSize;
    const v = this.values;
    if (above <= 0) return this.point(0);
    if (above >= pool) return this.point(m);
    const p = above / pool;
    const q = (pool - above) / pool;
    const odds = p / q;
    const mode = Math.min(m, Math.floor((m + 1) * p));
    const cut = this.relativeCutoff;
    const up = this.up;
    const down = this.down;
    v[mode] = 1;
    let sum = 1;
    let x = 1;
    let k = mode;
    while (k < m) {
      x *= up[k] * odds;
      if (x <= cut || x === 0) break;
      k++;
      v[k] = x;
      sum += x;
    }
    this.hi = k;
    x = 1;
    k = mode;
    const inv = q / p;
    while (k > 0) {
      x *= down[k] * inv;
      if (x <= cut || x === 0) break;
      k--;
      v[k] = x;
      sum += x;
    }
    this.lo = k;
    this.total = sum;
    return this;
  }
}

/** A table of log K for K = 0..pool at least, grown (doubling) from `previous`. */
export function logScratch(pool: number, previous?: ColumnScratch | null): ColumnScratch {
  if (previous && previous.logs.length >= pool + 1) return previous;
  const length = Math.max(pool + 1, 2 * (previous?.logs.length ?? 0));
  return { logs: Float64Array.from({ length }, (_, K) => Math.log(K)) };
}

/**
 * Column i of the binomial kernel over K = r − 1 = 0..pool: C(m, i) θ^i (1 − θ)^(m−i), θ = K/pool, evaluated directly
 * from the table of log K (one exp each, no accumulated rounding) and walked outward from its mode while above
 * `cutoff` times the mode's value.
 */
export function binomialColumn(
  i: number,
  pool: number,
  m: number,
  scratch: ColumnScratch | null,
  cutoff: number,
): KernelColumn {
  const logs = (scratch ?? logScratch(pool)).logs;
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

/**
 * E[1/(1 + X)] = (1 − (1 − θ)^{m+1})/((m + 1)θ), θ = K/N (from C(m, x)/(x + 1) = C(m + 1, x + 1)/(m + 1)).
 */
export function binomialReciprocal(K: number, N: number, m: number): number {
  const theta = K / N;
  return -Math.expm1((m + 1) * Math.log1p(-theta)) / ((m + 1) * theta);
}

/** law.ts `prefix` for the binomial law: p(x)/p(0) by the ratio (m − x + 1)/x · θ/(1 − θ), and log p(0). */
export function binomialPrefix(K: number, N: number, m: number, terms: number, scaled: Float64Array): number {
  scaled.fill(0);
  if (terms === 0) return 0;
  if (K === N) {
    // θ = 1: every sampled item ranks above the relevant one, X = m surely.
    if (m >= terms) return -Infinity;
    scaled[m] = 1;
    return 0;
  }
  const odds = K / (N - K);
  let value = 1;
  let shift = 0;
  for (let x = 0; x < terms && x <= m; x++) {
    if (x > 0) value *= ((m - x + 1) / x) * odds;
    if (value > HUGE) [value, shift] = rescale(scaled, x, value, shift);
    scaled[x] = value;
  }
  return logBinomialPmf(0, m, K / N, (N - K) / N) + shift;
}

/** out[i] = Bin(i; m, θ) for i = 0..m at a real θ (clamped to [0, 1]). */
export function binomialBasisRow(theta: number, m: number, out: Float64Array): void {
  const t = Math.min(1, Math.max(0, theta));
  for (let i = 0; i <= m; i++) out[i] = Math.exp(logBinomialPmf(i, m, t, 1 - t));
}

/** P(X = mode) of Binomial(draws, successes/population) (1 when X is certain). */
export function binomialPmfAtMode(draws: number, successes: number, population: number): number {
  if (draws <= 0 || successes <= 0 || successes >= population) return 1;
  const p = successes / population;
  const q = (population - successes) / population;
  return Math.exp(logBinomialPmf(binomialMode(draws, p), draws, p, q));
}

/**
 * A Binomial(m, successes/population) draw by exact inversion: the support is visited from the mode outward, always
 * to the more probable neighbour (a fixed order), subtracting each probability from one uniform until it falls below
 * zero; in the rare event (≈ 1e-16) that rounding leaves the uniform above the summed probabilities, a new uniform
 * is drawn.
 */
export function binomialDraw(
  random: RandomSource,
  m: number,
  successes: number,
  population: number,
  atMode: number,
): number {
  if (m <= 0 || successes <= 0) return 0;
  if (successes >= population) return m;
  if (!(atMode > 0)) throw new Error(`P(mode) = ${atMode} for ${m} draws, ${successes} of ${population}`);
  const odds = successes / (population - successes);
  const mode = binomialMode(m, successes / population);
  for (;;) {
    let u = random.next() - atMode;
    if (u < 0) return mode;
    let lo = mode;
    let hi = mode;
    // P(lo − 1) and P(hi + 1) from their neighbours: P(k + 1)/P(k) = (m − k)/(k + 1) · p/q.
    let down = lo > 0 ? (atMode * lo) / ((m - lo + 1) * odds) : 0;
    let up = hi < m ? (atMode * (m - hi) * odds) / (hi + 1) : 0;
    while (down > 0 || up > 0) {
      if (up >= down) {
        u -= up;
        hi++;
        if (u < 0) return hi;
        up = hi < m ? (up * (m - hi) * odds) / (hi + 1) : 0;
      } else {
        u -= down;
        lo--;
        if (u < 0) return lo;
        down = lo > 0 ? (down * lo) / ((m - lo + 1) * odds) : 0;
      }
    }
  }
}
