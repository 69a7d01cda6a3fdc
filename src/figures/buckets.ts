/**
 * Rank distributions in buckets (Krichene & Rendle Figure 5): how many relevant items each recommender puts at
 * ranks 1..w, w+1..2w, …, up to n. Each relevant item counts with its instance's weight (a histogram row's count).
 */
import type { RankData } from '../core/index.ts';

export interface RankBuckets {
  /** Bucket b holds ranks starts[b]..ends[b]. */
  readonly starts: Float64Array;
  readonly ends: Float64Array;
  /** counts[b]: total weight of relevant items ranked in bucket b. */
  readonly counts: Float64Array;
  readonly total: number;
}

/**
 * Equal-width buckets of `width` ranks over 1..itemCount; a remainder shorter than half a bucket joins the last one
 * (so that "the worst bucket" is never a stub). Example: n = 3,706, width 100 → 37 buckets, the last 3,601–3,706.
 */
export function rankBuckets(data: RankData, itemCount: number, width: number): RankBuckets {
  const count = Math.max(1, Math.round(itemCount / width));
  const starts = Float64Array.from({ length: count }, (_, b) => b * width + 1);
  const ends = Float64Array.from({ length: count }, (_, b) => (b === count - 1 ? itemCount : (b + 1) * width));
  const counts = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const w = data.weights[i];
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) {
      const b = Math.min(count - 1, Math.floor((data.ranks[j] - 1) / width));
      counts[b] += w;
      total += w;
    }
  }
  return { starts, ends, counts, total };
}

/** Total weight of relevant items with rank in [lo, hi]. Example: ranks 1, 5, 9 → countBetween(…, 1, 5) = 2. */
export function countBetween(data: RankData, lo: number, hi: number): number {
  let s = 0;
  for (let i = 0; i < data.weights.length; i++) {
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) {
      const r = data.ranks[j];
      if (r >= lo && r <= hi) s += data.weights[i];
    }
  }
  return s;
}

/** Total weight of relevant items in the worse half of their own catalogue (rank > n_i / 2). */
export function countBottomHalf(data: RankData, itemCount: number): number {
  let s = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const n = data.itemCounts ? data.itemCounts[i] : itemCount;
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) if (data.ranks[j] > n / 2) s += data.weights[i];
  }
  return s;
}
