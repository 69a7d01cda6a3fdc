/** `sampled-metrics exact`: the metrics on the full ranking of n items (Krichene & Rendle eqs 1–13, Table 1). */
import { exactMetric } from '../../src/core/index.ts';
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
  summary: 'exact metrics from the true ranks among all n items',
  description:
    'Averages each metric over the users of each recommender, from the rank of the relevant item(s) among all n\n' +
    'items (eq. 1 with eqs 2–6, which reduce to eqs 7–13 for one relevant item).',
  options: [N_OPTION, RANKS_OPTION, METRICS_OPTION, ...COMMON_OPTIONS],
  example: 'sampled-metrics exact --n 10000 --ranks toy.csv --metrics auc,ap,ndcg,recall@10',
  run(args, io) {
    const itemCount = readItemCount(args);
    const metrics = readMetrics(args);
    const digits = readDigits(args);
    const recommenders = readRankFile(args, io, 'ranks', { itemCount });
    const results: MetricResult[] = recommenders.flatMap((data) =>
      metrics.map((metric) => ({
        recommender: data.name,
        metric: metric.id,
        exact: exactMetric(data, metric, itemCount),
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
      json: { n: itemCount, m: null, sampling: null, results },
      text: `Exact metrics, n = ${itemCount}\n` + table,
    };
  },
};
