/**
 * How far one leaderboard is from another (issue 33), with Zhao et al.'s measures (RecSys 2020, section 3,
 * "Correlation Measurement"): the overlap ratio of the top k (OR@k), Spearman's rank correlation (SRC) and the inversion
 * pair count (IPC), and Kendall's τ-b, which counts ties. A leaderboard is each recommender's value of one metric;
 * the order is by decreasing value, ties by the recommenders' order in the data (so the top k is always k models).
 * SRC is Pearson's correlation of the average ranks (scipy.stats.spearmanr); τ-b is
 * (concordant − discordant) / √((pairs − ties in a)(pairs − ties in b)) (scipy.stats.kendalltau, variant b); IPC counts
 * the pairs the two order strictly oppositely (a pair tied in either is no inversion).
 */

export interface Agreement {
  /** OR@k: the share of the first k of the reference that are among the first k of the other. */
  overlap: number;
  spearman: number;
  kendall: number;
  inversions: number;
}

/** The top-k overlap's default k: Zhao et al. report OR@3. */
export const DEFAULT_OVERLAP_K = 3;

/** Indices by decreasing value, ties by index. */
export function leaderboardOrder(values: ArrayLike<number>): number[] {
  return Array.from({ length: values.length }, (_, i) => i).sort((i, j) => values[j] - values[i] || i - j);
}

export function overlapAt(reference: ArrayLike<number>, other: ArrayLike<number>, k: number): number {
  const size = Math.min(k, reference.length);
  if (size < 1) return NaN;
  const top = new Set(leaderboardOrder(reference).slice(0, size));
  return (
    leaderboardOrder(other)
      .slice(0, size)
      .filter((i) => top.has(i)).length / size
  );
}

/** Average ranks (1 = smallest value), ties sharing their mean rank. */
function averageRanks(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => values[i] - values[j]);
  const ranks = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]] === values[order[i]]) j++;
    for (let t = i; t <= j; t++) ranks[order[t]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/** Spearman's ρ: NaN where either leaderboard is constant (scipy too). */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const x = averageRanks(a);
  const y = averageRanks(b);
  const n = x.length;
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mean) * (y[i] - mean);
    sxx += (x[i] - mean) ** 2;
    syy += (y[i] - mean) ** 2;
  }
  return sxx === 0 || syy === 0 ? NaN : sxy / Math.sqrt(sxx * syy);
}

interface PairCounts {
  concordant: number;
  discordant: number;
  tiedA: number;
  tiedB: number;
  pairs: number;
}

function pairCounts(a: ArrayLike<number>, b: ArrayLike<number>): PairCounts {
  if (a.length !== b.length) throw new Error(`leaderboards of ${a.length} and ${b.length} recommenders`);
  const counts = { concordant: 0, discordant: 0, tiedA: 0, tiedB: 0, pairs: 0 };
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      const s = Math.sign(a[i] - a[j]) * Math.sign(b[i] - b[j]);
      counts.pairs++;
      if (a[i] === a[j]) counts.tiedA++;
      if (b[i] === b[j]) counts.tiedB++;
      if (s > 0) counts.concordant++;
      else if (s < 0) counts.discordant++;
    }
  }
  return counts;
}

/** Kendall's τ-b: NaN where either leaderboard is constant. */
export function kendallTauB(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const c = pairCounts(a, b);
  const denominator = Math.sqrt((c.pairs - c.tiedA) * (c.pairs - c.tiedB));
  return denominator === 0 ? NaN : (c.concordant - c.discordant) / denominator;
}

/** IPC: pairs ordered strictly oppositely. */
export function inversionCount(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return pairCounts(a, b).discordant;
}

export function agreement(
  reference: ArrayLike<number>,
  other: ArrayLike<number>,
  k: number = DEFAULT_OVERLAP_K,
): Agreement {
  return {
    overlap: overlapAt(reference, other, k),
    spearman: spearman(reference, other),
    kendall: kendallTauB(reference, other),
    inversions: inversionCount(reference, other),
  };
}

/**
 * Whether the other leaderboard reproduces the reference: every pair the reference orders strictly, ordered the same
 * (pairs the reference ties may go either way); and its top 1 and top 3 (the same models in the same places, where
 * the reference's places are strict).
 */
export function reproduces(reference: ArrayLike<number>, other: ArrayLike<number>, top = Infinity): boolean {
  const order = leaderboardOrder(reference).slice(0, Math.min(top, reference.length));
  const inTop = new Set(order);
  for (let i = 0; i < reference.length; i++) {
    for (let j = i + 1; j < reference.length; j++) {
      if (!inTop.has(i) && !inTop.has(j)) continue;
      const d = reference[i] - reference[j];
      if (d === 0) continue;
      // A model outside the top only needs to stay below the top's models.
      if (Math.sign(d) !== Math.sign(other[i] - other[j])) return false;
    }
  }
  return true;
}
