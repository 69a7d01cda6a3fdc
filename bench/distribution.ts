/**
 * Benchmarks of the rank-distribution estimators (Jin et al. 2021; issue 3's targets):
 *  - one EM step at n = 3,706, m = 99 against numpy's dense mat-vecs in the same run (emStep.ts; issue 13);
 *  - n = 3,706 (MovieLens-1M), m = 99, 6,040 users: mle to a certified 1e-9 (relative) ≤ 1 s, mes ≤ 2 s, and a
 *    100-repetition study of 3 recommenders × 8 estimators ≤ 60 s;
 *  - n = 10^5, m = 100: mle and mes ≤ 10 s, peak memory ≤ 500 MB;
 *  - per-user n (runPerUserNBenches): MovieLens-sized, 6,040 users each with its own n in 1,393..3,687 (n = 3,706
 *    minus a lognormal training count, ~730 distinct n), m = 99, without replacement: one shared fit per method.
 * Ranks are synthesised from a seeded mixture (a geometric head and a lognormal tail, the shape of real rank
 * distributions), and sampled with the core's literal draws.
 */
import * as core from '../src/core/index.ts';
import { runEmStepBench } from './emStep.ts';
import { bench } from './harness.ts';

/** A fraction `head` of users geometric with mean `headMean`, the rest lognormal (median tailMedian, σ = 1). */
export function mixtureRanks(
  n: number,
  users: number,
  seed: number,
  head: number,
  headMean: number,
  tailMedian: number,
) {
  const random = core.createRandom(seed);
  return Float64Array.from({ length: users }, (_, u) => {
    let r: number;
    if (u < head * users) r = 1 + Math.floor(Math.log(1 - random.next()) / Math.log(1 - 1 / headMean));
    else {
      const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
      r = Math.floor(tailMedian * Math.exp(z)) + 1;
    }
    return Math.min(n, Math.max(1, r));
  });
}

/** One sampled evaluation of true ranks (with replacement): the sampled ranks r̃. */
function sampleRanks(ranks: Float64Array, n: number, m: number, seed: number): core.RankData {
  const random = core.createRandom(seed);
  const counts = new Int32Array(1);
  const sampled = Float64Array.from(ranks, (r) => {
    core.drawAboveCounts(random, [r - 1], n - 1, m, true, counts);
    return counts[0] + 1;
  });
  return core.singleRankData('sampled', sampled);
}

function fit(data: core.RankData, method: string, n: number, m: number, options: core.FitOptions = {}) {
  const recovery = core.recoverDistribution(data, core.parseMethod(method) as core.DistributionMethod, {
    itemCount: n,
    sampleSize: m,
    sampling: 'with-replacement',
    fit: options,
  });
  return core.unwrap(recovery);
}

function describe(recovery: core.Recovery): string {
  const scale = Math.max(1e-300, Math.abs(recovery.objective ?? 1));
  const gap = recovery.gap === null ? '' : `, certified gap ${(recovery.gap / scale).toExponential(1)} (relative)`;
  return `${recovery.iterations} iterations${gap}${recovery.converged ? '' : ' (not converged)'}`;
}

/**
 * MovieLens-sized sampled evaluation with per-user n: n_u = 3706 − (training count, lognormal with median 105, clipped
 * to 19..2313), the relative position of each held-out item from mixtureRanks, sampled without replacement (m = 99).
 */
export function perUserNEvaluation(seed: number, users = 6040, m = 99) {
  const random = core.createRandom(seed);
  const itemCounts = Int32Array.from({ length: users }, () => {
    const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
    return 3706 - Math.min(2313, Math.max(19, Math.round(105 * Math.exp(z))));
  });
  const relative = mixtureRanks(3706, users, seed + 1, 0.4, 30, 600);
  const above = new Int32Array(1);
  const sampled = Float64Array.from(itemCounts, (n, u) => {
    const r = 1 + Math.floor(((relative[u] - 1) * (n - 1)) / 3705);
    core.drawAboveCounts(random, [r - 1], n - 1, m, false, above);
    return above[0] + 1;
  });
  return core.singleRankData('per-user n', sampled, null, itemCounts);
}

export function runPerUserNBenches(quick: boolean): void {
  const data = perUserNEvaluation(21);
  const distinct = new Set(data.itemCounts).size;
  const repeats = quick ? 1 : 3;
  for (const method of core.distributionMethodIds()) {
    let note = '';
    bench(`${method}, per-user n (${distinct} distinct), m = 99, 6040 users, shared fit`, repeats, () => {
      const recovery = core.recoverDistribution(data, core.parseMethod(method) as core.DistributionMethod, {
        itemCount: 3706,
        sampleSize: 99,
        sampling: 'without-replacement',
        fit: { perUserN: 'shared' },
      });
      note = describe(core.unwrap(recovery));
    });
    console.log(`  ${note}`);
  }
  const metrics = core.parseMetricList('recall@10,ndcg@10');
  const setup = { itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' as const };
  // Bootstrap replicates resample the users, so the groups' shares change and MES rebuilds its pooled kernel each time.
  for (const [method, replicates] of [
    ['mle', 20],
    ['mes', 5],
  ] as const) {
    bench(`bootstrap B = ${replicates}, ${method}, per-user n, 2 metrics`, 1, () =>
      core.unwrap(core.bootstrapEstimates(data, metrics, core.parseMethodList(method), setup, { replicates, seed: 1 })),
    );
  }
}

export function runDistributionBenches(quick: boolean): void {
  runPerUserNBenches(quick);
  const n = 3706;
  const m = 99;
  const shapes: [number, number, number][] = [
    [0.4, 30, 600],
    [0.3, 12, 300],
    [0.5, 60, 1000],
  ];
  const recommenders = shapes.map((s, i) => core.singleRankData('ABC'[i], mixtureRanks(n, 6040, i + 1, ...s)));
  const sampled = sampleRanks(recommenders[0].ranks, n, m, 11);
  const histogram = new Float64Array(m + 1);
  for (const r of sampled.ranks) histogram[r - 1]++;
  runEmStepBench(histogram, n, m);
  let note = '';
  bench(
    `mle newton, certified 1e-9, n = ${n}, m = ${m}, 6040 users`,
    5,
    () => (note = describe(fit(sampled, 'mle', n, m, { algorithm: 'newton', tolerance: 1e-9 }))),
  );
  console.log(`  ${note}`);
  bench(`mle EM (default: gain < 1e-5), n = ${n}, m = ${m}`, 5, () => (note = describe(fit(sampled, 'mle', n, m))));
  console.log(`  ${note}`);
  if (!quick) {
    bench(
      `mle EM, gain < 1e-9 (not the maximum), n = ${n}, m = ${m}`,
      1,
      () => (note = describe(fit(sampled, 'mle', n, m, { tolerance: 1e-9, maxIterations: 100_000 }))),
    );
    console.log(`  ${note}`);
  }
  bench(
    `mes η = 0.001, gap 1e-10, n = ${n}, m = ${m}, 6040 users`,
    5,
    () => (note = describe(fit(sampled, 'mes', n, m))),
  );
  console.log(`  ${note}`);

  const without = core.singleRankData('sampled', sampled.ranks);
  const fitWithout = (method: string) =>
    core.unwrap(
      core.recoverDistribution(without, core.parseMethod(method) as core.DistributionMethod, {
        itemCount: n,
        sampleSize: m,
        sampling: 'without-replacement',
      }),
    );
  bench(`mle EM without replacement, n = ${n}, m = ${m}`, 3, () => (note = describe(fitWithout('mle'))));
  console.log(`  ${note}`);
  bench(`mes without replacement, n = ${n}, m = ${m}`, 3, () => (note = describe(fitWithout('mes'))));
  console.log(`  ${note}`);
  bench(`bootstrap B = 200, mle + mes + bv:0.1, 3 metrics, n = ${n}`, 1, () =>
    core.unwrap(
      core.bootstrapEstimates(
        sampled,
        core.parseMetricList('recall@10,ndcg@10,ap@10'),
        core.parseMethodList('mle,mes,bv:0.1'),
        { itemCount: n, sampleSize: m, sampling: 'with-replacement' },
        { seed: 1 },
      ),
    ),
  );

  const cutoffs = core.STUDY_CUTOFFS.flatMap((k) => [`recall@${k}`, `ndcg@${k}`, `ap@${k}`]).join(',');
  const repeats = quick ? 10 : 100;
  let progress = 0;
  bench(`study T = ${repeats}, 3 × 6040 users, 8 estimators, 12 metrics, n = ${n}`, quick ? 1 : 3, () =>
    core.simulate({
      recommenders,
      metrics: core.parseMetricList(cutoffs),
      methods: core.parseMethodList('sampled,rank-estimate,cls,bv:0.1,mle,wmle,mes,bv-dist:0.1'),
      itemCount: n,
      sampleSize: m,
      sampling: 'with-replacement',
      repetitions: repeats,
      seed: 1,
      onProgress: (done) => (progress = done),
      shouldStop: () => false,
    }),
  );
  console.log(`  progress reported up to ${progress}/${repeats}`);

  const big = 100_000;
  const bigRanks = mixtureRanks(big, 20_000, 5, 0.4, 300, 15_000);
  const bigSampled = sampleRanks(bigRanks, big, 100, 13);
  bench(
    `mle newton, certified 1e-9, n = ${big}, m = 100, 20000 users`,
    quick ? 1 : 3,
    () => (note = describe(fit(bigSampled, 'mle', big, 100, { algorithm: 'newton', tolerance: 1e-9 }))),
  );
  console.log(`  ${note}`);
  bench(
    `mle EM (default), n = ${big}, m = 100`,
    quick ? 1 : 3,
    () => (note = describe(fit(bigSampled, 'mle', big, 100))),
  );
  console.log(`  ${note}`);
  bench(`mes η = 0.001, n = ${big}, m = 100`, quick ? 1 : 3, () => (note = describe(fit(bigSampled, 'mes', big, 100))));
  console.log(`  ${note}`);
}
