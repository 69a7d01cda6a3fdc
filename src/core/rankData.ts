/**
 * One recommender's evaluation instances in typed columns. Instance i holds the ranks
 * ranks[offsets[i] .. offsets[i+1]) of its relevant items (sorted ascending, distinct), is counted weights[i]
 * times (a histogram row `rank,count` is one instance with weight = count), and has its own catalogue size
 * itemCounts[i] when the data carry an `n` column (null: every instance uses the global n).
 * A rank is 1-based: 1 is the best position.
 */
import { InputError } from './errors.ts';
import { extent } from './extent.ts';

export interface RankData {
  readonly name: string;
  readonly offsets: Int32Array;
  readonly ranks: Float64Array;
  readonly weights: Float64Array;
  readonly itemCounts: Int32Array | null;
  /**
   * Who each instance is: users[i] is the index of instance i's user among the users of the data's source (a file's
   * `user` column, in order of first appearance), so that two recommenders evaluated on the same users can be
   * compared user by user (a paired bootstrap, compare.ts). Absent or null when the source names no users.
   */
  readonly users?: Int32Array | null;
  /**
   * The relevance grade of each relevant item, aligned with `ranks` (relevance[j] is the grade of the item at
   * ranks[j]): a finite number ≥ 0, e.g. the test rating, used by graded variants of NDCG (variants/ndcg.ts, gain
   * 2^rel − 1 or rel). Absent or null when the source gives no grades: every relevant item then has grade 1, and
   * the graded variants equal the binary one.
   */
  readonly relevance?: Float64Array | null;
  /**
   * Tied scores: ties.low[j] ≤ ranks[j] ≤ ties.high[j] are the positions the item at ranks[j] can take when the items
   * that share its score are put in some order (a file's `rankOptimistic` and `rankPessimistic` columns). Relevant
   * items with the same score share the same range; ranges of different scores are disjoint. Absent or null when
   * the source has no such columns: every rank is then its own, whatever the tie rule (ties/tieRule.ts).
   */
  readonly ties?: TieRanges | null;
  /**
   * Popularity-biased negatives (protocol/): each relevant item's share of its pool's popularity^α mass held by the
   * pool's items ranked above it, aligned with `ranks` — by α (a file's `massAbove@α` columns) and `any` (a
   * `massAbove` column, read for whatever α is asked). Absent or null: popularity negatives are refused for the data.
   */
  readonly massAbove?: MassAbove | null;
}

/** Each relevant item's share of its pool's popularity mass above it, by α, aligned with a RankData's `ranks`. */
export interface MassAbove {
  readonly byAlpha: ReadonlyMap<number, Float64Array>;
  readonly any: Float64Array | null;
}

/** The shares of the pool's popularity^α mass above each relevant item for α (the column of that α, else `any`). */
export function massAboveOf(data: RankData, alpha: number): Float64Array | null {
  return data.massAbove?.byAlpha.get(alpha) ?? data.massAbove?.any ?? null;
}

/** The tie range of each relevant item, aligned with a RankData's `ranks` (1-based positions, low ≤ high). */
export interface TieRanges {
  readonly low: Float64Array;
  readonly high: Float64Array;
}

export function instanceCount(data: RankData): number {
  return data.offsets.length - 1;
}

/** Total weight (number of users) of the instances. */
export function totalWeight(data: RankData): number {
  let s = 0;
  for (let i = 0; i < data.weights.length; i++) s += data.weights[i];
  return s;
}

/** True when every instance has exactly one relevant item (the setting of the paper's sections 3.1–5). */
export function isSingleRelevant(data: RankData): boolean {
  return data.ranks.length === data.offsets.length - 1;
}

/** Instances with one relevant item each; `counts` turns it into a histogram, `itemCounts` gives per-instance n. */
export function singleRankData(
  name: string,
  ranks: ArrayLike<number>,
  counts?: ArrayLike<number> | null,
  itemCounts?: ArrayLike<number> | null,
): RankData {
  const count = ranks.length;
  const offsets = new Int32Array(count + 1);
  for (let i = 0; i <= count; i++) offsets[i] = i;
  return {
    name,
    offsets,
    ranks: Float64Array.from(ranks),
    weights: counts ? Float64Array.from(counts) : new Float64Array(count).fill(1),
    itemCounts: itemCounts ? Int32Array.from(itemCounts) : null,
  };
}

/** Instances with several relevant items each (`recommender,user,rank` files). Each group is sorted here. */
export function groupedRankData(
  name: string,
  groups: ReadonlyArray<ArrayLike<number>>,
  itemCounts?: ArrayLike<number> | null,
  counts?: ArrayLike<number> | null,
): RankData {
  const offsets = new Int32Array(groups.length + 1);
  let total = 0;
  for (let i = 0; i < groups.length; i++) {
    total += groups[i].length;
    offsets[i + 1] = total;
  }
  const ranks = new Float64Array(total);
  for (let i = 0; i < groups.length; i++) {
    const sorted = Float64Array.from(groups[i]).sort();
    ranks.set(sorted, offsets[i]);
  }
  return {
    name,
    offsets,
    ranks,
    weights: counts ? Float64Array.from(counts) : new Float64Array(groups.length).fill(1),
    itemCounts: itemCounts ? Int32Array.from(itemCounts) : null,
  };
}

/** The distinct per-instance n of the data (empty when no recommender carries an n column). */
export function distinctItemCounts(recommenders: readonly RankData[]): Set<number> {
  const seen = new Set<number>();
  for (const data of recommenders) data.itemCounts?.forEach((n) => seen.add(n));
  return seen;
}

/** The range of the per-instance n of some data, e.g. for a caption. */
export interface ItemCountRange {
  readonly smallest: number;
  readonly largest: number;
  readonly distinct: number;
}

/** Smallest, largest and number of distinct per-instance n, or null when no recommender carries an n column. */
export function itemCountRange(recommenders: readonly RankData[]): ItemCountRange | null {
  const seen = distinctItemCounts(recommenders);
  if (seen.size === 0) return null;
  const [smallest, largest] = extent(seen);
  return { smallest, largest, distinct: seen.size };
}

/** The catalogue size of instance i. */
export function itemCountOf(data: RankData, instance: number, defaultItemCount: number): number {
  return data.itemCounts ? data.itemCounts[instance] : defaultItemCount;
}

/**
 * Validates ranks against the catalogue: integer, 1 ≤ r ≤ n, distinct within an instance, weights positive and
 * finite, |R| < n. For sampled ranks pass `sampleSize` m: an instance with k relevant items then has ranks in
 * 1..m+k (its positions among the m sampled items and the k relevant ones). Throws an InputError naming the
 * recommender, instance and value.
 */
export function validateRankData(data: RankData, defaultItemCount: number, sampleSize?: number): void {
  if (instanceCount(data) === 0) throw new InputError(`recommender "${data.name}" has no instances`);
  for (let i = 0; i < instanceCount(data); i++) {
    const n = itemCountOf(data, i, defaultItemCount);
    if (!Number.isSafeInteger(n) || n < 2) {
      throw new InputError(`recommender "${data.name}", instance ${i + 1}: n must be an integer ≥ 2, got ${n}`);
    }
    const w = data.weights[i];
    if (!(w > 0) || !Number.isFinite(w)) {
      throw new InputError(`recommender "${data.name}", instance ${i + 1}: count must be positive, got ${w}`);
    }
    const lo = data.offsets[i];
    const hi = data.offsets[i + 1];
    const limit = sampleSize === undefined ? n : sampleSize + (hi - lo);
    if (hi - lo >= n) {
      throw new InputError(
        `recommender "${data.name}", instance ${i + 1}: ${hi - lo} relevant items leave no irrelevant item among n = ${n}`,
      );
    }
    for (let j = lo; j < hi; j++) {
      const r = data.ranks[j];
      if (!Number.isInteger(r) || r < 1 || r > limit) {
        throw new InputError(
          `recommender "${data.name}", instance ${i + 1}: ${sampleSize === undefined ? 'rank' : 'sampled rank'} ${r} is outside 1..${limit}${sampleSize === undefined ? ` (n = ${n})` : ` (m = ${sampleSize})`}`,
        );
      }
      if (j > lo && data.ranks[j - 1] === r) {
        throw new InputError(
          `recommender "${data.name}", instance ${i + 1}: rank ${r} appears twice for the same user`,
        );
      }
    }
  }
}
