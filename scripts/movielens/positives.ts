/**
 * Ranks all of a user's held-out items in one ranking (the random split's several positives per user).
 *
 * Candidates are the items without a training interaction of the user (n = I − |train_u|): the held-out items and
 * the user's *negatives*, the items in neither the user's training nor test set. Every held-out item is ranked
 * against all candidates, the user's other held-out items included (the full-ranking protocol). Ties in the
 * scores are broken uniformly at random, seeded: each group of candidates with one score that holds a held-out
 * item is put in a uniformly random order (a uniform key per item, the lower first), which fixes one total order
 * per user and recommender. For a held-out item j:
 * - `rank` = 1 + #{candidates before j}; `optimistic` = 1 + #{candidates with a strictly higher score};
 *   `pessimistic` = #{candidates with a score ≥ s_j} (held-out items tied with each other share one range);
 * - `massAbove[k]` = Σ_{negatives i before j} w_k(i) / Σ_{negatives i} w_k(i) for the k-th weight vector (count^α,
 *   popularity.ts): the chance that one negative drawn ∝ w_k from the user's pool ranks above j, so that m
 *   negatives drawn with replacement put Binomial(m, massAbove) of them above j (issue 27's popularity protocols;
 *   0 when the pool has no mass).
 * The number of negatives above j is rank − 1 − #{held-out items before j}, which the file's ranks give.
 */
import type { RandomSource } from '../../src/core/random.ts';
import type { RandomSplit } from './split.ts';

export interface PositiveRank {
  /** Dense index of the held-out item. */
  readonly item: number;
  readonly rank: number;
  readonly optimistic: number;
  readonly pessimistic: number;
  readonly massAbove: readonly number[];
}

export interface UserPositiveRanks {
  /** n: the user's candidates (held-out items included). */
  readonly itemCount: number;
  /** The user's held-out items in ascending rank. */
  readonly positives: readonly PositiveRank[];
}

/** Number of entries of `levels` (descending) that are ≥ s. */
function levelsAtLeast(levels: Float64Array, count: number, s: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (levels[mid] >= s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class PositivesRanker {
  private readonly seen: Uint8Array;
  private readonly held: Uint8Array;

  constructor(
    private readonly split: RandomSplit,
    private readonly weights: readonly Float64Array[],
    private readonly random: RandomSource,
  ) {
    this.seen = new Uint8Array(split.itemIds.length);
    this.held = new Uint8Array(split.itemIds.length);
  }

  rank(user: number, scores: Float64Array): UserPositiveRanks {
    const { split, seen, held, weights, random } = this;
    const I = split.itemIds.length;
    const W = weights.length;
    const train = split.userItems.subarray(split.userOffsets[user], split.userOffsets[user + 1]);
    const test = split.testItems.subarray(split.testOffsets[user], split.testOffsets[user + 1]);
    for (const i of train) seen[i] = 1;
    for (const i of test) held[i] = 1;
    // The distinct scores of the held-out items, descending: the "levels".
    const sorted = Float64Array.from(test, (i) => scores[i]).sort((a, b) => b - a);
    const levels = new Float64Array(sorted.length);
    let g = 0;
    for (const s of sorted) if (g === 0 || s !== levels[g - 1]) levels[g++] = s;
    // An item whose score exceeds exactly the levels a..g−1 starts above level a: start[a] counts such items, so
    // the items strictly above level ℓ are Σ_{a ≤ ℓ} start[a]; an item tied with level a − 1 also joins its group.
    const startCount = new Float64Array(g + 1);
    const startMass = new Float64Array((g + 1) * W);
    const mass = new Float64Array(W);
    const groups: number[][] = Array.from({ length: g }, () => []);
    for (let i = 0; i < I; i++) {
      if (seen[i]) continue;
      const s = scores[i];
      const a = levelsAtLeast(levels, g, s);
      startCount[a]++;
      if (a > 0 && levels[a - 1] === s) groups[a - 1].push(i);
      if (held[i]) continue;
      for (let k = 0; k < W; k++) {
        mass[k] += weights[k][i];
        startMass[a * W + k] += weights[k][i];
      }
    }
    const positives: PositiveRank[] = [];
    let above = 0;
    const massBefore = new Float64Array(W);
    for (let level = 0; level < g; level++) {
      above += startCount[level];
      for (let k = 0; k < W; k++) massBefore[k] += startMass[level * W + k];
      const group = groups[level];
      const order = group.length > 1 ? shuffled(group, random) : group;
      const tiedMass = new Float64Array(W);
      order.forEach((i, position) => {
        if (held[i]) {
          positives.push({
            item: i,
            rank: above + position + 1,
            optimistic: above + 1,
            pessimistic: above + group.length,
            massAbove: Array.from(massBefore, (m, k) => (mass[k] > 0 ? (m + tiedMass[k]) / mass[k] : 0)),
          });
        } else {
          for (let k = 0; k < W; k++) tiedMass[k] += weights[k][i];
        }
      });
    }
    for (const i of train) seen[i] = 0;
    for (const i of test) held[i] = 0;
    return { itemCount: I - train.length, positives };
  }
}

/** The items in a uniformly random order: one uniform key each (in the given order), sorted ascending. */
function shuffled(items: readonly number[], random: RandomSource): number[] {
  const keys = Float64Array.from(items, () => random.next());
  const index = Array.from(items, (_, k) => k).sort((a, b) => keys[a] - keys[b]);
  return index.map((k) => items[k]);
}
