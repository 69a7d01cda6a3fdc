/**
 * `sampled-metrics simulate`: the Monte Carlo study of the paper's Tables 2–4. Each repetition draws the m
 * irrelevant items of every user, computes every estimate from the resulting sampled ranks, and records whether
 * each pair of recommenders comes out in the order of its exact metric.
 */
import type { OrderingRow } from '../../src/core/index.ts';
import { distinctItemCounts, EstimatorVectors, simulate, tieRuleText } from '../../src/core/index.ts';
import type { Command } from '../command.ts';
import { formatMeanStd, formatNumber, renderTable } from '../format.ts';
import { LIMITS } from '../bounds.ts';
import {
  COMMON_OPTIONS,
  N_OPTION,
  M_OPTION,
  METRICS_OPTION,
  RANKS_OPTION,
  METHODS_OPTION,
  PRIOR_OPTION,
  readDigits,
  readMethods,
  readMetrics,
  readPrior,
  readRanks,
  readSetup,
  SAMPLING_OPTION,
  inFile,
} from '../inputs.ts';
import { Progress, PROGRESS_OPTIONS } from '../progress.ts';
import { isOutside, metricRange, rangeText } from '../range.ts';
import { checkDraws, checkFits, checkOutputRows, checkVectors } from '../workload.ts';
import { readTieRule, TIES_OPTION } from '../ties.ts';
import { renderMethodTable } from './tables.ts';

export const simulateCommand: Command = {
  name: 'simulate',
  description:
    'Repeats a sampled evaluation T times with a seeded random source: every user of every recommender draws\n' +
    'm irrelevant items, and each method estimates each metric from the sampled ranks. Prints the mean ± standard\n' +
    'deviation of every estimate over the repetitions (Tables 2 and 3), and for every pair of recommenders how\n' +
    'often each method orders them as their exact metric does (Table 4). The same seed gives the same numbers.\n' +
    'With --ties random, every repetition also draws a uniformly random order of each group of tied items (the\n' +
    'exact column is then the exact expectation over that order).',
  options: [
    N_OPTION,
    M_OPTION,
    RANKS_OPTION,
    METRICS_OPTION,
    METHODS_OPTION,
    {
      name: 'repeats',
      value: 'T',
      required: true,
      help: `number of repetitions of the sampled evaluation (at most ${LIMITS.repeats.toLocaleString('en-US')})`,
    },
    { name: 'seed', value: 'S', required: true, help: 'integer seed of the random source' },
    PRIOR_OPTION,
    SAMPLING_OPTION,
    TIES_OPTION,
    ...PROGRESS_OPTIONS,
    ...COMMON_OPTIONS,
  ],
  example:
    'sampled-metrics simulate --n 10000 --m 99 --ranks toy.csv --metrics ap,recall@10 --methods sampled,bv:0.1 --repeats 1000 --seed 1',
  run(args, io) {
    const setup = readSetup(args);
    const { itemCount, sampleSize, sampling } = setup;
    const metrics = readMetrics(args);
    const methods = readMethods(args);
    const repeats = args.requiredInteger('repeats', 1, LIMITS.repeats);
    const seed = args.requiredInteger('seed', -Number.MAX_SAFE_INTEGER);
    const digits = readDigits(args);
    const prior = readPrior(args, io, itemCount);
    const ties = readTieRule(args);
    const progress = Progress.open(args, io);
    const { recommenders, file } = readRanks(args, io, 'ranks', setup);
    // The correction solves core simulate will plan (interpolated in n with many per-user n, as below).
    const itemCounts = distinctItemCounts(recommenders);
    if (recommenders.some((r) => !r.itemCounts)) itemCounts.add(itemCount);
    const planned = new EstimatorVectors(metrics, { ...setup, prior, itemCountVectors: 'interpolated' });
    const solves = planned.plannedSolves(methods, itemCounts);
    const workload = { command: 'simulate', ...setup, recommenders, file, metrics: metrics.length, methods, solves };
    const pairs = (recommenders.length * (recommenders.length - 1)) / 2;
    const rowCount = (recommenders.length + pairs) * metrics.length * methods.length;
    checkOutputRows(
      'simulate',
      rowCount,
      `${recommenders.length} recommenders in ${file}, ${metrics.length} metrics, ${methods.length} methods`,
    );
    checkVectors(workload);
    checkFits(workload, repeats, '--repeats');
    checkDraws(workload, repeats);
    progress.note(`simulate: ${repeats} repetitions, n = ${itemCount}, m = ${sampleSize}`);
    const study = inFile(file, () =>
      progress.during(() =>
        simulate({
          ...setup,
          recommenders,
          metrics,
          methods,
          repetitions: repeats,
          seed,
          prior,
          // Per-user n: corrections interpolated in n as in `estimate` and the app (within 1e-5 on E[M̂ | r]).
          itemCountVectors: 'interpolated',
          ties,
          onProgress: progress.counter('simulate', 'repetitions'),
        }),
      ),
    );
    // A mean estimate outside the metric's range (over the users' n) is marked: `outsideRange` and an asterisk.
    const ranges = new Map(metrics.map((metric) => [metric.id, metricRange(metric, itemCounts)]));
    const results = study.results.map((row) => {
      const range = ranges.get(row.metric)!;
      return isOutside(row.mean, range) ? { ...row, outsideRange: { range } } : row;
    });
    const rows = new Map(results.map((r) => [`${r.recommender}\0${r.metric}\0${r.method}`, r]));
    const find = (name: string, metric: string, method: string) => rows.get(`${name}\0${metric}\0${method}`);
    const estimates = renderMethodTable({
      metrics,
      methods,
      recommenders: recommenders.map((r) => r.name),
      exact: (name, metric) => formatNumber(find(name, metric, methods[0].id)?.exact ?? NaN, digits),
      cell: (name, metric, method) => {
        const row = find(name, metric, method);
        return row ? formatMeanStd(row.mean, row.std, digits) + ('outsideRange' in row ? '*' : '') : '';
      },
    });
    return {
      json: {
        n: itemCount,
        m: sampleSize,
        sampling,
        repeats,
        seed,
        ...(ties ? { ties } : {}),
        results,
        orderings: study.orderings,
      },
      text:
        `Monte Carlo study: ${repeats} repetition${repeats === 1 ? '' : 's'} (seed ${seed}), n = ${itemCount}, ` +
        `m = ${sampleSize} sampled ${sampling}${prior ? ', prior from --prior' : ''}${ties ? `, ${tieRuleText(ties)}` : ''}\n\n` +
        'Estimates, mean ± standard deviation over the repetitions\n' +
        estimates +
        (results.some((r) => 'outsideRange' in r)
          ? `* outside the metric's range (${metrics.map((m) => `${m.id} ${rangeText(ranges.get(m.id)!, digits)}`).join(', ')}): ` +
            'not a value of the metric\n'
          : '') +
        '\nCorrect orderings: % of repetitions in which a method orders the pair as the exact metric does ' +
        '("tie": the exact values are equal)\n' +
        renderOrderings(
          study.orderings,
          methods.map((m) => m.id),
        ),
    };
  },
};

function renderOrderings(orderings: readonly OrderingRow[], methods: readonly string[]): string {
  if (orderings.length === 0) return '(only one recommender: no pairs to order)\n';
  // Rows grouped by pair (in the order the core lists them), then by metric; a column per method.
  const cells = new Map<string, Map<string, Map<string, OrderingRow>>>();
  for (const o of orderings) {
    const pair = `${o.a} vs ${o.b}`;
    if (!cells.has(pair)) cells.set(pair, new Map());
    const byMetric = cells.get(pair) as Map<string, Map<string, OrderingRow>>;
    if (!byMetric.has(o.metric)) byMetric.set(o.metric, new Map());
    byMetric.get(o.metric)?.set(o.method, o);
  }
  const rows = [...cells].flatMap(([pair, byMetric]) =>
    [...byMetric].map(([metric, byMethod], i) => [
      i === 0 ? pair : '',
      metric,
      ...methods.map((m) => (byMethod.get(m)?.exactTie ? 'tie' : percent(byMethod.get(m)))),
    ]),
  );
  return renderTable(['pair', 'metric', ...methods], rows, ['left', 'left']);
}

function percent(o: OrderingRow | undefined): string {
  return o ? `${((100 * o.correct) / o.repeats).toFixed(1)}` : '';
}
