/**
 * The sampling kernel K(i | r) = p(r̃ = i + 1 | true rank r), r = 1..n, i = 0..m (sampling.ts), as the two products
 * every rank-distribution estimator needs (Jin et al. 2021 eqs 18 and 21):
 *   q = K π,      q_i = Σ_r π_r p(i | r)          (the law of r̃ under the rank distribution π, eq 18)
 *   D = Kᵀ c,     D_r = Σ_i c_i p(i | r)          (the EM / gradient sum of eq 21)
 * Rows are kept only over the window where p(· | r) is above 1e-30 of its mode (BULK_CUTOFF), each row normalised
 * to sum 1. When the windows fit the memory budget (STORED_KERNEL_LIMIT doubles, 128 MB) they are computed once and
 * stored (n = 10^5, m = 100 takes ≈ 80 MB); above it every product recomputes the rows by the exact recurrence
 * (about twice the time, O(m) memory). The dense n × (m + 1) matrix is never built.
 */
import type { Sampling } from '../sampling.ts';
import { BULK_CUTOFF, KernelRow, validateSamplingSetup } from '../sampling.ts';

/** Largest number of stored kernel entries (doubles); beyond it rows are recomputed on every product. */
export const STORED_KERNEL_LIMIT = 2 ** 24;

export class SampledRankKernel {
  /** Window start (0-based sampled-rank index) of each row r = 1..n at position r − 1. */
  private readonly lo: Int32Array;
  /** Row r − 1 occupies values[offsets[r − 1] .. offsets[r]). Empty when streaming. */
  private readonly offsets: Int32Array;
  private readonly values: Float64Array | null;
  private readonly row: KernelRow;

  constructor(
    readonly itemCount: number,
    readonly sampleSize: number,
    readonly sampling: Sampling,
    storedLimit = STORED_KERNEL_LIMIT,
  ) {
    validateSamplingSetup(itemCount, sampleSize, sampling);
    this.row = new KernelRow(sampleSize, sampling, BULK_CUTOFF);
    this.lo = new Int32Array(itemCount);
    this.offsets = new Int32Array(itemCount + 1);
    let total = 0;
    for (let r = 0; r < itemCount; r++) {
      this.row.fillRaw(r, itemCount - 1);
      this.lo[r] = this.row.lo;
      total += this.row.hi - this.row.lo + 1;
      this.offsets[r + 1] = Math.min(total, 2 ** 31 - 1);
    }
    this.values = total <= storedLimit ? new Float64Array(total) : null;
    if (!this.values) return;
    for (let r = 0; r < itemCount; r++) {
      this.row.fill(r, itemCount - 1);
      this.values.set(this.row.values.subarray(this.row.lo, this.row.hi + 1), this.offsets[r]);
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

  /** Calls visit(r0, lo, values, start, length) for every row with a nonzero weight (r0 = r − 1). */
  private eachRow(
    weight: Float64Array | null,
    visit: (r0: number, lo: number, values: Float64Array, start: number, length: number) => void,
  ): void {
    const n = this.itemCount;
    const stored = this.values;
    for (let r = 0; r < n; r++) {
      if (weight && weight[r] === 0) continue;
      if (stored) {
        visit(r, this.lo[r], stored, this.offsets[r], this.offsets[r + 1] - this.offsets[r]);
      } else {
        const row = this.row.fill(r, n - 1);
        visit(r, row.lo, row.values, row.lo, row.hi - row.lo + 1);
      }
    }
  }

  /** out = K π: out[i] = Σ_r π[r − 1] p(i | r), i = 0..m (eq 18). */
  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    out.fill(0);
    const stored = this.values;
    if (stored) {
      // Inlined for speed: this is the hot loop of every estimator.
      const lo = this.lo;
      const offsets = this.offsets;
      for (let r = 0; r < this.itemCount; r++) {
        const p = pi[r];
        if (p !== 0) axpy(p, stored, offsets[r], offsets[r + 1], out, lo[r] - offsets[r]);
      }
      return out;
    }
    this.eachRow(pi, (r, lo, values, start, length) => {
      const p = pi[r];
      for (let t = 0; t < length; t++) out[lo + t] += p * values[start + t];
    });
    return out;
  }

  /** out = Kᵀ c: out[r − 1] = Σ_i c[i] p(i | r), r = 1..n (the sum of eq 21). */
  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    const stored = this.values;
    if (stored) {
      const lo = this.lo;
      const offsets = this.offsets;
      for (let r = 0; r < this.itemCount; r++) out[r] = dot(c, stored, offsets[r], offsets[r + 1], lo[r] - offsets[r]);
      return out;
    }
    this.eachRow(null, (r, lo, values, start, length) => {
      let s = 0;
      for (let t = 0; t < length; t++) s += c[lo + t] * values[start + t];
      out[r] = s;
    });
    return out;
  }

  /**
   * One fused EM step (eq 21) in a single pass over the rows: D_r = Σ_i c_i p(i | r) (c = P̃ / q at π),
   * next_r = π_r D_r and qNext = K next. Returns max_r D_r (at π) and Σ_r next_r (1 up to rounding; the caller
   * divides next and qNext by it).
   */
  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    qNext.fill(0);
    let maxD = 0;
    let sum = 0;
    const stored = this.values;
    if (stored) {
      const lo = this.lo;
      const offsets = this.offsets;
      for (let r = 0; r < this.itemCount; r++) {
        const start = offsets[r];
        const end = offsets[r + 1];
        const base = lo[r] - start;
        const d = dot(c, stored, start, end, base);
        if (d > maxD) maxD = d;
        const p = pi[r] * d;
        next[r] = p;
        sum += p;
        if (p !== 0) axpy(p, stored, start, end, qNext, base);
      }
      return { maxD, sum };
    }
    this.eachRow(null, (r, lo, values, start, length) => {
      let d = 0;
      for (let t = 0; t < length; t++) d += c[lo + t] * values[start + t];
      if (d > maxD) maxD = d;
      const p = pi[r] * d;
      next[r] = p;
      sum += p;
      if (p !== 0) for (let t = 0; t < length; t++) qNext[lo + t] += p * values[start + t];
    });
    return { maxD, sum };
  }

  /** Writes the column p(· | r) for the 0-based true rank r0 into out (length m + 1, zeros outside the window). */
  column(r0: number, out: Float64Array): Float64Array {
    out.fill(0);
    if (this.values) {
      const start = this.offsets[r0];
      out.set(this.values.subarray(start, this.offsets[r0 + 1]), this.lo[r0]);
      return out;
    }
    const row = this.row.fill(r0, this.itemCount - 1);
    out.set(row.values.subarray(row.lo, row.hi + 1), row.lo);
    return out;
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
    const local = new Float64Array(m + 1);
    const where = new Int32Array(m + 1);
    this.eachRow(weight, (r, lo, values, start, length) => {
      let count = 0;
      for (let t = 0; t < length; t++) {
        const k = position[lo + t];
        if (k < 0) continue;
        local[count] = values[start + t];
        where[count++] = k;
      }
      const w = weight[r];
      for (let a = 0; a < count; a++) {
        const wa = w * local[a];
        const base = where[a] * d;
        for (let b = a; b < count; b++) out[base + where[b]] += wa * local[b];
      }
    });
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
 * Σ_k x[base + k] · values[k] over k in [start, end), four independent partial sums (≈ 1.6× faster in V8 than one
 * running sum: the adds no longer wait on each other).
 */
function dot(x: Float64Array, values: Float64Array, start: number, end: number, base: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let k = start;
  for (; k + 3 < end; k += 4) {
    s0 += x[base + k] * values[k];
    s1 += x[base + k + 1] * values[k + 1];
    s2 += x[base + k + 2] * values[k + 2];
    s3 += x[base + k + 3] * values[k + 3];
  }
  for (; k < end; k++) s0 += x[base + k] * values[k];
  return s0 + s1 + (s2 + s3);
}

/** out[base + k] += a · values[k] over k in [start, end), unrolled by four. */
function axpy(a: number, values: Float64Array, start: number, end: number, out: Float64Array, base: number): void {
  let k = start;
  for (; k + 3 < end; k += 4) {
    out[base + k] += a * values[k];
    out[base + k + 1] += a * values[k + 1];
    out[base + k + 2] += a * values[k + 2];
    out[base + k + 3] += a * values[k + 3];
  }
  for (; k < end; k++) out[base + k] += a * values[k];
}

/** Kernels by (n, m, sampling), built once and shared by repeated fits (bootstrap, studies). */
export class KernelCache {
  private readonly kernels = new Map<string, SampledRankKernel>();
  get(itemCount: number, sampleSize: number, sampling: Sampling): SampledRankKernel {
    const key = `${itemCount}|${sampleSize}|${sampling}`;
    let kernel = this.kernels.get(key);
    if (!kernel) {
      kernel = new SampledRankKernel(itemCount, sampleSize, sampling);
      this.kernels.set(key, kernel);
    }
    return kernel;
  }
}
