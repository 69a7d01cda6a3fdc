/**
 * The WebAssembly side of the rank-distribution fits (windows.wat, built into windowsModule.ts): loading the module
 * once per thread, instances with their own memory, and the products over kernels stored as windows
 * (kernelProducts.ts) and the MES second moments (pooledKernel.ts), with the same numbers bit for bit as the
 * JavaScript loops (the sums are taken in the same order), about 3× faster (two doubles per SIMD instruction, no
 * bounds checks; the EM step of `npm run bench -- --distribution`). arena.ts holds columns in one growing memory.
 * Where WebAssembly with SIMD is missing or not allowed (a Content-Security-Policy without 'wasm-unsafe-eval'), or a
 * memory cannot be had, `create` returns null and the JavaScript loops run.
 */
import { WINDOWS_WASM_BASE64 } from './windowsModule.ts';

interface WindowsExports {
  dots(count: number, values: number, lo: number, starts: number, ends: number, x: number, out: number): void;
  axpys(
    count: number,
    values: number,
    lo: number,
    starts: number,
    ends: number,
    a: number,
    out: number,
    outLength: number,
  ): void;
  rowEmStep(
    count: number,
    values: number,
    lo: number,
    starts: number,
    ends: number,
    pi: number,
    c: number,
    next: number,
    q: number,
    size: number,
  ): [number, number];
  moments(d: number, n: number, weighted: number, columns: number, first: number, last: number, out: number): void;
  weigh(d: number, n: number, pi: number, columns: number, first: number, last: number, weighted: number): void;
}

/**
 * The part of the WebAssembly JavaScript API used here, read off globalThis: the core is compiled without the DOM's
 * or Node's type libraries (tsconfig.core.json), and a runtime without WebAssembly simply gets the JavaScript loops.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: { env: { memory: WasmMemory } }) => { exports: unknown };
  Memory: new (descriptor: { initial: number; maximum?: number }) => WasmMemory;
}
const runtime = globalThis as unknown as { WebAssembly?: WasmApi; atob?: (text: string) => string };

export const PAGE = 65536;
/** Largest memory asked for (bytes): 2 GiB, which every 64-bit browser grants a 32-bit WebAssembly memory. */
export const MAX_BYTES = 2 ** 31;

let compiled: object | null | undefined;
let allowed = true;

/** The compiled module (once per thread), or null where WebAssembly with SIMD cannot run here. */
function windowsModule(): object | null {
  if (compiled === undefined) {
    try {
      if (!runtime.WebAssembly || !runtime.atob) throw new Error('no WebAssembly here');
      const text = runtime.atob(WINDOWS_WASM_BASE64);
      const bytes = new Uint8Array(text.length);
      for (let k = 0; k < text.length; k++) bytes[k] = text.charCodeAt(k);
      compiled = new runtime.WebAssembly.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * Turns the WebAssembly products off (false) or back on for kernels built from now on: the tests and the benchmark
 * compare them with the JavaScript loops. Returns the previous setting.
 */
export function allowWasmWindows(on: boolean): boolean {
  const previous = allowed;
  allowed = on;
  return previous;
}

/** True when kernels built now get the WebAssembly products. */
export function wasmWindowsAvailable(): boolean {
  return allowed && windowsModule() !== null;
}

export interface Instantiated {
  readonly exports: WindowsExports;
  readonly memory: WasmMemory;
}

/**
 * A new instance of the module with a memory of `bytes` (growable up to `maximumBytes`), or null where it cannot be
 * had.
 */
export function instantiate(bytes: number, maximumBytes = bytes): Instantiated | null {
  const module = allowed ? windowsModule() : null;
  if (!module || bytes > MAX_BYTES) return null;
  try {
    const api = runtime.WebAssembly as WasmApi;
    const initial = Math.max(1, Math.ceil(bytes / PAGE));
    const maximum = Math.max(initial, Math.ceil(Math.min(maximumBytes, MAX_BYTES) / PAGE));
    const memory = new api.Memory({ initial, maximum });
    const exports = new api.Instance(module, { env: { memory } }).exports as WindowsExports;
    return { exports, memory };
  } catch {
    // The memory could not be reserved (address space): the JavaScript loops need none.
    return null;
  }
}

/** 16-byte aligned bump allocation of the memory's layout. */
function layout(sizes: readonly number[]): { at: number[]; bytes: number } {
  const at: number[] = [];
  let bytes = 0;
  for (const size of sizes) {
    at.push(bytes);
    bytes += Math.ceil(size / 16) * 16;
  }
  return { at, bytes };
}

/**
 * The second moments of pooledKernel.ts (C_ab = Σ_R w_a[R] k_b[R], d columns of N values, column-major, column a
 * nonzero over first[a]..last[a]) in WebAssembly memory with room for `capacity` columns: the caller fills the first
 * d of `columns`, `first` and `last` and calls `use(d)`; each `compute(π)` weighs the columns and sums (the same
 * numbers bit for bit as pooledKernel.ts's JavaScript). One memory serves fit after fit (a fresh memory per fit
 * spent more time faulting in its pages than the moments took).
 */
export class WasmMoments {
  readonly columns: Float64Array;
  readonly first: Int32Array;
  readonly last: Int32Array;
  private readonly weighted: Float64Array;
  private readonly pi: Float64Array;
  private readonly out: Float64Array;
  private d: number;

  private constructor(
    readonly capacity: number,
    readonly n: number,
    private readonly exports: WindowsExports,
    buffer: ArrayBuffer,
    private readonly at: number[],
  ) {
    this.d = capacity;
    this.columns = new Float64Array(buffer, at[0], capacity * n);
    this.weighted = new Float64Array(buffer, at[1], capacity * n);
    this.first = new Int32Array(buffer, at[2], capacity);
    this.last = new Int32Array(buffer, at[3], capacity);
    this.out = new Float64Array(buffer, at[4], capacity * capacity);
    this.pi = new Float64Array(buffer, at[5], n);
  }

  /** Room for `capacity` columns of n values, or null (use the JavaScript loops). */
  static create(capacity: number, n: number): WasmMoments | null {
    const { at, bytes } = layout([
      capacity * n * 8,
      capacity * n * 8,
      capacity * 4,
      capacity * 4,
      capacity ** 2 * 8,
      n * 8,
    ]);
    const made = instantiate(bytes);
    return made && new WasmMoments(capacity, n, made.exports, made.memory.buffer, at);
  }

  /**
   * The moments of the first d columns from now on (d ≤ capacity), whose columns, first and last the caller has
   * just written. Clears the weighted columns: `weigh` writes them over each column's window only, and the sums read
   * a column outside its window where its pair's window reaches (zeros there, not the last columns' values).
   */
  use(d: number): void {
    if (d > this.capacity) throw new Error(`${d} columns exceed the room for ${this.capacity}`);
    this.d = d;
    this.weighted.fill(0, 0, d * this.n);
  }

  /** C (row-major d × d, a new array) at π (weighted = π ⊙ columns over the windows, then the sums). */
  compute(pi: Float64Array): Float64Array {
    const [columns, weighted, first, last, out, piAt] = this.at;
    this.pi.set(pi.subarray(0, this.n));
    this.exports.weigh(this.d, this.n, piAt, columns, first, last, weighted);
    this.exports.moments(this.d, this.n, weighted, columns, first, last, out);
    return this.out.slice(0, this.d * this.d);
  }
}

/**
 * The three window products for windows whose arrays sit in WebAssembly memory (byte addresses): window j starts at
 * index lo[j] of its row or column and holds values[starts[j] .. ends[j]). Operands are copied into the scratch
 * vectors and results out of them.
 */
export abstract class WindowProducts {
  protected abstract readonly exports: WindowsExports;
  /** The byte addresses of values, lo, starts and ends, for a product about to run (asked before `scratch`). */
  protected abstract windows(): { values: number; lo: number; starts: number; ends: number };
  /** Four scratch vectors (views valid now) and their byte addresses. */
  protected abstract scratch(): { views: Float64Array[]; at: number[] };

  constructor(protected readonly count: number) {}

  /** out[j] = Σ_k x[lo[j] + k] · window_j[k] for j < count; x holds xLength doubles. */
  dots(x: Float64Array, xLength: number, out: Float64Array): Float64Array {
    const { values, lo, starts, ends } = this.windows();
    const { views, at } = this.scratch();
    views[0].set(x.subarray(0, xLength));
    this.exports.dots(this.count, values, lo, starts, ends, at[0], at[1]);
    out.set(views[1].subarray(0, this.count));
    return out;
  }

  /** out[0 .. outLength) = Σ_j a[j] · window_j placed at lo[j] (windows with a[j] = 0 skipped). */
  axpys(a: Float64Array, out: Float64Array, outLength: number): Float64Array {
    const { values, lo, starts, ends } = this.windows();
    const { views, at } = this.scratch();
    views[0].set(a.subarray(0, this.count));
    this.exports.axpys(this.count, values, lo, starts, ends, at[0], at[1], outLength);
    out.set(views[1].subarray(0, outLength));
    return out;
  }

  /** The fused EM step over row windows (StoredProducts.emStep); c has `size` entries. */
  rowEmStep(
    pi: Float64Array,
    c: Float64Array,
    next: Float64Array,
    qNext: Float64Array,
    size: number,
  ): { maxD: number; sum: number } {
    const { values, lo, starts, ends } = this.windows();
    const { views, at } = this.scratch();
    views[0].set(pi.subarray(0, this.count));
    views[1].set(c.subarray(0, size));
    const [maxD, sum] = this.exports.rowEmStep(this.count, values, lo, starts, ends, at[0], at[1], at[2], at[3], size);
    next.set(views[2].subarray(0, this.count));
    qNext.set(views[3].subarray(0, size));
    return { maxD, sum };
  }
}

/**
 * Windows j < count stored back to back (window j holds values[offsets[j] .. offsets[j + 1])) in a WebAssembly
 * memory of their own, sized once and never grown (the views stay valid for the kernel's life), with four scratch
 * vectors of `vectorLength` doubles.
 */
export class WasmWindows extends WindowProducts {
  /** The windows' values, a view on the WebAssembly memory (the caller may drop its own copy). */
  readonly values: Float64Array;
  protected readonly exports: WindowsExports;
  private readonly addresses: { values: number; lo: number; starts: number; ends: number };
  private readonly vectors: { views: Float64Array[]; at: number[] };

  private constructor(
    count: number,
    vectorLength: number,
    lo: Int32Array,
    offsets: Int32Array,
    values: Float64Array,
    made: Instantiated,
    at: number[],
  ) {
    super(count);
    const { buffer } = made.memory;
    this.exports = made.exports;
    // The offsets serve as the starts, and from their second entry on as the ends.
    this.addresses = { values: at[0], lo: at[1], starts: at[2], ends: at[2] + 4 };
    this.values = new Float64Array(buffer, at[0], values.length);
    this.values.set(values);
    new Int32Array(buffer, at[1], count).set(lo.subarray(0, count));
    new Int32Array(buffer, at[2], count + 1).set(offsets.subarray(0, count + 1));
    const vectors = at.slice(3);
    this.vectors = { views: vectors.map((a) => new Float64Array(buffer, a, vectorLength)), at: vectors };
  }

  /**
   * The windows in WebAssembly memory, or null (use the JavaScript loops) where it cannot run or the windows do not
   * fit. Operand vectors must be at most `vectorLength` long.
   */
  static create(
    count: number,
    vectorLength: number,
    lo: Int32Array,
    offsets: Int32Array,
    values: Float64Array,
  ): WasmWindows | null {
    const v = vectorLength * 8;
    const { at, bytes } = layout([values.length * 8, count * 4, (count + 1) * 4, v, v, v, v]);
    const made = instantiate(bytes);
    return made && new WasmWindows(count, vectorLength, lo, offsets, values, made, at);
  }

  protected windows(): { values: number; lo: number; starts: number; ends: number } {
    return this.addresses;
  }

  protected scratch(): { views: Float64Array[]; at: number[] } {
    return this.vectors;
  }
}
