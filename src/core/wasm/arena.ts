/**
 * Kernel columns appended to one WebAssembly memory that only grows, and kernels made of any list of them
 * (stackedKernel.ts, ColumnCache): the per-user-n fits of a bootstrap or a study ask for other columns each time
 * (each resample observes other (n, r̃) pairs, on its own grid of n), and find the ones computed before in place —
 * no copy of the columns per fit, no memory per fit, one copy of each column for the cache's life.
 * Products as windows.ts's (the same numbers bit for bit as the JavaScript loops over the same columns).
 * Growing the memory moves its buffer, so views on it are made afresh after every append.
 */
import { PAGE, WindowProducts, instantiate, type Instantiated } from './windows.ts';

/**
 * Bytes reserved at first (the memory grows by doubling, up to the arena's limit). Besides the columns the arena
 * holds one room for a kernel's column lists and four scratch vectors, both shared by its kernels (a product at a
 * time: a kernel copies its lists in when another used the room last), so fits add nothing but new columns.
 */
const INITIAL_BYTES = 16 * PAGE;

export class ColumnArena {
  private used = 0;
  private scratchAt = 0;
  private scratchLength = 0;
  private viewBuffer: ArrayBuffer | null = null;
  private view = new Float64Array(0);
  private scratchViews: { buffer: ArrayBuffer; at: number; views: Float64Array[]; addresses: number[] } | null = null;
  private descriptorAt = 0;
  private descriptorCount = 0;
  /** The kernel whose column lists the shared room holds now. */
  private bound: ArenaWindows | null = null;

  private constructor(
    private readonly made: Instantiated,
    private readonly limitBytes: number,
  ) {}

  /** An arena of at most `limitBytes`, or null where WebAssembly cannot run (the caller keeps its columns itself). */
  static create(limitBytes: number): ColumnArena | null {
    const made = instantiate(Math.min(INITIAL_BYTES, limitBytes), limitBytes);
    return made && new ColumnArena(made, limitBytes);
  }

  /** The whole memory as doubles (a view valid until the next append). */
  doubles(): Float64Array {
    const buffer = this.made.memory.buffer;
    if (buffer !== this.viewBuffer) {
      this.viewBuffer = buffer;
      this.view = new Float64Array(buffer);
    }
    return this.view;
  }

  /** Byte address of `bytes` more bytes (16-aligned), growing the memory; −1 beyond the limit. */
  private reserve(bytes: number): number {
    const at = this.used;
    const end = at + Math.ceil(bytes / 16) * 16;
    if (end > this.limitBytes) return -1;
    const have = this.made.memory.buffer.byteLength;
    if (end > have) {
      const want = Math.min(Math.max(end, 2 * have), this.limitBytes);
      try {
        this.made.memory.grow(Math.ceil((want - have) / PAGE));
      } catch {
        return -1;
      }
    }
    this.used = end;
    return at;
  }

  /** Appends a column's values; the index of its first value in `doubles()`, or −1 when the arena is full. */
  add(values: Float64Array): number {
    const at = this.reserve(values.length * 8);
    if (at < 0) return -1;
    this.doubles().set(values, at / 8);
    return at / 8;
  }

  /**
   * The products of `count` columns held here: column j starts at row lo[j] and holds doubles()[start[j] .. end[j]).
   * Null when the arena is full.
   */
  windows(
    count: number,
    vectorLength: number,
    lo: Int32Array,
    start: Int32Array,
    end: Int32Array,
  ): ArenaWindows | null {
    if (!this.ensureScratch(vectorLength) || !this.ensureDescriptors(count)) return null;
    return new ArenaWindows(this, count, lo.slice(0, count), start.slice(0, count), end.slice(0, count));
  }

  /** Room for the column lists of a kernel of `count` columns, shared by every kernel (one product at a time). */
  private ensureDescriptors(count: number): boolean {
    if (count <= this.descriptorCount) return true;
    const at = this.reserve(count * 12);
    if (at < 0) return false;
    this.descriptorAt = at;
    this.descriptorCount = count;
    this.bound = null;
    return true;
  }

  /** The byte addresses of `kernel`'s column lists, copied into the shared room unless they are there already. */
  bind(kernel: ArenaWindows, lo: Int32Array, start: Int32Array, end: Int32Array) {
    const count = lo.length;
    const at = this.descriptorAt;
    if (this.bound !== kernel) {
      const ints = new Int32Array(this.made.memory.buffer, at, count * 3);
      ints.set(lo);
      ints.set(start, count);
      ints.set(end, 2 * count);
      this.bound = kernel;
    }
    return { values: 0, lo: at, starts: at + count * 4, ends: at + count * 8 };
  }

  /** Four scratch vectors of at least `length` doubles, shared by every kernel of the arena (one product at a time). */
  private ensureScratch(length: number): boolean {
    if (length <= this.scratchLength) return true;
    const at = this.reserve(length * 32);
    if (at < 0) return false;
    this.scratchAt = at;
    this.scratchLength = length;
    return true;
  }

  scratch(): { views: Float64Array[]; at: number[] } {
    const buffer = this.made.memory.buffer;
    let cached = this.scratchViews;
    if (!cached || cached.buffer !== buffer || cached.at !== this.scratchAt) {
      const addresses = [0, 1, 2, 3].map((k) => this.scratchAt + k * this.scratchLength * 8);
      const views = addresses.map((a) => new Float64Array(buffer, a, this.scratchLength));
      this.scratchViews = cached = { buffer, at: this.scratchAt, views, addresses };
    }
    return { views: cached.views, at: cached.addresses };
  }

  get exports(): Instantiated['exports'] {
    return this.made.exports;
  }

  /** Bytes in use (columns, the kernels' column lists and the scratch vectors). */
  get bytes(): number {
    return this.used;
  }
}

/** A kernel whose columns are held by a ColumnArena (windows.ts's products over them). */
export class ArenaWindows extends WindowProducts {
  protected readonly exports: Instantiated['exports'];

  constructor(
    private readonly arena: ColumnArena,
    count: number,
    private readonly lo: Int32Array,
    private readonly start: Int32Array,
    private readonly end: Int32Array,
  ) {
    super(count);
    this.exports = arena.exports;
  }

  protected windows(): { values: number; lo: number; starts: number; ends: number } {
    return this.arena.bind(this, this.lo, this.start, this.end);
  }

  protected scratch(): { views: Float64Array[]; at: number[] } {
    return this.arena.scratch();
  }
}
