/**
 * Krichene & Rendle's Tables 3 and 4 on our own MovieLens-1M ranks (the shipped public/datasets/ files), next to
 * the paper's numbers, printed as Markdown for docs/reproduction.md:
 * - exact metrics (per-user n; random, optimistic and pessimistic ties);
 * - the expected uncorrected sampled metric at m = 100 under both sampling laws (analytic, src/core/expected.ts);
 * - Table 3 (mean ± std over 100 repetitions) and Table 4 (correct orderings out of 100) from src/core/simulate.ts,
 *   without replacement, per-user n;
 * - readings of the corrections the paper leaves open (variants.ts);
 * - popularity-proportional sampling (α = 1, with replacement) from the `popMassAbove` column;
 * - the estimators applied to the real NCF sampled ranks (corrections here; Jin et al.'s rank-distribution
 *   estimators, single n and per-user n, in ncfDistribution.ts).
 */
import { performance } from 'node:perf_hooks';
import type { Metric, RankData, Sampling, SimulationResult } from '../../src/core/index.ts';
import {
  estimateMetrics,
  exactMetric,
  expectedSampledMetric,
  logBinomialPmf,
  metricAtRank,
  parseMethodList,
  parseMetricList,
  simulate,
  singleRankData,
} from '../../src/core/index.ts';
import type { TrueRanks } from './dataset.ts';
import { readSampledRanks, readTrueRanks } from './dataset.ts';
import { markdownTable, pct, pctStd, printSection } from './markdown.ts';
import { runNcfDistribution } from './ncfDistribution.ts';
import { rankEstimateSection, singleItemCountSection } from './variants.ts';
import { PAPER_METHODS, PAPER_METRICS, TABLE3, TABLE4, TABLE4_METHODS } from './paper.ts';

export interface StudyOptions {
  readonly dir: string;
  readonly repeats: number;
  readonly seed: number;
}

const CATALOGUE = 3706;
const SAMPLE_SIZE = 100;
const SAMPLING: Sampling = 'without-replacement';
const metrics = parseMetricList(PAPER_METRICS.join(','));

export function runStudy(options: StudyOptions): void {
  const trueRanks = readTrueRanks(options.dir);
  const names = [...trueRanks.keys()];
  const data = (pick: (t: TrueRanks) => Int32Array, n?: (t: TrueRanks) => Int32Array | null) =>
    names.map((name) => {
      const t = trueRanks.get(name) as TrueRanks;
      return singleRankData(name, pick(t), null, n ? n(t) : t.itemCount);
    });
  const random = data((t) => t.rank);
  exactSection(
    random,
    data((t) => t.optimistic),
    data((t) => t.pessimistic),
    data(
      (t) => t.rank,
      () => null,
    ),
  );
  sampledSection(random);
  const start = performance.now();
  const study = simulate({
    recommenders: random,
    metrics,
    methods: parseMethodList(TABLE4_METHODS.join(',')),
    itemCount: CATALOGUE,
    sampleSize: SAMPLE_SIZE,
    sampling: SAMPLING,
    repetitions: options.repeats,
    seed: options.seed,
    onProgress: (done, total) => process.stderr.write(`\rsimulate ${done}/${total}`),
  });
  process.stderr.write(`\rsimulate: ${((performance.now() - start) / 1000).toFixed(0)} s\n`);
  table3Section(study, options);
  table4Section(study, options);
  rankEstimateSection(random, metrics, SAMPLE_SIZE);
  singleItemCountSection(random, metrics, SAMPLE_SIZE);
  tieSection(trueRanks);
  popularitySection(trueRanks);
  ncfSection(options.dir, random);
  runNcfDistribution(options.dir);
}

function exactSection(random: RankData[], optimistic: RankData[], pessimistic: RankData[], globalN: RankData[]) {
  const value = (data: RankData, metric: Metric) => pct(exactMetric(data, metric, CATALOGUE));
  const rows = random.map((data, k) => [
    data.name,
    ...metrics.flatMap((metric) => [`**${value(data, metric)}**`, TABLE3[metric.id][data.name].exact.toFixed(2)]),
    value(globalN[k], metrics[3]),
  ]);
  const header = ['', ...metrics.flatMap((m) => [m.id, 'paper']), 'auc with n = 3706 for all'];
  const spread = random.map((data, k) => [
    data.name,
    ...metrics.map((metric) => `${value(optimistic[k], metric)} – ${value(pessimistic[k], metric)}`),
  ]);
  printSection(
    'Exact metrics (%), per-user n, random ties',
    markdownTable(header, rows),
    markdownTable(['optimistic – pessimistic ties', ...metrics.map((m) => m.id)], spread),
  );
}

function sampledSection(random: RankData[]) {
  const laws: Sampling[] = ['without-replacement', 'with-replacement'];
  const rows = random.map((data) => [
    data.name,
    ...metrics.flatMap((metric) => [
      ...laws.map((law) => {
        const s = expectedSampledMetric(data, metric, CATALOGUE, SAMPLE_SIZE, law);
        return pctStd(s.sampledMean, s.sampledStd);
      }),
      TABLE3[metric.id][data.name].methods[0].map((v) => v.toFixed(2)).join(' ± '),
    ]),
  ]);
  const header = ['', ...metrics.flatMap((m) => [`${m.id} without repl.`, 'with repl.', 'paper'])];
  printSection(`Expected uncorrected sampled metrics (%), m = ${SAMPLE_SIZE}, analytic`, markdownTable(header, rows));
}

function table3Section(study: SimulationResult, options: StudyOptions) {
  const find = (rec: string, metric: string, method: string) =>
    study.results.find((r) => r.recommender === rec && r.metric === metric && r.method === method);
  const rows: string[][] = [];
  for (const metric of metrics) {
    for (const [rec, paper] of Object.entries(TABLE3[metric.id])) {
      const cells = PAPER_METHODS.map((method, k) => {
        const r = find(rec, metric.id, method);
        return r
          ? `${pctStd(r.mean, r.std)} (${paper.methods[k][0].toFixed(2)} ± ${paper.methods[k][1].toFixed(2)})`
          : '';
      });
      const exact = find(rec, metric.id, 'sampled')?.exact ?? NaN;
      rows.push([metric.id, rec, `${pct(exact)} (${paper.exact.toFixed(2)})`, ...cells]);
    }
  }
  const header = ['metric', '', 'exact', ...PAPER_METHODS];
  const title = `Table 3: ours (paper), %, m = ${SAMPLE_SIZE}, ${options.repeats} repetitions, seed ${options.seed}`;
  printSection(title, markdownTable(header, rows));
  const bv = (rec: string, metric: string) => find(rec, metric, 'bv:0.001');
  const extra = metrics.flatMap((m) =>
    ['X', 'Y', 'Z'].map((rec) => `${m.id} ${rec} ${pctStd(bv(rec, m.id)?.mean ?? NaN, bv(rec, m.id)?.std ?? NaN)}`),
  );
  console.log(`BV 0.001 (not in the paper's Table 3): ${extra.join('; ')}\n`);
}

function table4Section(study: SimulationResult, options: StudyOptions) {
  const rows: string[][] = [];
  for (const [pair, byMetric] of Object.entries(TABLE4)) {
    const [a, b] = pair.split(' vs ');
    for (const metric of metrics) {
      const cells = TABLE4_METHODS.map((method, k) => {
        const row = study.orderings.find(
          (o) => o.metric === metric.id && o.method === method && o.a === a && o.b === b,
        );
        return `${row?.correct ?? '?'} (${byMetric[metric.id][k]})`;
      });
      rows.push([pair, metric.id, ...cells]);
    }
  }
  const title = `Table 4: correct orderings out of ${options.repeats}, ours (paper)`;
  printSection(title, markdownTable(['pair', 'metric', ...TABLE4_METHODS], rows));
}

/** Z's tie draw as a source of variance: Var over uniform positions among T + 1 tied items, summed over users. */
function tieSection(trueRanks: Map<string, TrueRanks>) {
  const rows = [...trueRanks].map(([name, t]) => {
    let variance = 0;
    let tied = 0;
    let meanAuc = 0;
    for (let u = 0; u < t.rank.length; u++) {
      const spread = t.pessimistic[u] - t.optimistic[u];
      const n = t.itemCount[u];
      if (spread > 0) tied++;
      variance += ((spread + 1) ** 2 - 1) / 12 / (n - 1) ** 2;
      meanAuc += (n - (t.optimistic[u] + t.pessimistic[u]) / 2) / (n - 1);
    }
    const users = t.rank.length;
    return [name, String(tied), pct(meanAuc / users), pct(Math.sqrt(variance) / users)];
  });
  const header = ['', 'users with ties', 'AUC averaged over tie draws', 'std of AUC over tie draws'];
  printSection('Ties: AUC over the random tie-breaking (%)', markdownTable(header, rows));
}

/** E[M(r̃)] with r̃ − 1 ~ Binomial(m, popMassAbove): m items drawn ∝ training popularity, with replacement. */
function popularitySection(trueRanks: Map<string, TrueRanks>) {
  const rows = [...trueRanks].map(([name, t]) => {
    const sums = new Float64Array(metrics.length);
    for (let u = 0; u < t.rank.length; u++) {
      const p = t.popMassAbove[u];
      for (let x = 0; x <= SAMPLE_SIZE; x++) {
        const w = Math.exp(logBinomialPmf(x, SAMPLE_SIZE, p, 1 - p));
        if (w === 0) continue;
        metrics.forEach((metric, k) => (sums[k] += w * metricAtRank(metric, x + 1, SAMPLE_SIZE + 1)));
      }
    }
    return [name, ...Array.from(sums, (s) => pct(s / t.rank.length))];
  });
  const title = `Popularity-proportional sampling (α = 1, m = ${SAMPLE_SIZE}, with replacement): expected sampled metrics (%)`;
  printSection(title, markdownTable(['', ...metrics.map((m) => m.id)], rows));
}

/** The estimators on NCF's real sampled ranks (m = 99; 156 users have 98 negatives, see rank.ts). */
function ncfSection(dir: string, random: RankData[]) {
  const sampled = readSampledRanks(dir);
  const methods = parseMethodList('sampled,rank-estimate,cls,bv:1,bv:0.1,bv:0.01');
  const rows: string[][] = [];
  for (const truth of random) {
    const s = sampled.get(truth.name);
    if (!s || s.rank.length !== truth.ranks.length)
      throw new Error(`NCF ranks of ${truth.name} do not match its true ranks`);
    const data = singleRankData(truth.name, s.rank, null, truth.itemCounts);
    const setup = { itemCount: CATALOGUE, sampleSize: 99, sampling: SAMPLING };
    const estimates = estimateMetrics(data, metrics, methods, setup);
    for (const metric of metrics) {
      const values = methods.map((method) => estimates.find((e) => e.metric === metric.id && e.method === method.id));
      rows.push([
        truth.name,
        metric.id,
        pct(exactMetric(truth, metric, CATALOGUE)),
        ...values.map((e) => pct(e?.estimate ?? NaN)),
      ]);
    }
  }
  const header = ['', 'metric', 'exact', ...methods.map((x) => x.id)];
  printSection(
    'Estimators on the NCF sampled ranks (m = 99, without replacement, per-user n), %',
    markdownTable(header, rows),
  );
}
