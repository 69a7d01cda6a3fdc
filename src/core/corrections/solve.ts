/**
 * Stable solves of symmetric positive (semi-)definite systems S x = b, S given row-major. The system is first
 * scaled to unit diagonal (Jacobi scaling, which removes most of the conditioning that the kernel's wildly
 * different column norms cause), then solved by Cholesky when S is positive definite, or by the eigenvalue
 * decomposition with a pseudo-inverse otherwise (the minimal-norm solution in the scaled coordinates: for the
 * nearly singular AᵀA of the minimal-bias problem, eq 22, this attains the minimal bias). One step of iterative
 * refinement follows either way.
 * The Cholesky factorisation leaves out the leading entries of each scaled row whose sum of squares is below
 * ENVELOPE_TOLERANCE² (cholesky.ts): a perturbation of at most 1e-17·√(2·size) in Frobenius norm, below the
 * factorisation's own rounding (about size·1e-16 for a unit diagonal), which the refinement step, computed with the
 * full matrix, removes again. The BV systems (eq 25) are effectively banded, so this makes their factorisation
 * O(m²) instead of O(m³) (m = 3,000: 0.2 s instead of 8 s).
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { choleskyFactor, choleskySolve, envelopeStarts } from './cholesky.ts';

export interface SolveOptions {
  /** Use the eigen pseudo-inverse directly (for systems known to be singular or nearly so). */
  readonly pseudoInverse?: boolean;
  /** Eigenvalues below this fraction of the largest are dropped by the pseudo-inverse. */
  readonly relativeThreshold?: number;
}

type Solver = (b: Float64Array) => Float64Array;

/** Leading entries of a row of the unit-diagonal matrix left out of its Cholesky factor (see above). */
export const ENVELOPE_TOLERANCE = 1e-17;

export function solveSymmetric(matrix: Float64Array, rhs: Float64Array, options: SolveOptions = {}): Float64Array {
  return solveSymmetricMany(matrix, [rhs], options)[0];
}

/** solveSymmetric for several right-hand sides, factoring S once. */
export function solveSymmetricMany(
  matrix: Float64Array,
  rhs: readonly Float64Array[],
  options: SolveOptions = {},
): Float64Array[] {
  const size = rhs.length > 0 ? rhs[0].length : Math.round(Math.sqrt(matrix.length));
  const scale = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const d = matrix[i * size + i];
    scale[i] = d > 0 ? 1 / Math.sqrt(d) : 0;
  }
  const dense = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      // Symmetrise exactly: the decompositions require it and rounding in the callers can break it by an ulp.
      const value = scale[i] * (0.5 * (matrix[i * size + j] + matrix[j * size + i])) * scale[j];
      dense[i * size + j] = value;
      dense[j * size + i] = value;
    }
  }
  let solver: Solver | null = options.pseudoInverse ? null : choleskySolver(dense, size);
  solver ??= eigenSolver(Matrix.from1DArray(size, size, dense), options.relativeThreshold ?? 1e-15);
  return rhs.map((right) => {
    const b = new Float64Array(size);
    for (let i = 0; i < size; i++) b[i] = scale[i] * right[i];
    const y = solver(b);
    // One step of iterative refinement: y += S⁺ (b − S y).
    const residual = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      let s = b[i];
      for (let j = 0; j < size; j++) s -= dense[i * size + j] * y[j];
      residual[i] = s;
    }
    const delta = solver(residual);
    const x = new Float64Array(size);
    for (let i = 0; i < size; i++) x[i] = scale[i] * (y[i] + delta[i]);
    return x;
  });
}

function choleskySolver(dense: Float64Array, size: number): Solver | null {
  const l = choleskyFactor(dense, size, 0, envelopeStarts(dense, size, ENVELOPE_TOLERANCE));
  return l && ((b) => choleskySolve(l, size, b));
}

function eigenSolver(scaled: Matrix, relativeThreshold: number): Solver {
  const evd = new EigenvalueDecomposition(scaled, { assumeSymmetric: true });
  const values = evd.realEigenvalues;
  const vectors = evd.eigenvectorMatrix;
  const size = scaled.rows;
  let largest = 0;
  for (const v of values) largest = Math.max(largest, Math.abs(v));
  const kept: number[] = [];
  for (let k = 0; k < size; k++) if (values[k] > largest * relativeThreshold) kept.push(k);
  const u = new Float64Array(size * size);
  for (let i = 0; i < size; i++) for (let k = 0; k < size; k++) u[i * size + k] = vectors.get(i, k);
  return (b) => {
    const x = new Float64Array(size);
    for (const k of kept) {
      let dot = 0;
      for (let i = 0; i < size; i++) dot += u[i * size + k] * b[i];
      const coefficient = dot / values[k];
      for (let i = 0; i < size; i++) x[i] += coefficient * u[i * size + k];
    }
    return x;
  };
}
