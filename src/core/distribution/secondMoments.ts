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
    const g = this.g.fill(0);
    const row = this.wide;
    for (let r = 0; r < n; r++) {
      const p = pi[r];
      if (p === 0) continue;
      row.fillRaw(r, n - 1);
      const v = row.values;
      const w = p / row.total;
      for (let s = row.lo; s <= row.hi; s++) g[s] += w * v[s];
    }
    const d = this.indices.length;
    const out = new Float64Array(d * d);
    for (let a = 0; a < d; a++) {
      for (let b = 0; b < d; b++) out[a * d + b] = this.h[a * d + b] * g[this.indices[a] + this.indices[b]];
    }
    return out;
  }
}
