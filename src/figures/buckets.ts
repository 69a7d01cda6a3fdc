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
 * The share of relevant item j of `data` that falls on ranks lo..hi: 1 or 0 for its rank, or, when `spread` (the
 * random tie rule) and the item has a tie range, the fraction of the range's positions inside lo..hi (each tied
 * relevant item is at a uniformly random position of its range: the expected count, without one instance per
 * position).
 */
function shareIn(data: RankData, j: number, lo: number, hi: number, spread: boolean): number {
  const ties = spread ? data.ties : null;
  if (!ties || ties.low[j] === ties.high[j]) {
    const r = data.ranks[j];
    return r >= lo && r <= hi ? 1 : 0;
  }
  const [a, b] = [ties.low[j], ties.high[j]];
  return Math.max(0, Math.min(b, hi) - Math.max(a, lo) + 1) / (b - a + 1);
}

/**
 * Equal-width buckets of `width` ranks over 1..itemCount; a remainder shorter than half a bucket joins the last one
 * (so that "the worst bucket" is never a stub). Example: n = 3,706, width 100 → 37 buckets, the last 3,601–3,706.
 * `spread`: tie ranges counted under the random tie rule (shareIn).
 */
export function rankBuckets(data: RankData, itemCount: number, width: number, spread = false): RankBuckets {
  const count = Math.max(1, Math.round(itemCount / width));
  const starts = Float64Array.from({ length: count }, (_, b) => b * width + 1);
  const ends = Float64Array.from({ length: count }, (_, b) => (b === count - 1 ? itemCount : (b + 1) * width));
  const counts = new Float64Array(count);
  const ties = spread ? data.ties : null;
  const bucketOf = (rank: number) => Math.min(count - 1, Math.floor((rank - 1) / width));
  let total = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const w = data.weights[i];
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) {
      if (ties && ties.low[j] < ties.high[j]) {
        for (let b = bucketOf(ties.low[j]); b <= bucketOf(ties.high[j]); b++) {
          counts[b] += w * shareIn(data, j, starts[b], ends[b], true);
        }
      } else counts[bucketOf(data.ranks[j])] += w;
      total += w;
    }
  }
  return { starts, ends, counts, total };
}

/** Total weight of relevant items with rank in [lo, hi]. Example: ranks 1, 5, 9 → countBetween(…, 1, 5) = 2. */
export function countBetween(data: RankData, lo: number, hi: number, spread = false): number {
  let s = 0;
  for (let i = 0; i < data.weights.length; i++) {
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) s += data.weights[i] * shareIn(data, j, lo, hi, spread);
  }
  return s;
}

/** Total weight of relevant items in the worse half of their own catalogue (rank > n_i / 2). */
export function countBottomHalf(data: RankData, itemCount: number, spread = false): number {
  let s = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const n = data.itemCounts ? data.itemCounts[i] : itemCount;
    const first = Math.floor(n / 2) + 1; // rank > n / 2
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++)
      s += data.weights[i] * shareIn(data, j, first, n, spread);
  }
  return s;
}
