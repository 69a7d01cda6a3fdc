/**
 * `sampled-metrics estimate`: estimates of the exact metrics from observed sampled ranks r̃ — the mean of M(r̃)
 * (`sampled`, the usual practice) or of a corrected M̂(r̃) (Krichene & Rendle section 5).
 */
import type { CorrectionSetup } from '../../src/core/index.ts';
import { EstimatorVectors, estimateMetrics } from '../../src/core/index.ts';
import type { Command } from '../command.ts';
import { formatNumber } from '../format.ts';
import {
  COMMON_OPTIONS,
  N_OPTION,
  M_OPTION,
  METRICS_OPTION,
  METHODS_OPTION,
  PRIOR_OPTION,
  readDigits,
  readItemCount,
  readMethods,
  readMetrics,
  readPrior,
  readRankFile,
  readSampleSize,
  readSampling,
  SAMPLING_OPTION,
} from '../inputs.ts';
import { renderMethodTable } from './methodTable.ts';

export const estimateCommand: Command = {
  name: 'estimate',
  summary: 'estimate exact metrics from sampled ranks, with or without correction',
  description:
    'Reads the sampled rank r̃ (1..m+1: the position of the relevant item among itself and the m sampled\n' +
    'irrelevant items) of every user, and estimates each exact metric by the average of M(r̃) (method\n' +
    '`sampled`) or of a corrected metric M̂(r̃): rank-estimate (eq. 20), ls (eqs 21–23), cls (section 5.2),\n' +
    'bv:G (eq. 25 with γ = G). See `sampled-metrics correct` for the vectors M̂ themselves.',
  options: [
    N_OPTION,
    M_OPTION,
    {
      name: 'sampled-ranks',
      value: 'FILE',
      required: true,
      help: 'CSV/TSV of sampled ranks: recommender,rank [user] [count] [n]',
    },
    METRICS_OPTION,
    METHODS_OPTION,
    PRIOR_OPTION,
    SAMPLING_OPTION,
    ...COMMON_OPTIONS,
  ],
  example:
    'sampled-metrics estimate --n 10000 --m 99 --sampled-ranks sampled.csv --metrics ap,recall@10 --methods sampled,cls,bv:0.1',
  run(args, io) {
    const itemCount = readItemCount(args);
    const sampling = readSampling(args);
    const sampleSize = readSampleSize(args, itemCount, sampling);
    const metrics = readMetrics(args);
    const methods = readMethods(args);
    const digits = readDigits(args);
    const prior = readPrior(args, io, itemCount);
    const recommenders = readRankFile(args, io, 'sampled-ranks', { itemCount, sampleSize, sampling, sampled: true });
    const setup: CorrectionSetup = { itemCount, sampleSize, sampling, prior };
    const cache = new EstimatorVectors(metrics, setup);
    const results = recommenders.flatMap((data) =>
      estimateMetrics(data, metrics, methods, setup, cache).map((row) => ({ recommender: data.name, ...row })),
    );
    const byKey = new Map(results.map((r) => [`${r.recommender}\0${r.metric}\0${r.method}`, r.estimate]));
    const table = renderMethodTable({
      metrics,
      methods,
      recommenders: recommenders.map((r) => r.name),
      cell: (name, metric, method) => formatNumber(byKey.get(`${name}\0${metric}\0${method}`) ?? NaN, digits),
    });
    return {
      json: { n: itemCount, m: sampleSize, sampling, results },
      text:
        `Estimates of the exact metrics from sampled ranks, n = ${itemCount}, m = ${sampleSize} sampled ${sampling}` +
        `${prior ? ', prior from --prior' : ''}\n` +
        table,
    };
  },
};
