/**
 * `npm run bench`: the performance targets of the foundation issue. Prints medians (machines here are noisy) and
 * peak resident memory; the README quotes these figures with the machine they were measured on.
 * `-- --distribution` runs only the rank-distribution estimators (bench/distribution.ts), `-- --movielens` only the
 * MovieLens-1M views of the app and the CLI (bench/movielens.ts), `-- --solves` only the corrections' solves, the
 * studies and `expected` (bench/solves.ts), `-- --pasted` only pasted sampled ranks with their intervals
 * (bench/pasted.ts), `-- --lanes` only the NCF intervals shared by two workers as the app computes them on two cores
 * (bench/intervalLanes.ts), `-- --table3` only the MovieLens Table 3–4 study (5 runs, for before/after comparisons),
 * `-- --cli` only the start of the `sampled-metrics` command against Python's numpy and scipy import
 * (bench/cliStart.ts); the full run includes them all.
 */
import os from 'node:os';
import * as core from '../src/core/index.ts';
import { bench } from './harness.ts';
import { denseBv } from './denseReference.ts';
import { runFigureBenches } from './figures.ts';
import { runDistributionBenches } from './distribution.ts';
import { runMovielensBenches, runTable3Bench } from './movielens.ts';
import { runSolveBenches } from './solves.ts';
import { runPastedBenches } from './pasted.ts';
import { runLaneBenches } from './intervalLanes.ts';
import { runCliStartBenches } from './cliStart.ts';

const four = core.parseMetricList('auc,ap,ndcg,recall@10');
const ap = core.parseMetric('ap');
const quick = process.argv.includes('--quick');
console.log(
  `machine: ${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);

if (process.argv.includes('--distribution')) {
  runDistributionBenches(quick);
  process.exit(0);
}
if (process.argv.includes('--movielens')) {
  runMovielensBenches(quick);
  await runLaneBenches(quick);
  process.exit(0);
}
if (process.argv.includes('--lanes')) {
  await runLaneBenches(quick);
  process.exit(0);
}
if (process.argv.includes('--table3')) {
  runTable3Bench(quick);
  process.exit(0);
}
if (process.argv.includes('--cli')) {
  await runCliStartBenches(quick);
  process.exit(0);
}
if (process.argv.includes('--solves')) {
  runSolveBenches(quick);
  process.exit(0);
}
if (process.argv.includes('--pasted')) {
  runPastedBenches(quick);
  process.exit(0);
}

const big = quick ? 100_000 : 1_000_000;
bench(`expected curve, 4 metrics, n = ${big}, m = 100`, 3, () =>
  core.expectedCurve(four, big, 100, 'with-replacement'),
);
for (const method of ['ls', 'cls'] as const) {
  bench(`${method} vector (AP), n = ${big}, m = 100`, 3, () =>
    core.correctionVector(ap, { itemCount: big, sampleSize: 100, sampling: 'with-replacement', method, gamma: 0.1 }),
  );
}
bench(`bv:0.1 vector (AP), without replacement, n = ${big}, m = 100`, 1, () =>
  core.correctionVector(ap, {
    itemCount: big,
    sampleSize: 100,
    sampling: 'without-replacement',
    method: 'bv',
    gamma: 0.1,
  }),
);

const denseN = quick ? 10_000 : 100_000;
const target = core.metricCurve(ap, denseN);
const dense = bench(`dense reference bv:0.1, n = ${denseN}, m = 100`, 1, () => denseBv(target, denseN, 100, 0.1));
const ours = bench(`ours bv:0.1, n = ${denseN}, m = 100`, 3, () =>
  core.correctionVector(ap, {
    itemCount: denseN,
    sampleSize: 100,
    sampling: 'with-replacement',
    method: 'bv',
    gamma: 0.1,
  }),
);
console.log(`speed-up over the dense reference at n = ${denseN}: ${(dense.medianMs / ours.medianMs).toFixed(1)}×`);

const toy = [
  core.singleRankData('A', [100, 100, 100, 100, 100]),
  core.singleRankData('B', [40, 40, 8437, 9266, 4482]),
  core.singleRankData('C', [212, 2, 743, 5342, 1548]),
];
bench('simulate toy example, T = 1000, m = 99, 4 metrics × sampled,rank-estimate,cls,bv:0.1', 3, () =>
  core.simulate({
    recommenders: toy,
    metrics: four,
    methods: core.parseMethodList('sampled,rank-estimate,cls,bv:0.1'),
    itemCount: 10_000,
    sampleSize: 99,
    sampling: 'with-replacement',
    repetitions: 1000,
    seed: 1,
  }),
);

if (!quick) {
  const huge = 10_000_000;
  bench(`expected curve, 4 metrics, n = ${huge}, m = 1000`, 1, () =>
    core.expectedCurve(four, huge, 1000, 'with-replacement'),
  );
  bench(`bv:0.1 vector (AP), n = ${huge}, m = 1000`, 1, () =>
    core.correctionVector(ap, {
      itemCount: huge,
      sampleSize: 1000,
      sampling: 'with-replacement',
      method: 'bv',
      gamma: 0.1,
    }),
  );
}

runSolveBenches(quick, false);

runDistributionBenches(quick);

runFigureBenches(quick);

runMovielensBenches(quick);
await runLaneBenches(quick);

runPastedBenches(quick, false);

await runCliStartBenches(quick);
