/**
 * The per-user-n kernels' columns carried onto the reference ranks R = 1..N (`carry`: rankMap.ts's A_nᵀ), kept by
 * (N, n, m, law, i) for every fit of a data set (`ColumnCache`); stackedKernel.ts stacks them into kernels.
 */
import type { ColumnScratch, LawId, SampledRankLaw } from '../../law/index.ts';
import { BULK_CUTOFF } from '../../law/index.ts';
import { ColumnArena, type ArenaWindows } from '../../wasm/arena.ts';
import { binColumn, rankBins } from './bins.ts';
import { STORED_KERNEL_LIMIT } from '../defaults.ts';
import { emStepByProducts } from './products.ts';
import type { KernelGroup, KernelProducts } from '../contracts.ts';

/** The key of column i of group g's kernel carried onto R = 1..N, in a ColumnCache. */
function columnKey(reference: number, g: KernelGroup, i: number, law: SampledRankLaw): string {
  return `${reference}|${g.itemCount}|${g.sampleSize}|${law.id}|${i}`;
}

/**
 * Carried columns by (N, n, m, law, i), shared by repeated fits (studies and bootstrap fit the same users' n
 * again and again, and mle and wmle of one sample observe the same columns). Least recently used columns are
 * dropped beyond `limit` stored doubles.
 * With `arena` (the fits' DistributionCache; where WebAssembly runs), the columns are appended to one WebAssembly
 * memory instead (src/core/wasm/arena.ts), up to the same limit and kept for the cache's life, and a stacked kernel
 * is a list of them: no copy of its columns, no memory of its own (the products run there).
 */
export class ColumnCache {
  private readonly columns = new Map<string, { lo: number; values: Float64Array }>();
  private readonly placed = new Map<string, { lo: number; start: number; end: number }>();
  private readonly binsByReference = new Map<number, Int32Array>();
  /** What each law's columns share (law.ts ColumnScratch: the binomial law's table of logarithms), grown on demand. */
  private readonly scratches = new Map<LawId, ColumnScratch | null>();
  private entries = 0;
  private arenaState: ColumnArena | null | undefined;
  /**
   * `binned`: the columns are kept averaged over bins of reference ranks (binnedKernel.ts rankBins of N; binColumn),
   * and the kernels built on this cache have one row per bin (`rows`): the per-user-n EM over bins (shared.ts).
   */
  constructor(
    private readonly limit = STORED_KERNEL_LIMIT,
    private readonly arena = false,
    readonly binned = false,
  ) {
    if (!arena) this.arenaState = null;
  }

  /** The bins of reference ranks the columns are averaged over (binned caches; rankBins(N)), else null. */
  bins(reference: number): Int32Array | null {
    if (!this.binned) return null;
    let bins = this.binsByReference.get(reference);
    if (!bins) this.binsByReference.set(reference, (bins = rankBins(reference)));
    return bins;
  }

  /** Rows of the kernels built on this cache over the reference ranks 1..N: N, or the bins. */
  rows(reference: number): number {
    const bins = this.bins(reference);
    return bins ? bins.length - 1 : reference;
  }

  /**
   * Column i of group g's kernel (the law's column, law/law.ts), carried onto the reference ranks R = 1..N (averaged
   * over the bins in a binned cache).
   */
  private computed(reference: number, g: KernelGroup, i: number, law: SampledRankLaw) {
    const pool = g.itemCount - 1;
    const scratch = law.columnScratch(pool, this.scratches.get(law.id));
    this.scratches.set(law.id, scratch);
    const own = law.column(i, g.itemCount, g.sampleSize, scratch, BULK_CUTOFF);
    const column = carry(own.lo, own.values, reference, g.itemCount);
    const bins = this.bins(reference);
    return bins ? binColumn(column, bins) : column;
  }

  /** Bytes the arena holds (0 without one). */
  get arenaBytes(): number {
    return this.arenaState?.bytes ?? 0;
  }

  /** The arena, made on first use; null without one. */
  private columnArena(): ColumnArena | null {
    if (this.arenaState === undefined) this.arenaState = ColumnArena.create(this.limit * 8);
    return this.arenaState;
  }

  /**
   * The kernel of the groups' columns held in the arena, the missing ones computed and appended; null without an
   * arena or when it is full (the caller packs the columns itself).
   */
  arenaWindows(reference: number, groups: readonly KernelGroup[], law: SampledRankLaw, size: number) {
    const arena = this.columnArena();
    if (!arena) return null;
    const lo = new Int32Array(size);
    const start = new Int32Array(size);
    const end = new Int32Array(size);
    let j = 0;
    for (const g of groups) {
      for (const i of g.observed) {
        const key = columnKey(reference, g, i, law);
        let place = this.placed.get(key);
        if (!place) {
          const column = this.computed(reference, g, i, law);
          const at = arena.add(column.values);
          if (at < 0) return null;
          this.placed.set(key, (place = { lo: column.lo, start: at, end: at + column.values.length }));
        }
        lo[j] = place.lo;
        start[j] = place.start;
        end[j] = place.end;
        j++;
      }
    }
    const rows = this.rows(reference);
    const windows = arena.windows(size, Math.max(rows, size), lo, start, end);
    return windows && new ArenaColumns(rows, size, arena, windows, lo, start, end);
  }

  /** Doubles held (at most the limit, or one column when a single column exceeds it). */
  get storedEntries(): number {
    return this.entries;
  }

  get(reference: number, g: KernelGroup, i: number, law: SampledRankLaw) {
    const key = columnKey(reference, g, i, law);
    let column = this.columns.get(key);
    if (column) this.columns.delete(key);
    else {
      column = this.computed(reference, g, i, law);
      this.entries += column.values.length;
    }
    this.columns.set(key, column);
    for (const [old, c] of this.columns) {
      if (this.entries <= this.limit || old === key) break;
      this.columns.delete(old);
      this.entries -= c.values.length;
    }
    return column;
  }
}

/**
 * (A_nᵀ c)(R) = (1 − f) c(⌊x⌋) + f c(⌊x⌋ + 1) over the reference ranks where it can be nonzero, for a column c of the
 * user ranks stored from index `lo` (rankMap.ts: x = (R − 1)(n − 1)/(N − 1), tracked as an exact fraction).
 */
export function carry(
  lo: number,
  values: Float64Array,
  reference: number,
  itemCount: number,
): { lo: number; values: Float64Array } {
  const span = reference - 1;
  const step = itemCount - 1;
  const hi = lo + values.length - 1;
  // The R with x > lo − 1 and x < hi + 1.
  const first = lo === 0 ? 0 : Math.floor(((lo - 1) * span) / step) + 1;
  const last = Math.min(span, Math.ceil(((hi + 1) * span) / step) - 1);
  const out = new Float64Array(Math.max(0, last - first + 1));
  let below = Math.floor((first * step) / span);
  let rest = first * step - below * span;
  for (let R0 = first; R0 <= last; R0++) {
    const k = below - lo;
    const a = k >= 0 && k < values.length ? values[k] : 0;
    if (rest === 0) out[R0 - first] = a;
    else {
      const b = k + 1 >= 0 && k + 1 < values.length ? values[k + 1] : 0;
      out[R0 - first] = ((span - rest) * a + rest * b) / span;
    }
    rest += step;
    while (rest >= span) {
      rest -= span;
      below++;
    }
  }
  return { lo: first, values: out };
}

/** Columns held by a ColumnArena: the products of ColumnProducts, computed there (the same numbers). */
class ArenaColumns implements KernelProducts {
  constructor(
    readonly itemCount: number,
    readonly size: number,
    private readonly arena: ColumnArena,
    private readonly windows: ArenaWindows,
    private readonly lo: Int32Array,
    private readonly start: Int32Array,
    private readonly end: Int32Array,
  ) {}

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    return this.windows.dots(pi, this.itemCount, out);
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    return this.windows.axpys(c, out, this.itemCount);
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    return emStepByProducts(this, pi, c, next, qNext);
  }

  column(r0: number, out: Float64Array): Float64Array {
    const values = this.arena.doubles();
    for (let j = 0; j < this.size; j++) {
      const k = this.start[j] + r0 - this.lo[j];
      out[j] = r0 >= this.lo[j] && k < this.end[j] ? values[k] : 0;
    }
    return out;
  }
}
