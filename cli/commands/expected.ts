/**
 * `sampled-metrics expected`: the exact metric next to the expectation and spread of the sampled metric when each
 * user's relevant item is ranked among m sampled irrelevant items (Krichene & Rendle eq. 16, Table 2).
 */
import { expectedSampledMetric } from '../../src/core/index.ts';
import type { Command } from '../command.ts';
import { formatMeanStd, formatNumber, renderTable } from '../format.ts';
import {
  COMMON_OPTIONS,
  N_OPTION,
  M_OPTION,
  METRICS_OPTION,
  RANKS_OPTION,
  readDigits,
  readItemCount,
  readMetrics,
  readRankFile,
  readSampleSize,
  readSampling,
  SAMPLING_OPTION,
} from '../inputs.ts';
import type { MetricResult } from './exact.ts';

export const expectedCommand: Command = {
  name: 'expected',
  summary: 'expected sampled metrics (mean ± std over the sampling) next to the exact ones',
  description:
    'For each recommender and metric: the exact metric (eq. 1), and the mean and standard deviation, over the\n' +
    'random draw of m irrelevant items per user, of the metric averaged over users on the sampled ranking\n' +
    '(eq. 16; the ± of Table 2). Computed analytically from the binomial (with replacement) or hypergeometric\n' +
    '(without replacement) law of the sampled rank, not by simulation.',
  options: [N_OPTION, M_OPTION, RANKS_OPTION, METRICS_OPTION, SAMPLING_OPTION, ...COMMON_OPTIONS],
  example: 'sampled-metrics expected --n 10000 --m 99 --ranks toy.csv --metrics auc,ap,ndcg,recall@10',
  run(args, io) {
    const itemCount = readItemCount(args);
    const sampling = readSampling(args);
    const sampleSize = readSampleSize(args, itemCount, sampling);
    const metrics = readMetrics(args);
    const digits = readDigits(args);
    const recommenders = readRankFile(args, io, 'ranks', { itemCount, sampleSize, sampling });
    const results: MetricResult[] = recommenders.flatMap((data) =>
      metrics.map((metric) => ({
        recommender: data.name,
        metric: metric.id,
        ...expectedSampledMetric(data, metric, itemCount, sampleSize, sampling),
      })),
    );
    const header = ['recommender', ...metrics.map((m) => m.id)];
    const cell = (i: number, j: number) => results[i * metrics.length + j];
    const exactRows = recommenders.map((data, i) => [
      data.name,
      ...metrics.map((_, j) => formatNumber(cell(i, j).exact, digits)),
    ]);
    const sampledRows = recommenders.map((data, i) => [
      data.name,
      ...metrics.map((_, j) => formatMeanStd(cell(i, j).sampledMean ?? NaN, cell(i, j).sampledStd ?? NaN, digits)),
    ]);
    return {
      json: { n: itemCount, m: sampleSize, sampling, results },
      text:
        `Exact metrics, n = ${itemCount}\n` +
        renderTable(header, exactRows) +
        `\nSampled metrics, m = ${sampleSize} sampled ${sampling}: expected value ± standard deviation\n` +
        renderTable(header, sampledRows),
    };
  },
};
