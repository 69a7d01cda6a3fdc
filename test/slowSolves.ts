/**
 * The former, slow paths of the corrections' solves, kept as references for the fast ones (issue 13): the dense
 * Cholesky factorisation of every entry, the BV solve on it, and the binomial-law moments from a full row
 * per rank with each H(i, j) from its logarithm.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { BinomialRow, BULK_CUTOFF, samplingLaw } from '../src/core/law/index.ts';
import { logHypergeometricPmf } from '../src/core/special.ts';

/** Cholesky–Banachiewicz over the whole lower triangle (O(size³)). */
export function denseCholesky(matrix: Float64Array, size: number, minPivot = 0): Float64Array | null {
  const l = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    const rowI = i * size;
    for (let j = 0; j <= i; j++) {
      const rowJ = j * size;
      let s = matrix[rowI + j];
      for (let k = 0; k < j; k++) s -= l[rowI + k] * l[rowJ + k];
      if (j === i) {
        if (!(s > minPivot)) return null;
        l[rowI + i] = Math.sqrt(s);
      } else {
        l[rowI + j] = s / l[rowJ + j];
      }
    }
  }
  return l;
}

function denseCholeskySolve(l: Float64Array, size: number, b: ArrayLike<number>): Float64Array {
  const y = Float64Array.from(b);
  for (let i = 0; i < size; i++) {
    let s = y[i];
    for (let j = 0; j < i; j++) s -= l[i * size + j] * y[j];
    y[i] = s / l[i * size + i];
  }
  for (let i = size - 1; i >= 0; i--) {
    let s = y[i];
    for (let j = i + 1; j < size; j++) s -= l[j * size + i] * y[j];
    y[i] = s / l[i * size + i];
  }
  return y;
}

/** The former solveSymmetricMany: Jacobi scaling, dense Cholesky (eigen pseudo-inverse if it fails), one refinement. */
export function denseSolveSymmetricMany(matrix: Float64Array, rhs: readonly Float64Array[]): Float64Array[] {
  const size = rhs[0].length;
  const scale = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const d = matrix[i * size + i];
    scale[i] = d > 0 ? 1 / Math.sqrt(d) : 0;
  }
  const dense = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j <= i; j++) {
      const value = scale[i] * (0.5 * (matrix[i * size + j] + matrix[j * size + i])) * scale[j];
      dense[i * size + j] = value;
      dense[j * size + i] = value;
    }
  }
  const l = denseCholesky(dense, size);
  const solver = l ? (b: Float64Array) => denseCholeskySolve(l, size, b) : eigenSolver(dense, size);
  return rhs.map((right) => {
    const b = Float64Array.from(right, (v, i) => scale[i] * v);
    const y = solver(b);
    const residual = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      let s = b[i];
      for (let j = 0; j < size; j++) s -= dense[i * size + j] * y[j];
      residual[i] = s;
    }
    const delta = solver(residual);
    return Float64Array.from(y, (v, i) => scale[i] * (v + delta[i]));
  });
}

function eigenSolver(dense: Float64Array, size: number): (b: Float64Array) => Float64Array {
  const evd = new EigenvalueDecomposition(Matrix.from1DArray(size, size, dense), { assumeSymmetric: true });
  const values = evd.realEigenvalues;
  const u = evd.eigenvectorMatrix;
  const largest = Math.max(...values.map(Math.abs));
  return (b) => {
    const x = new Float64Array(size);
    values.forEach((value, k) => {
      if (!(value > largest * 1e-15)) return;
      let dot = 0;
      for (let i = 0; i < size; i++) dot += u.get(i, k) * b[i];
      for (let i = 0; i < size; i++) x[i] += (dot / value) * u.get(i, k);
    });
    return x;
  };
}

/** g(s) and g_M(s) of moments.ts row by row: a full row of Bin(·; 2m, θ_r) for every rank. */
export function rowByRowSums(targets: readonly Float64Array[], prior: Float64Array, itemCount: number, m: number) {
  const g = new Float64Array(2 * m + 1);
  const gTargets = targets.map(() => new Float64Array(2 * m + 1));
  const row = new BinomialRow(2 * m, BULK_CUTOFF);
  for (let r = 1; r <= itemCount; r++) {
    const pr = prior[r - 1];
    if (pr === 0) continue;
    row.fill(r - 1, itemCount - 1);
    for (let s = row.lo; s <= row.hi; s++) {
      g[s] += pr * row.values[s];
      targets.forEach((t, k) => (gTargets[k][s] += pr * t[r - 1] * row.values[s]));
    }
  }
  return { g, gTargets };
}

/** The former binomial-law moments: G_ij = H(i, j) g(i + j) with every H(i, j) from its logarithm. */
export function rowByRowMoments(targets: readonly Float64Array[], prior: Float64Array, itemCount: number, m: number) {
  const size = m + 1;
  const { g, gTargets } = rowByRowSums(targets, prior, itemCount, m);
  const gram = new Float64Array(size * size);
  const mass = new Float64Array(size);
  const cross = targets.map(() => new Float64Array(size));
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const h = Math.exp(logHypergeometricPmf(i, m, m, i + j));
      gram[i * size + j] = h * g[i + j];
      mass[i] += h * g[i + j];
      targets.forEach((_, t) => (cross[t][i] += h * gTargets[t][i + j]));
    }
  }
  return { size, gram, mass, cross };
}

/** The former Gauss quadrature (Golub–Welsch with ml-matrix's dense symmetric eigendecomposition, O(D³)). */
export function denseGaussQuadrature(alpha: number[], beta: number[]): { nodes: number[]; weights: number[] } {
  const size = alpha.length;
  const jacobi = new Matrix(size, size);
  for (let k = 0; k < size; k++) {
    jacobi.set(k, k, alpha[k]);
    if (k + 1 < size) {
      jacobi.set(k, k + 1, beta[k + 1]);
      jacobi.set(k + 1, k, beta[k + 1]);
    }
  }
  const evd = new EigenvalueDecomposition(jacobi, { assumeSymmetric: true });
  const vectors = evd.eigenvectorMatrix;
  const nodes = evd.realEigenvalues.slice();
  return { nodes, weights: nodes.map((_, k) => vectors.get(0, k) ** 2) };
}

/** The kernel moments of moments.ts summed row by row from exact rows of p(· | r) (O(n·m²)), for either law. */
export function denseMoments(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  m: number,
  sampling: 'with-replacement' | 'without-replacement',
) {
  const size = m + 1;
  const gram = new Float64Array(size * size);
  const mass = new Float64Array(size);
  const cross = targets.map(() => new Float64Array(size));
  const row = samplingLaw(sampling).row(m);
  for (let r = 1; r <= itemCount; r++) {
    const pr = prior[r - 1];
    if (pr === 0) continue;
    row.fill(r - 1, itemCount - 1);
    const v = row.values;
    for (let i = row.lo; i <= row.hi; i++) {
      const pi = pr * v[i];
      mass[i] += pi;
      targets.forEach((t, k) => (cross[k][i] += pi * t[r - 1]));
      for (let j = row.lo; j <= row.hi; j++) gram[i * size + j] += pi * v[j];
    }
  }
  return { size, gram, mass, cross };
}
