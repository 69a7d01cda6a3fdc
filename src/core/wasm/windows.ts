/**
 * A kernel stored as windows (kernelProducts.ts), held in a WebAssembly memory of its own, with the products of
 * windows.wat: the same numbers bit for bit as the JavaScript loops (the sums are taken in the same order), about
 * 5× faster (two doubles per SIMD instruction, no bounds checks; bench `-- --em-step`).
 * The memory is sized once and never grows, so the Float64Array views on it stay valid for the kernel's life; it is
 * freed with the kernel. Where WebAssembly with SIMD is missing or not allowed (a Content-Security-Policy without
 * 'wasm-unsafe-eval'), or the kernel does not fit a 32-bit memory, `create` returns null and the JavaScript loops run.
 */
import { WINDOWS_WASM_BASE64 } from './windowsModule.ts';

interface WindowsExports {
  dots(count: number, values: number, lo: number, offsets: number, x: number, out: number, mask: number): void;
  axpys(count: number, values: number, lo: number, offsets: number, a: number, out: number, outLength: number): void;
  rowEmStep(
    count: number,
    values: number,
    lo: number,
    offsets: number,
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
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: { env: { memory: WasmMemory } }) => { exports: unknown };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const runtime = globalThis as unknown as { WebAssembly?: WasmApi; atob?: (text: string) => string };

const PAGE = 65536;
/** Largest memory asked for (bytes): 2 GiB, which every 64-bit browser grants a 32-bit WebAssembly memory. */
const MAX_BYTES = 2 ** 31;

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

/** A new instance of the module with a memory of `bytes` (never grown), or null where it cannot be had. */
function instantiate(bytes: number): { exports: WindowsExports; buffer: ArrayBuffer } | null {
  const module = allowed ? windowsModule() : null;
  if (!module || bytes > MAX_BYTES) return null;
  try {
    const api = runtime.WebAssembly as WasmApi;
    const memory = new api.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) });
    const exports = new api.Instance(module, { env: { memory } }).exports as WindowsExports;
    return { exports, buffer: memory.buffer };
  } catch {
    // The memory could not be reserved (address space): the JavaScript loops need none.
    return null;
  }
}

/**
 * The second moments of pooledKernel.ts (C_ab = Σ_R w_a[R] k_b[R], d columns of N values, column-major, column a
 * nonzero over first[a]..last[a]) in WebAssembly memory: the caller fills `columns`, `first` and `last` once; each
 * `compute(π)` weighs the columns and sums (the same numbers bit for bit as pooledKernel.ts's JavaScript).
 */
export class WasmMoments {
  readonly columns: Float64Array;
  private readonly weighted: Float64Array;
  readonly first: Int32Array;
  readonly last: Int32Array;
  private readonly out: Float64Array;

  private constructor(
    private readonly d: number,
    private readonly n: number,
    private readonly exports: WindowsExports,
    buffer: ArrayBuffer,
    private readonly at: number[],
  ) {
    this.columns = new Float64Array(buffer, at[0], d * n);
    this.weighted = new Float64Array(buffer, at[1], d * n);
    this.first = new Int32Array(buffer, at[2], d);
    this.last = new Int32Array(buffer, at[3], d);
    this.out = new Float64Array(buffer, at[4], d * d);
  }

  /** Room for d columns of n values, or null (use the JavaScript loops). */
  static create(d: number, n: number): WasmMoments | null {
    const { at, bytes } = layout([d * n * 8, d * n * 8, d * 4, d * 4, d * d * 8, n * 8]);
    const made = instantiate(bytes);
    return made && new WasmMoments(d, n, made.exports, made.buffer, at);
  }

  /** C (row-major d × d, a new array) at π (weighted = π ⊙ columns over the windows, then the sums). */
  compute(pi: Float64Array): Float64Array {
    const [columns, weighted, first, last, out, at] = this.at;
    new Float64Array(this.weighted.buffer, at, this.n).set(pi.subarray(0, this.n));
    this.exports.weigh(this.d, this.n, at, columns, first, last, weighted);
    this.exports.moments(this.d, this.n, weighted, columns, first, last, out);
    return this.out.slice();
  }
}

/**
 * Windows j < count (window j starts at index lo[j] of its row or column and holds values[offsets[j] ..
 * offsets[j + 1])) in WebAssembly memory, with four scratch vectors of `vectorLength` doubles for the operands.
 */
export class WasmWindows {
  /** The windows' values, a view on the WebAssembly memory (the caller may drop its own copy). */
  readonly values: Float64Array;
  private readonly exports: WindowsExports;
  private readonly at: { values: number; lo: number; offsets: number; mask: number; vectors: number[] };
  private readonly vectors: Float64Array[];
  private readonly mask: Uint8Array;

  private constructor(
    private readonly count: number,
    vectorLength: number,
    lo: Int32Array,
    offsets: Int32Array,
    values: Float64Array,
    made: { exports: WindowsExports; buffer: ArrayBuffer },
    at: number[],
  ) {
    const { buffer } = made;
    this.exports = made.exports;
    this.at = { values: at[0], lo: at[1], offsets: at[2], mask: at[3], vectors: at.slice(4) };
    this.values = new Float64Array(buffer, at[0], values.length);
    this.values.set(values);
    new Int32Array(buffer, at[1], count).set(lo.subarray(0, count));
    new Int32Array(buffer, at[2], count + 1).set(offsets.subarray(0, count + 1));
    this.mask = new Uint8Array(buffer, at[3], count);
    this.vectors = this.at.vectors.map((a) => new Float64Array(buffer, a, vectorLength));
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
    const { at, bytes } = layout([values.length * 8, count * 4, (count + 1) * 4, count, v, v, v, v]);
    const made = instantiate(bytes);
    return made && new WasmWindows(count, vectorLength, lo, offsets, values, made, at);
  }

  /**
   * out[j] = Σ_k x[lo[j] + k] · window_j[k] for j < count; x holds xLength doubles. With a mask, only where mask[j]
   * is not 0, and out[j] = 0 elsewhere.
   */
  dots(x: Float64Array, xLength: number, out: Float64Array, mask?: Uint8Array): Float64Array {
    const [vx, vout] = this.vectors;
    vx.set(x.subarray(0, xLength));
    const { values, lo, offsets, vectors } = this.at;
    if (mask) {
      this.mask.set(mask.subarray(0, this.count));
      vout.fill(0, 0, this.count);
    }
    this.exports.dots(this.count, values, lo, offsets, vectors[0], vectors[1], mask ? this.at.mask : -1);
    out.set(vout.subarray(0, this.count));
    return out;
  }

  /** out[0 .. outLength) = Σ_j a[j] · window_j placed at lo[j] (windows with a[j] = 0 skipped). */
  axpys(a: Float64Array, out: Float64Array, outLength: number): Float64Array {
    const [va, vout] = this.vectors;
    va.set(a.subarray(0, this.count));
    const { values, lo, offsets, vectors } = this.at;
    this.exports.axpys(this.count, values, lo, offsets, vectors[0], vectors[1], outLength);
    out.set(vout.subarray(0, outLength));
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
    const [vpi, vc, vnext, vq] = this.vectors;
    vpi.set(pi.subarray(0, this.count));
    vc.set(c.subarray(0, size));
    const { values, lo, offsets, vectors } = this.at;
    const [maxD, sum] = this.exports.rowEmStep(
      this.count,
      values,
      lo,
      offsets,
      vectors[0],
      vectors[1],
      vectors[2],
      vectors[3],
      size,
    );
    next.set(vnext.subarray(0, this.count));
    qNext.set(vq.subarray(0, size));
    return { maxD, sum };
  }
}
