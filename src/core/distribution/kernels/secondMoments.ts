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
import type { PmfRow } from '../../law/index.ts';
import { BinomialRow, BULK_CUTOFF } from '../../law/index.ts';
import { logHypergeometricPmf } from '../../special.ts';
import type { GramKernel } from '../contracts.ts';
import { WasmWindows, wasmWindowsAvailable } from '../../wasm/windows.ts';
import { spreadBins } from './bins.ts';
import type { KeptRows } from './scratch.ts';
import { KernelScratch } from './scratch.ts';

/** Largest n · (m + 1)² for which the moments of a law without the product identity are accumulated exactly. */
export const EXACT_GRAM_LIMIT = 4e6;

export class SecondMoments {
  private readonly h: Float64Array | null;
  private readonly wide: PmfRow | null;
  private readonly g: Float64Array;

  /** `bins` (first ranks, n at the end): `compute` takes π per bin, spread evenly over the bin's ranks. */
  constructor(
    private readonly kernel: GramKernel,
    private readonly indices: Int32Array,
    private readonly bins: Int32Array | null = null,
    private readonly scratch: KernelScratch = new KernelScratch(),
  ) {
    const m = kernel.sampleSize;
    const d = indices.length;
    this.g = new Float64Array(2 * m + 1);
    // Under the product identity (law.ts; with replacement) the binomial moments are exact; otherwise the products
    // are accumulated while that is cheap, the binomial moments standing in above.
    const exact = !kernel.law.productIdentity && kernel.itemCount * (m + 1) ** 2 <= EXACT_GRAM_LIMIT;
    if (!exact) {
      const table = hypergeometricTable(m, scratch);
      this.h = new Float64Array(d * d);
      for (let a = 0; a < d; a++) {
        for (let b = 0; b < d; b++) this.h[a * d + b] = table[indices[a] * (m + 1) + indices[b]];
      }
      this.wide = new BinomialRow(2 * m, BULK_CUTOFF);
    } else {
      this.h = null;
      this.wide = null;
    }
  }

  /** C for the distribution pi (row-major d × d); the binomial stand-in without replacement for large n. */
  compute(pi: Float64Array): Float64Array {
    const { bins } = this;
    if (!this.h || !this.wide) return this.kernel.weightedGram(bins ? spreadBins(pi, bins) : pi, this.indices);
    const n = this.kernel.itemCount;
    const m = this.kernel.sampleSize;
    let g = this.g.fill(0);
    const kept = keptWideRows(n, m, bins, this.scratch);
    if (kept) {
      // g = Σ_r (π_r / total_r) · raw row r by one axpys over the kept rows: the same operations in the same order as
      // the loop below (a zero π_r skipped); over bins, Σ_b π_b · (the bin's mean of the normalised rows).
      const a = new Float64Array(pi.length);
      for (let r = 0; r < pi.length; r++) if (pi[r] !== 0) a[r] = pi[r] / kept.totals[r];
      g = kept.rows.axpys(a, g, 2 * m + 1);
    } else {
      const row = this.wide;
      for (let b = 0; b < pi.length; b++) {
        const [first, end] = bins ? [bins[b], bins[b + 1]] : [b, b + 1];
        const p = pi[b] / (end - first);
        if (p === 0) continue;
        for (let r = first; r < end; r++) {
          row.fillRaw(r, n - 1);
          const v = row.values;
          const w = p / row.total;
          for (let s = row.lo; s <= row.hi; s++) g[s] += w * v[s];
        }
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
 * H(i, j) = C(m, i) C(m, j) / C(2m, i + j) for i, j = 0..m (row-major, symmetric), kept for the last m: every MES fit
 * of a bootstrap needs it over its observed ranks (in the scratch of the kernel's store).
 */
function hypergeometricTable(m: number, scratch: KernelScratch): Float64Array {
  const { hypergeometric } = scratch;
  if (hypergeometric?.m === m) return hypergeometric.table;
  const table = new Float64Array((m + 1) ** 2);
  for (let i = 0; i <= m; i++) {
    for (let j = i; j <= m; j++) {
      const value = Math.exp(logHypergeometricPmf(i, m, m, i + j));
      table[i * (m + 1) + j] = value;
      table[j * (m + 1) + i] = value;
    }
  }
  scratch.hypergeometric = { m, table };
  return table;
}

/**
 * The raw rows Bin(·; 2m, θ_r) of every r (KernelRow.fillRaw: mode 1, with their sums) over their windows, kept in
 * WebAssembly memory (the scratch of the kernel's store) for the last (n, m, bins) asked where they fit in
 * WIDE_ROWS_LIMIT doubles: the MES fits of a
 * bootstrap compute C a few times each (a Newton step), and recomputing the n rows each time was most of their time
 * at n = 50,000, m = 100 (8 million doubles kept there). With bins, one row per bin instead: the mean of its ranks'
 * normalised rows (totals 1), so that Σ_b π_b · row_b is the every-row sum for π spread evenly within the bins.
 * Null where WebAssembly does not run or they do not fit.
 */
function keptWideRows(n: number, m: number, bins: Int32Array | null, scratch: KernelScratch): KeptRows | null {
  if (!wasmWindowsAvailable()) return null;
  const { wide } = scratch;
  if (wide && wide.n === n && wide.m === m && wide.bins === bins) return wide.kept;
  const row = new BinomialRow(2 * m, BULK_CUTOFF);
  const count = bins ? bins.length - 1 : n;
  const lo = new Int32Array(count);
  const offsets = new Int32Array(count + 1);
  const totals = new Float64Array(count).fill(1);
  const chunks: Float64Array[] = [];
  const sum = new Float64Array(2 * m + 1);
  for (let b = 0; b < count; b++) {
    if (bins) {
      // The bin's mean normalised row, over the union of its rows' windows.
      sum.fill(0);
      let [first, last] = [2 * m, 0];
      for (let r = bins[b]; r < bins[b + 1]; r++) {
        row.fillRaw(r, n - 1);
        const w = 1 / row.total;
        for (let s = row.lo; s <= row.hi; s++) sum[s] += w * row.values[s];
        first = Math.min(first, row.lo);
        last = Math.max(last, row.hi);
      }
      const size = bins[b + 1] - bins[b];
      lo[b] = first;
      chunks.push(sum.slice(first, last + 1).map((v) => v / size));
    } else {
      row.fillRaw(b, n - 1);
      lo[b] = row.lo;
      totals[b] = row.total;
      chunks.push(row.values.slice(row.lo, row.hi + 1));
    }
    offsets[b + 1] = offsets[b] + chunks[b].length;
    if (offsets[b + 1] > WIDE_ROWS_LIMIT) {
      scratch.wide = { n, m, bins, kept: null };
      return null;
    }
  }
  const values = new Float64Array(offsets[count]);
  chunks.forEach((chunk, r) => values.set(chunk, offsets[r]));
  const rows = WasmWindows.create(count, Math.max(count, 2 * m + 1), lo, offsets, values);
  scratch.wide = { n, m, bins, kept: rows && { rows, totals } };
  return scratch.wide.kept;
}

/** Doubles of kept binomial rows (128 MB). */
const WIDE_ROWS_LIMIT = 2 ** 24;
