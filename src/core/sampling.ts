/**
 * The law of the sampled rank r̃ given the true rank r (Krichene & Rendle 2020, section 4.3).
 * m irrelevant items are drawn uniformly from the n − 1 irrelevant items; each one that ranks above the relevant
 * item pushes it down by one, so r̃ = 1 + X with
 *   X ~ Binomial(m, θ), θ = (r − 1)/(n − 1)                         (with replacement, eq 15)
 *   X ~ Hypergeometric(population n − 1, successes r − 1, draws m)   (without replacement, section 4.4).
 * With |R| = k relevant items, the j-th best (rank r_j) has r̃_j = j + X_j with the same laws on a pool of n − k
 * irrelevant items of which r_j − j rank above it.
 */
import { InputError } from './errors.ts';
import { logBinomialPmf, logHypergeometricPmf } from './special.ts';

export type Sampling = 'with-replacement' | 'without-replacement';
export const SAMPLINGS: readonly Sampling[] = ['with-replacement', 'without-replacement'];

export function parseSampling(text: string): Sampling {
  if (text === 'with-replacement' || text === 'without-replacement') return text;
  throw new InputError(`unknown sampling "${text}": expected with-replacement or without-replacement`);
}

/** Checks n, m and the sampling scheme together; throws an InputError naming the value. */
export function validateSamplingSetup(itemCount: number, sampleSize: number, sampling: Sampling): void {
  if (!Number.isSafeInteger(itemCount) || itemCount < 2)
    throw new InputError(`n must be an integer ≥ 2, got ${itemCount}`);
  if (!Number.isSafeInteger(sampleSize) || sampleSize < 1)
    throw new InputError(`m must be an integer ≥ 1, got ${sampleSize}`);
  if (sampling === 'without-replacement' && sampleSize > itemCount - 1) {
    throw new InputError(
      `m = ${sampleSize} is larger than the n − 1 = ${itemCount - 1} irrelevant items: without replacement m ≤ n − 1`,
    );
  }
}

/**
 * log p(r̃ = sampledRank | r = trueRank) evaluated directly with Loader's saddle-point algorithm: accurate to a
 * few ulps of the log even where the probability underflows a double (e.g. −1e5).
 */
export function logSampledRankPmf(
  sampledRank: number,
  trueRank: number,
  itemCount: number,
  sampleSize: number,
  sampling: Sampling,
): number {
  const x = sampledRank - 1;
  const pool = itemCount - 1;
  const above = trueRank - 1;
  if (sampling === 'with-replacement') return logBinomialPmf(x, sampleSize, above / pool, (pool - above) / pool);
  return logHypergeometricPmf(x, above, pool - above, sampleSize);
}

/**
 * A reusable row of the kernel p(· | r): after `fill`, values[k] = P(X = k) for k in [lo, hi] (zero-based
 * successes, so the sampled rank is offset + k), and the row sums to 1. Entries outside [lo, hi] are stale: read
 * only the window. The row is computed by the exact ratio recurrence outward from the mode, then normalised, so it
 * costs a few flops per entry and never overflows; with `relativeCutoff` > 0 it stops where the pmf falls below
 * that fraction of its mode (1e-30 changes no sum of bounded terms in double precision), which keeps large-m
 * rows short.
 */
export class KernelRow {
  readonly values: Float64Array;
  lo = 0;
  hi = 0;
  /** Sum of the unnormalised row left by `fillRaw` (1 after `fill`). */
  total = 1;
  /** up[k] = (m − k)/(k + 1) and down[k] = k/(m − k + 1): the binomial coefficient ratios, shared by every row. */
  private readonly up: Float64Array;
  private readonly down: Float64Array;
  constructor(
    readonly sampleSize: number,
    readonly sampling: Sampling,
    readonly relativeCutoff = 0,
  ) {
    this.values = new Float64Array(sampleSize + 1);
    this.up = new Float64Array(sampleSize + 1);
    this.down = new Float64Array(sampleSize + 1);
    for (let k = 0; k <= sampleSize; k++) {
      this.up[k] = (sampleSize - k) / (k + 1);
      this.down[k] = k / (sampleSize - k + 1);
    }
  }

  /** Fills the row for a relevant item with `above` of the `pool` irrelevant items ranked above it. */
  fill(above: number, pool: number): this {
    this.fillRaw(above, pool);
    const v = this.values;
    const s = 1 / this.total;
    for (let k = this.lo; k <= this.hi; k++) v[k] *= s;
    this.total = 1;
    return this;
  }

  /**
   * Like `fill` but leaves the row proportional to the pmf (its mode is 1) and its sum in `total`: hot loops divide
   * their accumulated sums by `total` once instead of normalising every entry.
   */
  fillRaw(above: number, pool: number): this {
    if (this.sampling === 'with-replacement') this.fillBinomial(above, pool);
    else this.fillHypergeometric(above, pool);
    return this;
  }

  private point(k: number): void {
    this.values[k] = 1;
    this.lo = k;
    this.hi = k;
    this.total = 1;
  }

  private fillBinomial(above: number, pool: number): void {
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
  }

  private fillHypergeometric(above: number, pool: number): void {
    const m = this.sampleSize;
    const v = this.values;
    const K = above;
    const N = pool;
    if (m > N) throw new InputError(`m = ${m} exceeds the ${N} irrelevant items available without replacement`);
    const kMin = Math.max(0, m - (N - K));
    const kMax = Math.min(K, m);
    if (kMin === kMax) return this.point(kMin);
    const mode = Math.min(kMax, Math.max(kMin, Math.floor(((m + 1) * (K + 1)) / (N + 2))));
    const cut = this.relativeCutoff;
    v[mode] = 1;
    let sum = 1;
    let x = 1;
    let k = mode;
    while (k < kMax) {
      x *= ((K - k) * (m - k)) / ((k + 1) * (N - K - m + k + 1));
      if (x <= cut || x === 0) break;
      k++;
      v[k] = x;
      sum += x;
    }
    this.hi = k;
    x = 1;
    k = mode;
    while (k > kMin) {
      x *= (k * (N - K - m + k)) / ((K - k + 1) * (m - k + 1));
      if (x <= cut || x === 0) break;
      k--;
      v[k] = x;
      sum += x;
    }
    this.lo = k;
    this.total = sum;
  }
}

/** The full row p(r̃ = 1..m+1 | r) as a fresh array (zeros outside the support). */
export function sampledRankPmf(
  trueRank: number,
  itemCount: number,
  sampleSize: number,
  sampling: Sampling,
): Float64Array {
  validateSamplingSetup(itemCount, sampleSize, sampling);
  if (!Number.isSafeInteger(trueRank) || trueRank < 1 || trueRank > itemCount) {
    throw new InputError(`true rank must be an integer in 1..${itemCount}, got ${trueRank}`);
  }
  const row = new KernelRow(sampleSize, sampling).fill(trueRank - 1, itemCount - 1);
  const out = new Float64Array(sampleSize + 1);
  out.set(row.values.subarray(row.lo, row.hi + 1), row.lo);
  return out;
}

/** The cutoff used by the bulk computations (expected curves, Gram matrices). */
export const BULK_CUTOFF = 1e-30;
