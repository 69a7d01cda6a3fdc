/**
 * The prior-weighted moments of the sampling kernel that every correction needs (eqs 21–25):
 *   gram  G = AᵀA, G_ij = Σ_r p(r) p(i|r) p(j|r)
 *   mass  c_i = Σ_r p(r) p(i|r)
 *   cross h = Aᵀb, h_i = Σ_r p(r) p(i|r) M(r)       (one per target metric)
 *   targetSquare bᵀb = Σ_r p(r) M(r)²
 * with A and b of eq 23. Never builds the dense n × (m+1) matrix A.
 * For the binomial law, p(i|r)p(j|r) = C(m,i)C(m,j) θ^(i+j) (1−θ)^(2m−i−j) = H(i, j) · Bin(i + j; 2m, θ) with
 * H(i, j) = C(m,i)C(m,j)/C(2m,i+j) a hypergeometric pmf, so one pass over r with rows of Bin(·; 2m, θ_r) gives
 *   G_ij = H(i, j) g(i+j),  g(s) = Σ_r p(r) Bin(s; 2m, θ_r)
 *   h_i = Σ_j H(i, j) g_M(i+j),  g_M(s) = Σ_r p(r) M(r) Bin(s; 2m, θ_r)   (as Σ_j p(j|r) = 1)
 *   c_i = Σ_j G_ij
 * in O(n·√m + m²) instead of O(n·m²) (law/binomialSums.ts), or with the rows interpolated between ranks in
 * O(n·q + (n/L)·q·√m) when n ≫ m (law/blockSums.ts); all sums have positive terms. Without replacement there is no
 * such identity: the moments come from the compressed system of polynomialSystem.ts (momentsFromSystem), also
 * O(n·m + m³), or from the exact-row system of rowSystem.ts where the compressed one is not accurate (conditioning.ts).
 */
import { InputError } from '../errors.ts';
import type { BinomialSums, LawLike } from '../law/index.ts';
import { samplingLaw } from '../law/index.ts';
import { logHypergeometricPmf } from '../special.ts';
import { correctionSystem } from './conditioning.ts';
import type { PolynomialSystem } from './polynomialSystem.ts';

export interface KernelMoments {
  readonly size: number;
  readonly gram: Float64Array;
  readonly mass: Float64Array;
  readonly cross: Float64Array[];
  readonly targetSquare: number[];
}

/**
 * p(r) for r = 1..n normalised to sum 1 (uniform when no prior is given). The weights are scaled by the largest first,
 * so that weights near the largest double (1e308) neither overflow the sum nor turn into zeros. Throws an InputError
 * when no rank of 1..n has a positive finite weight.
 */
export function normalisedPrior(itemCount: number, prior?: ArrayLike<number> | null): Float64Array {
  const out = new Float64Array(itemCount);
  if (!prior) return out.fill(1 / itemCount);
  let largest = 0;
  for (let r = 0; r < itemCount && r < prior.length; r++) {
    const w = prior[r];
    if (!(w >= 0) || !Number.isFinite(w))
      throw new InputError(`the prior's weight of rank ${r + 1} is ${w}: weights must be finite and ≥ 0`);
    if (w > largest) largest = w;
  }
  if (!(largest > 0)) throw new InputError(`the prior gives no weight to any rank of 1..${itemCount}`);
  let s = 0;
  for (let r = 0; r < itemCount; r++) s += r < prior.length ? prior[r] / largest : 0;
  for (let r = 0; r < itemCount; r++) out[r] = (r < prior.length ? prior[r] / largest : 0) / s;
  return out;
}

/**
 * The largest m the `ls`, `cls` and `bv` corrections accept: they solve a dense (m + 1) × (m + 1) system, which at
 * m = 5,000 takes 200 MB per matrix and minutes of O(m³) work; beyond it the memory alone would exceed a browser's.
 */
export const MAX_CORRECTION_SAMPLE_SIZE = 5000;

/** Refuses an m whose dense system could not be built, with a message saying why (instead of a RangeError). */
export function checkSystemSize(sampleSize: number, method: string): void {
  if (sampleSize <= MAX_CORRECTION_SAMPLE_SIZE) return;
  const gigabytes = ((sampleSize + 1) ** 2 * 8) / 1e9;
  throw new InputError(
    `m = ${sampleSize} is too large for the ${method} correction: it solves a dense (m + 1) × (m + 1) system ` +
      `(${gigabytes.toPrecision(2)} GB per matrix); at most m = ${MAX_CORRECTION_SAMPLE_SIZE}`,
  );
}

/** The moments for the normalised prior `prior`, or the uniform one (1/n each, not built unless needed) when null. */
export function kernelMoments(
  targets: readonly Float64Array[],
  prior: Float64Array | null,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
  system?: PolynomialSystem,
): KernelMoments {
  const law = samplingLaw(sampling);
  checkSystemSize(sampleSize, 'bv');
  const uniform = 1 / itemCount;
  const targetSquare = targets.map((t) => {
    let s = 0;
    if (prior) for (let r = 0; r < itemCount; r++) s += prior[r] * t[r] * t[r];
    else for (let r = 0; r < itemCount; r++) s += uniform * t[r] * t[r];
    return s;
  });
  // A law with the product identity gives the moments from its sums g, g_M (law/binomialSums.ts, law/blockSums.ts);
  // the others from the checked system (the compressed one, or the exact-row one where it is not accurate).
  const sums = law.binomialSums(targets, prior, itemCount, sampleSize);
  const moments = sums
    ? momentsFromSums(sums, sampleSize)
    : momentsFromSystem(
        system ?? correctionSystem(targets, prior ?? normalisedPrior(itemCount), itemCount, sampleSize, law),
      );
  return { ...moments, targetSquare };
}

/** G, c and h of the binomial law from the sums g(s), g_M(s), s = 0..2m (the identities of the header). */
export function momentsFromSums({ g, gTargets }: BinomialSums, m: number): Omit<KernelMoments, 'targetSquare'> {
  const size = m + 1;
  const gram = new Float64Array(size * size);
  const mass = new Float64Array(size);
  const cross = gTargets.map(() => new Float64Array(size));
  for (let i = 0; i < size; i++) {
    // H(i, j) = C(m,i)C(m,j)/C(2m,i+j) decreases in j from j = i on: from exp(log H(i, i)) by the ratio
    // H(i, j+1)/H(i, j) = (m − j)(i + j + 1)/((j + 1)(2m − i − j)), until it underflows.
    let h = Math.exp(logHypergeometricPmf(i, m, m, 2 * i));
    for (let j = i; j < size && h > 0; j++) {
      const gij = h * g[i + j];
      gram[i * size + j] = gij;
      gram[j * size + i] = gij;
      mass[i] += gij;
      if (j !== i) mass[j] += gij;
      for (let t = 0; t < gTargets.length; t++) {
        const gt = gTargets[t][i + j] * h;
        cross[t][i] += gt;
        if (j !== i) cross[t][j] += gt;
      }
      h *= ((m - j) * (i + j + 1)) / ((j + 1) * (2 * m - i - j));
    }
  }
  return { size, gram, mass, cross };
}

/**
 * The same moments from the exact compressed system of polynomialSystem.ts (B, f with weights w): G = BᵀB,
 * h = Bᵀf and c = Bᵀ√w hold exactly because every p(i|r) is a polynomial of degree m in r and the Gauss quadrature
 * integrates products of two such polynomials exactly (M enters only through its projection M_poly, the rest is
 * orthogonal to every p(i|·)). O(n·m + m³) for both laws: used without replacement, where no i + j identity exists.
 */
export function momentsFromSystem(system: PolynomialSystem): Omit<KernelMoments, 'targetSquare'> {
  const { basis, rows, columns: size } = system;
  const gram = new Float64Array(size * size);
  const mass = new Float64Array(size);
  const cross = system.rhs.map(() => new Float64Array(size));
  for (let k = 0; k < rows; k++) {
    const row = basis.subarray(k * size, (k + 1) * size);
    const rootWeight = system.rootWeights[k];
    for (let i = 0; i < size; i++) {
      const bi = row[i];
      if (bi === 0) continue;
      mass[i] += bi * rootWeight;
      system.rhs.forEach((f, t) => (cross[t][i] += bi * f[k]));
      const base = i * size;
      for (let j = i; j < size; j++) gram[base + j] += bi * row[j];
    }
  }
  for (let i = 0; i < size; i++) for (let j = 0; j < i; j++) gram[i * size + j] = gram[j * size + i];
  return { size, gram, mass, cross };
}
