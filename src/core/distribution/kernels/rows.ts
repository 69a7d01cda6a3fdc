/**
 * The sampling kernel K(i | r) = p(r̃ = i + 1 | true rank r), r = 1..n, i = 0..m (sampling.ts), as the two products
 * every rank-distribution estimator needs (Jin et al. 2021 eqs 18 and 21):
 *   q = K π,      q_i = Σ_r π_r p(i | r)          (the law of r̃ under the rank distribution π, eq 18)
 *   D = Kᵀ c,     D_r = Σ_i c_i p(i | r)          (the EM / gradient sum of eq 21)
 * Rows are kept only over the window where p(· | r) is above 1e-30 of its mode (BULK_CUTOFF), each row normalised
 * to sum 1. When the windows fit the memory budget (STORED_KERNEL_LIMIT doubles, 128 MB) they are computed once and
 * stored (n = 10^5, m = 100 takes ≈ 80 MB); above it every product recomputes the rows by the exact recurrence
 * (about twice the time, O(m) memory). The dense n × (m + 1) matrix is never built.
 * The estimators see the data only at the observed sampled ranks (P̃_i > 0), so they work on the kernel restricted
 * to those columns (`restrict`): with five users only five columns are touched instead of m + 1.
 */
import type { LawLike, PmfRow, SampledRankLaw } from '../../law/index.ts';
import { BULK_CUTOFF, samplingLaw, validateSamplingSetup } from '../../law/index.ts';
import { ChosenProducts, StoredProducts, StreamedProducts } from './products.ts';
import { SecondMoments } from './secondMoments.ts';
import { KernelScratch } from './scratch.ts';
import type { KernelProducts } from '../contracts.ts';
import { restrictStoredRows } from './restrict.ts';
import { STORED_KERNEL_LIMIT } from '../defaults.ts';
export type { KernelProducts } from '../contracts.ts';

export class SampledRankKernel extends ChosenProducts {
  readonly size: number;
  protected readonly products: KernelProducts;
  private readonly lo: Int32Array;
  private readonly offsets: Int32Array;
  private readonly values: Float64Array | null;
  private readonly row: PmfRow;
  /** The law of the sampled rank (law/law.ts). */
  readonly law: SampledRankLaw;

  constructor(
    readonly itemCount: number,
    readonly sampleSize: number,
    sampling: LawLike,
    private readonly storedLimit = STORED_KERNEL_LIMIT,
    /** The working memories of the kernels of one store (scratch.ts; KernelCache passes its store's). */
    private readonly scratch: KernelScratch = new KernelScratch(),
  ) {
    super();
    validateSamplingSetup(itemCount, sampleSize, sampling);
    this.law = samplingLaw(sampling);
    this.size = sampleSize + 1;
    this.row = this.law.row(sampleSize, BULK_CUTOFF);
    this.lo = new Int32Array(itemCount);
    this.offsets = new Int32Array(itemCount + 1);
    let total = 0;
    for (let r = 0; r < itemCount; r++) {
      this.row.fillRaw(r, itemCount - 1);
      this.lo[r] = this.row.lo;
      total += this.row.hi - this.row.lo + 1;
      this.offsets[r + 1] = Math.min(total, 2 ** 31 - 1);
    }
    if (total <= storedLimit) {
      const values = new Float64Array(total);
      for (let r = 0; r < itemCount; r++) {
        this.row.fill(r, itemCount - 1);
        values.set(this.row.values.subarray(this.row.lo, this.row.hi + 1), this.offsets[r]);
      }
      const products = new StoredProducts(itemCount, this.size, this.lo, this.offsets, values);
      // The products' own copy (in WebAssembly memory where it runs): one copy of the rows is kept, not two.
      this.values = products.storedValues;
      this.products = products;
    } else {
      this.values = null;
      const identity = Int32Array.from({ length: this.size }, (_, i) => i);
      this.products = new StreamedProducts(itemCount, this.size, sampleSize, this.law, identity);
    }
  }

  /** True when the rows are stored (fast products), false when they are recomputed on each product. */
  get stored(): boolean {
    return this.values !== null;
  }

  /** Number of doubles held by the stored rows (0 when streaming). */
  get storedEntries(): number {
    return this.values?.length ?? 0;
  }

  /**
   * The products over the given sorted column indices only (the observed sampled ranks). All columns: this kernel.
   * Otherwise the restricted rows are stored (one pass, n × |indices| doubles at most) when they fit the budget,
   * else streamed.
   */
  restrict(indices: Int32Array): KernelProducts {
    if (indices.length === this.size) return this;
    const n = this.itemCount;
    if (this.values && (indices.length * 2 >= this.size || n * indices.length <= this.storedLimit)) {
      return restrictStoredRows(this, { lo: this.lo, offsets: this.offsets, values: this.values }, this.size, indices);
    }
    const position = new Int32Array(this.size).fill(-1);
    indices.forEach((i, k) => (position[i] = k));
    return new StreamedProducts(n, indices.length, this.sampleSize, this.law, position);
  }

  /**
   * The second moments K diag(π) Kᵀ over the given sampled-rank indices, for the MES Newton step (mes.ts); with bins
   * (binnedKernel.ts: first ranks, n at the end), of a π given per bin and spread evenly over its ranks.
   */
  moments(indices: Int32Array, bins: Int32Array | null = null): SecondMoments {
    return new SecondMoments(this, indices, bins, this.scratch);
  }

  /**
   * Σ_r w[r − 1] p(i | r) p(j | r) for every pair of the given sampled-rank indices (row-major d × d), by direct
   * accumulation over the windows: O(n · width²). The binomial law has an O(n · m) route (secondMoments.ts).
   */
  weightedGram(weight: Float64Array, indices: Int32Array): Float64Array {
    const d = indices.length;
    const m = this.sampleSize;
    const position = new Int32Array(m + 1).fill(-1);
    indices.forEach((i, k) => (position[i] = k));
    const out = new Float64Array(d * d);
    const full = new Float64Array(m + 1);
    const local = new Float64Array(m + 1);
    const where = new Int32Array(m + 1);
    for (let r = 0; r < this.itemCount; r++) {
      const w = weight[r];
      if (w === 0) continue;
      this.column(r, full);
      let count = 0;
      for (let i = 0; i <= m; i++) {
        const k = position[i];
        if (k < 0 || full[i] === 0) continue;
        local[count] = full[i];
        where[count++] = k;
      }
      for (let a = 0; a < count; a++) {
        const wa = w * local[a];
        const base = where[a] * d;
        for (let b = a; b < count; b++) out[base + where[b]] += wa * local[b];
      }
    }
    for (let a = 0; a < d; a++) {
      for (let b = a + 1; b < d; b++) {
        const s = out[a * d + b] + out[b * d + a];
        out[a * d + b] = s;
        out[b * d + a] = s;
      }
    }
    return out;
  }
}

/**
 * Kernels by (n, m, sampling), built once and shared by repeated fits (bootstrap, studies). Least recently used
 * kernels are dropped once the stored rows exceed STORED_KERNEL_LIMIT doubles in total (data with many distinct n).
 */
export class KernelCache {
  private readonly kernels = new Map<string, SampledRankKernel>();
  private entries = 0;
  constructor(
    private readonly limit = STORED_KERNEL_LIMIT,
    private readonly scratch = new KernelScratch(),
  ) {}

  /** Number of kernels held. */
  get size(): number {
    return this.kernels.size;
  }

  get(itemCount: number, sampleSize: number, sampling: LawLike): SampledRankKernel {
    const key = `${itemCount}|${sampleSize}|${samplingLaw(sampling).id}`;
    let kernel = this.kernels.get(key);
    if (kernel) {
      // Most recently used last (Map keeps insertion order).
      this.kernels.delete(key);
      this.kernels.set(key, kernel);
      return kernel;
    }
    kernel = new SampledRankKernel(itemCount, sampleSize, sampling, STORED_KERNEL_LIMIT, this.scratch);
    this.entries += kernel.storedEntries;
    for (const [oldKey, old] of this.kernels) {
      if (this.entries <= this.limit) break;
      this.kernels.delete(oldKey);
      this.entries -= old.storedEntries;
    }
    this.kernels.set(key, kernel);
    return kernel;
  }
}
