/**
 * Figure benches (the figures issue's speed targets): a settings change redraws the visible figure in ≤ 100 ms at
 * n = 10⁴ and ≤ 1 s at n = 10⁶. "Model" rows time the main-thread part (data → scales, paths, ticks, captions, the
 * work React waits for); "worker" rows time the computation each figure sends to the figures' worker, which runs
 * off the main thread (its cost grows with the number of distinct ranks: 3 × 10⁴ here). Run alone with
 * `node --expose-gc bin/tsx-run.mjs bench/figures.ts [--quick]`.
 */
import { readFileSync } from 'node:fs';
import * as core from '../src/core/index.ts';
import { studyTables } from '../workers/study.ts';
import { parseRankFile } from '../src/io/index.ts';
import { correctedSweepPlot } from '../src/figures/correctedSweepPlot.ts';
import { correctionPlot } from '../src/figures/correctionPlot.ts';
import { correctionCurves } from '../workers/figures/correctionVectors.ts';
import { distributionCurves } from '../workers/figures/distributionCurves.ts';
import { sampledCurves } from '../workers/figures/rankCurves.ts';
import { sweepSampleSizes } from '../workers/figures/sweep.ts';
import { learnedDistributionPlot } from '../src/figures/learnedDistributionPlot.ts';
import { metricCurves } from '../workers/figures/metricCurves.ts';
import { metricVsRankPlot } from '../src/figures/metricVsRankPlot.ts';
import { rankHistogramPlot } from '../src/figures/rankHistogramPlot.ts';
import { sampledRankPlot } from '../src/figures/sampledRankPlot.ts';
import { sampleSizePlot } from '../src/figures/sampleSizePlot.ts';
import { bench } from './harness.ts';

const METRICS = ['auc', 'ap', 'ndcg', 'recall@10'];
const style = (i: number) => ({ stroke: `var(--series-${i + 1})`, dash: null });

/** Three recommenders of `users` instances over n items, shaped like the paper's X, Y, Z (seeded). */
function recommenders(n: number, users: number): core.RankData[] {
  const random = core.createRandom(7);
  const draw = [
    (u: number) => Math.ceil(n * u ** 2.5),
    (u: number) => Math.ceil(n ** u),
    (u: number) => Math.ceil(n * u),
  ];
  return ['X', 'Y', 'Z'].map((name, k) =>
    core.singleRankData(
      name,
      Array.from({ length: users }, () => Math.max(1, draw[k](random.next()))),
    ),
  );
}

function target(n: number): string {
  return n <= 10_000 ? 'target ≤ 100 ms' : 'target ≤ 1 s';
}

export function runFigureBenches(quick: boolean): void {
  for (const n of quick ? [10_000] : [10_000, 1_000_000]) {
    const users = Math.min(n, 10_000);
    const data = recommenders(n, users);
    const note = target(n);
    const curves = metricCurves({ metrics: METRICS, itemCount: n, zoom: 100 });
    bench(`figure 1 worker: 4 metric curves, n = ${n}`, 5, () =>
      metricCurves({ metrics: METRICS, itemCount: n, zoom: 100 }),
    );
    bench(`figure 1 model, 4 metrics, n = ${n}`, 5, () => metricVsRankPlot({ curves }), note);

    let sweep = sweepSampleSizes({
      recommenders: data,
      metrics: METRICS,
      methods: ['sampled'],
      itemCount: n,
      sampling: 'with-replacement',
    });
    bench(`figure 2 worker: sweep over m, 3 × ${users} users, n = ${n}`, 1, () => {
      sweep = sweepSampleSizes({
        recommenders: data,
        metrics: METRICS,
        methods: ['sampled'],
        itemCount: n,
        sampling: 'with-replacement',
      });
    });
    const names = [{ name: 'X' }, { name: 'Y' }, { name: 'Z' }];
    bench(
      `figure 2 model, n = ${n}`,
      5,
      () => sampleSizePlot({ sweep, recommenders: names, itemCount: n, samplingLabel: '' }),
      note,
    );

    const request = {
      metrics: METRICS,
      itemCount: n,
      sampleSizes: [10, 100, 1000],
      sampling: 'with-replacement' as const,
      maxRank: n,
    };
    let ranks = sampledCurves(request);
    bench(`figure 3 worker: 3 m × 4 metrics, all ranks, n = ${n}`, 1, () => (ranks = sampledCurves(request)));
    bench(
      `figure 3 model, all ranks, n = ${n}`,
      5,
      () => sampledRankPlot({ curves: ranks, itemCount: n, samplingLabel: '', zoom: n }),
      note,
    );

    const methods = core.methodIds([1, 0.1, 0.01]);
    let corrected = correctionCurves({
      metric: 'ap',
      itemCount: n,
      sampleSize: 100,
      sampling: 'with-replacement',
      methods,
    });
    bench(`figure 4 worker: 7 methods, m = 100, n = ${n}`, 1, () => {
      corrected = correctionCurves({
        metric: 'ap',
        itemCount: n,
        sampleSize: 100,
        sampling: 'with-replacement',
        methods,
      });
    });
    bench(
      `figure 4 model, n = ${n}`,
      5,
      () => correctionPlot({ curves: corrected, itemCount: n, sampleSize: 100, priorLabel: '' }),
      note,
    );

    const histogram = data.map((d, i) => ({ name: d.name, data: d, style: style(i) }));
    bench(
      `figure 5 model (buckets of ${users} users × 3), n = ${n}`,
      5,
      () => rankHistogramPlot({ recommenders: histogram, itemCount: n, bucketWidth: Math.ceil(n / 40) }),
      note,
    );

    let both = sweepSampleSizes({
      recommenders: data,
      metrics: ['recall@10'],
      methods: ['sampled', 'bv:0.1'],
      itemCount: n,
      sampling: 'with-replacement',
      points: 24,
      correctedLimit: 300,
    });
    bench(`figure 6 worker: sampled + BV 0.1 up to m = 300, n = ${n}`, 1, () => {
      both = sweepSampleSizes({
        recommenders: data,
        metrics: ['recall@10'],
        methods: ['sampled', 'bv:0.1'],
        itemCount: n,
        sampling: 'with-replacement',
        points: 24,
        correctedLimit: 300,
      });
    });
    bench(
      `figure 6 model, n = ${n}`,
      5,
      () =>
        correctedSweepPlot({ sweep: both, metric: 'recall@10', recommenders: names, itemCount: n, samplingLabel: '' }),
      note,
    );

    if (n <= 10_000) {
      const learned = distributionCurves({
        recommenders: data,
        methods: ['bv-dist:0.1', 'mle', 'mes'],
        itemCount: n,
        sampleSize: 99,
        sampling: 'with-replacement',
        repeats: 1,
        seed: 1,
        maxRank: 200,
      });
      bench(
        `figure 7 model, 3 recommenders, R ≤ 200`,
        5,
        () => learnedDistributionPlot({ curves: learned, itemCount: n, sampleSize: 99, samplingLabel: '' }),
        note,
      );
    }
  }
}

/**
 * The n = 10⁶ target for the sweeps (sampled metric with short forms, 3 × 10⁴ distinct ranks) and the
 * app's MovieLens-1M Table 3 job (3 × 6,040 users with their own n, m = 100, 7 methods, per-instance corrections
 * interpolated in n). Run alone with `--study`.
 */
export function runStudyBenches(quick: boolean): void {
  const n = 1_000_000;
  const data = recommenders(n, 10_000);
  const sweep = (sampling: core.Sampling) => () =>
    sweepSampleSizes({
      recommenders: data,
      metrics: ['recall@10', 'ndcg@10', 'ap', 'auc'],
      methods: ['sampled'],
      itemCount: n,
      sampling,
    });
  bench(
    `figure 2 worker: sweep over m, recall@10/ndcg@10/ap/auc, 3 × 10⁴ ranks, n = 10⁶, with repl.`,
    3,
    sweep('with-replacement'),
    'target ≤ 1 s',
  );
  bench(`figure 2 worker: same, without replacement`, 3, sweep('without-replacement'), 'target ≤ 1 s');
  const movielens = movielensRanks();
  const request = {
    recommenders: movielens,
    metrics: ['recall@10', 'ndcg@10', 'ap', 'auc'],
    methods: ['sampled', 'rank-estimate', 'cls', 'bv:1', 'bv:0.1', 'bv:0.01', 'bv:0.001'],
    itemCount: 3706,
    sampleSize: 100,
    sampling: 'with-replacement' as const,
    repeats: quick ? 10 : 100,
    seed: 1,
  };
  bench(`MovieLens Table 3 job, per-user n, ${request.repeats} repetitions`, 1, () => studyTables(request));
  bench(`figure 6 worker on MovieLens (per-user n), sampled + BV 0.1 up to m = 1,000`, 1, () =>
    sweepSampleSizes({
      recommenders: movielens,
      metrics: ['recall@10'],
      methods: ['sampled', 'bv:0.1'],
      itemCount: 3706,
      sampling: 'with-replacement',
      points: 40,
      correctedLimit: 1000,
    }),
  );
}

function movielensRanks(): core.RankData[] {
  const text = readFileSync('public/datasets/movielens-1m-true-ranks.csv', 'utf8');
  const parsed = parseRankFile(text, { file: 'movielens-1m-true-ranks.csv', itemCount: 3706 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return [...parsed.value.recommenders];
}

if (process.argv.some((a) => a.endsWith('bench/figures.ts'))) {
  if (process.argv.includes('--study')) runStudyBenches(process.argv.includes('--quick'));
  else runFigureBenches(process.argv.includes('--quick'));
}
