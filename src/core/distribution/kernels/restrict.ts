/**
 * A kernel's products over a subset of its columns (the observed sampled ranks of a fit): the rows restricted to those
 * columns and stored, or the whole kernel with the columns scattered and gathered back.
 */
import type { KernelProducts, RowWindows } from '../contracts.ts';
import { StoredProducts } from './products.ts';

/**
 * A stored kernel's products over the given sorted columns: the kernel itself (all of them); most of them observed
 * (a bootstrap's resamples of a few hundred users or more): the whole kernel with zero weights on the others, rather
 * than a copy of the rows per fit; otherwise a copy of the rows over those columns.
 */
export function restrictStoredRows(
  products: KernelProducts,
  windows: RowWindows,
  size: number,
  indices: Int32Array,
): KernelProducts {
  if (indices.length === size) return products;
  if (indices.length * 2 >= size) return new ScatteredColumns(products, indices);
  return restrictRowWindows(windows, products.itemCount, size, indices);
}

/** The products of `rows` rows of `size` columns over the given sorted column indices only, stored. */
export function restrictRowWindows(
  windows: RowWindows,
  rows: number,
  size: number,
  indices: Int32Array,
): StoredProducts {
  const position = new Int32Array(size).fill(-1);
  indices.forEach((i, k) => (position[i] = k));
  // Row r's window [lo, hi] meets the sorted indices in a contiguous run of positions.
  const lo = new Int32Array(rows);
  const offsets = new Int32Array(rows + 1);
  const first = new Int32Array(size + 1);
  for (let i = size - 1, next = indices.length; i >= 0; i--) {
    if (position[i] >= 0) next = position[i];
    first[i] = next;
  }
  first[size] = indices.length;
  let total = 0;
  for (let r = 0; r < rows; r++) {
    const a = first[windows.lo[r]];
    const b = first[windows.lo[r] + windows.offsets[r + 1] - windows.offsets[r]];
    lo[r] = a;
    total += b - a;
    offsets[r + 1] = total;
  }
  const values = new Float64Array(total);
  for (let r = 0; r < rows; r++) {
    for (let k = offsets[r], c = lo[r]; k < offsets[r + 1]; k++, c++) {
      values[k] = windows.values[windows.offsets[r] + indices[c] - windows.lo[r]];
    }
  }
  return new StoredProducts(rows, indices.length, lo, offsets, values);
}

/**
 * The products of a kernel over some of its columns through the whole kernel: column vectors are scattered to all
 * m + 1 columns (zeros at the others) and gathered back. A zero adds nothing to Kᵀc; Kπ's other entries are computed
 * and not read. The numbers are those of a restricted copy up to the order of each row's sum.
 */
export class ScatteredColumns implements KernelProducts {
  readonly itemCount: number;
  readonly size: number;
  private readonly wide: Float64Array;
  private readonly wideQ: Float64Array;

  constructor(
    private readonly kernel: KernelProducts,
    private readonly indices: Int32Array,
  ) {
    this.itemCount = kernel.itemCount;
    this.size = indices.length;
    this.wide = new Float64Array(kernel.size);
    this.wideQ = new Float64Array(kernel.size);
  }

  private scatter(c: Float64Array): Float64Array {
    for (let k = 0; k < this.size; k++) this.wide[this.indices[k]] = c[k];
    return this.wide;
  }

  private gather(wide: Float64Array, out: Float64Array): Float64Array {
    for (let k = 0; k < this.size; k++) out[k] = wide[this.indices[k]];
    return out;
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    return this.gather(this.kernel.multiply(pi, this.wideQ), out);
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    return this.kernel.multiplyTranspose(this.scatter(c), out);
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    const step = this.kernel.emStep(pi, this.scatter(c), next, this.wideQ);
    this.gather(this.wideQ, qNext);
    return step;
  }

  column(r0: number, out: Float64Array): Float64Array {
    return this.gather(this.kernel.column(r0, this.wideQ), out);
  }
}
