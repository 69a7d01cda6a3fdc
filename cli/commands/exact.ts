/** `sampled-metrics exact`: the metrics on the full ranking of n items (Krichene & Rendle eqs 1–13, Table 1). */
import { exactMetricUnderTies, tieRuleText } from '../../src/core/index.ts';
import type { Command } from '../command.ts';
import { formatNumber } from '../format.ts';
import {
  COMMON_OPTIONS,
  N_OPTION,
  METRICS_OPTION,
  RANKS_OPTION,
  readDigits,
  readItemCount,
  readMetrics,
  readRankFile,
} from '../inputs.ts';
import { readTieRule, TIES_OPTION } from '../ties.ts';
import { renderMetricTable } from './tables.ts';

export interface MetricResult {
  recommender: string;
  metric: string;
  exact: number;
  sampledMean: number | null;
  sampledStd: number | null;
}

export const exactCommand: Command = {
  name: 'exact',
  description:
    'Averages each metric over the users of each recommender, from the rank of the relevant item(s) among all n\n' +
    'items (eq. 1 with eqs 2–6, which reduce to eqs 7–13 for one relevant item). With --ties, items with tied\n' +
    'scores (the rankOptimistic and rankPessimistic columns) are ordered by the rule; random is the exact\n' +
    'expectation over a uniformly random order of each tie group.',
  options: [N_OPTION, RANKS_OPTION, METRICS_OPTION, TIES_OPTION, ...COMMON_OPTIONS],
  example: 'sampled-metrics exact --n 10000 --ranks toy.csv --metrics auc,ap,ndcg,recall@10',
  run(args, io) {
    const itemCount = readItemCount(args);
    const metrics = readMetrics(args);
    const digits = readDigits(args);
    const ties = readTieRule(args);
    const recommenders = readRankFile(args, io, 'ranks', { itemCount });
    const results: MetricResult[] = recommenders.flatMap((data) =>
      metrics.map((metric) => ({
        recommender: data.name,
        metric: metric.id,
        exact: exactMetricUnderTies(data, metric, itemCount, ties),
        sampledMean: null,
        sampledStd: null,
      })),
    );
    const table = renderMetricTable(
      recommenders.map((r) => r.name),
      metrics,
      (i, j) => formatNumber(results[i * metrics.length + j].exact, digits),
    );
    return {
      // `ties` appears only when the option is given: the document without it is unchanged.
      json: { n: itemCount, m: null, sampling: null, ...(ties ? { ties } : {}), results },
      text: `Exact metrics, n = ${itemCount}${ties ? `, ${tieRuleText(ties)}` : ''}\n` + table,
    };
  },
};
