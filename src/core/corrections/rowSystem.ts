/**
 * The minimal-bias problem of Krichene & Rendle eqs 21–23 compressed from the exact rows of the kernel, for the
 * sizes where the polynomial compression of polynomialSystem.ts is not accurate (m beyond about 4.5√n;
 * conditioning.ts decides). With A_ri = √p(r) p(r̃ = i | r) and b_r = √p(r) M(r) (eq 23), a QR factorisation A = Q R
 * gives for every x
 *   Σ_r p(r)(E[x|r] − M(r))² = ‖A x − b‖² = ‖R x − (Qᵀb)_{0..m}‖² + Σ_{k > m} (Qᵀb)_k²,
 * the same identity as the polynomial system's with B = R, f = (Qᵀb)_{0..m}, minimal bias = the rest of Qᵀb (the
 * infimum for A perturbed by the rounding of its rows: the exact one is not resolved in double precision at these
 * sizes), and the mass c = Aᵀ√p = Rᵀ(Qᵀ√p)_{0..m}. R is accumulated one row of A at a time by Givens rotations (Golub
 * & Van Loan, Matrix Computations, §5.1.8 and §5.2.5; Lawson & Hanson, Solving Least Squares Problems, 1974, ch. 27,
 * for the sequential banded form): the rows come in order of r, and their windows [lo, hi] of non-negligible entries
 * move right with r, so a row meets only the rows lo..hi of R (a row of R that reaches further is followed). A row of
 * w entries costs about w²/2 rotations of a pair of entries, O(Σ_r w_r²) ≈ O(30·n·m) in all (rowSystemWork), with
 * O(m²) memory; backward stable (each row of A is perturbed by a few ulps of its norm), and no polynomial is continued
 * to real ranks. n = 10^4, m = 1,000: 1.3 s; n = 49,000: 4.9 s.
 */
import type { LawLike } from '../law/index.ts';
import { samplingLaw } from '../law/index.ts';
import type { PolynomialSystem } from './polynomialSystem.ts';

/**
 * Entries of a kernel row below this fraction of its largest are left out of A: each row moves by less than
 * 1e-20·√(m + 1) of its norm, far below the rotations' own rounding.
 */
export const ROW_CUTOFF = 1e-20;

export function rowSystem(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): PolynomialSystem {
  const size = sampleSize + 1;
  const count = targets.length;
  const r = new Float64Array(size * size);
  // qtb[t * size + i]: (Qᵀb_t)_i; qts: (Qᵀ√p)_i; residual[t]: Σ of the squared parts of b_t left outside range(A).
  const qtb = new Float64Array(count * size);
  const qts = new Float64Array(size);
  const residual = new Float64Array(count);
  // end[i]: the last column of row i of R that may be non-zero.
  const end = new Int32Array(size);
  const x = new Float64Array(size);
  const y = new Float64Array(count);
  const row = samplingLaw(sampling).row(sampleSize, ROW_CUTOFF);
  for (let rank = 0; rank < itemCount; rank++) {
    const pr = prior[rank];
    if (!(pr > 0)) continue;
    row.fill(rank, itemCount - 1);
    const root = Math.sqrt(pr);
    const { lo, hi, values } = row;
    for (let i = lo; i <= hi; i++) x[i] = root * values[i];
    for (let t = 0; t < count; t++) y[t] = root * targets[t][rank];
    let s = root;
    let consumed = false;
    // x is non-zero only up to `last`; it grows when a row of R reaches further (windows that do not move right).
    let last = hi;
    for (let i = lo; i <= last; i++) {
      const xi = x[i];
      if (xi === 0) continue;
      const base = i * size;
      const rii = r[base + i];
      if (rii === 0) {
        // Row i of R is still empty: the rest of the incoming row becomes it.
        for (let j = i; j <= last; j++) r[base + j] = x[j];
        end[i] = last;
        for (let t = 0; t < count; t++) qtb[t * size + i] = y[t];
        qts[i] = s;
        consumed = true;
        break;
      }
      // The rotation [c s; −s c] that zeroes x_i against R_ii.
      const norm = Math.hypot(rii, xi);
      const c = rii / norm;
      const sn = xi / norm;
      r[base + i] = norm;
      if (end[i] > last) {
        x.fill(0, last + 1, end[i] + 1);
        last = end[i];
      } else end[i] = last;
      for (let j = i + 1; j <= last; j++) {
        const rij = r[base + j];
        const xj = x[j];
        r[base + j] = c * rij + sn * xj;
        x[j] = c * xj - sn * rij;
      }
      for (let t = 0; t < count; t++) {
        const q = qtb[t * size + i];
        qtb[t * size + i] = c * q + sn * y[t];
        y[t] = c * y[t] - sn * q;
      }
      const q = qts[i];
      qts[i] = c * q + sn * s;
      s = c * s - sn * q;
    }
    if (!consumed) for (let t = 0; t < count; t++) residual[t] += y[t] * y[t];
  }
  let rank = 0;
  for (let i = 0; i < size; i++) if (r[i * size + i] !== 0) rank++;
  return {
    basis: r,
    rows: size,
    columns: size,
    rhs: targets.map((_, t) => qtb.slice(t * size, (t + 1) * size)),
    rootWeights: qts,
    minimalBias: Array.from(residual),
    degree: rank - 1,
  };
}
