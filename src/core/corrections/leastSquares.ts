/**
 * The minimal-bias correction (eqs 21–23) solved without forming the nearly singular AᵀA.
 * For either sampling law, E[M̂(r̃) | r] = Σ_i p(i|r) M̂_i is a polynomial of degree m in r (Bernstein basis in
 * θ = (r − 1)/(n − 1) with replacement; C(K,i)C(N−K,m−i)/C(N,m) is also of degree m in K = r − 1 without). So
 * eq 21 is weighted polynomial least squares on the nodes θ_r with weights p(r):
 *  1. Stieltjes' procedure builds the p-orthonormal polynomials P_0..P_D (D ≤ m) on the nodes in O(n·m) and
 *     projects M onto them; the minimal bias is Σ_r p(r) M(r)² − Σ_k ⟨M, P_k⟩² exactly.
 *  2. The (D+1)-point Gauss quadrature of the discrete measure (Golub–Welsch) integrates every product of two
 *     degree-m polynomials exactly, so ‖A x − b‖² = Σ_k w_k (basis(t_k)·x − M_poly(t_k))² + const: a square
 *     (m+1)-dimensional system solved by Householder QR (SVD when D < m), which is backward stable.
 * Cost O(n·m + m³) in time and O(n + m²) in memory, instead of a dense n × (m+1) matrix.
 */
import { EigenvalueDecomposition, Matrix, SingularValueDecomposition } from 'ml-matrix';
import type { Sampling } from '../sampling.ts';
import { logBinomialPmf } from '../special.ts';

export interface LeastSquaresResult {
  vectors: Float64Array[];
  /** min over M̂ of Σ_r p(r)(E[M̂|r] − M(r))², one per target. */
  minimalBias: number[];
  /** Degree of the polynomial space actually spanned (m unless the prior has fewer than m + 1 support points). */
  degree: number;
}

export function leastSquaresCorrections(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: Sampling,
): LeastSquaresResult {
  const m = sampleSize;
  let count = 0;
  for (let r = 0; r < itemCount; r++) if (prior[r] > 0) count++;
  const support = new Int32Array(count);
  for (let r = 0, s = 0; r < itemCount; r++) if (prior[r] > 0) support[s++] = r;
  const u = new Float64Array(count);
  const w = new Float64Array(count);
  for (let s = 0; s < count; s++) {
    u[s] = itemCount > 1 ? support[s] / (itemCount - 1) : 0;
    w[s] = prior[support[s]];
  }
  const values = targets.map((t) => (support.length === itemCount ? t : Float64Array.from(support, (r) => t[r])));
  const { alpha, beta, coefficients, targetSquare } = stieltjes(u, w, values, m);
  const degree = alpha.length - 1;
  const { nodes, weights } = gaussQuadrature(alpha, beta);
  const size = degree + 1;
  const basis = new Matrix(size, m + 1);
  for (let k = 0; k < size; k++) {
    const root = Math.sqrt(weights[k]);
    for (let i = 0; i <= m; i++) basis.set(k, i, root * basisFunction(i, nodes[k], itemCount, m, sampling));
  }
  const polyAtNodes = evaluateExpansions(alpha, beta, coefficients, nodes);
  const svd = new SingularValueDecomposition(basis, { autoTranspose: true });
  const vectors = polyAtNodes.map((fk) => {
    const rhs = Matrix.columnVector(Array.from(fk, (f, k) => Math.sqrt(weights[k]) * f));
    return truncatedSvdSolve(svd, rhs);
  });
  const minimalBias = coefficients.map((c, t) => {
    let projected = 0;
    for (const ck of c) projected += ck * ck;
    return Math.max(0, targetSquare[t] - projected);
  });
  return { vectors, minimalBias, degree };
}

/**
 * Stieltjes' procedure with one re-orthogonalisation per step: recurrence coefficients α_k, β_k (β_k the
 * off-diagonal of the Jacobi matrix, β_0 unused) of the orthonormal polynomials for the probability measure
 * Σ_s w_s δ(u_s), and the expansion coefficients ⟨M, P_k⟩ of each target.
 */
function stieltjes(u: Float64Array, weights: Float64Array, targets: Float64Array[], maxDegree: number) {
  const count = u.length;
  let total = 0;
  for (let s = 0; s < count; s++) total += weights[s];
  const w = weights.map((x) => x / total);
  // Three rotating buffers: P_{k−1}, P_k and the next polynomial.
  let prev = new Float64Array(count);
  let cur = new Float64Array(count).fill(1);
  let next = new Float64Array(count);
  const alpha: number[] = [];
  const beta: number[] = [0];
  const coefficients = targets.map(() => [] as number[]);
  const targetSquare = targets.map((t) => weightedDot(w, t, t));
  // Each step costs two passes over the nodes (plus a normalising sweep); a third only when rounding has spoilt
  // the orthogonality to P_k, which is restored then (re-orthogonalisation).
  for (let k = 0; ; k++) {
    // Pass 1: α_k = ⟨u P_k, P_k⟩ and the projections ⟨M, P_k⟩.
    let a = 0;
    for (let s = 0; s < count; s++) a += w[s] * u[s] * cur[s] * cur[s];
    targets.forEach((t, j) => coefficients[j].push(weightedDot(w, t, cur)));
    alpha.push(a);
    if (k === maxDegree || k === count - 1) break;
    // Pass 2: the three-term recurrence and the norm of the result.
    const b = beta[k];
    let norm2 = 0;
    let c0 = 0;
    for (let s = 0; s < count; s++) {
      const x = (u[s] - a) * cur[s] - b * prev[s];
      next[s] = x;
      norm2 += w[s] * x * x;
      c0 += w[s] * x * cur[s];
    }
    // Orthogonality to P_k (exact in theory) is checked and restored when rounding has spoilt it.
    if (Math.abs(c0) > 1e-10 * Math.sqrt(norm2)) {
      norm2 = 0;
      for (let s = 0; s < count; s++) {
        const x = next[s] - c0 * cur[s];
        next[s] = x;
        norm2 += w[s] * x * x;
      }
    }
    const norm = Math.sqrt(norm2);
    if (!(norm > 1e-12)) break;
    const inv = 1 / norm;
    for (let s = 0; s < count; s++) next[s] *= inv;
    beta.push(norm);
    const spare = prev;
    prev = cur;
    cur = next;
    next = spare;
  }
  return { alpha, beta, coefficients, targetSquare };
}

function weightedDot(w: Float64Array, a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let k = 0; k < w.length; k++) s += w[k] * a[k] * b[k];
  return s;
}

/** Golub–Welsch: nodes are the eigenvalues of the Jacobi matrix, weights the squared first eigenvector components. */
function gaussQuadrature(alpha: number[], beta: number[]): { nodes: number[]; weights: number[] } {
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
  const weights = nodes.map((_, k) => vectors.get(0, k) ** 2);
  return { nodes, weights };
}

/** Σ_k c_k P_k(t) at each node t, by the three-term recurrence of the orthonormal polynomials. */
function evaluateExpansions(
  alpha: number[],
  beta: number[],
  coefficients: number[][],
  nodes: number[],
): Float64Array[] {
  const out = coefficients.map(() => new Float64Array(nodes.length));
  nodes.forEach((t, q) => {
    let prev = 0;
    let cur = 1;
    for (let k = 0; k < alpha.length; k++) {
      coefficients.forEach((c, j) => (out[j][q] += c[k] * cur));
      if (k + 1 >= alpha.length) break;
      const next = ((t - alpha[k]) * cur - beta[k] * prev) / beta[k + 1];
      prev = cur;
      cur = next;
    }
  });
  return out;
}

/**
 * p(r̃ = i + 1 | r) as a polynomial in θ = (r − 1)/(n − 1), evaluated at any real θ (Gauss nodes are not integers).
 */
function basisFunction(i: number, theta: number, itemCount: number, m: number, sampling: Sampling): number {
  const t = Math.min(1, Math.max(0, theta));
  if (sampling === 'with-replacement') return Math.exp(logBinomialPmf(i, m, t, 1 - t));
  // C(m,i) Π_{l<i} (K − l)/(N − l) · Π_{l<m−i} (N − K − l)/(N − i − l), N = n − 1, K = θN (a polynomial in K).
  const N = itemCount - 1;
  const K = t * N;
  let logAbs = logBinomialPmf(i, m, 0.5, 0.5) + m * Math.LN2;
  let sign = 1;
  for (let l = 0; l < i; l++) {
    const f = (K - l) / (N - l);
    if (f === 0) return 0;
    if (f < 0) sign = -sign;
    logAbs += Math.log(Math.abs(f));
  }
  for (let l = 0; l < m - i; l++) {
    const f = (N - K - l) / (N - i - l);
    if (f === 0) return 0;
    if (f < 0) sign = -sign;
    logAbs += Math.log(Math.abs(f));
  }
  return sign * Math.exp(logAbs);
}

/**
 * Relative cut-off of the truncated SVD. Smaller values lower the attained bias a little further towards the exact
 * minimum (reported as minimalBias) at the price of astronomically large, useless vectors; 1e-12 is about numpy's
 * default for n = 10^4 and already reaches a lower bias than numpy's lstsq on the dense A.
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
