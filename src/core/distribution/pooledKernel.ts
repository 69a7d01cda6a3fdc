/**
 * The pooled sampling kernel of users with their own (n_g, m_g) over the ranks R = 1..N of a reference catalogue:
 *   K̄(i | R) = Σ_g (W_g / W) p_g(i | R),    p_g(i | R) = Σ_r A_g(r | R) p(i | r; n_g, m_g)   (stackedKernel.ts)
 * the law of the sampled rank of a user drawn from the data (weight W_g of group g) whose reference rank is R. The
 * maximal-entropy estimator compares it with the pooled empirical law P̃ (shared.ts). Stored dense, N × (M + 1)
 * doubles (M the largest m); built in one pass over every group's kernel rows, O(Σ_g (m_g + 1) N) — the costly
 * part of the per-user-n MES (≈ 2–4 s for MovieLens-1M's 743 distinct n), so DistributionCache keeps it for
 * repeated fits on the same users (bootstrap, studies).
 */
import type { Sampling } from '../sampling.ts';
import { BULK_CUTOFF, KernelRow } from '../sampling.ts';
import { logHypergeometricPmf } from '../special.ts';
import type { KernelProducts } from './kernelProducts.ts';
import { restrictedRows } from './restrictedRows.ts';
import { WasmMoments, wasmWindowsAvailable } from '../wasm/windows.ts';
import { ColumnArena } from '../wasm/arena.ts';

export interface PooledGroup {
  readonly itemCount: number;
  readonly sampleSize: number;
  /** The group's share W_g / W of the observations. */
  readonly share: number;
}

type Moments = { compute(pi: Float64Array): Float64Array };

export class PooledKernel {
  readonly size: number;
  /** K̄ row-major: values[R0 · size + i] = K̄(i | R0 + 1). */
  readonly values: Float64Array;

  /**
   * `parts` (PooledKernelCache): each group's A_gᵀ K_g already built, by `partKey`; a group without one is built into
   * a scratch array. Either way K̄ = Σ_g share_g · (A_gᵀ K_g), the same numbers; `built`: K̄ itself, so summed.
   */
  constructor(
    readonly itemCount: number,
    groups: readonly PooledGroup[],
    readonly sampling: Sampling,
    parts?: ReadonlyMap<string, Float64Array>,
    built?: Float64Array,
  ) {
    this.size = Math.max(...groups.map((g) => g.sampleSize)) + 1;
    const [only] = groups;
    this.binomial = groups.length === 1 && only.itemCount === itemCount && sampling === 'with-replacement';
    if (built) {
      // K̄ already summed (PooledKernelCache: the same sums in WebAssembly).
      this.values = built;
      return;
    }
    this.values = new Float64Array(itemCount * this.size);
    let scratch: Float64Array | null = null;
    for (const g of groups) {
      let part = parts?.get(partKey(g));
      if (!part) {
        scratch ??= new Float64Array(itemCount * this.size);
        part = groupKernel(itemCount, g, sampling, scratch);
      }
      addScaled(this.values, this.size, part, g.sampleSize + 1, itemCount, g.share);
    }
  }

  /** K̄ is one binomial kernel, K̄(i | R) = Bin(i; m, θ_R) (one group at n = N, with replacement: the pooled fit). */
  private readonly binomial: boolean;

  /** K̄ column-major (columns[i · N + R0] = K̄(i | R0 + 1)) with each column's first and last non-zero R0: built on
   * the first `moments`, which copies its columns from it (every recommender's fit on a resample asks for its own). */
  private transposed: { columns: Float64Array; first: Int32Array; last: Int32Array } | null = null;

  private columnMajor(): { columns: Float64Array; first: Int32Array; last: Int32Array } {
    if (this.transposed) return this.transposed;
    const { itemCount: N, size, values } = this;
    const columns = new Float64Array(N * size);
    const first = new Int32Array(size).fill(N);
    const last = new Int32Array(size).fill(-1);
    // In blocks of rows, so that the strided reads of a block stay in cache.
    for (let R1 = 0; R1 < N; R1 += 32) {
      const end = Math.min(N, R1 + 32);
      for (let i = 0; i < size; i++) {
        for (let R = R1; R < end; R++) {
          const v = values[R * size + i];
          if (v === 0) continue;
          columns[i * N + R] = v;
          if (R < first[i]) first[i] = R;
          last[i] = R;
        }
      }
    }
    return (this.transposed = { columns, first, last });
  }

  /** The products over the given sorted sampled-rank indices (rows stored dense over them). */
  restrict(indices: Int32Array): KernelProducts {
    return restrictedRows(this, indices);
  }

  /**
   * C_ab = Σ_R π_R K̄(i_a | R) K̄(i_b | R), the second moments the MES Newton step needs (mes.ts). Each column of K̄
   * is non-zero on a window of R only (rows stop below 1e-30 of their mode), so C_ab sums over the overlap of the
   * windows of a and b. The columns are held column-major, and C is computed two columns by two columns (each pass
   * over R loads four numbers for four products, where one column pair would load two for one): ≈ 2.8× faster than
   * adding each row's outer product (measured on the NCF-sampled MovieLens kernel, d = 99), equal up to rounding.
   */
  moments(indices: Int32Array): Moments {
    if (this.binomial) return binomialMoments(this.itemCount, this.size - 1, indices);
    const N = this.itemCount;
    const d = indices.length;
    const all = this.columnMajor();
    // In WebAssembly memory where it runs (src/core/wasm/windows.ts: the same numbers, about 3× faster), one memory
    // for every kernel of this N and m: each moments object loads its columns there when it computes after another.
    const wasm = sharedMoments(this.size, N);
    if (wasm) {
      const owner = {};
      const load = () => {
        indices.forEach((i, a) => {
          wasm.columns.set(all.columns.subarray(i * N, (i + 1) * N), a * N);
          wasm.first[a] = all.first[i];
          wasm.last[a] = all.last[i];
        });
        wasm.use(d);
        loadedBy.set(wasm, owner);
      };
      return {
        compute(pi: Float64Array): Float64Array {
          if (loadedBy.get(wasm) !== owner) load();
          return wasm.compute(pi);
        },
      };
    }
    const columns = new Float64Array(N * d);
    const first = new Int32Array(d);
    const last = new Int32Array(d);
    indices.forEach((i, a) => {
      columns.set(all.columns.subarray(i * N, (i + 1) * N), a * N);
      first[a] = all.first[i];
      last[a] = all.last[i];
    });
    const weighted = new Float64Array(N * d);
    return {
      compute(pi: Float64Array): Float64Array {
        for (let a = 0; a < d; a++) {
          const base = a * N;
          for (let R = first[a]; R <= last[a]; R++) weighted[base + R] = pi[R] * columns[base + R];
        }
        const out = new Float64Array(d * d);
        for (let a = 0; a < d; a += 2) {
          const a1 = Math.min(a + 1, d - 1);
          for (let b = a; b < d; b += 2) {
            const b1 = Math.min(b + 1, d - 1);
            blockMoments(out, d, N, weighted, columns, a, a1, b, b1, first, last);
          }
        }
        return out;
      },
    };
  }
}

/**
 * C over the 2 × 2 block of column pairs (a, a1) × (b, b1) (a1 = a or b1 = b at an odd edge), summed over the union
 * of their windows (exact zeros outside each window), written to both triangles of the row-major d × d `out`.
 * Even and odd R are summed apart (the last R into the even sums when the count is odd), then added: the order of
 * src/core/wasm/windows.wat's `moments`, two R to a SIMD instruction, which gives these numbers bit for bit.
 */
function blockMoments(
  out: Float64Array,
  d: number,
  N: number,
  weighted: Float64Array,
  columns: Float64Array,
  a: number,
  a1: number,
  b: number,
  b1: number,
  first: Int32Array,
  last: Int32Array,
): void {
  const lo = Math.max(Math.min(first[a], first[a1]), Math.min(first[b], first[b1]));
  const hi = Math.min(Math.max(last[a], last[a1]), Math.max(last[b], last[b1]));
  let e00 = 0;
  let e01 = 0;
  let e10 = 0;
  let e11 = 0;
  let o00 = 0;
  let o01 = 0;
  let o10 = 0;
  let o11 = 0;
  const wa = a * N;
  const wa1 = a1 * N;
  const cb = b * N;
  const cb1 = b1 * N;
  let R = lo;
  for (; R < hi; R += 2) {
    const x0 = weighted[wa + R];
    const x1 = weighted[wa1 + R];
    const y0 = columns[cb + R];
    const y1 = columns[cb1 + R];
    e00 += x0 * y0;
    e01 += x0 * y1;
    e10 += x1 * y0;
    e11 += x1 * y1;
    const u0 = weighted[wa + R + 1];
    const u1 = weighted[wa1 + R + 1];
    const v0 = columns[cb + R + 1];
    const v1 = columns[cb1 + R + 1];
    o00 += u0 * v0;
    o01 += u0 * v1;
    o10 += u1 * v0;
    o11 += u1 * v1;
  }
  if (R === hi) {
    e00 += weighted[wa + R] * columns[cb + R];
    e01 += weighted[wa + R] * columns[cb1 + R];
    e10 += weighted[wa1 + R] * columns[cb + R];
    e11 += weighted[wa1 + R] * columns[cb1 + R];
  }
  out[a * d + b] = out[b * d + a] = e00 + o00;
  out[a * d + b1] = out[b1 * d + a] = e01 + o01;
  out[a1 * d + b] = out[b * d + a1] = e10 + o10;
  out[a1 * d + b1] = out[b1 * d + a1] = e11 + o11;
}

/** The WebAssembly moments memory of the last (m + 1, N) asked, and which moments object last loaded it. */
let shared: WasmMoments | null = null;
const loadedBy = new WeakMap<WasmMoments, object>();

function sharedMoments(capacity: number, N: number): WasmMoments | null {
  if (!wasmWindowsAvailable()) return null;
  if (shared?.capacity !== capacity || shared.n !== N) shared = WasmMoments.create(capacity, N);
  return shared;
}

/**
 * A_gᵀ K_g of one group (row-major, m_g + 1 values a row) into `out`, visiting R in order: the user ranks ⌊x⌋ and
 * ⌊x⌋ + 1 only move forward, so every kernel row of the group is computed once (sampling.ts: KernelRow).
 */
function groupKernel(
  N: number,
  g: { itemCount: number; sampleSize: number },
  sampling: Sampling,
  out: Float64Array,
): Float64Array {
  const n = g.itemCount;
  const width = g.sampleSize + 1;
  const span = N - 1;
  const part = out.subarray(0, N * width).fill(0);
  let lower = new KernelRow(g.sampleSize, sampling, BULK_CUTOFF).fill(0, n - 1);
  let upper = new KernelRow(g.sampleSize, sampling, BULK_CUTOFF).fill(1, n - 1);
  let below = 0;
  let rest = 0;
  for (let R0 = 0; R0 < N; R0++) {
    const base = R0 * width;
    const f = rest / span;
    accumulate(part, base, lower, 1 - f);
    if (rest > 0) accumulate(part, base, upper, f);
    rest += n - 1;
    while (rest >= span && below < n - 1) {
      rest -= span;
      below++;
      [lower, upper] = [upper, lower];
      if (below + 1 < n) upper.fill(below + 1, n - 1);
    }
  }
  return part;
}

function accumulate(values: Float64Array, base: number, row: KernelRow, weight: number): void {
  if (weight === 0) return;
  for (let i = row.lo; i <= row.hi; i++) values[base + i] += weight * row.values[i];
}

/** values (N rows of `size`) += share · part (N rows of `width` ≤ size). */
function addScaled(values: Float64Array, size: number, part: Float64Array, width: number, N: number, share: number) {
  if (width === size) {
    for (let k = 0; k < N * size; k++) values[k] += share * part[k];
    return;
  }
  for (let R0 = 0; R0 < N; R0++) {
    for (let i = 0; i < width; i++) values[R0 * size + i] += share * part[R0 * width + i];
  }
}

/** N rows of `width` values as rows of `size` ≥ width, zeros after. */
function widened(part: Float64Array, width: number, size: number, N: number): Float64Array {
  const out = new Float64Array(N * size);
  for (let R0 = 0; R0 < N; R0++) out.set(part.subarray(R0 * width, (R0 + 1) * width), R0 * size);
  return out;
}

function partKey(g: { itemCount: number; sampleSize: number }): string {
  return `${g.itemCount}|${g.sampleSize}`;
}

/** Doubles of group kernels a PooledKernelCache keeps: 64 MB (MovieLens's dozen nodes of n take 36 MB). */
const PARTS_LIMIT = 8_388_608;

/**
 * Pooled kernels by their groups (n, m, share) and sampling: repeated fits on the same users (bootstrap replicates
 * draw other users, studies the same ones) reuse the costly build. Holds the most recent `limit` kernels.
 */
export class PooledKernelCache {
  private readonly kernels = new Map<string, PooledKernel>();
  /**
   * The groups' own kernels A_gᵀ K_g of the last (N, sampling), kept (a bootstrap's resamples change the shares, not
   * the groups' kernels), up to PARTS_LIMIT doubles: in a WebAssembly arena where
   * it runs (`start` their first value there), where K̄ = Σ_g share_g A_gᵀ K_g is one `axpys` (windows.wat: the same
   * operations in the same order as addScaled, about 3× faster); in JavaScript (`part`) otherwise.
   */
  private parts: {
    setup: string;
    byGroup: Map<string, { part: Float64Array | null; start: number }>;
    entries: number;
    arena: ColumnArena | null;
  } | null = null;
  constructor(private readonly limit = 4) {}

  get(itemCount: number, groups: readonly PooledGroup[], sampling: Sampling): PooledKernel {
    const key = `${itemCount}|${sampling}|${groups.map((g) => `${g.itemCount}:${g.sampleSize}:${g.share}`).join(',')}`;
    let kernel = this.kernels.get(key);
    if (kernel) this.kernels.delete(key);
    else kernel = this.build(itemCount, groups, sampling);
    this.kernels.set(key, kernel);
    for (const old of this.kernels.keys()) {
      if (this.kernels.size <= this.limit) break;
      this.kernels.delete(old);
    }
    return kernel;
  }

  private build(itemCount: number, groups: readonly PooledGroup[], sampling: Sampling): PooledKernel {
    const size = Math.max(...groups.map((g) => g.sampleSize)) + 1;
    const parts = this.partsFor(itemCount, groups, sampling, size);
    const arena = parts.arena;
    const placed = groups.map((g) => parts.byGroup.get(partKey(g)));
    if (arena && placed.every((p) => p && p.part === null)) {
      const count = groups.length;
      const length = itemCount * size;
      const start = Int32Array.from(placed, (p) => p!.start);
      const end = start.map((s) => s + length);
      const windows = arena.windows(count, Math.max(count, length), new Int32Array(count), start, end);
      if (windows) {
        const shares = Float64Array.from(groups, (g) => g.share);
        return new PooledKernel(
          itemCount,
          groups,
          sampling,
          undefined,
          windows.axpys(shares, new Float64Array(length), length),
        );
      }
    }
    const own = new Map<string, Float64Array>();
    groups.forEach((g, k) => placed[k]?.part && own.set(partKey(g), placed[k].part));
    return new PooledKernel(itemCount, groups, sampling, own);
  }

  /**
   * The kept group kernels of this setup (K̄'s N, sampling and row width m + 1, the largest m), built (those that fit)
   * when first asked for. In the arena each is held with rows of K̄'s width, zeros past its own m + 1 (adding
   * share · 0 leaves K̄'s entry as it is, as addScaled does not touch it), so that one axpys sums groups of any m.
   */
  private partsFor(itemCount: number, groups: readonly PooledGroup[], sampling: Sampling, size: number) {
    const setup = `${itemCount}|${sampling}|${size}`;
    if (this.parts?.setup !== setup) {
      // Room for the parts, and for the arena's column lists and scratch vectors (four of N (m + 1) doubles).
      const arena = wasmWindowsAvailable()
        ? ColumnArena.create((PARTS_LIMIT + 4 * itemCount * size) * 8 + 2 ** 20)
        : null;
      this.parts = { setup, byGroup: new Map(), entries: 0, arena };
    }
    const parts = this.parts;
    for (const g of groups) {
      const width = g.sampleSize + 1;
      const key = partKey(g);
      if (parts.byGroup.has(key) || parts.entries + itemCount * size > PARTS_LIMIT) continue;
      const part = groupKernel(itemCount, g, sampling, new Float64Array(itemCount * width));
      const start = parts.arena ? parts.arena.add(width === size ? part : widened(part, width, size, itemCount)) : -1;
      parts.byGroup.set(key, start < 0 ? { part, start } : { part: null, start });
      parts.entries += itemCount * size;
    }
    return parts;
  }
}

/**
 * The MES second moments of one binomial kernel by the identity of corrections/moments.ts: Bin(a; m, θ) Bin(b; m, θ)
 * = H(a, b) Bin(a + b; 2m, θ) with H(a, b) = C(m, a) C(m, b) / C(2m, a + b) (a hypergeometric pmf), so
 * C_ab = H(a, b) g(a + b) with g(s) = Σ_R π_R Bin(s; 2m, θ_R): O(N·m) per evaluation instead of O(N·m²).
 */
function binomialMoments(
  itemCount: number,
  m: number,
  indices: Int32Array,
): { compute(pi: Float64Array): Float64Array } {
  const d = indices.length;
  const h = new Float64Array(d * d);
  for (let a = 0; a < d; a++) {
    for (let b = a; b < d; b++)
      h[a * d + b] = Math.exp(logHypergeometricPmf(indices[a], m, m, indices[a] + indices[b]));
  }
  // The rows Bin(·; 2m, θ_R) over their windows, computed once.
  const row = new KernelRow(2 * m, 'with-replacement', BULK_CUTOFF);
  const lo = new Int32Array(itemCount);
  const offsets = new Int32Array(itemCount + 1);
  const chunks: Float64Array[] = [];
  for (let R0 = 0; R0 < itemCount; R0++) {
    row.fill(R0, itemCount - 1);
    lo[R0] = row.lo;
    chunks.push(row.values.slice(row.lo, row.hi + 1));
    offsets[R0 + 1] = offsets[R0] + row.hi - row.lo + 1;
  }
  const values = new Float64Array(offsets[itemCount]);
  chunks.forEach((c, R0) => values.set(c, offsets[R0]));
  return {
    compute(pi: Float64Array): Float64Array {
      const g = new Float64Array(2 * m + 1);
      for (let R0 = 0; R0 < itemCount; R0++) {
        const p = pi[R0];
        if (p === 0) continue;
        const base = lo[R0] - offsets[R0];
        for (let k = offsets[R0]; k < offsets[R0 + 1]; k++) g[base + k] += p * values[k];
      }
      const out = new Float64Array(d * d);
      for (let a = 0; a < d; a++) {
        for (let b = a; b < d; b++) {
          const v = h[a * d + b] * g[indices[a] + indices[b]];
          out[a * d + b] = v;
          out[b * d + a] = v;
        }
      }
      return out;
    },
  };
}
