/**
 * The random tie rule for computations that are linear in the instances' weights (the exact metric and the
 * expected sampled metric of Krichene & Rendle eq 16, expected.ts): a user whose one relevant item ties over the
 * positions low..high becomes high − low + 1 instances, one at each position, each with 1/(high − low + 1) of the
 * user's weight, so a weighted mean over instances is the exact expectation over the tie order. Instances with the
 * same rank, n and grade are merged (the MovieLens Z users' 8.5 million positions are 1.4 million distinct pairs), by
 * difference arrays over 1..n for each distinct (n, grade); each keeps its grade (`relevance`), which graded
 * variants read (NDCG with gain 2^rel − 1 or rel: a grade-0 item has value 0, variants/ndcg.ts).
 * The standard deviation that expected.ts derives from these weights is the sampling spread averaged over tie
 * orders (Σ w Var / W² with each user's Var averaged over its positions), the order being fixed across draws.
 */
import { InputError } from '../errors.ts';
import type { RankData } from '../rankData.ts';
import { isSingleRelevant, singleRankData } from '../rankData.ts';

/** The data with every tie range spread over its positions; the data as they are without tie ranges. */
export function spreadRandomTies(data: RankData): RankData {
  const ties = data.ties;
  if (!ties) return data;
  if (!isSingleRelevant(data)) {
    if (ties.low.every((low, j) => low === ties.high[j])) return { ...data, ties: null };
    throw new InputError(
      `recommender "${data.name}": the random tie rule for sampled metrics needs one relevant item per user when scores tie; use optimistic or pessimistic`,
    );
  }
  // Per catalogue size n (0: the global n) and grade, the weight at each rank, spread over the ranges by difference
  // arrays: `share` adds up the weights, `cover` counts the ranges over a rank (so that rounding never invents a rank).
  const byKey = new Map<string, { n: number; grade: number; share: Float64Array; cover: Int32Array }>();
  let limit = 0;
  for (const high of ties.high) limit = Math.max(limit, high);
  for (let i = 0; i < data.weights.length; i++) {
    const n = data.itemCounts ? data.itemCounts[i] : 0;
    const grade = data.relevance ? data.relevance[i] : 1;
    const key = `${n}|${grade}`;
    let diff = byKey.get(key);
    if (!diff) {
      const size = (data.itemCounts ? n : limit) + 2;
      byKey.set(key, (diff = { n, grade, share: new Float64Array(size), cover: new Int32Array(size) }));
    }
    const { low, high } = { low: ties.low[i], high: ties.high[i] };
    if (!(low >= 1 && low <= high && high <= diff.share.length - 2)) {
      throw new InputError(
        `recommender "${data.name}", instance ${i + 1}: tie range ${low}..${high} is not within 1..n`,
      );
    }
    const share = data.weights[i] / (high - low + 1);
    diff.share[low] += share;
    diff.share[high + 1] -= share;
    diff.cover[low]++;
    diff.cover[high + 1]--;
  }
  const ranks: number[] = [];
  const weights: number[] = [];
  const itemCounts: number[] = [];
  const grades: number[] = [];
  const ordered = [...byKey.values()].sort((a, b) => a.n - b.n || a.grade - b.grade);
  for (const { n, grade, share, cover } of ordered) {
    let weight = 0;
    let covered = 0;
    for (let r = 1; r < share.length - 1; r++) {
      weight += share[r];
      covered += cover[r];
      if (covered === 0) {
        weight = 0; // drop the rounding left by ranges that ended
        continue;
      }
      ranks.push(r);
      weights.push(weight);
      itemCounts.push(n);
      grades.push(grade);
    }
  }
  const spread = singleRankData(data.name, ranks, weights, data.itemCounts ? itemCounts : null);
  return data.relevance ? { ...spread, relevance: Float64Array.from(grades) } : spread;
}
