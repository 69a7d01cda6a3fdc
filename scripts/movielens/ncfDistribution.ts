/**
 * Jin et al.'s rank-distribution estimators on NCF's real sampled ranks (the shipped
 * movielens-1m-ncf-sampled-ranks.csv), against the exact metrics of the true ranks, for docs/reproduction.md:
 * - one n = 3,706 and m = 99 for every user (Jin's setting; the earlier table of the doc);
 * - every user with its own n (the `n` column): one shared relative-position fit (src/core/distribution/shared.ts),
 *   m = 99 for every user, and with each user's own m (the `negatives` column: 98 for 156 users);
 * plus the sampled metric and BV 0.1 (estimateMetrics, exact per-user n). Prints Markdown tables and the time of
 * every fit. Run by `npm run movielens -- ncf`, also part of `study`.
 */
import { performance } from 'node:perf_hooks';
import type { DistributionMethod, Recovery, SampledHistogram } from '../../src/core/index.ts';
import {
  distributionMetrics,
  estimateMetrics,
  exactMetric,
  parseMethod,
  parseMethodList,
  parseMetricList,
  recoverDistribution,
  recoverFromHistograms,
  singleRankData,
  unwrap,
} from '../../src/core/index.ts';
import type { SampledRanks } from './dataset.ts';
import { readSampledRanks, readTrueRanks } from './dataset.ts';
import { markdownTable, pct, printSection } from './markdown.ts';

const CATALOGUE = 3706;
const NEGATIVES = 99;
const SAMPLING = 'without-replacement';
const FITS = ['mle', 'wmle', 'mes', 'bv-dist:0.1'];

export function runNcfDistribution(dir: string): void {
  const metrics = parseMetricList('recall@10,ndcg@10');
  const truths = readTrueRanks(dir);
  const sampled = readSampledRanks(dir);
  const times: string[][] = [];
  const single: string[][] = [];
  const perUser: string[][] = [];
  const setup = { itemCount: CATALOGUE, sampleSize: NEGATIVES, sampling: SAMPLING } as const;
  for (const [name, truth] of truths) {
    const s = sampled.get(name) as SampledRanks;
    const timed = (label: string, run: () => number[]) => {
      const start = performance.now();
      const values = run();
      times.push([name, label, ((performance.now() - start) / 1000).toFixed(1)]);
      return values;
    };
    const truthData = singleRankData(name, truth.rank, null, truth.itemCount);
    const exact = metrics.map((m) => exactMetric(truthData, m, CATALOGUE));
    const own = singleRankData(name, s.rank, null, s.itemCount);
    const corrections = timed('sampled and bv:0.1, per-user n (743 exact bv vectors)', () =>
      estimateMetrics(own, metrics, parseMethodList('sampled,bv:0.1'), setup).map((e) => e.estimate),
    );
    const fit = (id: string, label: string, run: (method: DistributionMethod) => Recovery) =>
      timed(`${id}, ${label}`, () => distributionMetrics(run(parseMethod(id) as DistributionMethod), metrics));
    const global = singleRankData(name, s.rank);
    const singleFits = FITS.map((id) =>
      fit(id, 'n = 3706 for all', (method) => unwrap(recoverDistribution(global, method, setup))),
    );
    const sharedFit = { ...setup, fit: { perUserN: 'shared' as const } };
    const perUserFits = FITS.map((id) =>
      fit(id, 'per-user n', (method) => unwrap(recoverDistribution(own, method, sharedFit))),
    );
    const perUserMFits = FITS.map((id) =>
      fit(id, 'per-user n and m', (method) => recoverFromHistograms(histogramsByNAndM(s), method, sharedFit)),
    );
    metrics.forEach((metric, j) => {
      const head = [name, metric.id, pct(exact[j]), pct(corrections[j]), pct(corrections[metrics.length + j])];
      single.push([...head, ...singleFits.map((v) => pct(v[j]))]);
      perUser.push([...head, ...perUserFits.map((v) => pct(v[j])), ...perUserMFits.map((v) => pct(v[j]))]);
    });
  }
  const fits = FITS.map((id) => parseMethod(id).id);
  const head = ['', 'metric', 'exact', 'sampled', 'bv:0.1 (own n)'];
  printSection(
    'NCF sampled ranks, one n = 3706 and m = 99 for every user (%)',
    markdownTable([...head, ...fits], single),
  );
  printSection(
    'NCF sampled ranks, every user with its own n (one shared fit), m = 99; last columns: each user its own m too (%)',
    markdownTable([...head, ...fits, ...fits.map((id) => `${id}, own m`)], perUser),
  );
  printSection('Time of each computation (s)', markdownTable(['', 'what', 's'], times));
}

/** Histograms by (n, m): m = the user's own number of negatives (98 when NCF's list held its test item). */
function histogramsByNAndM(s: SampledRanks): SampledHistogram[] {
  const groups = new Map<string, { itemCount: number; sampleSize: number; counts: Float64Array }>();
  for (let u = 0; u < s.rank.length; u++) {
    const key = `${s.itemCount[u]}|${s.negatives[u]}`;
    let g = groups.get(key);
    if (!g) {
      g = { itemCount: s.itemCount[u], sampleSize: s.negatives[u], counts: new Float64Array(s.negatives[u] + 1) };
      groups.set(key, g);
    }
    g.counts[s.rank[u] - 1]++;
  }
  return [...groups.values()]
    .sort((a, b) => a.itemCount - b.itemCount || a.sampleSize - b.sampleSize)
    .map((g) => ({ ...g, total: g.counts.reduce((x, y) => x + y, 0) }));
}
