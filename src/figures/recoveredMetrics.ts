/**
 * Metric@K read off the recovered rank distributions (Jin et al. 2021 eq 14: Recall@K is the CDF at K, NDCG@K and
 * AP@K the sums Σ_{R ≤ K} P̂(R)/log₂(R + 1) and Σ_{R ≤ K} P̂(R)/R), for one K, as a table: one group per
 * recommender, one row per estimator, each value with its bootstrap band.
 */
import type { RecoveredDistribution } from '../../workers/figures/recoveredBands.ts';
import { methodLabel } from '../core/labels.ts';
import { metricIdLabel } from '../core/labels.ts';
import { fmt3, fmtInt } from './labels.ts';
import { levelText } from './recoveredDistributionPlot.ts';
import type { TableModel } from './tableModel.ts';

const CURVES = [
  { key: 'cdf', label: 'Recall' },
  { key: 'ndcg', label: 'NDCG' },
  { key: 'ap', label: 'AP' },
] as const;

export function recoveredMetricsTable(result: RecoveredDistribution, cutoff: number): TableModel {
  const K = Math.max(1, Math.min(cutoff, result.maxRank));
  const bands = result.replicates > 0;
  // AP@K under the chosen reading (`ap@10:ap-k`), named as the results table names it.
  const ap = metricIdLabel(`ap@${K}${result.apVariant ? `:${result.apVariant}` : ''}`);
  const apFormula = result.apVariant
    ? `${ap} = Σ_{R ≤ ${K}} P̂(R) M(R) with M that definition for one relevant item`
    : `AP@${K} = Σ_{R ≤ ${K}} P̂(R)/R`;
  return {
    id: `recovered-metrics-at-${K}`,
    title: `Metric@${fmtInt(K)} read off the recovered P̂ (eq 14)`,
    caption:
      `Recall@${K} = Σ_{R ≤ ${K}} P̂(R), NDCG@${K} = Σ_{R ≤ ${K}} P̂(R)/log₂(R + 1) and ${apFormula} ` +
      `for each estimator` +
      (bands
        ? `, with the ${levelText(result.level)} percentile band over B = ${fmtInt(result.replicates)} resamples of ` +
          `the users in brackets.`
        : '.'),
    groupHeading: 'Recommender',
    rowHeading: 'Estimator',
    columns: CURVES.map((c) => ({ id: c.key, label: c.key === 'ap' ? ap : `${c.label}@${K}` })),
    groups: result.recommenders.map((rec) => ({
      label: rec.recommender,
      rows: rec.estimates.map((e) => ({
        label: methodLabel(e.method),
        cells: CURVES.map(({ key }) => {
          const curve = e[key];
          const value = curve.estimate[K - 1];
          return {
            text: fmt3(value),
            spread: curve.low && curve.high ? `[${fmt3(curve.low[K - 1])}, ${fmt3(curve.high[K - 1])}]` : null,
            value,
            std: null,
            wrong: false,
          };
        }),
      })),
    })),
  };
}
