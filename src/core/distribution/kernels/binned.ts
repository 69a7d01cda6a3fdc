/**
 * The sampling kernel of a large catalogue with its rows averaged over bins of neighbouring ranks, for the fits of
 * instances that share one n (the paper's EM for mle and wmle, and MES) and those of users with their own n
 * (shared.ts: the same bins of the reference ranks; EM on `binColumn`s, columnCache.ts's binned ColumnCache; MES on
 * the pooled kernel's rows averaged over them, pooledKernel.ts binnedPooledKernel). The top
 * ranks keep their own rows (R ≤ BIN_ALONE); beyond, a bin holds ⌊BIN_SHARE · R⌋ ranks and each of them gets the
 * bin's mean row K̄_b. EM from uniform on that kernel keeps π constant within a bin, so it is the EM of "π uniform
 * within each bin", and its products go through the bins:
 *   K̃ π = Σ_b K̄_b (Σ_{R ∈ b} π_R),    (K̃ᵀ c)_R = K̄_bᵀ c for R in b,
 * O(bins × window) instead of O(n × window): 1,314 rows instead of 3,706 at MovieLens's n, 2,197 instead of 50,000.
 * The fits run over the bins themselves and are spread back by `expand`: EM from `shares` (the same iterates bin by
 * bin), MES with the bins' sizes as its entropy's base measure (`binnedEntropyKernel`); the log-likelihood of the
 * result is exact through the bins' rows (`logLikelihood`), and so is eq 14 (metricsFromDistribution.ts binnedMetric).
 * What it changes: the rows of a bin differ by a fraction of a percent of R. Run for the same number of steps, the
 * metrics read off π̂ move by 1e-7 to 4e-7 (relative) on the data sets of scripts/studies/binnedRanks.ts, by at most
 * 2.2e-6 over 160 bootstrap fits of the pasted-ranks case and 1.3e-7 over 150 of the NCF-sampled MovieLens ranks;
 * the bound stated and tested is 5e-6 (binnedKernel.test.ts, binnedShared.test.ts). EM's stopping rule (a step
 * gaining less than the tolerance) then stops at the same step, except where its test lies within the
 * approximation of the threshold: 1 fit in 160 and 2 in 150 above stopped one step apart, which moved them by
 * 0.3–0.6%, the size of one EM step at the stopping tolerance (a change of one user does as much). Bins of 0.1% of R
 * after 1,000 ranks (5,480 rows at n = 50,000, until 2026-11-24 22:30 UTC) moved the metrics by at most 7e-8, for
 * 2.3× the time of a fit; a tenth of the rows' own spread σ(R) (the study) is coarser near the top, where the
 * metrics sit, and moved them by 1e-5. Used from BINNED_FROM items on (recover.ts: DistributionCache.binnedKernel,
 * fitGroup; shared.ts); smaller catalogues, Newton, SQUAREM and BV-dist use every row.
 */
import type { SampledRankKernel } from './rows.ts';
import { restrictStoredRows } from './restrict.ts';
import { StoredProducts } from './products.ts';
import type { ColumnKernel, EntropyKernel, KernelProducts, RowWindows } from '../contracts.ts';
import { binMeanRows, binShares, binSizes, rankBins, spreadBins } from './bins.ts';

// The bins' bounds live in defaults.ts, which the page reads without this module's kernels and WebAssembly.
export { BIN_ALONE, BIN_SHARE, BINNED_FROM } from '../defaults.ts';

/** A stored kernel's rows averaged over the bins, as a ColumnKernel over the n ranks (for Likelihood). */
export class BinnedKernel implements ColumnKernel {
  readonly itemCount: number;
  readonly size: number;
  /** Bin b's mean row over its window: columns lo[b] … of values[offsets[b] .. offsets[b + 1]). */
  private readonly windows: RowWindows;
  /** The bins' rows over every column, stored once (in WebAssembly memory where it runs). */
  private readonly rows: StoredProducts;
  /** The ranks each bin holds. */
  readonly binSizes: Float64Array;

  constructor(
    kernel: SampledRankKernel,
    readonly starts: Int32Array = rankBins(kernel.itemCount),
  ) {
    this.itemCount = kernel.itemCount;
    this.size = kernel.size;
    const bins = starts.length - 1;
    const size = this.size;
    const row = new Float64Array(size);
    const means = binMeanRows(starts, size, (r0) => kernel.column(r0, row));
    // Each bin's mean row over its window (the entries between its first and last nonzero ones).
    const lo = new Int32Array(bins);
    const offsets = new Int32Array(bins + 1);
    for (let b = 0; b < bins; b++) {
      let first = 0;
      while (first < size - 1 && means[b * size + first] === 0) first++;
      let last = size - 1;
      while (last > first && means[b * size + last] === 0) last--;
      lo[b] = first;
      offsets[b + 1] = offsets[b] + last - first + 1;
    }
    const values = new Float64Array(offsets[bins]);
    for (let b = 0; b < bins; b++) {
      const from = b * size + lo[b];
      values.set(means.subarray(from, from + offsets[b + 1] - offsets[b]), offsets[b]);
    }
    this.rows = new StoredProducts(bins, this.size, lo, offsets, values);
    this.binSizes = binSizes(starts);
    this.windows = { lo, offsets, values: this.rows.storedValues };
  }

  /** Rows held (the bins). */
  get bins(): number {
    return this.starts.length - 1;
  }

  restrict(indices: Int32Array): KernelProducts {
    return new BinnedProducts(this.itemCount, this.restrictBins(indices), this.starts);
  }

  /**
   * The bins' rows over the given sorted columns, one row per bin: the stored rows themselves, with zero weights on
   * the columns not asked when they are fewer than half (no copy per fit), else a copy over those columns.
   */
  restrictBins(indices: Int32Array): KernelProducts {
    return restrictStoredRows(this.rows, this.windows, this.size, indices);
  }

  /**
   * Σ_i counts_i log q_i with q = K P̂ (eq 19) for a P̂ given over the bins (uniform within each): the bins' rows
   * give K P̂ exactly (Σ_{R ∈ b} K_R P̂_b / |b| = P̂_b K̄_b), at O(bins × window). Null when some observed q_i ≤ 0.
   */
  logLikelihood(perBin: Float64Array, counts: Float64Array): number | null {
    return logLikelihoodOf(this.rows, perBin, counts);
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
    return binShares(this.starts);
  }

  /** π over the ranks from π over the bins: each bin's mass spread evenly over its ranks. */
  expand(perBin: Float64Array): Float64Array {
    return spreadBins(perBin, this.starts);
  }
}

/**
 * MES over the bins: the binned kernel's products make (Kᵀμ)_R, hence π(μ)_R, constant within a bin, so the dual
 * runs over the bins with each bin's size as the base measure of the entropy (mes.ts `sizes`): the same π(μ), U and
 * certified gap as over the ranks, at O(bins × window). Newton's Hessian takes the moments of every row at that π
 * through the bins' mean wide rows (secondMoments.ts), the moments over the ranks to rounding. The fit's
 * distribution is over the bins (`expand` spreads it over the ranks).
 */
export function binnedEntropyKernel(kernel: SampledRankKernel, binned: BinnedKernel): EntropyKernel {
  return {
    itemCount: binned.bins,
    sizes: binned.binSizes,
    restrict: (indices) => binned.restrictBins(indices),
    moments: (indices) => kernel.moments(indices, binned.starts),
  };
}

/** Σ_i counts_i log q_i with q = K π (eq 19) over the kernel's columns, or null when some observed q_i ≤ 0. */
export function logLikelihoodOf(products: KernelProducts, pi: Float64Array, counts: Float64Array): number | null {
  const q = products.multiply(pi, new Float64Array(products.size));
  let s = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] === 0) continue;
    if (!(q[i] > 0)) return null;
    s += counts[i] * Math.log(q[i]);
  }
  return s;
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
