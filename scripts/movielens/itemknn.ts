/**
 * Recommenders Y and Z: item-based collaborative filtering (Sarwar et al. 2001) with cosine^q similarity,
 * Krichene & Rendle section 9, eqs 27–30, in the readings that reproduce the paper's numbers
 * (../shared/reference/movielens-reproduction-notes.md):
 *
 * - eq 27: s_ij = (|U_i ∩ U_j| / √(|U_i||U_j|))^q over the training users U_i of item i (s_ij = 0 if an item has
 *   no training user);
 * - Y (q = 3, no neighbourhood limit): the self-similarity s_ii = 1 is kept;
 *   Z (q = 1, k' = 10): s_ii = 0, and s_ij is kept only when i is among the 10 nearest neighbours of j (each
 *   history item j votes for its own 10 neighbours, eq 28 with the column neighbourhood); ties at the 10th
 *   neighbour go to the lower item index (ascending MovieLens id); items with s_ij = 0 are never neighbours;
 * - eq 29: each row s_i is divided by its L2 norm (a row with norm 0 stays 0);
 * - eq 30 without its denominator: ŷ(u, i) = Σ_{j ∈ H_u} s''_ij (the printed denominator Σ_j s''_ij would turn the
 *   L2 normalisation into an L1 one, which does not reproduce the paper's numbers).
 */
import type { Interactions } from './data.ts';

/** Co-occurrence counts C_ij = |U_i ∩ U_j| (dense I × I; C_ii is item i's training popularity). */
export function cooccurrence(data: Interactions): Int32Array {
  const I = data.itemIds.length;
  const counts = new Int32Array(I * I);
  for (let u = 0; u < data.userIds.length; u++) {
    const lo = data.userOffsets[u];
    const hi = data.userOffsets[u + 1];
    for (let p = lo; p < hi; p++) {
      const base = data.userItems[p] * I;
      for (let q = p; q < hi; q++) counts[base + data.userItems[q]]++;
    }
  }
  // Items are ascending within a user, so only the upper triangle was counted.
  for (let i = 0; i < I; i++) for (let j = 0; j < i; j++) counts[i * I + j] = counts[j * I + i];
  return counts;
}

/** Eq 27: dense s_ij = cosine^q, with the diagonal set to `self`. */
export function cosineSimilarity(counts: Int32Array, itemCount: number, q: number, self: number): Float64Array {
  const I = itemCount;
  const s = new Float64Array(I * I);
  const root = new Float64Array(I);
  for (let i = 0; i < I; i++) root[i] = Math.sqrt(counts[i * I + i]);
  for (let i = 0; i < I; i++) {
    for (let j = 0; j < I; j++) {
      const c = counts[i * I + j];
      s[i * I + j] = c === 0 ? 0 : (c / (root[i] * root[j])) ** q;
    }
    s[i * I + i] = root[i] === 0 ? 0 : self;
  }
  return s;
}

/**
 * Cosine shrunk towards 0 for items with few co-occurrences (Bell & Koren's shrinkage, as in Dacrema et al.'s
 * ItemKNN-CF): s_ij = |U_i ∩ U_j| / (√(|U_i||U_j|) + h), s_ii = 0.
 */
export function shrunkCosine(counts: Int32Array, itemCount: number, shrink: number): Float64Array {
  const I = itemCount;
  const s = new Float64Array(I * I);
  const root = new Float64Array(I);
  for (let i = 0; i < I; i++) root[i] = Math.sqrt(counts[i * I + i]);
  for (let i = 0; i < I; i++) {
    for (let j = 0; j < I; j++) {
      const c = counts[i * I + j];
      s[i * I + j] = i === j || c === 0 ? 0 : c / (root[i] * root[j] + shrink);
    }
  }
  return s;
}

/** Recommender Y: dense similarities and their inverse row norms (eq 29). */
export interface DenseItemModel {
  readonly itemCount: number;
  readonly similarity: Float64Array;
  readonly inverseNorm: Float64Array;
}

export function denseItemModel(similarity: Float64Array, itemCount: number): DenseItemModel {
  const inverseNorm = new Float64Array(itemCount);
  for (let i = 0; i < itemCount; i++) {
    let ss = 0;
    for (let j = 0; j < itemCount; j++) ss += similarity[i * itemCount + j] ** 2;
    inverseNorm[i] = ss > 0 ? 1 / Math.sqrt(ss) : 0;
  }
  return { itemCount, similarity, inverseNorm };
}

/** ŷ(u, i) = Σ_{j∈H_u} s_ij / ‖s_i‖; s is symmetric, so the sum runs over contiguous rows s_j. */
export function denseItemScores(model: DenseItemModel, data: Interactions, user: number, out: Float64Array): void {
  const { itemCount: I, similarity, inverseNorm } = model;
  out.fill(0);
  for (let p = data.userOffsets[user]; p < data.userOffsets[user + 1]; p++) {
    const base = data.userItems[p] * I;
    for (let i = 0; i < I; i++) out[i] += similarity[base + i];
  }
  for (let i = 0; i < I; i++) out[i] *= inverseNorm[i];
}

/** Recommender Z: for each item j, its k neighbours i and the weights s_ij / ‖s'_i‖. */
export interface NeighbourModel {
  readonly k: number;
  /** neighbours[j * k + t], −1 where j has fewer than k items of positive similarity. */
  readonly neighbours: Int32Array;
  readonly weights: Float64Array;
  /** Items whose k-th and (k+1)-th most similar items tie (the tie rule decided the neighbourhood). */
  readonly tiesAtK: number;
}

/**
 * Each item j's k nearest neighbours i (ties to the lower index) with weight s_ij, divided by the L2 norm of the
 * kept s'_i (eq 29) when `normalise` (Z), or left as they are.
 */
export function neighbourModel(
  similarity: Float64Array,
  itemCount: number,
  k: number,
  normalise = true,
): NeighbourModel {
  const I = itemCount;
  const neighbours = new Int32Array(I * k).fill(-1);
  const weights = new Float64Array(I * k);
  let tiesAtK = 0;
  for (let j = 0; j < I; j++) {
    const row = similarity.subarray(j * I, (j + 1) * I);
    const ids = neighbours.subarray(j * k, (j + 1) * k);
    const vals = weights.subarray(j * k, (j + 1) * k);
    let size = 0;
    let bestExcluded = 0;
    for (let i = 0; i < I; i++) {
      const v = row[i];
      if (i === j || !(v > 0)) continue;
      // Scanning i upwards and inserting only strictly better values keeps the lower index on ties.
      if (size === k && !(v > vals[k - 1])) {
        if (v > bestExcluded) bestExcluded = v;
        continue;
      }
      if (size === k && vals[k - 1] > bestExcluded) bestExcluded = vals[k - 1];
      let t = size < k ? size++ : k - 1;
      while (t > 0 && vals[t - 1] < v) {
        vals[t] = vals[t - 1];
        ids[t] = ids[t - 1];
        t--;
      }
      vals[t] = v;
      ids[t] = i;
    }
    if (size === k && bestExcluded === vals[k - 1]) tiesAtK++;
  }
  if (!normalise) return { k, neighbours, weights, tiesAtK };
  const squares = new Float64Array(I);
  for (let p = 0; p < neighbours.length; p++) if (neighbours[p] >= 0) squares[neighbours[p]] += weights[p] ** 2;
  for (let p = 0; p < neighbours.length; p++) if (neighbours[p] >= 0) weights[p] /= Math.sqrt(squares[neighbours[p]]);
  return { k, neighbours, weights, tiesAtK };
}

export function neighbourScores(model: NeighbourModel, data: Interactions, user: number, out: Float64Array): void {
  const { k, neighbours, weights } = model;
  out.fill(0);
  for (let p = data.userOffsets[user]; p < data.userOffsets[user + 1]; p++) {
    const base = data.userItems[p] * k;
    for (let t = 0; t < k; t++) {
      const i = neighbours[base + t];
      if (i >= 0) out[i] += weights[base + t];
    }
  }
}
