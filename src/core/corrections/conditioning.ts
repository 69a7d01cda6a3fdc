/**
 * How far the compressed polynomial system of polynomialSystem.ts can be trusted, and the exact-row system of
 * rowSystem.ts where it cannot (issue 35). In exact arithmetic the (m + 1)-point Gauss rule compresses the minimal-bias
 * problem (Krichene & Rendle eqs 21–23) without loss; in double precision the right-hand side f_k = √w_k M_poly(t_k)
 * is not: once the degree m exceeds about 4.5√n the orthonormal polynomials of the n ranks grow without bound between
 * the ranks near the ends, where the Gauss nodes with the smallest weights lie, and f loses every digit there
 * (n = 1,000: the cross moments h = Bᵀf are off by 5e-11 of their scale at m = 158, by 2e-6 at m = 221, by 1e+11 at
 * m = 300; B itself stays accurate). The tests:
 *  - cheap, O(m²): every entry finite; each row of B sums to its √w_k (Σ_i p(i|t) = 1 for every real t, so this checks
 *    the basis at the nodes); and ‖f‖² = Σ_k ⟨M, P_k⟩² (f = V g with V orthogonal in exact arithmetic), whose relative
 *    defect `e_f` tracks the error of h within a factor of about 30 as it grows (measured for n = 300..10^5, both
 *    laws, uniform and 1/r priors);
 *  - when e_f exceeds COMPRESSED_TOLERANCE (n ≥ 10^5 reaches 1e-10 at m ≈ √n, where h is still right to 1e-12), the
 *    direct one, O(n·w): h and the mass c summed over the exact kernel rows and compared with Bᵀf and Bᵀ√w.
 * The system is used when its error is at most COMPRESSED_TOLERANCE (BV vectors then agree with the exact-row ones
 * to about 1e-9, CLS and LS biases to 1e-10); otherwise the exact-row system is built if its cost is within
 * ROW_SYSTEM_BUDGET, and the correction is refused, naming the sizes, when it is not.
 */
import { InputError } from '../errors.ts';
import type { LawLike } from '../law/index.ts';
import { samplingLaw } from '../law/index.ts';
import type { PolynomialSystem } from './polynomialSystem.ts';
import { polynomialSystem } from './polynomialSystem.ts';
import { ROW_CUTOFF, rowSystem } from './rowSystem.ts';

/** Largest error (relative, see compressedSystemError) at which the compressed system is used. */
export const COMPRESSED_TOLERANCE = 1e-10;
/** Beyond this e_f the direct check is not run: the system is certainly unusable. */
const HOPELESS = 1e-6;

/**
 * The error of a compressed system found by its internal identities: ∞ for a non-finite entry or a row of B that does
 * not sum to its √w_k within 1e-10 of the largest, otherwise e_f = max over targets of |‖f‖² − Σ_k⟨M, P_k⟩²| / Σ_k⟨M, P_k⟩².
 */
export function compressedSystemError(system: PolynomialSystem): number {
  const { basis, rows, columns, rhs, rootWeights, projectedSquare } = system;
  let largestRoot = 0;
  for (const v of rootWeights) largestRoot = Math.max(largestRoot, v);
  for (let k = 0; k < rows; k++) {
    let sum = 0;
    for (let i = 0; i < columns; i++) sum += basis[k * columns + i];
    if (!(Math.abs(sum - rootWeights[k]) <= 1e-10 * largestRoot)) return Infinity;
  }
  let error = 0;
  rhs.forEach((f, t) => {
    let square = 0;
    for (const v of f) square += v * v;
    const projected = projectedSquare?.[t] ?? square;
    const defect = Math.abs(square - projected);
    error = Math.max(error, projected > 0 ? defect / projected : defect > 0 ? Infinity : 0);
  });
  return Number.isFinite(error) ? error : Infinity;
}

/**
 * The error of a compressed system measured against the exact kernel rows: the largest of |(Bᵀf)_i − h_i| / (c_i·max|M|)
 * over targets and of |(Bᵀ√w)_i − c_i| / c_i, with h_i = Σ_r p(r) p(i|r) M(r) and c_i = Σ_r p(r) p(i|r) summed row by
 * row; sampled ranks whose mass is below 1e-14 of the largest are measured against that floor. O(n·w + m²).
 */
export function directSystemError(
  system: PolynomialSystem,
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): number {
  const size = sampleSize + 1;
  const mass = new Float64Array(size);
  const cross = targets.map(() => new Float64Array(size));
  const row = samplingLaw(sampling).row(sampleSize, ROW_CUTOFF);
  for (let r = 0; r < itemCount; r++) {
    const pr = prior[r];
    if (!(pr > 0)) continue;
    row.fillRaw(r, itemCount - 1);
    const scale = pr / row.total;
    const v = row.values;
    for (let i = row.lo; i <= row.hi; i++) mass[i] += scale * v[i];
    targets.forEach((target, t) => {
      const weight = scale * target[r];
      const h = cross[t];
      for (let i = row.lo; i <= row.hi; i++) h[i] += weight * v[i];
    });
  }
  const { basis, rows, columns, rhs, rootWeights } = system;
  let largestMass = 0;
  for (const c of mass) largestMass = Math.max(largestMass, c);
  const floor = 1e-14 * largestMass;
  const largest = targets.map((target) => {
    let l = 0;
    for (const v of target) l = Math.max(l, Math.abs(v));
    return l;
  });
  let error = 0;
  for (let i = 0; i < size; i++) {
    let compressedMass = 0;
    for (let k = 0; k < rows; k++) compressedMass += basis[k * columns + i] * rootWeights[k];
    const scale = Math.max(mass[i], floor);
    error = Math.max(error, Math.abs(compressedMass - mass[i]) / scale);
    cross.forEach((h, t) => {
      let compressed = 0;
      for (let k = 0; k < rows; k++) compressed += basis[k * columns + i] * rhs[t][k];
      const defect = Math.abs(compressed - h[i]);
      if (defect > 0) error = Math.max(error, defect / (scale * largest[t]));
    });
  }
  return Number.isFinite(error) ? error : Infinity;
}

/**
 * Work of the exact-row system in rotations of a pair of entries, Σ_r w_r²/2 with w_r the window of row r: for a
 * row of standard deviation σ the window is 2·√(2 ln(1/ROW_CUTOFF))·σ + 1 wide, and σ² = m θ(1 − θ) (times
 * (n − 1 − m)/(n − 2) without replacement), θ = (r − 1)/(n − 1), summed over the prior's support in closed form as
 * if it were every rank (the finite-population factor for a law whose draws do not repeat).
 */
export function rowSystemWork(itemCount: number, sampleSize: number, sampling: LawLike): number {
  const z = 2 * Math.sqrt(2 * Math.log(1 / ROW_CUTOFF));
  const pool = itemCount - 1;
  const finite = samplingLaw(sampling).drawsRepeat || pool < 2 ? 1 : (pool - sampleSize) / (pool - 1);
  // Σ_r σ_r² ≈ n m / 6 · finite; Σ_r w_r² ≈ z² Σ σ² + 2z Σ σ + n, with Σ σ ≤ √(n Σ σ²).
  const variance = ((itemCount * sampleSize) / 6) * Math.max(0, finite);
  const spread = Math.sqrt(itemCount * variance);
  const window = Math.min(z * z * variance + 2 * z * spread + itemCount, itemCount * (sampleSize + 1) ** 2);
  return window / 2;
}

/**
 * Largest work of the exact-row system (rotations) before a correction is refused: 6·10^10, about three minutes on
 * the benchmark machine (3 ns a rotation, measured at n = 49,000, m = 1,000: 4.9 s).
 */
export const ROW_SYSTEM_BUDGET = 6e10;

/** The compressed system and its error (compressedSystemError, or directSystemError where that was run). */
export interface CompressedCheck {
  readonly system: PolynomialSystem | null;
  readonly error: number;
  /** error ≤ COMPRESSED_TOLERANCE. */
  readonly accurate: boolean;
}

/**
 * Beyond m = HOPELESS_RATIO·√n the compressed system is never accurate (e_f ≥ 1e-3 from 8√n on in every case
 * measured), and is not built.
 */
export const HOPELESS_RATIO = 10;

/**
 * Builds the compressed system of polynomialSystem.ts and measures its error by the tests above (null, error ∞: not
 * built, m > HOPELESS_RATIO·√n).
 */
export function checkedPolynomialSystem(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): CompressedCheck {
  if (sampleSize > HOPELESS_RATIO * Math.sqrt(itemCount)) return { system: null, error: Infinity, accurate: false };
  const system = polynomialSystem(targets, prior, itemCount, sampleSize, sampling);
  let error = compressedSystemError(system);
  if (error > COMPRESSED_TOLERANCE && error <= HOPELESS && targets.length > 0) {
    error = directSystemError(system, targets, prior, itemCount, sampleSize, sampling);
  }
  return { system, error, accurate: error <= COMPRESSED_TOLERANCE };
}

/**
 * The minimal-bias system of eqs 21–23 for these targets, n, m, law and prior: the compressed polynomial system where
 * it passes the tests above, the exact-row system otherwise (`check`: the compressed one, already checked). Throws an
 * InputError naming the sizes when neither is available (the row system would exceed ROW_SYSTEM_BUDGET).
 */
export function correctionSystem(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
  check = checkedPolynomialSystem(targets, prior, itemCount, sampleSize, sampling),
): PolynomialSystem {
  if (check.accurate && check.system) return check.system;
  checkRowSystemWork(itemCount, sampleSize, sampling, check.error);
  return rowSystem(targets, prior, itemCount, sampleSize, sampling);
}

/** Refuses a row system beyond ROW_SYSTEM_BUDGET, saying why the compressed one cannot be used and what it would cost. */
export function checkRowSystemWork(itemCount: number, sampleSize: number, sampling: LawLike, error: number): void {
  const work = rowSystemWork(itemCount, sampleSize, sampling);
  if (work <= ROW_SYSTEM_BUDGET) return;
  const defect = Number.isFinite(error) ? `off by ${error.toPrecision(2)}` : 'not finite';
  throw new InputError(
    `n = ${itemCount}, m = ${sampleSize}: the corrections' compressed system is not accurate at this m ` +
      `(m > 4.5√n; its identities are ${defect}, tolerance ${COMPRESSED_TOLERANCE}), and the exact system over ` +
      `the n kernel rows would take about ${work.toPrecision(2)} rotations, more than the ` +
      `${ROW_SYSTEM_BUDGET.toPrecision(2)} allowed (about three minutes): lower m, or n`,
  );
}
