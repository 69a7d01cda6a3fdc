/**
 * PureSVD (Cremonesi, Koren & Turrin, RecSys 2010): the rank-f truncated SVD R ≈ U_f Σ_f V_fᵀ of the binary
 * user × item training matrix R, scored as ŷ(u, ·) = r_u V_f V_fᵀ (the projection of the user's row on the top f
 * right singular vectors). V_f spans the top-f eigenvectors of RᵀR; the scores depend on that subspace only.
 *
 * It is found by subspace iteration with oversampling (Halko, Martinsson & Tropp 2011, Algorithm 4.4 with
 * Rayleigh–Ritz): a seeded Gaussian I × (f + p) start, `iterations` products Q ← orth(Rᵀ(R Q)) through the sparse
 * rows (2·nnz·(f + p) each, never the dense RᵀR), then the eigenvectors of the small Qᵀ RᵀR Q (cyclic Jacobi) give
 * the f leading Ritz vectors. `ritzResidual` reports ‖RᵀR v − θ v‖ / θ of the f-th one.
 */
import type { RandomSource } from '../../src/core/random.ts';
import type { Interactions } from './data.ts';
import { gaussian } from './ials.ts';

export interface PureSvdModel {
  readonly factors: number;
  /** V_f row-major: itemFactors[i * f + k]. */
  readonly itemFactors: Float64Array;
  /** The f leading eigenvalues of RᵀR (squared singular values), descending. */
  readonly eigenvalues: Float64Array;
  /** ‖RᵀR v_f − θ_f v_f‖ / θ_f for the f-th Ritz pair: how far the subspace is from converged. */
  readonly ritzResidual: number;
}

/** out (I × l) = RᵀR q (I × l), through the user rows: (R q)_u = Σ_{i∈H_u} q_i, then Rᵀ. */
function gramProduct(data: Interactions, q: Float64Array, l: number, out: Float64Array): void {
  const row = new Float64Array(l);
  out.fill(0);
  for (let u = 0; u < data.userIds.length; u++) {
    row.fill(0);
    const lo = data.userOffsets[u];
    const hi = data.userOffsets[u + 1];
    for (let p = lo; p < hi; p++) {
      const off = data.userItems[p] * l;
      for (let k = 0; k < l; k++) row[k] += q[off + k];
    }
    for (let p = lo; p < hi; p++) {
      const off = data.userItems[p] * l;
      for (let k = 0; k < l; k++) out[off + k] += row[k];
    }
  }
}

/** Orthonormalises the l columns of q (I × l, row-major) in place by modified Gram–Schmidt, twice. */
function orthonormalise(q: Float64Array, rows: number, l: number): void {
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < l; k++) {
      for (let j = 0; j < k; j++) {
        let dot = 0;
        for (let i = 0; i < rows; i++) dot += q[i * l + j] * q[i * l + k];
        for (let i = 0; i < rows; i++) q[i * l + k] -= dot * q[i * l + j];
      }
      let norm = 0;
      for (let i = 0; i < rows; i++) norm += q[i * l + k] ** 2;
      norm = Math.sqrt(norm);
      for (let i = 0; i < rows; i++) q[i * l + k] = norm > 0 ? q[i * l + k] / norm : 0;
    }
  }
}

/**
 * Eigen-decomposition of a symmetric l × l matrix by cyclic Jacobi rotations: returns the eigenvalues and the
 * eigenvectors as columns of a row-major l × l matrix, sorted by descending eigenvalue.
 */
export function symmetricEigen(matrix: Float64Array, l: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(l * l);
  for (let i = 0; i < l; i++) v[i * l + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < l; i++) for (let j = i + 1; j < l; j++) off += a[i * l + j] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < l; p++) {
      for (let q = p + 1; q < l; q++) {
        const apq = a[p * l + q];
        if (apq === 0) continue;
        const theta = (a[q * l + q] - a[p * l + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < l; k++) {
          const akp = a[k * l + p];
          const akq = a[k * l + q];
          a[k * l + p] = c * akp - s * akq;
          a[k * l + q] = s * akp + c * akq;
        }
        for (let k = 0; k < l; k++) {
          const apk = a[p * l + k];
          const aqk = a[q * l + k];
          a[p * l + k] = c * apk - s * aqk;
          a[q * l + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < l; k++) {
          const vkp = v[k * l + p];
          const vkq = v[k * l + q];
          v[k * l + p] = c * vkp - s * vkq;
          v[k * l + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: l }, (_, i) => i).sort((x, y) => a[y * l + y] - a[x * l + x]);
  const values = Float64Array.from(order, (i) => a[i * l + i]);
  const vectors = new Float64Array(l * l);
  for (let k = 0; k < l; k++) for (let i = 0; i < l; i++) vectors[i * l + k] = v[i * l + order[k]];
  return { values, vectors };
}

export function trainPureSvd(
  data: Interactions,
  factors: number,
  options: { oversampling: number; iterations: number; random: RandomSource },
): PureSvdModel {
  const I = data.itemIds.length;
  const l = factors + options.oversampling;
  let q = new Float64Array(I * l);
  for (let p = 0; p < q.length; p++) q[p] = gaussian(options.random);
  orthonormalise(q, I, l);
  let next = new Float64Array(I * l);
  for (let t = 0; t < options.iterations; t++) {
    gramProduct(data, q, l, next);
    [q, next] = [next, q];
    orthonormalise(q, I, l);
  }
  // Rayleigh–Ritz: T = Qᵀ (RᵀR Q), its eigenvectors W, Ritz vectors Q W.
  gramProduct(data, q, l, next);
  const small = new Float64Array(l * l);
  for (let j = 0; j < l; j++) {
    for (let k = 0; k < l; k++) {
      let s = 0;
      for (let i = 0; i < I; i++) s += q[i * l + j] * next[i * l + k];
      small[j * l + k] = s;
    }
  }
  for (let j = 0; j < l; j++)
    for (let k = 0; k < j; k++) small[j * l + k] = small[k * l + j] = (small[j * l + k] + small[k * l + j]) / 2;
  const { values, vectors } = symmetricEigen(small, l);
  const itemFactors = new Float64Array(I * factors);
  const image = new Float64Array(I);
  let residual = 0;
  for (let i = 0; i < I; i++) {
    for (let k = 0; k < factors; k++) {
      let s = 0;
      let g = 0;
      for (let j = 0; j < l; j++) {
        s += q[i * l + j] * vectors[j * l + k];
        g += next[i * l + j] * vectors[j * l + k];
      }
      itemFactors[i * factors + k] = s;
      if (k === factors - 1) image[i] = g - values[k] * s;
    }
    residual += image[i] ** 2;
  }
  return {
    factors,
    itemFactors,
    eigenvalues: values.slice(0, factors),
    ritzResidual: Math.sqrt(residual) / values[factors - 1],
  };
}

/** ŷ(u, i) = ⟨v_i, Σ_{j∈H_u} v_j⟩. */
export function pureSvdScores(model: PureSvdModel, data: Interactions, user: number, out: Float64Array): void {
  const { factors: f, itemFactors } = model;
  const x = new Float64Array(f);
  for (let p = data.userOffsets[user]; p < data.userOffsets[user + 1]; p++) {
    const off = data.userItems[p] * f;
    for (let k = 0; k < f; k++) x[k] += itemFactors[off + k];
  }
  for (let i = 0, off = 0; i < out.length; i++, off += f) {
    let s = 0;
    for (let k = 0; k < f; k++) s += itemFactors[off + k] * x[k];
    out[i] = s;
  }
}
