/**
 * The exact metrics of Krichene & Rendle (eqs 2–13) under a tie rule. Each metric is a sum over the relevant items
 * of a term affine in the item's index t among them (metrics.ts: metricTerm; only AP's Prec@r = t/r uses t), so
 * its expectation over a random order of the tie groups is exact (expectation.ts: expectedIndexedSum); under the
 * optimistic and pessimistic rules the groups are single positions and this is the plain value.
 */
import { Adder } from '../special.ts';
import type { Metric } from '../metrics.ts';
import { metricTerm } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { validateRankData } from '../rankData.ts';
import { expectedIndexedSum } from './expectation.ts';
import type { TieRule } from './tieRule.ts';
import { userRanksOf } from './userRanks.ts';

/**
 * The metric averaged over instances (eq 1) with ties broken by `rule`; without a rule, the rank column as it is
 * (the same value as expected.ts: exactMetric). Example: one user whose relevant item ties with 9 others at
 * positions 1..10 has Recall@5 = 1 (optimistic), 0 (pessimistic), 0.5 (random).
 */
export function exactMetricUnderTies(data: RankData, metric: Metric, itemCount: number, rule?: TieRule): number {
  validateRankData(data, itemCount);
  const sum = new Adder();
  let weight = 0;
  for (const user of userRanksOf(data, itemCount, rule)) {
    const k = user.relevantCount;
    const n = user.itemCount;
    let value: number;
    if (metric.kind === 'auc' && !metric.atRank) {
      // Affine in the rank (eq 2): its mean over a range is its value at the midpoint.
      value = user.groups.reduce((s, g) => s + g.grades.length * metricTerm(metric, 1, (g.low + g.high) / 2, k, n), 0);
    } else {
      const a = (rank: number) => metricTerm(metric, 0, rank, k, n);
      const b = (rank: number) => metricTerm(metric, 1, rank, k, n) - a(rank);
      value = expectedIndexedSum(user, a, b, metric.cutoff ?? Infinity);
    }
    sum.add(user.weight * value);
    weight += user.weight;
  }
  return +sum / weight;
}
