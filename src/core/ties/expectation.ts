/**
 * Exact expectations of a user's metric over a uniformly random order of each tie group (userRanks.ts). Within a
 * group of g positions low..high holding j relevant items, the relevant positions are a uniformly random j-subset,
 * so each relevant item's position is uniform on low..high, and two of them are a uniformly random pair of distinct
 * positions; groups are independent and keep their order. For a group of one position these are the plain values,
 * so the same code serves every tie rule. `upTo` bounds the positions visited for a term that is 0 beyond a
 * cut-off K (a group straddling K costs at most K terms).
 */
import { logHypergeometricPmf } from '../special.ts';
import type { TieGroup, UserRanks } from './userRanks.ts';

/** E[Σ over relevant items i of f(r_i, grade_i)]: each item's position is uniform on its group's range. */
export function expectedItemSum(user: UserRanks, f: (rank: number, grade: number) => number, upTo = Infinity): number {
  let total = 0;
  for (const group of user.groups) {
    const size = group.high - group.low + 1;
    const last = Math.min(group.high, upTo);
    for (const grade of group.grades) {
      let s = 0;
      for (let r = group.low; r <= last; r++) s += f(r, grade);
      total += s / size;
    }
  }
  return total;
}

/** E[Σ r_i], the expected sum of the relevant ranks: each range's midpoint (a term linear in the rank). */
export function expectedRankSum(user: UserRanks): number {
  let total = 0;
  for (const group of user.groups) total += (group.grades.length * (group.low + group.high)) / 2;
  return total;
}

/**
 * E[Σ_t (a(r_(t)) + t·b(r_(t)))] over the relevant items in order of position, t = 1..|R| (a term affine in the
 * item's index among the relevant items, as in AP's Prec@r_i = t/r_i). For a group with c relevant items before it:
 *   (j/g) Σ_r [a(r) + (c + 1) b(r)] + j(j − 1)/(g(g − 1)) Σ_r (r − low) b(r),
 * the second sum counting, for each position, the relevant items of the same group placed before it.
 */
export function expectedIndexedSum(
  user: UserRanks,
  a: (rank: number) => number,
  b: (rank: number) => number,
  upTo = Infinity,
): number {
  let total = 0;
  let before = 0;
  for (const group of user.groups) {
    const j = group.grades.length;
    const g = group.high - group.low + 1;
    const last = Math.min(group.high, upTo);
    let first = 0;
    let pairs = 0;
    for (let r = group.low; r <= last; r++) {
      const slope = b(r);
      first += a(r) + (before + 1) * slope;
      pairs += (r - group.low) * slope;
    }
    total += (j / g) * first + (g > 1 ? ((j * (j - 1)) / (g * (g - 1))) * pairs : 0);
    before += j;
  }
  return total;
}

/** P(no relevant item at positions ≤ K) = Π over groups of C(g − a, j)/C(g, j), a of the group's positions ≤ K. */
export function noHitProbability(user: UserRanks, cutoff: number): number {
  let p = 1;
  for (const group of user.groups) {
    if (group.low > cutoff) break;
    p *= missProbability(group, cutoff);
  }
  return p;
}

/** P(none of the group's j relevant items lands at a position ≤ K): Π_{i<j} (g − a − i)/(g − i). */
function missProbability(group: TieGroup, cutoff: number): number {
  const g = group.high - group.low + 1;
  const top = Math.max(0, Math.min(cutoff, group.high) - group.low + 1);
  let p = 1;
  for (let i = 0; i < group.grades.length; i++) p *= Math.max(0, g - top - i) / (g - i);
  return p;
}

/**
 * E[f(r_(1))], f of the best-placed relevant item's position. It lies in the first group, as the minimum of a
 * uniformly random j-subset of low..high: P(min ≥ low + s) = C(g − s, j)/C(g, j).
 */
export function expectedFirst(user: UserRanks, f: (rank: number) => number, upTo = Infinity): number {
  const group = user.groups[0];
  if (!group) return 0;
  const j = group.grades.length;
  const g = group.high - group.low + 1;
  let survival = 1; // P(min ≥ low + s)
  let total = 0;
  for (let s = 0; s <= g - j && group.low + s <= upTo; s++) {
    const next = (survival * (g - s - j)) / (g - s); // P(min ≥ low + s + 1)
    total += (survival - next) * f(group.low + s);
    survival = next;
  }
  return total;
}

/**
 * The number h of relevant items at positions ≤ K and the expected sum of their positions given h, for a metric
 * that is non-linear in h (GAUC@K). Groups entirely within 1..K are all hits (their position sum enters linearly);
 * at most one group straddles K, and its hit count is hypergeometric: x of its j relevant items among its a
 * positions ≤ K, P(x) = C(a, x) C(g − a, j − x)/C(g, j), with E[their positions | x] = x·(mean of low..K).
 */
export interface HitLaw {
  /** Hits certain whatever the order. */
  readonly sureHits: number;
  /** E[sum of the positions of the certain hits]. */
  readonly sureRankSum: number;
  /** P(x more hits from the straddling group), x = 0..; [1] when no group straddles K. */
  readonly extra: readonly number[];
  /** Mean position of a hit from the straddling group. */
  readonly extraMeanRank: number;
}

export function hitLaw(user: UserRanks, cutoff: number): HitLaw {
  let sureHits = 0;
  let sureRankSum = 0;
  for (const group of user.groups) {
    const j = group.grades.length;
    if (group.high <= cutoff) {
      sureHits += j;
      sureRankSum += (j * (group.low + group.high)) / 2;
      continue;
    }
    if (group.low > cutoff) break;
    const g = group.high - group.low + 1;
    const top = cutoff - group.low + 1;
    return { sureHits, sureRankSum, extra: hypergeometric(top, g - top, j), extraMeanRank: (group.low + cutoff) / 2 };
  }
  return { sureHits, sureRankSum, extra: [1], extraMeanRank: 0 };
}

/** P(x successes in `draws` draws without replacement from `successes` + `failures`), x = 0..draws. */
function hypergeometric(successes: number, failures: number, draws: number): number[] {
  return Array.from({ length: draws + 1 }, (_, x) => Math.exp(logHypergeometricPmf(x, successes, failures, draws)));
}
