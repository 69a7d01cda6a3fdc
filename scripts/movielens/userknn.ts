/**
 * User-based collaborative filtering (Herlocker et al. 1999; the user-KNN of Zhao et al.'s and Dacrema et al.'s
 * comparisons): s_uv = |H_u ∩ H_v| / √(|H_u||H_v|) (cosine of the binary training rows, s_uu excluded); each user
 * keeps its k most similar users N_k(u) (ties to the lower user index, users of similarity 0 never kept), and
 * ŷ(u, i) = Σ_{v ∈ N_k(u), i ∈ H_v} s_uv.
 */
import type { Interactions } from './data.ts';

export interface UserNeighbours {
  readonly k: number;
  /** neighbours[u * k + t] (−1 where u has fewer than k users of positive similarity), weights alike. */
  readonly neighbours: Int32Array;
  readonly weights: Float64Array;
}

export function userNeighbours(data: Interactions, k: number): UserNeighbours {
  const U = data.userIds.length;
  const neighbours = new Int32Array(U * k).fill(-1);
  const weights = new Float64Array(U * k);
  const overlap = new Int32Array(U);
  const touched = new Int32Array(U);
  const size = (u: number) => data.userOffsets[u + 1] - data.userOffsets[u];
  for (let u = 0; u < U; u++) {
    let count = 0;
    for (let p = data.userOffsets[u]; p < data.userOffsets[u + 1]; p++) {
      const i = data.userItems[p];
      for (let q = data.itemOffsets[i]; q < data.itemOffsets[i + 1]; q++) {
        const v = data.itemUsers[q];
        if (overlap[v]++ === 0) touched[count++] = v;
      }
    }
    // Touched users in ascending index, so that keeping only strictly better values keeps the lower index on ties.
    const order = touched.subarray(0, count).sort();
    const ids = neighbours.subarray(u * k, (u + 1) * k);
    const vals = weights.subarray(u * k, (u + 1) * k);
    let kept = 0;
    for (const v of order) {
      const c = overlap[v];
      overlap[v] = 0;
      if (v === u) continue;
      const s = c / Math.sqrt(size(u) * size(v));
      if (kept === k && !(s > vals[k - 1])) continue;
      let t = kept < k ? kept++ : k - 1;
      while (t > 0 && vals[t - 1] < s) {
        vals[t] = vals[t - 1];
        ids[t] = ids[t - 1];
        t--;
      }
      vals[t] = s;
      ids[t] = v;
    }
  }
  return { k, neighbours, weights };
}

export function userKnnScores(model: UserNeighbours, data: Interactions, user: number, out: Float64Array): void {
  const { k, neighbours, weights } = model;
  out.fill(0);
  for (let t = 0; t < k; t++) {
    const v = neighbours[user * k + t];
    if (v < 0) break;
    const s = weights[user * k + t];
    for (let p = data.userOffsets[v]; p < data.userOffsets[v + 1]; p++) out[data.userItems[p]] += s;
  }
}
