/**
 * The MovieLens-1M views of the real-data issue, timed on the shipped files with the code the app's worker and the
 * CLI run (workers/figures/*, workers/jobs.ts, workers/intervals.ts, cli/run.ts), at the app's defaults: 3 × 6,040
 * users, each with its own n. `npm run bench -- --movielens` (add `--quick` for fewer repetitions).
 * Targets (quiet 2-core machine): Figure 2 ≤ 2 s, Figure 6 ≤ 3 s, Table 3–4 study ≤ 2 s, Figure 7 first repetition
 * drawn ≤ 2 s and complete ≤ 10 s, Jin's Tables 2 and 4 ≤ 20 s, the NCF estimates ≤ 3 s (points) and ≤ 20 s
 * (B = 200 intervals), CLI estimate ≤ 5 s.
 */
import { readFileSync } from 'node:fs';
import * as core from '../src/core/index.ts';
import { parseRankFile } from '../src/io/index.ts';
import { run as runCli } from '../cli/run.ts';
import { estimateAll } from '../workers/jobs.ts';
import { bootstrapIntervals } from '../workers/intervals.ts';
import { distributionCurves } from '../workers/figures/distributionCurves.ts';
import { studyTables } from '../workers/study.ts';
import { sweepSampleSizes } from '../workers/figures/sweep.ts';
import { bench } from './harness.ts';
import { DEFAULT_SETTINGS } from '../src/state/document.ts';

const TRUE_FILE = 'public/datasets/movielens-1m-true-ranks.csv';
const NCF_FILE = 'public/datasets/movielens-1m-ncf-sampled-ranks.csv';

function read(file: string, sampled: boolean): core.RankData[] {
  const options = sampled
    ? { file, itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' as const, sampled: true }
    : { file, itemCount: 3706 };
  const parsed = parseRankFile(readFileSync(file, 'utf8'), options);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return [...parsed.value.recommenders];
}

const setup = { itemCount: 3706, sampleSize: 100, sampling: 'with-replacement' as const };
const metrics = ['recall@10', 'ndcg@10', 'ap', 'auc'];

/** The true-rank file's recommenders (3 × 6,040 users with their own n). */
export function movielensTruth(): core.RankData[] {
  return read(TRUE_FILE, false);
}

/** Figure 6's worker job at the app's defaults: sampled and BV 0.1 up to m = 1,000. */
export function movielensFigure6(truth: readonly core.RankData[]) {
  return sweepSampleSizes({
    ...setup,
    recommenders: truth,
    metrics: ['recall@10'],
    methods: ['sampled', 'bv:0.1'],
    points: 40,
    correctedLimit: 1000,
  });
}

/** The Tables tab's Table 3–4 study: 7 methods, 4 metrics. */
export function movielensStudy(truth: readonly core.RankData[], repeats: number) {
  return studyTables({
    ...setup,
    recommenders: truth,
    metrics,
    methods: ['sampled', 'rank-estimate', 'cls', 'bv:1', 'bv:0.1', 'bv:0.01', 'bv:0.001'],
    repeats,
    seed: 1,
  });
}

/** Only the Table 3–4 study (`npm run bench -- --table3`): 5 runs, for a median to compare before and after. */
export function runTable3Bench(quick: boolean): void {
  const truth = movielensTruth();
  const repeats = quick ? 10 : 100;
  bench(`MovieLens Table 3–4 study, ${repeats} repetitions, 7 methods`, 5, () => movielensStudy(truth, repeats));
}

export function runMovielensBenches(quick: boolean): void {
  const truth = movielensTruth();
  const ncf = read(NCF_FILE, true);

  // The app's default metrics (AUC, AP, NDCG without a cut-off, Recall@10, Precision@10): NDCG over the whole list
  // has no short form and several swaps to locate, the costliest of Figure 2's panels.
  bench("MovieLens Figure 2 worker: sweep over m, the app's 5 default metrics (per-user n)", 3, () =>
    sweepSampleSizes({ ...setup, recommenders: truth, metrics: DEFAULT_SETTINGS.metrics, methods: ['sampled'] }),
  );
  // The first curves: time until the sweep reports its series on their grid (the figure is drawn from them).
  const drawn = new Error('first drawing');
  bench("MovieLens Figure 2 worker: first curves (the app's 5 default metrics)", 3, () => {
    try {
      sweepSampleSizes(
        { ...setup, recommenders: truth, metrics: DEFAULT_SETTINGS.metrics, methods: ['sampled'] },
        undefined,
        () => {
          throw drawn;
        },
      );
    } catch (error) {
      if (error !== drawn) throw error;
    }
  });
  bench('MovieLens Figure 6 worker: sampled + BV 0.1 up to m = 1,000', quick ? 1 : 3, () => movielensFigure6(truth));
  bench(`MovieLens Table 3–4 study, ${quick ? 10 : 100} repetitions, 7 methods`, 1, () =>
    movielensStudy(truth, quick ? 10 : 100),
  );
  const figure7 = {
    recommenders: truth,
    methods: core.distributionMethodIds(),
    itemCount: 3706,
    sampleSize: 100,
    sampling: 'with-replacement' as const,
    repeats: quick ? 2 : 10,
    seed: 1,
    maxRank: 200,
  };
  // The first drawing: time until the job reports its first round of repetitions (every recommender's first).
  bench('MovieLens Figure 7 worker: first repetition of the 3 recommenders (drawn)', quick ? 1 : 3, () => {
    try {
      distributionCurves(figure7, undefined, () => {
        throw drawn;
      });
    } catch (error) {
      if (error !== drawn) throw error;
    }
  });
  bench(`MovieLens Figure 7 worker: ${figure7.repeats} repetitions × 4 estimators × 3 recommenders`, 1, () =>
    distributionCurves(figure7),
  );
  bench(`MovieLens Jin Tables 2 and 4, ${quick ? 2 : 20} repetitions`, 1, () =>
    studyTables({
      ...setup,
      recommenders: truth,
      metrics: [1, 5, 10, 20].flatMap((k) => [`recall@${k}`, `ndcg@${k}`, `ap@${k}`]),
      methods: ['cls', 'bv:0.1', 'bv:0.01', 'mle', 'wmle', 'mes'],
      repeats: quick ? 2 : 20,
      seed: 1,
    }),
  );

  const ncfSetup = { itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' as const };
  // The app's default metrics (AUC, AP, NDCG and Recall@10), as the page asks for the estimates and intervals.
  const appMetrics = DEFAULT_SETTINGS.metrics;
  const methods = ['sampled', 'rank-estimate', 'cls', 'bv:0.1', 'mle', 'wmle', 'mes', 'bv-dist:0.1'];
  bench('NCF-sampled estimates (app job), 8 methods, points', 3, () =>
    estimateAll({ ...ncfSetup, recommenders: ncf, metrics: appMetrics, methods, prior: { kind: 'uniform' } }),
  );
  const replicates = quick ? 20 : 200;
  bench(`NCF-sampled intervals (app job), vector methods, B = ${replicates}`, 1, () =>
    bootstrapIntervals({
      ...ncfSetup,
      recommenders: ncf,
      metrics: appMetrics,
      methods: ['sampled', 'rank-estimate', 'cls', 'bv:0.1'],
      rankKind: 'sampled',
      replicates,
      seed: 1,
    }),
  );
  for (const method of ['mle', 'wmle', 'mes', 'bv-dist:0.1']) {
    bench(`NCF-sampled intervals (app job), ${method}, B = ${replicates}`, 1, () =>
      bootstrapIntervals({
        ...ncfSetup,
        recommenders: ncf,
        metrics: appMetrics,
        methods: [method],
        rankKind: 'sampled',
        replicates,
        seed: 1,
      }),
    );
  }
  const io = { stdout: () => {}, stderr: () => {}, readFile: (path: string) => readFileSync(path) };
  bench('CLI estimate on the NCF file: sampled, rank-estimate, cls, bv:0.1, mle, mes', 3, () =>
    runCli(
      ['estimate', '--n', '3706', '--m', '99', '--sampled-ranks', NCF_FILE, '--metrics', 'recall@10,ndcg@10'].concat([
        '--methods',
        'sampled,rank-estimate,cls,bv:0.1,mle,mes',
        '--json',
      ]),
      io as never,
    ),
  );
}
