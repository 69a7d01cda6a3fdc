/**
 * `sampled-metrics correct`: the corrected metric M̂(r̃) for r̃ = 1..m+1 (Krichene & Rendle section 5): rank
 * estimate (eq. 20), least squares (eqs 21–23), constrained least squares (section 5.2) or the bias-variance
 * trade-off (eq. 25). An estimate of the exact metric is the average of M̂(r̃) over the users' sampled ranks.
 */
import type { CorrectionKind } from '../../src/core/index.ts';
import { correctionVectors, sampledMetricVector } from '../../src/core/index.ts';
import type { Args } from '../args.ts';
import { isDecimal } from '../args.ts';
import type { Command } from '../command.ts';
import { formatNumber, renderTable } from '../format.ts';
import {
  COMMON_OPTIONS,
  N_OPTION,
  M_OPTION,
  METRICS_OPTION,
  PRIOR_OPTION,
  readDigits,
  readMetrics,
  readPrior,
  readSetup,
  SAMPLING_OPTION,
} from '../inputs.ts';
import { Progress, PROGRESS_OPTIONS } from '../progress.ts';
import { metricRange, outsideRange, rangeText } from '../range.ts';
import { checkCorrections, checkOutputValues } from '../workload.ts';

type CorrectMethod = CorrectionKind | 'sampled';
const METHODS: readonly CorrectMethod[] = ['rank-estimate', 'ls', 'cls', 'bv', 'sampled'];

export const correctCommand: Command = {
  name: 'correct',
  description:
    'Prints, for each metric, the corrected metric M̂(r̃) for every sampled rank r̃ = 1..m+1: the value to use\n' +
    'instead of M(r̃) when the relevant item ranks r̃-th among itself and m sampled irrelevant items.\n' +
    '  rank-estimate  M(⌊1 + (n − 1)(r̃ − 1)/m⌋), the metric at the unbiased rank estimate (eq. 20)\n' +
    '  ls             minimal bias under the prior p(r), least squares (eqs 21–23)\n' +
    '  cls            ls constrained to be non-increasing in r̃ (section 5.2)\n' +
    '  bv             bias² + γ·variance (eqs 24–25); γ = 1 is the posterior mean (eq. 26), γ = 0 is ls\n' +
    '  sampled        the uncorrected M(r̃) on m + 1 items, for comparison',
  options: [
    { ...N_OPTION, help: 'number of items in the catalogue' },
    M_OPTION,
    METRICS_OPTION,
    { name: 'method', value: 'rank-estimate|ls|cls|bv', required: true, help: 'the correction (bv:G sets γ too)' },
    {
      name: 'gamma',
      value: 'G',
      help: "γ in [0, 1] for --method bv (default 0.1, the paper's best trade-off in Tables 3–4)",
    },
    PRIOR_OPTION,
    SAMPLING_OPTION,
    ...PROGRESS_OPTIONS,
    ...COMMON_OPTIONS,
  ],
  example: 'sampled-metrics correct --n 10000 --m 99 --metrics ap,recall@10 --method bv --gamma 0.1',
  run(args, io) {
    const { itemCount, sampleSize, sampling } = readSetup(args);
    const metrics = readMetrics(args);
    const { method, gamma } = readMethod(args);
    const digits = readDigits(args);
    const progress = Progress.open(args, io);
    const printed = (sampleSize + 1) * metrics.length;
    const culprit = `--m ${sampleSize}, ${metrics.length} metric${metrics.length === 1 ? '' : 's'}`;
    checkOutputValues('correct', printed, culprit, 'lower --m or use fewer metrics');
    const solves = method === 'ls' || method === 'cls' || method === 'bv';
    const sizes = { command: 'correct', itemCount, sampleSize, recommenders: [], file: '', metrics: metrics.length };
    if (solves) checkCorrections({ ...sizes, methods: [] }, [method]);
    const prior = readPrior(args, io, itemCount);
    if (solves) progress.note(`correct: ${method} over n = ${itemCount} ranks, m = ${sampleSize}`);
    const vectors = progress.during(() =>
      method === 'sampled'
        ? metrics.map((metric) => sampledMetricVector(metric, sampleSize))
        : correctionVectors(metrics, { itemCount, sampleSize, sampling, method, gamma: gamma ?? undefined, prior }),
    );
    // Values outside the metric's range (LS, BV with a small γ) are marked: `outsideRange` and a note.
    const outside = metrics.map((metric, j) => outsideRange(vectors[j], metricRange(metric, [itemCount])));
    const corrections = metrics.map((metric, j) => ({
      metric: metric.id,
      values: Array.from(vectors[j]),
      ...(outside[j] ? { outsideRange: outside[j] } : {}),
    }));
    const notes = metrics.flatMap((metric, j) => {
      const o = outside[j];
      if (!o) return [];
      return [
        `note: ${metric.id}: ${o.count} of the ${sampleSize + 1} values outside the metric's range ` +
          `${rangeText(o.range, digits)}, the values M takes (smallest ${formatNumber(o.smallest, digits)}, ` +
          `largest ${formatNumber(o.largest, digits)})` +
          `${method === 'ls' ? ': ls minimises bias only, its variance is unbounded' : ''}\n`,
      ];
    });
    const rows = Array.from({ length: sampleSize + 1 }, (_, i) => [
      String(i + 1),
      ...vectors.map((v) => formatNumber(v[i], digits)),
    ]);
    const title =
      `Corrected metrics M̂(r̃), method ${method}${gamma === null ? '' : ` (γ = ${gamma})`}, n = ${itemCount}, ` +
      `m = ${sampleSize} sampled ${sampling}, ${prior ? 'prior from --prior' : 'uniform prior'}\n`;
    return {
      json: { n: itemCount, m: sampleSize, sampling, method, gamma, corrections },
      text: title + renderTable(['sampled rank', ...metrics.map((m) => m.id)], rows) + notes.join(''),
    };
  },
};

/** --method and --gamma: `bv` takes γ from --gamma or `bv:G` (default 0.1); the other methods take none. */
function readMethod(args: Args): { method: CorrectMethod; gamma: number | null } {
  const text = args.required('method').trim().toLowerCase();
  const colon = text.indexOf(':');
  const name = colon < 0 ? text : text.slice(0, colon);
  if (!(METHODS as readonly string[]).includes(name) || (colon >= 0 && name !== 'bv')) {
    throw args.error(`--method: unknown method "${text}": expected rank-estimate, ls, cls or bv`);
  }
  const method = name as CorrectMethod;
  const optionGamma = args.number('gamma', 0, 1);
  if (method !== 'bv') {
    if (optionGamma !== undefined) throw args.error(`--gamma applies only to --method bv, not ${method}`);
    return { method, gamma: null };
  }
  let gamma = optionGamma;
  if (colon >= 0) {
    const inline = Number(text.slice(colon + 1));
    if (!isDecimal(text.slice(colon + 1)) || !Number.isFinite(inline) || inline < 0 || inline > 1) {
      throw args.error(`--method ${text}: γ must be a number in [0, 1]`);
    }
    if (gamma !== undefined && gamma !== inline) throw args.error(`--method ${text} and --gamma ${gamma} disagree`);
    gamma = inline;
  }
  // The paper's most effective setting in its MovieLens study (section 6.3, Table 4).
  if (gamma === undefined) gamma = 0.1;
  return { method, gamma };
}
