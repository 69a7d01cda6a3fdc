/**
 * Products with the sampling kernel over a set of its columns (sampled-rank indices): rows stored as windows, or
 * recomputed by the exact recurrence on every product when they do not fit the memory budget (kernel.ts decides).
 * These loops are the hot path of every rank-distribution estimator.
 */
import type { PmfRow, SampledRankLaw } from '../../law/index.ts';
import { BULK_CUTOFF } from '../../law/index.ts';
import { WasmWindows } from '../../wasm/windows.ts';
import type { KernelProducts } from '../contracts.ts';

/**
 * A kernel whose products are those of an implementation it chose when built (stored when the windows fit the memory
 * budget, streamed otherwise): kernel.ts, stackedKernel.ts.
 */
export abstract class ChosenProducts implements KernelProducts {
  abstract readonly itemCount: number;
  abstract readonly size: number;
  protected abstract readonly products: KernelProducts;

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    return this.products.multiply(pi, out);
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    return this.products.multiplyTranspose(c, out);
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    return this.products.emStep(pi, c, next, qNext);
  }

  column(r0: number, out: Float64Array): Float64Array {
    return this.products.column(r0, out);
  }
}

/**
 * A kernel's windows stored back to back: window j starts at index lo[j] of its row or column and holds
 * values[offsets[j] .. offsets[j + 1]). Where WebAssembly with SIMD runs, the windows are moved into a WebAssembly
 * memory and the products run there (src/core/wasm/windows.ts: the same numbers bit for bit, about 3× faster);
 * `values` is then a view on that memory, and the caller's array can be dropped.
 */
abstract class StoredWindows {
  protected readonly values: Float64Array;
  protected readonly wasm: WasmWindows | null;

  constructor(
    readonly itemCount: number,
    readonly size: number,
    protected readonly lo: Int32Array,
    protected readonly offsets: Int32Array,
    values: Float64Array,
    windowCount: number,
    wasm: boolean,
  ) {
    this.wasm = wasm ? WasmWindows.create(windowCount, Math.max(itemCount, size), lo, offsets, values) : null;
    this.values = this.wasm?.values ?? values;
  }

  /** The stored values (a view on the WebAssembly memory when the products run there). */
  get storedValues(): Float64Array {
    return this.values;
  }
}

/** Rows stored over windows: row r0 holds columns lo[r0] … (StoredWindows). */
export class StoredProducts extends StoredWindows implements KernelProducts {
  /** `wasm` false: the JavaScript loops, for a kernel used for a few products only (not worth a memory of its own). */
  constructor(itemCount: number, size: number, lo: Int32Array, offsets: Int32Array, values: Float64Array, wasm = true) {
    super(itemCount, size, lo, offsets, values, itemCount, wasm);
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    if (this.wasm) return this.wasm.axpys(pi, out.fill(0, this.size), this.size);
    out.fill(0);
    const { lo, offsets, values } = this;
    for (let r = 0; r < this.itemCount; r++) {
      const p = pi[r];
      if (p !== 0) axpy(p, values, offsets[r], offsets[r + 1], out, lo[r] - offsets[r]);
    }
    return out;
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    if (this.wasm) return this.wasm.dots(c, this.size, out);
    const { lo, offsets, values } = this;
    for (let r = 0; r < this.itemCount; r++) out[r] = dot(c, values, offsets[r], offsets[r + 1], lo[r] - offsets[r]);
    return out;
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    if (this.wasm) return this.wasm.rowEmStep(pi, c, next, qNext.fill(0, this.size), this.size);
    qNext.fill(0);
    let maxD = 0;
    let sum = 0;
    const { lo, offsets, values } = this;
    for (let r = 0; r < this.itemCount; r++) {
      const start = offsets[r];
      const end = offsets[r + 1];
      const base = lo[r] - start;
      const d = dot(c, values, start, end, base);
      if (d > maxD) maxD = d;
      const p = pi[r] * d;
      next[r] = p;
      sum += p;
      if (p !== 0) axpy(p, values, start, end, qNext, base);
    }
    return { maxD, sum };
  }

  column(r0: number, out: Float64Array): Float64Array {
    out.fill(0);
    out.set(this.values.subarray(this.offsets[r0], this.offsets[r0 + 1]), this.lo[r0]);
    return out;
  }
}

/** Rows recomputed on every product (over the columns of `position`: column index or −1 for each of 0..m). */
export class StreamedProducts implements KernelProducts {
  private readonly row: PmfRow;
  constructor(
    readonly itemCount: number,
    readonly size: number,
    sampleSize: number,
    law: SampledRankLaw,
    private readonly position: Int32Array,
  ) {
    this.row = law.row(sampleSize, BULK_CUTOFF);
  }

  /** visit(r0, column, value) for every entry of row r0 in the column set. */
  private each(r0: number, visit: (column: number, value: number) => void): void {
    const row = this.row.fill(r0, this.itemCount - 1);
    for (let i = row.lo; i <= row.hi; i++) {
      const k = this.position[i];
      if (k >= 0) visit(k, row.values[i]);
    }
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    out.fill(0);
    for (let r = 0; r < this.itemCount; r++) {
      const p = pi[r];
      if (p !== 0) this.each(r, (k, v) => (out[k] += p * v));
    }
    return out;
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    for (let r = 0; r < this.itemCount; r++) {
      let s = 0;
      this.each(r, (k, v) => (s += c[k] * v));
      out[r] = s;
    }
    return out;
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    qNext.fill(0);
    let maxD = 0;
    let sum = 0;
    const row = this.row;
    for (let r = 0; r < this.itemCount; r++) {
      row.fill(r, this.itemCount - 1);
      let d = 0;
      for (let i = row.lo; i <= row.hi; i++) if (this.position[i] >= 0) d += c[this.position[i]] * row.values[i];
      if (d > maxD) maxD = d;
      const p = pi[r] * d;
      next[r] = p;
      sum += p;
      if (p === 0) continue;
      for (let i = row.lo; i <= row.hi; i++) if (this.position[i] >= 0) qNext[this.position[i]] += p * row.values[i];
    }
    return { maxD, sum };
  }

  column(r0: number, out: Float64Array): Float64Array {
    out.fill(0);
    this.each(r0, (k, v) => (out[k] = v));
    return out;
  }
}

/**
 * Columns stored over windows: column j holds rows lo[j] … (StoredWindows, the law's columns).
 * Long contiguous windows make the products a few long dot products and axpys, where row storage restricted to a
 * few observed columns would pay a loop per row for two or three entries.
 */
export class ColumnProducts extends StoredWindows implements KernelProducts {
  constructor(itemCount: number, size: number, lo: Int32Array, offsets: Int32Array, values: Float64Array) {
    super(itemCount, size, lo, offsets, values, size, true);
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    if (this.wasm) return this.wasm.dots(pi, this.itemCount, out);
    const { lo, offsets, values } = this;
    for (let j = 0; j < this.size; j++) out[j] = dot(pi, values, offsets[j], offsets[j + 1], lo[j] - offsets[j]);
    return out;
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    if (this.wasm) return this.wasm.axpys(c, out, this.itemCount);
    out.fill(0, 0, this.itemCount);
    const { lo, offsets, values } = this;
    for (let j = 0; j < this.size; j++) {
      if (c[j] !== 0) axpy(c[j], values, offsets[j], offsets[j + 1], out, lo[j] - offsets[j]);
    }
    return out;
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    return emStepByProducts(this, pi, c, next, qNext);
  }

  column(r0: number, out: Float64Array): Float64Array {
    const { lo, offsets, values } = this;
    for (let j = 0; j < this.size; j++) {
      const k = offsets[j] + r0 - lo[j];
      out[j] = r0 >= lo[j] && k < offsets[j + 1] ? values[k] : 0;
    }
    return out;
  }
}

/**
 * The EM step of KernelProducts as two separate products, D = Kᵀ c then qNext = K next: for kernels with no single
 * pass over their rows (stored by column, or by group).
 */
export function emStepByProducts(
  kernel: KernelProducts,
  pi: Float64Array,
  c: Float64Array,
  next: Float64Array,
  qNext: Float64Array,
): { maxD: number; sum: number } {
  kernel.multiplyTranspose(c, next);
  let maxD = 0;
  let sum = 0;
  for (let r = 0; r < kernel.itemCount; r++) {
    if (next[r] > maxD) maxD = next[r];
    sum += next[r] *= pi[r];
  }
  kernel.multiply(next, qNext);
  return { maxD, sum };
}

/**
 * Σ_k x[base + k] · values[k] over k in [start, end), four independent partial sums (≈ 1.6× faster in V8 than one
 * running sum: the adds no longer wait on each other).
 */
export function dot(x: Float64Array, values: Float64Array, start: number, end: number, base: number): number {
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
export function axpy(
  a: number,
  values: Float64Array,
  start: number,
  end: number,
  out: Float64Array,
  base: number,
): void {
  let k = start;
  for (; k + 3 < end; k += 4) {
    out[base + k] += a * values[k];
    out[base + k + 1] += a * values[k + 1];
    out[base + k + 2] += a * values[k + 2];
    out[base + k + 3] += a * values[k + 3];
  }
  for (; k < end; k++) out[base + k] += a * values[k];
}
