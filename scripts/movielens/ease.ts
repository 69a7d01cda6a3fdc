/**
 * EASE (Steck, "Embarrassingly Shallow Autoencoders for Sparse Data", WWW 2019): the item–item weights
 *   B = argmin ‖X − XB‖²_F + λ‖B‖²_F subject to diag(B) = 0,
 * in closed form (Steck eq. 8): P = (XᵀX + λI)⁻¹, B_ij = −P_ij / P_jj for i ≠ j, B_jj = 0; ŷ(u, ·) = X_u B.
 * XᵀX is the co-occurrence matrix of itemknn.ts (C_ij = |U_i ∩ U_j|).
 */
import type { Interactions } from './data.ts';
import { spdInverse } from './inverse.ts';

export interface EaseModel {
  readonly itemCount: number;
  /** B row-major: weights[j * I + i] = B_ji, the weight of history item j for item i. */
  readonly weights: Float64Array;
}

export function trainEase(counts: Int32Array, itemCount: number, lambda: number): EaseModel {
  const I = itemCount;
  const p = Float64Array.from(counts);
  for (let i = 0; i < I; i++) p[i * I + i] += lambda;
  spdInverse(p, I);
  const diagonal = Float64Array.from({ length: I }, (_, i) => p[i * I + i]);
  for (let j = 0; j < I; j++) {
    for (let i = 0; i < I; i++) p[j * I + i] = i === j ? 0 : -p[j * I + i] / diagonal[i];
  }
  return { itemCount: I, weights: p };
}

/** ŷ(u, i) = Σ_{j∈H_u} B_ji: a sum of contiguous rows of B. */
export function easeScores(model: EaseModel, data: Interactions, user: number, out: Float64Array): void {
  const { itemCount: I, weights } = model;
  out.fill(0);
  for (let p = data.userOffsets[user]; p < data.userOffsets[user + 1]; p++) {
    const base = data.userItems[p] * I;
    for (let i = 0; i < I; i++) out[i] += weights[base + i];
  }
}
