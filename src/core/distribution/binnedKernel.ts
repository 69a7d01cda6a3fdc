/**
 * The sampling kernel of a large catalogue with its rows averaged over bins of neighbouring ranks, for the fits of
 * instances that share one n (the paper's EM for mle and wmle, and MES's products). The top ranks keep their own rows
 * (R ≤ BIN_ALONE); beyond, a bin holds ⌊BIN_SHARE · R⌋ ranks and each of them gets the bin's mean row K̄_b. EM from
 * uniform on that kernel keeps π constant within a bin, so it is the EM of "π uniform within each bin", and its
 * products go through the bins:
 *   K̃ π = Σ_b K̄_b (Σ_{R ∈ b} π_R),    (K̃ᵀ c)_R = K̄_bᵀ c for R in b,
 * O(n) to gather and spread plus O(bins × window) instead of O(n × window): at n = 50,000, m = 100, 5,480 rows
 * instead of 50,000. The EM fits run over the bins themselves (`binKernel`, from `shares`, spread back by `expand`):
 * the same iterates bin by bin, O(bins × window) a step; MES works over the ranks through BinnedProducts.
 * What it changes: the rows of a bin differ by a fraction of a percent of R, and the metrics read off π̂ move by 1e-8
 * to 3e-8 (relative) on the pasted-ranks case (scripts/studies/binnedRanks.ts), within 1e-7 in the tests over both
 * laws (binnedKernel.test.ts). Used from BINNED_FROM items on (recover.ts: DistributionCache.binnedKernel, fitGroup); smaller
 * catalogues, Newton and SQUAREM use every row.
 */
import type { ColumnKernel } from './likelihood.ts';
import type { EntropyKernel } from './mes.ts';
import type { KernelProducts } from './kernelProducts.ts';
import type { SampledRankKernel } from './kernel.ts';
import { restrictRowWindows } from './kernel.ts';

/** Ranks R ≤ BIN_ALONE keep their own rows. */
export const BIN_ALONE = 1000;
/** Beyond, a bin holds ⌊BIN_SHARE · R⌋ ranks (at least one). */
export const BIN_SHARE = 0.001;
/** Catalogues of at least this many items are fitted on bins (five times fewer rows or more). */
export const BINNED_FROM = 20_000;

/** The bins' first 0-based ranks, and n at the end: bin b holds r0 = starts[b] .. starts[b + 1] − 1. */
export function rankBins(itemCount: number, alone = BIN_ALONE, share = BIN_SHARE): Int32Array {
  const starts: number[] = [];
  for (let R = 1; R <= itemCount;) {
    starts.push(R - 1);
    R += R <= alone ? 1 : Math.max(1, Math.floor(R * share));
  }
  starts.push(itemCount);
  return Int32Array.from(starts);
}

/** A stored kernel's rows averaged over the bins, as a ColumnKernel over the n ranks (for Likelihood). */
export class BinnedKernel implements ColumnKernel {
  readonly itemCount: number;
  readonly size: number;
  /** Bin b's mean row over its window: columns lo[b] … of values[offsets[b] .. offsets[b + 1]). */
  private readonly windows: { lo: Int32Array; offsets: Int32Array; values: Float64Array };

  constructor(
    kernel: SampledRankKernel,
    readonly starts: Int32Array = rankBins(kernel.itemCount),
  ) {
    this.itemCount = kernel.itemCount;
    this.size = kernel.size;
    const bins = starts.length - 1;
    const sum = new Float64Array(this.size);
    const row = new Float64Array(this.size);
    const lo = new Int32Array(bins);
    const offsets = new Int32Array(bins + 1);
    const parts: Float64Array[] = [];
    for (let b = 0; b < bins; b++) {
      sum.fill(0);
      for (let r0 = starts[b]; r0 < starts[b + 1]; r0++) {
        kernel.column(r0, row);
        for (let i = 0; i < this.size; i++) sum[i] += row[i];
      }
      let first = 0;
      while (first < this.size - 1 && sum[first] === 0) first++;
      let last = this.size - 1;
      while (last > first && sum[last] === 0) last--;
      const count = starts[b + 1] - starts[b];
      const mean = sum.slice(first, last + 1);
      if (count > 1) for (let i = 0; i < mean.length; i++) mean[i] /= count;
      lo[b] = first;
      offsets[b + 1] = offsets[b] + mean.length;
      parts.push(mean);
    }
    const values = new Float64Array(offsets[bins]);
    parts.forEach((p, b) => values.set(p, offsets[b]));
    this.windows = { lo, offsets, values };
  }

  /** Rows held (the bins). */
  get bins(): number {
    return this.starts.length - 1;
  }

  restrict(indices: Int32Array): KernelProducts {
    return new BinnedProducts(this.itemCount, this.restrictBins(indices), this.starts);
  }

  /** The bins' rows over the given sorted columns, one row per bin. */
  private restrictBins(indices: Int32Array): KernelProducts {
    return restrictRowWindows(this.windows, this.bins, this.size, indices);
  }

  /**
   * The bins' rows as a kernel of their own: EM on it from `shares()` gives, bin by bin, the totals of EM over the
   * ranks on this kernel (Σ_{R ∈ b} π_R D_b = π_b D_b), at O(bins × window) a step instead of O(n) more.
   */
  binKernel(): ColumnKernel {
    return { itemCount: this.bins, restrict: (indices) => this.restrictBins(indices) };
  }

  /** Each bin's share of the n ranks: uniform over the ranks, in bins. */
  shares(): Float64Array {
    return Float64Array.from({ length: this.bins }, (_, b) => (this.starts[b + 1] - this.starts[b]) / this.itemCount);
  }

  /** π over the ranks from π over the bins: each bin's mass spread evenly over its ranks. */
  expand(perBin: Float64Array): Float64Array {
    const out = new Float64Array(this.itemCount);
    for (let b = 0; b < this.bins; b++) {
      out.fill(perBin[b] / (this.starts[b + 1] - this.starts[b]), this.starts[b], this.starts[b + 1]);
    }
    return out;
  }
}

/**
 * The kernel MES uses with a binned one: its products (hence π(μ), U and the certified gap) on the binned kernel, and
 * Newton's Hessian from the moments of every row at that π (constant within a bin), which differ from the binned
 * kernel's by the rows' spread within a bin: an inexact Hessian changes Newton's steps, not the optimum it certifies.
 */
export function binnedEntropyKernel(kernel: SampledRankKernel, binned: BinnedKernel): EntropyKernel {
  return {
    itemCount: kernel.itemCount,
    restrict: (indices) => binned.restrict(indices),
    moments: (indices) => kernel.moments(indices),
  };
}

/** Products over the n ranks through the bins' rows (`bins`, one row per bin): gather π per bin, spread Kᵀc back. */
export class BinnedProducts implements KernelProducts {
  readonly size: number;
  private readonly perBin: Float64Array;
  private readonly binD: Float64Array;

  constructor(
    readonly itemCount: number,
    private readonly bins: KernelProducts,
    private readonly starts: Int32Array,
  ) {
    this.size = bins.size;
    this.perBin = new Float64Array(bins.itemCount);
    this.binD = new Float64Array(bins.itemCount);
  }

  /** Σ_{R ∈ b} x_R for every bin. */
  private gather(x: Float64Array): Float64Array {
    const { starts, perBin } = this;
    for (let b = 0; b < perBin.length; b++) {
      let s = 0;
      for (let r = starts[b]; r < starts[b + 1]; r++) s += x[r];
      perBin[b] = s;
    }
    return perBin;
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    return this.bins.multiply(this.gather(pi), out);
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    const d = this.bins.multiplyTranspose(c, this.binD);
    for (let b = 0; b < d.length; b++) out.fill(d[b], this.starts[b], this.starts[b + 1]);
    return out;
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    const { starts, perBin } = this;
    const d = this.bins.multiplyTranspose(c, this.binD);
    let maxD = 0;
    let sum = 0;
    for (let b = 0; b < d.length; b++) {
      const D = d[b];
      if (D > maxD) maxD = D;
      let s = 0;
      for (let r = starts[b]; r < starts[b + 1]; r++) s += next[r] = pi[r] * D;
      perBin[b] = s;
      sum += s;
    }
    this.bins.multiply(perBin, qNext);
    return { maxD, sum };
  }

  column(r0: number, out: Float64Array): Float64Array {
    // The bin holding r0: the last start ≤ r0.
    let a = 0;
    let b = this.starts.length - 2;
    while (a < b) {
      const mid = (a + b + 1) >> 1;
      if (this.starts[mid] <= r0) a = mid;
      else b = mid - 1;
    }
    return this.bins.column(a, out);
  }
}
