/**
 * The bias–variance correction of Krichene & Rendle eq 25, M̂ = ((1 − γ)AᵀA + γ diag(c))⁻¹ Aᵀb for 0 < γ < 1, with
 * its conditioning checked. Scaled to unit diagonal (D_i = (1 − γ)G_ii + γc_i), the matrix S has
 *   λ_min ≥ γ · min_i c_i / D_i        (S ⪰ γ diag(c), as AᵀA ⪰ 0)
 *   λ_max ≤ max_i Σ_j |S_ij| / √(D_i D_j)   (Gershgorin),
 * so κ ≤ conditionBound(S) (κ is about 2.5/γ on the uniform prior, measured n = 300..10^4, m ≤ 500; the bound
 * 3–7 times that, tested), and the vector is off
 * by at most about κ times the relative error of the moments: 1e-15 from the binomial sums or the exact-row system,
 * the compressed system's measured error (conditioning.ts) otherwise. The compressed moments are used when that
 * product is at most 1e-8, the exact-row ones when theirs is; beyond, no double-precision vector is determined to
 * 1e-8 and the correction is refused (γ below about 1e-6, the bound growing as 1/γ).
 */
import { InputError } from '../errors.ts';
import type { KernelMoments } from './moments.ts';
import { solveSymmetricMany } from './solve.ts';

/** Relative accuracy asked of a BV vector. */
export const BV_ACCURACY = 1e-8;
/** Relative error of the moments from the binomial sums or the exact-row system (measured ≤ 1e-14, taken 1e-15·κ-free). */
export const EXACT_MOMENT_ERROR = 1e-15;

/** The matrix (1 − γ)G + γ diag(c) of eq 25, row-major. */
export function bvMatrix({ gram, mass, size }: KernelMoments, gamma: number): Float64Array {
  const system = new Float64Array(size * size);
  for (let k = 0; k < system.length; k++) system[k] = (1 - gamma) * gram[k];
  for (let i = 0; i < size; i++) system[i * size + i] += gamma * mass[i];
  return system;
}

/** An upper bound on the condition number of the unit-diagonal scaling of bvMatrix (see the header). */
export function conditionBound(system: Float64Array, mass: Float64Array, gamma: number): number {
  const size = mass.length;
  let lower = Infinity;
  let upper = 0;
  for (let i = 0; i < size; i++) {
    const d = system[i * size + i];
    if (!(d > 0)) continue;
    lower = Math.min(lower, (gamma * mass[i]) / d);
    let row = 0;
    for (let j = 0; j < size; j++) {
      const dj = system[j * size + j];
      if (dj > 0) row += Math.abs(system[i * size + j]) / Math.sqrt(d * dj);
    }
    upper = Math.max(upper, row);
  }
  return lower > 0 ? upper / lower : Infinity;
}

/**
 * Eq 25 from the moments `moments` whose relative error is `momentError`, or, when κ·momentError exceeds
 * BV_ACCURACY, from `exact()` (moments accurate to EXACT_MOMENT_ERROR; omitted when `moments` are those already).
 * Throws an InputError when even those cannot determine the vector to BV_ACCURACY.
 */
export function bvVectors(
  moments: KernelMoments,
  gamma: number,
  momentError: number,
  where: string,
  exact?: () => KernelMoments,
): Float64Array[] {
  const system = bvMatrix(moments, gamma);
  const kappa = conditionBound(system, moments.mass, gamma);
  if (kappa * EXACT_MOMENT_ERROR > BV_ACCURACY) {
    // The bound grows as 1/γ: the smallest γ it allows, rounded up to one significant digit.
    const smallest = (gamma * kappa * EXACT_MOMENT_ERROR) / BV_ACCURACY;
    const scale = 10 ** Math.floor(Math.log10(smallest));
    const suggested = Math.ceil(smallest / scale) * scale;
    throw new InputError(
      `bv with γ = ${gamma} at ${where}: the system of eq 25 has a condition number up to ${kappa.toPrecision(2)} ` +
        `(growing as 1/γ), too large for its vector to be determined to ${BV_ACCURACY} in double precision: use ` +
        `γ ≥ ${suggested < 1e-3 ? suggested.toExponential(0) : suggested}, or ls (γ = 0, a truncated SVD)`,
    );
  }
  if (exact && kappa * momentError > BV_ACCURACY) {
    const accurate = exact();
    return solveSymmetricMany(bvMatrix(accurate, gamma), accurate.cross);
  }
  return solveSymmetricMany(system, moments.cross);
}
