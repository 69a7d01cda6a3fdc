/**
 * `sampled-metrics estimate`: estimates of the exact metrics from observed sampled ranks r̃ — the mean of M(r̃)
 * (`sampled`, the usual practice) or of a corrected M̂(r̃) (Krichene & Rendle section 5).
 */
import type { EstimateSetup } from '../../src/core/index.ts';
import {
  EstimatorVectors,
  distinctItemCounts,
  namedDifferences,
  bootstrapEstimates,
  estimateMetrics,
  estimatesBootstrap,
  percentileInterval,
  type EstimateResult,
  type Metric,
  type Method,
  type NamedDifference,
  type RankData,
} from '../../src/core/index.ts';
import { LIMITS } from '../bounds.ts';
import type { Command } from '../command.ts';
import { UsageError } from '../errors.ts';
import { formatNumber } from '../format.ts';
import {
  COMMON_OPTIONS,
  N_OPTION,
  M_OPTION,
  METRICS_OPTION,
  METHODS_OPTION,
  PER_USER_N_OPTION,
  PRIOR_OPTION,
  readDigits,
  readMethods,
  readMetrics,
  readPerUserN,
  readPrior,
  readRanks,
  readSetup,
  SAMPLED_RANKS_OPTION,
  SAMPLING_OPTION,
  dataError,
  inFile,
} from '../inputs.ts';
import { Progress, PROGRESS_OPTIONS } from '../progress.ts';
import { isOutside, metricRange, rangeText } from '../range.ts';
import type { Workload } from '../workload.ts';
import { checkFits, checkOutputRows, checkResamples, checkVectors } from '../workload.ts';
import { renderMethodTable } from './tables.ts';

export const estimateCommand: Command = {
  name: 'estimate',
  description:
    'Reads the sampled rank r̃ (1..m+1: the position of the relevant item among itself and the m sampled\n' +
    'irrelevant items) of every user, and estimates each exact metric by the average of M(r̃) (method\n' +
    '`sampled`) or of a corrected metric M̂(r̃): rank-estimate (eq. 20), ls (eqs 21–23), cls (section 5.2),\n' +
    'bv:G (eq. 25 with γ = G), or from a learned rank distribution P̂ (Jin et al. 2021, eq 14): mle, wmle,\n' +
    'mes, bv-dist:G. See `sampled-metrics correct` for the vectors M̂ and `recover` for P̂ itself.\n' +
    'With --bootstrap B every estimate gets a 95% percentile interval [low, high] from B resamples of the users;\n' +
    'with --compare also the difference of every pair of recommenders (a − b) with its interval, paired over users\n' +
    'when the file has a user column shared by the recommenders (the same users drawn for both), unpaired otherwise.\n' +
    'With an n column, mle, wmle and mes fit one distribution of the relative position shared by all users, each\n' +
    'keeping its own n (--per-user-n pooled, the default with replacement; shared; separate; see `recover --help`).',
  options: [
    N_OPTION,
    M_OPTION,
    SAMPLED_RANKS_OPTION,
    METRICS_OPTION,
    METHODS_OPTION,
    PRIOR_OPTION,
    SAMPLING_OPTION,
    {
      name: 'bootstrap',
      value: 'B',
      help:
        'add a 95% percentile interval (low, high) from B resamples of the users (B = 200 is usual; ' +
        `at most ${LIMITS.bootstrap.toLocaleString('en-US')})`,
    },
    { name: 'seed', value: 'S', help: 'seed of the bootstrap resampling (default 1)' },
    {
      name: 'compare',
      help: 'with --bootstrap: every pair of recommenders, a − b with a 95% interval (paired when a user column is shared)',
    },
    PER_USER_N_OPTION,
    ...PROGRESS_OPTIONS,
    ...COMMON_OPTIONS,
  ],
  example:
    'sampled-metrics estimate --n 10000 --m 99 --sampled-ranks sampled.csv --metrics ap,recall@10 --methods sampled,cls,bv:0.1',
  run(args, io) {
    const { itemCount, sampleSize, sampling } = readSetup(args);
    const metrics = readMetrics(args);
    const methods = readMethods(args);
    const digits = readDigits(args);
    const prior = readPrior(args, io, itemCount);
    const progress = Progress.open(args, io);
    const sampledRanks = { itemCount, sampleSize, sampling, sampled: true };
    const { recommenders, file } = readRanks(args, io, 'sampled-ranks', sampledRanks);
    const perUserN = readPerUserN(args);
    // Many distinct per-user n (MovieLens: 743): CLS and BV solved on a geometric grid of n and interpolated, as the
    // app does (core itemCountGrid.ts: E[M̂(r̃) | r] within 1e-5 of the exact per-n vector, tested).
    const setup: EstimateSetup = {
      itemCount,
      sampleSize,
      sampling,
      prior,
      fit: { perUserN },
      itemCountVectors: 'interpolated',
    };
    const replicates = args.integer('bootstrap', 1, LIMITS.bootstrap);
    const seed = args.integer('seed', 0) ?? 1;
    if (args.has('seed') && replicates === undefined) throw args.error('--seed applies only with --bootstrap B');
    if (args.has('compare') && replicates === undefined) throw args.error('--compare needs --bootstrap B');
    const cache = new EstimatorVectors(metrics, setup);
    const itemCounts = distinctItemCounts(recommenders);
    if (recommenders.some((r) => !r.itemCounts)) itemCounts.add(itemCount);
    const solves = cache.plannedSolves(methods, itemCounts);
    const workload = {
      command: 'estimate',
      itemCount,
      sampleSize,
      recommenders,
      file,
      metrics: metrics.length,
      solves,
    };
    checkEstimateWork({ ...workload, methods, perUserN }, replicates, args.has('compare'));
    if (solves > 0) progress.note(`estimate: ${solves} correction solve${solves === 1 ? '' : 's'}, m = ${sampleSize}`);
    const bootstrap = replicates === undefined ? undefined : { replicates, seed };
    const outcome = inFile(file, () =>
      progress.during(() => {
        cache.prepare(methods, itemCounts);
        if (bootstrap && args.has('compare')) {
          const options = { ...bootstrap, onProgress: progress.counter('estimate: bootstrap', 'resamples') };
          const locate = (message: string) =>
            message.startsWith('recommender "') ? new UsageError(`${file}: ${message}`) : args.error(message);
          return compare(recommenders, metrics, methods, setup, cache, options, locate);
        }
        // With a bootstrap each recommender's resamples are counted; otherwise the recommenders (their fits).
        const each = bootstrap ? () => {} : progress.counter('estimate', 'recommenders');
        const rows = recommenders.flatMap((data, i) => {
          const done = estimateOne(data, { metrics, methods, setup, cache, bootstrap, progress, file });
          each(i + 1, recommenders.length);
          return done;
        });
        return { results: rows, differences: null };
      }),
    );
    // An estimate outside the metric's range (over the users' n) is marked: `outsideRange` and an asterisk.
    const ranges = new Map(metrics.map((metric) => [metric.id, metricRange(metric, itemCounts)]));
    const results = outcome.results.map((row) => {
      const range = ranges.get(row.metric)!;
      return isOutside(row.estimate, range) ? { ...row, outsideRange: { range } } : row;
    });
    const { differences } = outcome;
    const outside = new Set(
      results.filter((r) => 'outsideRange' in r).map((r) => `${r.recommender}\0${r.metric}\0${r.method}`),
    );
    const intervalOf = new Map(
      results.map((r) => [`${r.recommender}\0${r.metric}\0${r.method}`, r as { low?: number; high?: number }]),
    );
    const byKey = new Map(results.map((r) => [`${r.recommender}\0${r.metric}\0${r.method}`, r.estimate]));
    const table = renderMethodTable({
      metrics,
      methods,
      recommenders: recommenders.map((r) => r.name),
      cell: (name, metric, method) => {
        const key = `${name}\0${metric}\0${method}`;
        const value = formatNumber(byKey.get(key) ?? NaN, digits) + (outside.has(key) ? '*' : '');
        const interval = intervalOf.get(key);
        return interval?.low === undefined
          ? value
          : `${value} [${formatNumber(interval.low, digits)}, ${formatNumber(interval.high ?? NaN, digits)}]`;
      },
    });
    return {
      json: { n: itemCount, m: sampleSize, sampling, results, ...(differences ? { differences } : {}) },
      text:
        `Estimates of the exact metrics from sampled ranks, n = ${itemCount}, m = ${sampleSize} sampled ${sampling}` +
        `${prior ? ', prior from --prior' : ''}\n` +
        table +
        rangeNote(metrics, ranges, outside.size > 0, digits) +
        (differences ? `\n${differenceText(differences, digits)}` : ''),
    };
  },
};

interface EstimateContext {
  readonly metrics: readonly Metric[];
  readonly methods: readonly Method[];
  readonly setup: EstimateSetup;
  readonly cache: EstimatorVectors;
  readonly bootstrap: { replicates: number; seed: number } | undefined;
  readonly progress: Progress;
  readonly file: string;
}

/** One recommender's estimates, with their bootstrap intervals when asked. */
function estimateOne(data: RankData, c: EstimateContext): (EstimateResult & { recommender: string })[] {
  const { metrics, methods, setup, cache } = c;
  if (!c.bootstrap) {
    return estimateMetrics(data, metrics, methods, setup, cache).map((row) => ({ recommender: data.name, ...row }));
  }
  const onProgress = c.progress.counter(`estimate: bootstrap of ${data.name}`, 'resamples');
  const intervals = bootstrapEstimates(data, metrics, methods, setup, { ...c.bootstrap, onProgress }, cache);
  if (!intervals.ok) throw dataError(c.file, data.name, intervals.error);
  return intervals.value.map((row) => ({ recommender: data.name, ...row }));
}

/** The bounds of cli/bounds.ts for this run: corrections, fits (B + 1 per recommender), resamples, output rows. */
function checkEstimateWork(w: Workload, replicates: number | undefined, compare: boolean): void {
  const recommenders = w.recommenders.length;
  const pairs = compare ? (recommenders * (recommenders - 1)) / 2 : 0;
  const culprit = `${recommenders} recommenders in ${w.file}, ${w.metrics} metrics, ${w.methods.length} methods`;
  checkOutputRows('estimate', (recommenders + pairs) * w.metrics * w.methods.length, culprit);
  checkVectors(w);
  checkFits(w, replicates === undefined ? 1 : replicates + 1, replicates === undefined ? undefined : '--bootstrap');
  if (replicates !== undefined) checkResamples(w, replicates);
}

/** The footnote of the values marked `*`: the metrics' ranges. */
function rangeNote(
  metrics: readonly Metric[],
  ranges: ReadonlyMap<string, [number, number]>,
  any: boolean,
  digits: number,
): string {
  if (!any) return '';
  const list = metrics.map((m) => `${m.id} ${rangeText(ranges.get(m.id)!, digits)}`).join(', ');
  return (
    `* outside the metric's range (${list}): not a value of the metric (ls minimises bias only; bv with a small ` +
    'γ trades bias for variance)\n'
  );
}

export type Difference = NamedDifference;

/**
 * The estimates of every recommender and the differences of every pair from one joint bootstrap (core compare.ts):
 * recommenders with users' ids are resampled through the same users (paired), the others on their own rows.
 */
function compare(
  recommenders: readonly RankData[],
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: EstimateSetup,
  cache: EstimatorVectors,
  options: { replicates: number; seed: number; onProgress?: (done: number, total: number) => void },
  error: (message: string) => Error,
): { results: (EstimateResult & { recommender: string; low: number; high: number })[]; differences: Difference[] } {
  // The names of the values, method-major as the core lists the estimates.
  const shape = methods.flatMap((method) => metrics.map((metric) => ({ metric: metric.id, method: method.id })));
  // Each resample re-estimated whole, its fits on the grid of n of its recommender's data (core estimatesBootstrap).
  const boot = estimatesBootstrap(recommenders, metrics, methods, setup, cache, options);
  if (!boot.ok) throw error(boot.error);
  const { point, replicates } = boot.value;
  const results = recommenders.flatMap((data, r) =>
    shape.map((row, j) => ({
      recommender: data.name,
      metric: row.metric,
      method: row.method,
      estimate: point[r][j],
      ...percentileInterval(replicates[r][j], 0.95),
    })),
  );
  const differences = namedDifferences(
    boot.value,
    0.95,
    recommenders.map((d) => d.name),
    (value) => ({ metric: shape[value].metric, method: shape[value].method }),
  );
  return { results, differences };
}

/** One line per pair, metric and method: "A − B  recall@10  mle  0.012 [0.004, 0.020] paired". */
function differenceText(differences: readonly Difference[], digits: number): string {
  const rows = differences.map((d) => [
    `${d.a} − ${d.b}`,
    d.metric,
    d.method,
    `${formatNumber(d.difference, digits)} [${formatNumber(d.low, digits)}, ${formatNumber(d.high, digits)}]`,
    d.paired ? 'paired' : 'unpaired',
    d.low > 0 || d.high < 0 ? '' : 'within the noise',
  ]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]))
      .join('  ')
      .trimEnd();
  return `Differences a − b with 95% bootstrap intervals over users:\n${rows.map(line).join('\n')}\n`;
}
