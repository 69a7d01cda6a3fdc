/**
 * The minimal-bias correction `ls` (eqs 21–23): the least-squares solution of the compressed system B x ≈ f (the
 * polynomial system of polynomialSystem.ts, or the exact-row one of rowSystem.ts where that is not accurate:
 * conditioning.ts) by truncated SVD. AᵀA is far too ill-conditioned to invert in double precision (the exact
 * minimiser has entries ~1e27 at n = 10^4, m = 100); the truncated SVD of B keeps what double precision can
 * resolve. Its bias against numpy's lstsq on the dense A (scripts/fixtures/corrections_large_m.py, AP, uniform
 * prior; leastSquares.test.ts): the same where numpy's default cut-off ε·max(n, m + 1) is about LS_RCOND
 * (n ≈ 4,500), lower where it is above (n = 10^4, m = 100: 3.6% lower), higher where it is below, as numpy then keeps
 * more singular values (n = 1,000, m = 100: 45% higher with replacement, 47% without; numpy's cut-off 2.2e-13 of the
 * largest, its vectors 4.7 times larger). The vector is determined only as far as the singular vectors near the
 * cut-off are: perturbing B by 1e-15 of its entries moves its bias by up to ~4e-6 (correction.largeM.test.ts).
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import type { LawLike } from '../law/index.ts';
import { correctionSystem } from './conditioning.ts';
import type { PolynomialSystem } from './polynomialSystem.ts';

export interface LeastSquaresResult {
  vectors: Float64Array[];
  /**
   * The infimum of the bias, Σ_r p(r)(E[M̂|r] − M(r))² over all M̂ (vectors reach it only approximately): exact from
   * the polynomial system; from the exact-row system, the infimum for A perturbed by the rounding of its rows.
   */
  minimalBias: number[];
  /** Degree of the polynomial space actually spanned (m unless the prior has fewer than m + 1 support points). */
  degree: number;
}

export function leastSquaresCorrections(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): LeastSquaresResult {
  const system = correctionSystem(targets, prior, itemCount, sampleSize, sampling);
  return { vectors: leastSquaresSolve(system), minimalBias: system.minimalBias, degree: system.degree };
}

/** The truncated-SVD solutions of B x ≈ f_t, one per target. */
export function leastSquaresSolve(system: PolynomialSystem): Float64Array[] {
  const basis = new Matrix(system.rows, system.columns);
  for (let k = 0; k < system.rows; k++) {
    for (let i = 0; i < system.columns; i++) basis.set(k, i, system.basis[k * system.columns + i]);
  }
  const svd = new SingularValueDecomposition(basis, { autoTranspose: true });
  return system.rhs.map((f) => truncatedSvdSolve(svd, Matrix.columnVector(Array.from(f))));
}

/**
 * Relative cut-off of the truncated SVD. Smaller values lower the attained bias a little further towards the exact
 * minimum (reported as minimalBias) at the price of astronomically large, useless vectors; 1e-12 is numpy's default
 * for n ≈ 4,500 (above it for smaller n, below for larger: see the header).
 */
export const LS_RCOND = 1e-12;
/** Truncated-SVD least squares (numpy.linalg.lstsq's rule: singular values below rcond·σ_max are dropped). */
function truncatedSvdSolve(svd: SingularValueDecomposition, rhs: Matrix): Float64Array {
  const s = svd.diagonal;
  const U = svd.leftSingularVectors;
  const V = svd.rightSingularVectors;
  const cutoff = LS_RCOND * Math.max(...s);
  const x = new Float64Array(V.rows);
  for (let k = 0; k < s.length; k++) {
    if (!(s[k] > cutoff)) continue;
    let dot = 0;
    for (let i = 0; i < U.rows; i++) dot += U.get(i, k) * rhs.get(i, 0);
    const c = dot / s[k];
    for (let i = 0; i < V.rows; i++) x[i] += c * V.get(i, k);
  }
  return x;
}
