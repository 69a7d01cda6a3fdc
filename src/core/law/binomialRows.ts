/**
 * Rows of Bin(·; N, θ) for the binomial law's sums (binomialSums.ts, blockSums.ts): each starts from its value at
 * the mode (Loader's saddle-point log-pmf, special.ts) and runs the ratio recurrence outward in two interleaved
 * chains, stopped where it falls below ROW_CUTOFF of the mode.
 */
import { bd0, logBinomialPmf, stirlerr } from '../special.ts';

/** Entries of a row below this fraction of its mode are left out. */
export const ROW_CUTOFF = 1e-18;

/**
 * Ratios of consecutive binomial coefficients C(N, k±1)/C(N, k), and of every second one (for the two chains); and
 * the terms of logBinomialPmf(k, N, ·) that depend on k only (its Stirling corrections and 0.5·log(2πk(N − k)/N)).
 */
export class Ratios {
  readonly up: Float64Array;
  readonly down: Float64Array;
  readonly up2: Float64Array;
  readonly down2: Float64Array;
  readonly stirling: Float64Array;
  readonly halfLogFactor: Float64Array;
  constructor(readonly size: number) {
    this.stirling = new Float64Array(size + 1);
    this.halfLogFactor = new Float64Array(size + 1);
    for (let k = 1; k < size; k++) {
      this.stirling[k] = stirlerr(size) - stirlerr(k) - stirlerr(size - k);
      this.halfLogFactor[k] = 0.5 * (LN_2PI + Math.log(k) + Math.log1p(-k / size));
    }
    this.up = new Float64Array(size + 1);
    this.down = new Float64Array(size + 1);
    this.up2 = new Float64Array(size + 1);
    this.down2 = new Float64Array(size + 1);
    for (let k = 0; k <= size; k++) {
      this.up[k] = (size - k) / (k + 1);
      this.down[k] = k / (size - k + 1);
    }
    for (let k = 0; k < size; k++) this.up2[k] = this.up[k] * this.up[k + 1];
    for (let k = 1; k <= size; k++) this.down2[k] = this.down[k] * this.down[k - 1];
  }
}

const LN_2PI = Math.log(2 * Math.PI);

/** The mode of Bin(·; N, p). */
export function modeOf(ratios: Ratios, p: number): number {
  return Math.min(ratios.size, Math.floor((ratios.size + 1) * p));
}

/**
 * weight · Bin(mode; N, p, q): logBinomialPmf's value, by the same operations with its k-only terms read from the
 * tables.
 */
export function modeValue(ratios: Ratios, mode: number, p: number, q: number, weight: number): number {
  const size = ratios.size;
  if (mode === 0 || mode === size) return weight * Math.exp(logBinomialPmf(mode, size, p, q));
  const lc = ratios.stirling[mode] - bd0(mode, size * p) - bd0(size - mode, size * q);
  return weight * Math.exp(lc - ratios.halfLogFactor[mode]);
}

/**
 * row[k] = weight · Bin(k; N, θ), θ = above/pool, over the window where it is above ROW_CUTOFF of the mode (entries
 * outside are stale); returns the window [lo, hi].
 */
export function fillRow(
  row: Float64Array,
  ratios: Ratios,
  above: number,
  pool: number,
  weight: number,
): [number, number] {
  const size = ratios.size;
  if (above <= 0 || above >= pool) {
    const k = above <= 0 ? 0 : size;
    row[k] = weight;
    return [k, k];
  }
  const p = above / pool;
  const q = (pool - above) / pool;
  const mode = modeOf(ratios, p);
  const x0 = modeValue(ratios, mode, p, q, weight);
  const cut = x0 * ROW_CUTOFF;
  row[mode] = x0;
  let hi = mode;
  {
    const odds = p / q;
    const odds2 = odds * odds;
    const { up, up2 } = ratios;
    // a = x_k (written), b = x_{k+1} (not yet written).
    let a = x0;
    let b = x0 * (up[mode] * odds);
    while (hi < size && b > cut) {
      row[++hi] = b;
      if (hi === size) break;
      const next = a * (up2[hi - 1] * odds2);
      if (!(next > cut)) break;
      row[hi + 1] = next;
      b *= up2[hi] * odds2;
      a = next;
      hi++;
    }
  }
  let lo = mode;
  {
    const odds = q / p;
    const odds2 = odds * odds;
    const { down, down2 } = ratios;
    let a = x0;
    let b = x0 * (down[mode] * odds);
    while (lo > 0 && b > cut) {
      row[--lo] = b;
      if (lo === 0) break;
      const next = a * (down2[lo + 1] * odds2);
      if (!(next > cut)) break;
      row[lo - 1] = next;
      b *= down2[lo] * odds2;
      a = next;
      lo--;
    }
  }
  return [lo, hi];
}
