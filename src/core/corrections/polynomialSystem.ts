/**
 * The minimal-bias problem (Krichene & Rendle eqs 21–23) as an exact, small least-squares system.
 * For either uniform law (law/), E[M̂(r̃) | r] = Σ_i p(i|r) M̂_i is a polynomial of degree m in r (Bernstein basis in
 * θ = (r − 1)/(n − 1) with replacement; C(K,i)C(N−K,m−i)/C(N,m) is also of degree m in K = r − 1 without). So
 * eq 21 is weighted polynomial least squares on the nodes θ_r with weights p(r):
 *  1. the p-orthonormal polynomials P_0..P_D (D ≤ m) on the nodes (closed-form discrete Chebyshev recurrence for
 *     the uniform prior, Stieltjes' procedure otherwise; O(n·m)) give the projection M_poly of M and the exact
 *     minimal bias Σ_r p(r) M(r)² − Σ_k ⟨M, P_k⟩²;
 *  2. the (D+1)-point Gauss quadrature of the discrete measure (Golub–Welsch) integrates every product of two
 *     degree-m polynomials exactly, so for every vector x (p(i | t_k) is the law's basisRow at the node t_k)
 *       Σ_r p(r)(E[x|r] − M(r))² = ‖B x − f‖² + minimalBias,  B_ki = √w_k p(i | t_k),  f_k = √w_k M_poly(t_k),
 *     a (D+1) × (m+1) system that stands for the n × (m+1) matrix A of eq 23 without losing anything.
 * Cost O(n·m + m³) in time and O(n + m²) in memory. Solving B x ≈ f directly (QR, SVD) avoids the squared
 * condition number of the normal equations AᵀA.
 */
import type { LawLike } from '../law/index.ts';
import { isConstant, samplingLaw } from '../law/index.ts';
import { gaussQuadrature } from './gaussQuadrature.ts';

export interface PolynomialSystem {
  /** B, row-major, rows × (m + 1). */
  readonly basis: Float64Array;
  readonly rows: number;
  readonly columns: number;
  /** f, one per target. */
  readonly rhs: Float64Array[];
  /** √w_k of the Gauss quadrature (so that c = Bᵀ√w). */
  readonly rootWeights: Float64Array;
  /** min over x of Σ_r p(r)(E[x|r] − M(r))², one per target (the infimum, exactly). */
  readonly minimalBias: number[];
  /**
   * Σ_k ⟨M, P_k⟩², the squared norm of each target's projection on polynomials of degree ≤ m, which ‖f‖² equals in
   * exact arithmetic (conditioning.ts compares them). Absent from systems built otherwise (rowSystem.ts).
   */
  readonly projectedSquare?: number[];
  /** Degree of the polynomial space actually spanned (m unless the prior has fewer than m + 1 support points). */
  readonly degree: number;
}

export function polynomialSystem(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): PolynomialSystem {
  const law = samplingLaw(sampling);
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
  const { alpha, beta, coefficients, targetSquare } =
    count === itemCount && isConstant(w) ? discreteChebyshev(values, itemCount, m) : stieltjes(u, w, values, m);
  const degree = alpha.length - 1;
  const { nodes, weights } = gaussQuadrature(alpha, beta);
  const rows = degree + 1;
  const columns = m + 1;
  const basis = new Float64Array(rows * columns);
  const row = new Float64Array(columns);
  for (let k = 0; k < rows; k++) {
    const root = Math.sqrt(weights[k]);
    law.basisRow(nodes[k], itemCount, m, row);
    for (let i = 0; i < columns; i++) basis[k * columns + i] = root * row[i];
  }
  const rhs = evaluateExpansions(alpha, beta, coefficients, nodes).map((fk) =>
    fk.map((f, k) => Math.sqrt(weights[k]) * f),
  );
  const projectedSquare = coefficients.map((c: number[]) => {
    let projected = 0;
    for (const ck of c) projected += ck * ck;
    return projected;
  });
  const minimalBias = projectedSquare.map((projected, t) => Math.max(0, targetSquare[t] - projected));
  const rootWeights = Float64Array.from(weights, Math.sqrt);
  return { basis, rows, columns, rhs, rootWeights, minimalBias, projectedSquare, degree };
}

/**
 * The uniform prior on r = 1..n puts equal weights on the equispaced nodes θ = 0, 1/(n−1), …, 1, whose orthonormal
 * polynomials are the discrete Chebyshev (Gram) polynomials with known recurrence coefficients (Gautschi,
 * "Orthogonal Polynomials", 2004, §1.5.2): α_k = 1/2 and β_k = k²(n² − k²)/(4(4k² − 1)(n − 1)²). Each node then
 * runs the recurrence in registers and adds M(r)·P_k(θ_r) into m + 1 coefficients: one cache-friendly sweep.
 */
function discreteChebyshev(targets: Float64Array[], n: number, maxDegree: number) {
  const degree = Math.min(maxDegree, n - 1);
  const alpha = new Array<number>(degree + 1).fill(0.5);
  const beta = [0];
  for (let k = 1; k <= degree; k++) beta.push((k / (n - 1)) * Math.sqrt((n * n - k * k) / (4 * (4 * k * k - 1))));
  const inverseBeta = Float64Array.from(beta, (b) => (b > 0 ? 1 / b : 0));
  const betaArray = Float64Array.from(beta);
  const coefficients = targets.map(() => new Float64Array(degree + 1));
  const targetSquare = targets.map((t) => {
    let sum = 0;
    for (let s = 0; s < n; s++) sum += t[s] * t[s];
    return sum;
  });
  // The recurrence is a chain of dependent multiplications: four nodes advance together so that their chains
  // overlap in the processor's pipeline (several times faster than one node at a time).
  const scale = n > 1 ? 1 / (n - 1) : 0;
  for (let t = 0; t < targets.length; t++) {
    const target = targets[t];
    const c = coefficients[t];
    for (let s = 0; s < n; s += 4) {
      const m0 = target[s];
      const m1 = s + 1 < n ? target[s + 1] : 0;
      const m2 = s + 2 < n ? target[s + 2] : 0;
      const m3 = s + 3 < n ? target[s + 3] : 0;
      const d0 = s * scale - 0.5;
      const d1 = (s + 1) * scale - 0.5;
      const d2 = (s + 2) * scale - 0.5;
      const d3 = (s + 3) * scale - 0.5;
      let p0 = 0;
      let p1 = 0;
      let p2 = 0;
      let p3 = 0;
      let q0 = 1;
      let q1 = 1;
      let q2 = 1;
      let q3 = 1;
      c[0] += m0 + m1 + m2 + m3;
      for (let k = 0; k < degree; k++) {
        const b = betaArray[k];
        const ib = inverseBeta[k + 1];
        const r0 = (d0 * q0 - b * p0) * ib;
        const r1 = (d1 * q1 - b * p1) * ib;
        const r2 = (d2 * q2 - b * p2) * ib;
        const r3 = (d3 * q3 - b * p3) * ib;
        p0 = q0;
        p1 = q1;
        p2 = q2;
        p3 = q3;
        q0 = r0;
        q1 = r1;
        q2 = r2;
        q3 = r3;
        c[k + 1] += m0 * r0 + m1 * r1 + m2 * r2 + m3 * r3;
      }
    }
  }
  return {
    alpha,
    beta,
    coefficients: coefficients.map((c) => Array.from(c, (x) => x / n)),
    targetSquare: targetSquare.map((x) => x / n),
  };
}

function weightedDot(w: Float64Array, a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let k = 0; k < w.length; k++) s += w[k] * a[k] * b[k];
  return s;
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
 * Stieltjes' procedure with one re-orthogonalisation per step: recurrence coefficients α_k, β_k (β_k the
 * off-diagonal of the Jacobi matrix, β_0 unused) of the orthonormal polynomials for the probability measure
 * Σ_s w_s δ(u_s), and the expansion coefficients ⟨M, P_k⟩ of each target.
 */
function stieltjes(u: Float64Array, weights: Float64Array, targets: Float64Array[], maxDegree: number) {
  const count = u.length;
  let total = 0;
  for (let s = 0; s < count; s++) total += weights[s];
  const w = weights.map((x) => x / total);
  // P_{k−1} = prevScale·prev, P_k = curScale·cur: normalisation is folded into the next sweep.
  let prev = new Float64Array(count);
  let cur = new Float64Array(count).fill(1);
  let next = new Float64Array(count);
  let prevScale = 0;
  let curScale = 1;
  const alpha: number[] = [];
  const beta: number[] = [0];
  const coefficients = targets.map((t) => [weightedDot(w, t, cur)]);
  const targetSquare = targets.map((t) => weightedDot(w, t, t));
  let a = 0;
  for (let s = 0; s < count; s++) a += w[s] * u[s];
  const t0 = targets.length === 1 ? targets[0] : null;
  for (let k = 0; ; k++) {
    alpha.push(a);
    if (k === maxDegree || k === count - 1) break;
    // One sweep: the three-term recurrence x = (u − α_k)P_k − β_k P_{k−1}, with ‖x‖², ⟨x, P_k⟩ (zero but for
    // rounding), ⟨u x, x⟩ for α_{k+1} and ⟨M, x⟩ for the next projection.
    const b = beta[k] * prevScale;
    let norm2 = 0;
    let overlap = 0;
    let ux2 = 0;
    let mx = 0;
    for (let s = 0; s < count; s++) {
      const pk = curScale * cur[s];
      const x = (u[s] - a) * pk - b * prev[s];
      next[s] = x;
      const wx = w[s] * x;
      norm2 += wx * x;
      overlap += wx * pk;
      ux2 += wx * u[s] * x;
      if (t0) mx += wx * t0[s];
    }
    if (Math.abs(overlap) > 1e-10 * Math.sqrt(norm2)) {
      // Re-orthogonalise against P_k when rounding has spoilt it, and redo the sums.
      norm2 = 0;
      ux2 = 0;
      mx = 0;
      for (let s = 0; s < count; s++) {
        const x = next[s] - overlap * curScale * cur[s];
        next[s] = x;
        const wx = w[s] * x;
        norm2 += wx * x;
        ux2 += wx * u[s] * x;
        if (t0) mx += wx * t0[s];
      }
    }
    const norm = Math.sqrt(norm2);
    if (!(norm > 1e-12)) break;
    beta.push(norm);
    a = ux2 / norm2;
    if (t0) coefficients[0].push(mx / norm);
    else targets.forEach((t, j) => coefficients[j].push(weightedDot(w, t, next) / norm));
    const spare = prev;
    prev = cur;
    prevScale = curScale;
    cur = next;
    curScale = 1 / norm;
    next = spare;
  }
  // The last coefficient pushed may belong to a degree that was not kept (loop ended by the degree cap first).
  coefficients.forEach((c) => (c.length = alpha.length));
  return { alpha, beta, coefficients, targetSquare };
}
