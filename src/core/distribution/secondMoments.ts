/**
 * C_ab = Σ_r π_r p(i_a | r) p(i_b | r) over a set of sampled-rank indices i_a: the second moment of the kernel under
 * a rank distribution π, i.e. the K diag(π) Kᵀ block the maximal-entropy Newton step needs (mes.ts).
 * With replacement the identity of corrections/moments.ts, p(i|r) p(j|r) = H(i, j) · Bin(i + j; 2m, θ_r) with
 * H(i, j) = C(m,i) C(m,j) / C(2m, i+j) a hypergeometric pmf, gives C_ab = H(i_a, i_b) g(i_a + i_b),
 * g(s) = Σ_r π_r Bin(s; 2m, θ_r), in O(n · m) per call. Without replacement the products are accumulated over the
 * kernel windows, O(n · width²), when that is cheap (n · (m + 1)² ≤ EXACT_GRAM_LIMIT); above, the binomial moments
 * stand in for them. The hypergeometric law tends to the binomial one as n grows past m, and the Newton step only
 * needs an approximate Hessian: the optimum and its certificate use the exact kernel (mes.ts).
 */
import type { Sampling } from '../sampling.ts';
import { BULK_CUTOFF, KernelRow } from '../sampling.ts';
import { logHypergeometricPmf } from '../special.ts';
import type { SampledRankKernel } from './kernel.ts';
import { WasmWindows, wasmWindowsAvailable } from '../wasm/windows.ts';

/** Largest n · (m + 1)² for which the without-replacement moments are accumulated exactly. */
export const EXACT_GRAM_LIMIT = 4e6;

export class SecondMoments {
  private readonly h: Float64Array | null;
  private readonly wide: KernelRow | null;
  private readonly g: Float64Array;

  constructor(
    private readonly kernel: SampledRankKernel,
    private readonly indices: Int32Array,
  ) {
    const m = kernel.sampleSize;
    const sampling: Sampling = kernel.sampling;
    const d = indices.length;
    this.g = new Float64Array(2 * m + 1);
    const exact = sampling === 'without-replacement' && kernel.itemCount * (m + 1) ** 2 <= EXACT_GRAM_LIMIT;
    if (!exact) {
      this.h = new Float64Array(d * d);
      for (let a = 0; a < d; a++) {
        for (let b = a; b < d; b++) {
          const i = indices[a];
          const j = indices[b];
          const value = Math.exp(logHypergeometricPmf(i, m, m, i + j));
          this.h[a * d + b] = value;
          this.h[b * d + a] = value;
        }
      }
      this.wide = new KernelRow(2 * m, 'with-replacement', BULK_CUTOFF);
    } else {
      this.h = null;
      this.wide = null;
    }
  }

  /** C for the distribution pi (row-major d × d); the binomial stand-in without replacement for large n. */
  compute(pi: Float64Array): Float64Array {
    if (!this.h || !this.wide) return this.kernel.weightedGram(pi, this.indices);
    const n = this.kernel.itemCount;
    const m = this.kernel.sampleSize;
    let g = this.g.fill(0);
    const kept = keptWideRows(n, m);
    if (kept) {
      // g = Σ_r (π_r / total_r) · raw row r by one axpys over the kept rows: the same operations in the same order as
      // the loop below (a zero π_r skipped).
      const a = new Float64Array(n);
      for (let r = 0; r < n; r++) if (pi[r] !== 0) a[r] = pi[r] / kept.totals[r];
      g = kept.rows.axpys(a, g, 2 * m + 1);
    } else {
      const row = this.wide;
      for (let r = 0; r < n; r++) {
        const p = pi[r];
        if (p === 0) continue;
        row.fillRaw(r, n - 1);
        const v = row.values;
        const w = p / row.total;
        for (let s = row.lo; s <= row.hi; s++) g[s] += w * v[s];
      }
    }
    const d = this.indices.length;
    const out = new Float64Array(d * d);
    for (let a = 0; a < d; a++) {
      for (let b = 0; b < d; b++) out[a * d + b] = this.h[a * d + b] * g[this.indices[a] + this.indices[b]];
    }
    return out;
  }
}

/**
 * The raw rows Bin(·; 2m, θ_r) of every r (KernelRow.fillRaw: mode 1, with their sums) over their windows, kept in
 * WebAssembly memory for the last (n, m) asked where they fit in WIDE_ROWS_LIMIT doubles: the MES fits of a
 * bootstrap compute C a few times each (a Newton step), and recomputing the n rows each time was most of their time
 * at n = 50,000, m = 100 (8 million doubles kept there). Null where WebAssembly does not run or they do not fit.
 */
function keptWideRows(n: number, m: number): { rows: WasmWindows; totals: Float64Array } | null {
  if (!wasmWindowsAvailable()) return null;
  if (wide && wide.n === n && wide.m === m) return wide.kept;
  const row = new KernelRow(2 * m, 'with-replacement', BULK_CUTOFF);
  const lo = new Int32Array(n);
  const offsets = new Int32Array(n + 1);
  const totals = new Float64Array(n);
  const chunks: Float64Array[] = [];
  for (let r = 0; r < n; r++) {
    row.fillRaw(r, n - 1);
    lo[r] = row.lo;
    totals[r] = row.total;
    offsets[r + 1] = offsets[r] + row.hi - row.lo + 1;
    if (offsets[r + 1] > WIDE_ROWS_LIMIT) {
      wide = { n, m, kept: null };
      return null;
    }
    chunks.push(row.values.slice(row.lo, row.hi + 1));
  }
  const values = new Float64Array(offsets[n]);
  chunks.forEach((chunk, r) => values.set(chunk, offsets[r]));
  const rows = WasmWindows.create(n, Math.max(n, 2 * m + 1), lo, offsets, values);
  wide = { n, m, kept: rows && { rows, totals } };
  return wide.kept;
}

let wide: { n: number; m: number; kept: { rows: WasmWindows; totals: Float64Array } | null } | null = null;

/** Doubles of kept binomial rows (128 MB). */
const WIDE_ROWS_LIMIT = 2 ** 24;
