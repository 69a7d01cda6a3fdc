/**
 * The prior-weighted moments of the sampling kernel that every correction needs (eqs 21–25):
 *   gram  G = AᵀA, G_ij = Σ_r p(r) p(i|r) p(j|r)
 *   mass  c_i = Σ_r p(r) p(i|r)
 *   cross h = Aᵀb, h_i = Σ_r p(r) p(i|r) M(r)       (one per target metric)
 *   targetSquare bᵀb = Σ_r p(r) M(r)²
 * with A and b of eq 23. Never builds the dense n × (m+1) matrix A.
 * For the binomial law, p(i|r)p(j|r) = C(m,i)C(m,j) θ^(i+j) (1−θ)^(2m−i−j) = H(i, j) · Bin(i + j; 2m, θ) with
 * H(i, j) = C(m,i)C(m,j)/C(2m,i+j) a hypergeometric pmf, so G_ij = H(i, j) Σ_r p(r) Bin(i+j; 2m, θ_r): O(n·m)
 * instead of O(n·m²). Without replacement there is no such identity and G is accumulated row by row over the
 * window where p(·|r) is above 1e-30 of its mode.
 */
import type { Sampling } from '../sampling.ts';
import { BULK_CUTOFF, KernelRow } from '../sampling.ts';
import { logHypergeometricPmf } from '../special.ts';

export interface KernelMoments {
  readonly size: number;
  readonly gram: Float64Array;
  readonly mass: Float64Array;
  readonly cross: Float64Array[];
  readonly targetSquare: number[];
}

/** p(r) for r = 1..n normalised to sum 1 (uniform when no prior is given). */
export function normalisedPrior(itemCount: number, prior?: ArrayLike<number> | null): Float64Array {
  const out = new Float64Array(itemCount);
  if (!prior) return out.fill(1 / itemCount);
  let s = 0;
  for (let r = 0; r < itemCount; r++) s += r < prior.length ? prior[r] : 0;
  for (let r = 0; r < itemCount; r++) out[r] = (r < prior.length ? prior[r] : 0) / s;
  return out;
}

export function kernelMoments(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: Sampling,
): KernelMoments {
  const size = sampleSize + 1;
  const mass = new Float64Array(size);
  const cross = targets.map(() => new Float64Array(size));
  const targetSquare = targets.map(() => 0);
  const gram = new Float64Array(size * size);
  const row = new KernelRow(sampleSize, sampling, BULK_CUTOFF);
  const withReplacement = sampling === 'with-replacement';
  for (let r = 1; r <= itemCount; r++) {
    const pr = prior[r - 1];
    if (pr === 0) continue;
    row.fill(r - 1, itemCount - 1);
    const v = row.values;
    const lo = row.lo;
    const hi = row.hi;
    for (let i = lo; i <= hi; i++) mass[i] += pr * v[i];
    for (let t = 0; t < targets.length; t++) {
      const w = pr * targets[t][r - 1];
      const h = cross[t];
      for (let i = lo; i <= hi; i++) h[i] += w * v[i];
      targetSquare[t] += w * targets[t][r - 1];
    }
    if (!withReplacement) {
      for (let i = lo; i <= hi; i++) {
        const a = pr * v[i];
        const base = i * size;
        for (let j = i; j <= hi; j++) gram[base + j] += a * v[j];
      }
    }
  }
  if (withReplacement) binomialGram(gram, prior, itemCount, sampleSize);
  for (let i = 0; i < size; i++) for (let j = 0; j < i; j++) gram[i * size + j] = gram[j * size + i];
  return { size, gram, mass, cross, targetSquare };
}

function binomialGram(gram: Float64Array, prior: Float64Array, itemCount: number, sampleSize: number): void {
  const m = sampleSize;
  const size = m + 1;
  const g = new Float64Array(2 * m + 1);
  const row = new KernelRow(2 * m, 'with-replacement', BULK_CUTOFF);
  for (let r = 1; r <= itemCount; r++) {
    const pr = prior[r - 1];
    if (pr === 0) continue;
    row.fill(r - 1, itemCount - 1);
    const v = row.values;
    for (let s = row.lo; s <= row.hi; s++) g[s] += pr * v[s];
  }
  for (let i = 0; i < size; i++) {
    for (let j = i; j < size; j++) {
      const gs = g[i + j];
      gram[i * size + j] = gs === 0 ? 0 : Math.exp(logHypergeometricPmf(i, m, m, i + j)) * gs;
    }
  }
}
