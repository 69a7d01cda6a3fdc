/**
 * The pooled sampling kernel of users with their own (n_g, m_g) over the ranks R = 1..N of a reference catalogue:
 *   K̄(i | R) = Σ_g (W_g / W) p_g(i | R),    p_g(i | R) = Σ_r A_g(r | R) p(i | r; n_g, m_g)   (stackedKernel.ts)
 * the law of the sampled rank of a user drawn from the data (weight W_g of group g) whose reference rank is R. The
 * maximal-entropy estimator compares it with the pooled empirical law P̃ (shared.ts). Stored dense, N × (M + 1)
 * doubles (M the largest m); built in one pass over every group's kernel rows, O(Σ_g (m_g + 1) N) — the costly
 * part of the per-user-n MES (≈ 2–4 s for MovieLens-1M's 743 distinct n), so DistributionCache keeps it for
 * repeated fits on the same users (bootstrap, studies), and the groups' own kernels it is summed from
 * (pooledKernelCache.ts).
 */
import type { LawLike, SampledRankLaw } from '../../law/index.ts';
import { BinomialRow, BULK_CUTOFF, samplingLaw } from '../../law/index.ts';
import { binMeanRows } from './bins.ts';
import { addScaled, groupKernel, partKey } from './groupKernels.ts';
import { logHypergeometricPmf } from '../../special.ts';
import { restrictedRows } from './restrictedRows.ts';
import { KernelScratch } from './scratch.ts';
import { WasmMoments, wasmWindowsAvailable } from '../../wasm/windows.ts';
import type { GramProducts, KernelProducts, PooledGroup } from '../contracts.ts';

export class PooledKernel {
  readonly size: number;
  /** K̄ row-major: values[R0 · size + i] = K̄(i | R0 + 1). */
  readonly values: Float64Array;

  /**
   * `parts` (PooledKernelCache): each group's A_gᵀ K_g already built, by `partKey`; a group without one is built into
   * a spare array. Either way K̄ = Σ_g share_g · (A_gᵀ K_g), the same numbers; `built`: K̄ itself, so summed.
   * `scratch`: the working memories of the kernels of one store (scratch.ts; the cache passes its store's).
   */
  constructor(
    readonly itemCount: number,
    groups: readonly PooledGroup[],
    sampling: LawLike,
    parts?: ReadonlyMap<string, Float64Array>,
    built?: Float64Array,
    private readonly scratch: KernelScratch = new KernelScratch(),
  ) {
    this.law = samplingLaw(sampling);
    this.size = Math.max(...groups.map((g) => g.sampleSize)) + 1;
    const [only] = groups;
    this.binomial = groups.length === 1 && only.itemCount === itemCount && this.law.productIdentity;
    if (built) {
      // K̄ already summed (PooledKernelCache: the same sums in WebAssembly).
      this.values = built;
      return;
    }
    this.values = new Float64Array(itemCount * this.size);
    let spare: Float64Array | null = null;
    for (const g of groups) {
      let part = parts?.get(partKey(g));
      if (!part) {
        spare ??= new Float64Array(itemCount * this.size);
        part = groupKernel(itemCount, g, this.law, spare);
      }
      addScaled(this.values, this.size, part, g.sampleSize + 1, itemCount, g.share);
    }
  }

  /** The law of the sampled rank (law/law.ts). */
  readonly law: SampledRankLaw;

  /** The kernel averaged over bins of its rows (`binned`), kept for the next fit. */
  private binnedRows: PooledKernel | null = null;

  /**
   * The pooled kernel with its rows averaged over bins of the reference ranks (bins.ts rankBins of N): one row per
   * bin, K̄_b = the mean of K̄'s rows over the bin, for MES over the bins (models/sharedBins.ts); kept with the kernel.
   */
  binned(bins: Int32Array, groups: readonly PooledGroup[]): PooledKernel {
    if (this.binnedRows) return this.binnedRows;
    const { size, values } = this;
    const rows = binMeanRows(bins, size, (R0) => values.subarray(R0 * size, (R0 + 1) * size));
    return (this.binnedRows = new PooledKernel(bins.length - 1, groups, this.law, undefined, rows, this.scratch));
  }

  /**
   * K̄ is one binomial kernel, K̄(i | R) = Bin(i; m, θ_R) (one group at n = N under a law with the product identity,
   * with replacement: the pooled fit).
   */
  private readonly binomial: boolean;

  /** K̄ column-major (columns[i · N + R0] = K̄(i | R0 + 1)) with each column's first and last non-zero R0: built on
   * the first `moments`, which copies its columns from it (every recommender's fit on a resample asks for its own). */
  private transposed: Columns | null = null;

  private columnMajor(): Columns {
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
    return restrictedRows(this, indices, this.scratch);
  }

  /**
   * C_ab = Σ_R π_R K̄(i_a | R) K̄(i_b | R), the second moments the MES Newton step needs (mes.ts). Each column of K̄
   * is non-zero on a window of R only (rows stop below 1e-30 of their mode), so C_ab sums over the overlap of the
   * windows of a and b. The columns are held column-major, and C is computed two columns by two columns (each pass
   * over R loads four numbers for four products, where one column pair would load two for one): ≈ 2.8× faster than
   * adding each row's outer product (measured on the NCF-sampled MovieLens kernel, d = 99), equal up to rounding.
   */
  moments(indices: Int32Array): GramProducts {
    if (this.binomial) return binomialMoments(this.itemCount, this.size - 1, indices);
    const N = this.itemCount;
    const d = indices.length;
    const all = this.columnMajor();
    // In WebAssembly memory where it runs (src/core/wasm/windows.ts: the same numbers, about 3× faster), one memory
    // for every kernel of this N and m: each moments object loads its columns there when it computes after another.
    const wasm = sharedMoments(this.size, N, this.scratch);
    if (wasm) {
      const owner = {};
      const loadedBy = this.scratch.momentsLoadedBy;
      const load = () => {
        copyColumns(all, indices, N, wasm);
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
    const { columns, first, last } = copyColumns(all, indices, N, {
      columns: new Float64Array(N * d),
      first: new Int32Array(d),
      last: new Int32Array(d),
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

type Columns = { columns: Float64Array; first: Int32Array; last: Int32Array };

/** Columns indices[a] of `all` (column-major, N values each, with their windows) into columns a of `out`. */
function copyColumns<T extends Columns>(all: Columns, indices: Int32Array, N: number, out: T): T {
  indices.forEach((i, a) => {
    out.columns.set(all.columns.subarray(i * N, (i + 1) * N), a * N);
    out.first[a] = all.first[i];
    out.last[a] = all.last[i];
  });
  return out;
}

/** The WebAssembly moments memory of the last (m + 1, N) asked, in the scratch of the kernels' store. */
function sharedMoments(capacity: number, N: number, scratch: KernelScratch): WasmMoments | null {
  if (!wasmWindowsAvailable()) return null;
  const { moments } = scratch;
  if (moments?.capacity !== capacity || moments.n !== N) scratch.moments = WasmMoments.create(capacity, N);
  return scratch.moments;
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
  const row = new BinomialRow(2 * m, BULK_CUTOFF);
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
