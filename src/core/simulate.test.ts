import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import {
  CancelledError,
  createRandom,
  expectedSampledMetric,
  groupedRankData,
  parseMethodList,
  parseMetricList,
  simulate,
  singleRankData,
  type Sampling,
  type SimulationOptions,
} from './index.ts';
import prng from '../../test/fixtures/prng.json';
import { TOY } from '../../test/rankData.ts';

const metrics = parseMetricList('auc,ap,ndcg,recall@10,precision@5,ap@10,ndcg@10');

/** The paper's setting (the toy example, n = 10,000, m = 99 with replacement, the sampled metric), some options changed. */
const simulateToy = (options: Partial<SimulationOptions>) =>
  simulate({
    recommenders: TOY,
    metrics,
    methods: parseMethodList('sampled'),
    itemCount: 10_000,
    sampleSize: 99,
    sampling: 'with-replacement',
    repetitions: 20,
    seed: 1,
    ...options,
  });

describe('simulate (Monte Carlo of literal item draws)', () => {
  for (const sampling of ['with-replacement', 'without-replacement'] as Sampling[]) {
    it(`means converge to the analytic expectation and stds to the analytic ± (${sampling})`, () => {
      const repeats = 3000;
      const { results } = simulateToy({ sampling, repetitions: repeats, seed: 20260 });
      for (const row of results) {
        const data = TOY.find((d) => d.name === row.recommender)!;
        const metric = metrics.find((m) => m.id === row.metric)!;
        const analytic = expectedSampledMetric(data, metric, 10_000, 99, sampling);
        // The mean of T repetitions has standard error std/√T: allow 4 of them (plus rounding for zero-variance cells).
        const label = `${row.recommender} ${row.metric}`;
        expectClose(row.mean, analytic.sampledMean, 4 * (analytic.sampledStd / Math.sqrt(repeats)) + 1e-12, label);
        // The sample std of T draws is within ~4/√(2T) relative of the truth for roughly normal cells; cells driven
        // by rare events (std ~1e-4) get an absolute allowance instead.
        expectClose(row.std, analytic.sampledStd, { relative: 0.1, absolute: 1e-3 }, `std of ${label}`);
        expect(row.exact).toBeCloseTo(analytic.exact, 12);
      }
    });
  }

  it('with several relevant items per user, means converge to the exact expectation of the per-item laws', () => {
    // The expected value of a set metric under sampling is exact (sum of per-item terms with marginal laws), so the
    // Monte Carlo of joint draws must agree with it whatever the correlation between the items' sampled ranks.
    const data = [
      groupedRankData('P', [
        [1, 5, 30],
        [2, 3],
        [50, 400, 900, 1000],
      ]),
      groupedRankData('Q', [[10, 11], [7], [100, 200, 300]]),
    ];
    const repeats = 4000;
    for (const sampling of ['with-replacement', 'without-replacement'] as Sampling[]) {
      const { results } = simulateToy({
        recommenders: data,
        itemCount: 1000,
        sampleSize: 20,
        sampling,
        repetitions: repeats,
        seed: 99,
      });
      for (const row of results) {
        const d = data.find((x) => x.name === row.recommender)!;
        const metric = metrics.find((m) => m.id === row.metric)!;
        const analytic = expectedSampledMetric(d, metric, 1000, 20, sampling);
        // Use the simulated std for the standard error: the analytic one treats items as independent.
        expectClose(row.mean, analytic.sampledMean, 4 * (row.std / Math.sqrt(repeats)) + 1e-12, row.recommender);
      }
    }
  });

  it('the same seed gives the same numbers; another seed gives other numbers', () => {
    const run = (seed: number) =>
      simulateToy({
        metrics: parseMetricList('ap'),
        methods: parseMethodList('sampled,bv:0.1'),
        repetitions: 50,
        seed,
      });
    expect(run(5)).toEqual(run(5));
    expect(run(5).results[0].mean).not.toEqual(run(6).results[0].mean);
  });

  it('the PRNG is exactly the documented xoshiro128** (matches an independent Python implementation)', () => {
    for (const { seed, doubles } of prng.cases) {
      const random = createRandom(seed);
      expect(Array.from({ length: doubles.length }, () => random.next())).toEqual(doubles);
    }
    const ints = createRandom(42);
    for (let i = 0; i < 1000; i++) {
      const v = ints.nextInt(7);
      expect(Number.isInteger(v) && v >= 0 && v < 7).toBe(true);
    }
  });

  it('Table 2 shape: sampled AP orders A > B > C although exact AP orders C first (paper section 4.2)', () => {
    const { orderings } = simulateToy({ metrics: parseMetricList('ap,auc'), repetitions: 200, seed: 3 });
    const ap = (a: string, b: string) => orderings.find((o) => o.metric === 'ap' && o.a === a && o.b === b)!;
    // Exact AP: C (0.101) > B (0.0101) > A (0.010). Sampled AP mostly says A > C: the pair is usually wrong.
    expect(ap('A', 'C').correct).toBeLessThan(60);
    // AUC is consistent under sampling (4.4.1): the A/B order is always right.
    expect(orderings.find((o) => o.metric === 'auc' && o.a === 'A' && o.b === 'B')!.correct).toBe(200);
  });

  it('cancellation stops the study with CancelledError and reports progress before that', () => {
    const progress: number[] = [];
    expect(() =>
      simulateToy({
        metrics: parseMetricList('ap'),
        repetitions: 100,
        onProgress: (done) => progress.push(done),
        shouldStop: () => progress.length >= 3,
      }),
    ).toThrow(CancelledError);
    expect(progress).toEqual([1, 2, 3]);
  });

  it('a histogram row with count c is c independent instances', () => {
    const expanded = singleRankData('A', [5, 5, 5, 80]);
    const histogram = singleRankData('A', [5, 80], [3, 1]);
    const opts = { metrics: parseMetricList('ndcg'), itemCount: 1000, sampleSize: 10, seed: 11 };
    expect(simulateToy({ ...opts, recommenders: [histogram] })).toEqual(
      simulateToy({ ...opts, recommenders: [expanded] }),
    );
  });
});

describe('several relevant items per user', () => {
  it("when every irrelevant item is drawn, sampled = exact and rank-estimate recovers each item's own rank", () => {
    // n = 10 and m = n − |R| without replacement: the sample is the whole catalogue.
    const data = [
      groupedRankData('P', [
        [1, 5],
        [2, 9, 10],
      ]),
      groupedRankData('Q', [[3, 4]]),
    ];
    const { results } = simulateToy({
      recommenders: data,
      metrics: parseMetricList('ap,recall@3'),
      methods: parseMethodList('sampled,rank-estimate,bv:0.1'),
      itemCount: 10,
      sampleSize: 8,
      sampling: 'without-replacement',
      seed: 3,
    });
    for (const row of results) expect(Number.isFinite(row.mean) && row.std < 1e-12).toBe(true);
    const cell = (rec: string, metric: string, method: string) =>
      results.find((r) => r.recommender === rec && r.metric === metric && r.method === method)!;
    expect(cell('P', 'ap', 'sampled').mean).toBeCloseTo(cell('P', 'ap', 'sampled').exact, 12);
    // Each item j alone sees r_j − j irrelevant items above it: sampled rank 1 + r_j − j among m + 1 = 9 items,
    // and with m = 8 = n − 2 the rank estimate is 1 + 9(r_j − j)/8, floored: P's items give ranks 1, 4, 2, 8, 8.
    const expected = (1 + 1 / 4 + 1 / 2 + 1 / 8 + 1 / 8) / 5;
    expect(cell('P', 'ap', 'rank-estimate').mean).toBeCloseTo(expected, 12);
  });

  it('flags exact ties in the orderings', () => {
    const same = [singleRankData('A', [3, 50]), singleRankData('B', [50, 3])];
    const { orderings } = simulateToy({
      recommenders: same,
      metrics: parseMetricList('ap'),
      itemCount: 100,
      sampleSize: 10,
      repetitions: 5,
    });
    expect(orderings[0].exactTie).toBe(true);
  });
});
