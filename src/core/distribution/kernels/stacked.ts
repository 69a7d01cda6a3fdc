/**
 * The sampling kernel of users with their own catalogue size n_g and sample size m_g, over the ranks R = 1..N of a
 * shared reference catalogue (shared.ts has the model): for a group g of users sharing (n_g, m_g),
 *   p_g(i | R) = Σ_r A_g(r | R) p(i | r; n_g, m_g)        (rankMap.ts: A_g; the law's column, law/law.ts: p, eq 16)
 * and the kernel's columns are the pairs (g, i) with i an observed sampled-rank index of group g, group after
 * group: the per-user likelihood of eq 19 has one term per column.
 * Each column is stored over R, over the window where it is nonzero (the law's columns cut at 1e-30 of their peak;
 * columnCache.ts carries and keeps them),
 * so the products are long dot products and axpys (kernelProducts.ts: ColumnProducts). When Σ_columns N would
 * exceed the memory budget (STORED_KERNEL_LIMIT doubles), every product instead recomputes each group's kernel rows
 * and applies A_g: K π = (K_g A_g π)_g, Kᵀ c = Σ_g A_gᵀ K_gᵀ c_g (slow, O(Σ_g n_g m_g) per product, little memory).
 * The hypergeometric law is exact for every n_g; nothing is approximated beyond the model's A_g.
 */
import type { LawLike, SampledRankLaw } from '../../law/index.ts';
import { samplingLaw } from '../../law/index.ts';
import { STORED_KERNEL_LIMIT } from '../defaults.ts';
import { ChosenProducts, ColumnProducts, StreamedProducts, emStepByProducts } from './products.ts';
import { mapRank, pullBack, pushForward } from './rankMap.ts';
import { ColumnCache } from './columnCache.ts';
import type { KernelGroup, KernelProducts } from '../contracts.ts';

export class StackedKernel extends ChosenProducts {
  /** Rows: the reference ranks N, or their bins when the cache is binned (ColumnCache.rows). */
  readonly itemCount: number;
  readonly size: number;
  /** Column offset of each group: group g owns columns offsets[g] .. offsets[g + 1]. */
  readonly offsets: Int32Array;
  /** Doubles held by the stored columns (0 when streaming). */
  readonly storedEntries: number;
  protected readonly products: KernelProducts;
  /** The law of the sampled rank (law/law.ts). */
  readonly law: SampledRankLaw;

  /** A binned `cache` must store the columns (size × bins within storedLimit); it does not stream. */
  constructor(
    readonly reference: number,
    readonly groups: readonly KernelGroup[],
    sampling: LawLike,
    storedLimit = STORED_KERNEL_LIMIT,
    private readonly cache: ColumnCache = new ColumnCache(0),
  ) {
    super();
    const law = (this.law = samplingLaw(sampling));
    this.offsets = groupOffsets(groups);
    this.size = this.offsets[groups.length];
    this.itemCount = cache.rows(reference);
    const stores = this.size * this.itemCount <= storedLimit;
    if (!stores && cache.binned) throw new Error(`${this.size} columns over ${this.itemCount} bins exceed the store`);
    const inArena = stores ? cache.arenaWindows(reference, groups, law, this.size) : null;
    if (inArena) {
      this.products = inArena;
      this.storedEntries = 0;
    } else if (stores) {
      const stored = storedColumns(reference, groups, law, this.size, cache);
      this.products = stored;
      this.storedEntries = stored.entries;
    } else {
      this.products = new StreamedGroups(reference, groups, law, this.offsets);
      this.storedEntries = 0;
    }
  }

  /** The same kernel over a subset of its columns (sorted indices into 0..size − 1). */
  restrict(indices: Int32Array): KernelProducts {
    if (indices.length === this.size) return this;
    const kept = keptGroups(this.groups, this.offsets, indices);
    return new StackedKernel(this.reference, kept, this.law, undefined, this.cache.binned ? this.cache : undefined);
  }
}

/** Column offset of each group, group after group: group g owns columns offsets[g] .. offsets[g + 1]. */
export function groupOffsets(groups: readonly KernelGroup[]): Int32Array {
  const offsets = new Int32Array(groups.length + 1);
  groups.forEach((g, k) => (offsets[k + 1] = offsets[k] + g.observed.length));
  return offsets;
}

/** The groups with only the kept columns (sorted indices into the stacked columns); groups left empty are dropped. */
export function keptGroups(groups: readonly KernelGroup[], offsets: Int32Array, indices: Int32Array): KernelGroup[] {
  const keep = new Uint8Array(offsets[groups.length]);
  for (const i of indices) keep[i] = 1;
  return groups
    .map((g, k) => ({ ...g, observed: g.observed.filter((_, j) => keep[offsets[k] + j] === 1) }))
    .filter((g) => g.observed.length > 0);
}

/** Every group's columns carried onto R = 1..N by A_g, stored over their windows, group after group. */
function storedColumns(
  reference: number,
  groups: readonly KernelGroup[],
  law: SampledRankLaw,
  size: number,
  cache: ColumnCache,
): ColumnProducts & { entries: number } {
  const lo = new Int32Array(size);
  const offsets = new Int32Array(size + 1);
  const parts: Float64Array[] = [];
  let j = 0;
  for (const g of groups) {
    for (const i of g.observed) {
      const carried = cache.get(reference, g, i, law);
      lo[j] = carried.lo;
      offsets[j + 1] = offsets[j] + carried.values.length;
      parts.push(carried.values);
      j++;
    }
  }
  const values = new Float64Array(offsets[size]);
  parts.forEach((p, k) => values.set(p, offsets[k]));
  const rows = cache.rows(reference);
  return Object.assign(new ColumnProducts(rows, size, lo, offsets, values), { entries: values.length });
}

/** The products through each group's kernel rows, recomputed every time, and A_g (the low-memory fallback). */
class StreamedGroups implements KernelProducts {
  readonly size: number;
  private readonly parts: StreamedProducts[];
  private readonly local: Float64Array;
  private readonly columnA: Float64Array;
  private readonly columnB: Float64Array;

  constructor(
    readonly itemCount: number,
    private readonly groups: readonly KernelGroup[],
    law: SampledRankLaw,
    private readonly offsets: Int32Array,
  ) {
    this.size = offsets[groups.length];
    this.parts = groups.map((g) => {
      const position = new Int32Array(g.sampleSize + 1).fill(-1);
      g.observed.forEach((i, k) => (position[i] = k));
      return new StreamedProducts(g.itemCount, g.observed.length, g.sampleSize, law, position);
    });
    this.local = new Float64Array(Math.max(...groups.map((g) => g.itemCount)));
    const deepest = Math.max(...groups.map((g) => g.observed.length));
    this.columnA = new Float64Array(deepest);
    this.columnB = new Float64Array(deepest);
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    this.groups.forEach((g, k) => {
      pushForward(pi, this.itemCount, g.itemCount, this.local);
      this.parts[k].multiply(this.local, out.subarray(this.offsets[k], this.offsets[k + 1]));
    });
    return out;
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    out.fill(0, 0, this.itemCount);
    this.groups.forEach((g, k) => {
      this.parts[k].multiplyTranspose(c.subarray(this.offsets[k], this.offsets[k + 1]), this.local);
      pullBack(this.local, this.itemCount, g.itemCount, out);
    });
    return out;
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    return emStepByProducts(this, pi, c, next, qNext);
  }

  column(R0: number, out: Float64Array): Float64Array {
    this.groups.forEach((g, k) => {
      const { below, f } = mapRank(R0, this.itemCount, g.itemCount);
      const a = this.parts[k].column(below, this.columnA);
      const start = this.offsets[k];
      const d = g.observed.length;
      if (f === 0) for (let j = 0; j < d; j++) out[start + j] = a[j];
      else {
        const b = this.parts[k].column(below + 1, this.columnB);
        for (let j = 0; j < d; j++) out[start + j] = (1 - f) * a[j] + f * b[j];
      }
    });
    return out;
  }
}
