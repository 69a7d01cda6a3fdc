/**
 * `sampled-metrics expected`: the exact metric next to the expectation and spread of the sampled metric when each
 * user's relevant item is ranked among m sampled irrelevant items (Krichene & Rendle eq. 16, Table 2).
 */
import { expectedMetricsTable, tieRuleText, withTieRule } from '../../src/core/index.ts';
import type { Command } from '../command.ts';
import { formatMeanStd, formatNumber } from '../format.ts';
import {
  COMMON_OPTIONS,
  N_OPTION,
  M_OPTION,
  METRICS_OPTION,
  RANKS_OPTION,
  readDigits,
  readMetrics,
  readRanks,
  readSetup,
  SAMPLING_OPTION,
} from '../inputs.ts';
import { Progress, PROGRESS_OPTIONS } from '../progress.ts';
import { checkExpected } from '../workload.ts';
import { readTieRule, TIES_OPTION } from '../ties.ts';
import type { MetricResult } from './exact.ts';
import { renderMetricTable } from './tables.ts';

export const expectedCommand: Command = {
  name: 'expected',
  description:
    'For each recommender and metric: the exact metric (eq. 1), and the mean and standard deviation, over the\n' +
    'random draw of m irrelevant items per user, of the metric averaged over users on the sampled ranking\n' +
    '(eq. 16; the ± of Table 2). Computed analytically from the binomial (with replacement) or hypergeometric\n' +
    '(without replacement) law of the sampled rank, not by simulation. With --ties random (one relevant item per\n' +
    'user), each user is averaged over the positions of its tie range: exact expectations, the ± being the\n' +
    'sampling spread averaged over the tie orders.',
  options: [
    N_OPTION,
    M_OPTION,
    RANKS_OPTION,
    METRICS_OPTION,
    SAMPLING_OPTION,
    TIES_OPTION,
    ...PROGRESS_OPTIONS,
    ...COMMON_OPTIONS,
  ],
  example: 'sampled-metrics expected --n 10000 --m 99 --ranks toy.csv --metrics auc,ap,ndcg,recall@10',
  run(args, io) {
    const setup = readSetup(args);
    const metrics = readMetrics(args);
    const digits = readDigits(args);
    const ties = readTieRule(args);
    const progress = Progress.open(args, io);
    const { recommenders, file } = readRanks(args, io, 'ranks', setup);
    const ordered = recommenders.map((data) => withTieRule(data, ties));
    checkExpected({ command: 'expected', ...setup, recommenders: ordered, file, metrics: metrics.length, methods: [] });
    const each = progress.counter('expected', 'recommenders');
    const table = progress.during(() =>
      ordered.map((data, i) => {
        const row = expectedMetricsTable([data], metrics, setup)[0];
        each(i + 1, ordered.length);
        return row;
      }),
    );
    const results: MetricResult[] = recommenders.flatMap((data, i) =>
      metrics.map((metric, j) => ({ recommender: data.name, metric: metric.id, ...table[i][j] })),
    );
    const names = recommenders.map((r) => r.name);
    const { itemCount: n, sampleSize: m, sampling } = setup;
    return {
      json: { n, m, sampling, ...(ties ? { ties } : {}), results },
      text:
        `Exact metrics, n = ${n}${ties ? `, ${tieRuleText(ties)}` : ''}\n` +
        renderMetricTable(names, metrics, (i, j) => formatNumber(table[i][j].exact, digits)) +
        `\nSampled metrics, m = ${m} sampled ${sampling}: expected value ± standard deviation\n` +
        renderMetricTable(names, metrics, (i, j) =>
          formatMeanStd(table[i][j].sampledMean, table[i][j].sampledStd, digits),
        ),
    };
  },
};
