/**
 * The figures' computations under the reader's definitions (issue 16): metric ids read under a variant
 * (`ap@10:ap-k`, core definedMetric.ts) and the request's tie rule applied to the data before any figure computes
 * (api.ts: resolved). Checked against independent relations: DaisyRec's AP@K / K is AP@K divided by K on the
 * catalogue and on the sample alike (a cut-off K ≤ m + 1), so every expected value and every linear correction
 * scales by 1/K; a tie rule gives the numbers of the data with the ties resolved by hand.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/expectClose.ts';
import { singleRankData, type RankData } from '../src/core/index.ts';
import { api } from './api.ts';
import { bootstrapIntervals } from './intervals.ts';
import { estimateAll } from './jobs.ts';

const setup = {
  itemCount: 400,
  sampleSize: 30,
  sampling: 'with-replacement' as const,
  prior: { kind: 'uniform' as const },
};
const ranks = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377];

describe('figures read metrics under a chosen definition', () => {
  const data = singleRankData('A', ranks);

  it('Tables 1–2: AP@10 / 10 exactly and in expectation', () => {
    const table = api.expectedTable({ ...setup, recommenders: [data], metrics: ['ap@10', 'ap@10:ap-k'] });
    expect(table.metrics).toEqual(['ap@10', 'ap@10:ap-k']);
    expectClose(table.exact[0][1], table.exact[0][0] / 10, 1e-15);
    expectClose(table.mean[0][1], table.mean[0][0] / 10, 1e-15);
    expectClose(table.std[0][1], table.std[0][0] / 10, 1e-15);
  });

  it('Figures 2 and 6: the sweep of the sampled metric and of BV scales by 1/K', async () => {
    const sweep = (metric: string) =>
      api.sweepSampleSizes({
        ...setup,
        recommenders: [data],
        metrics: [metric],
        methods: ['sampled', 'bv:0.1'],
        points: 8,
      });
    const [plain, daisy] = await Promise.all([sweep('ap@10'), sweep('ap@10:ap-k')]);
    const values = (s: typeof plain) => s.series.flatMap((x) => x.values.flat());
    expectClose(
      values(daisy),
      values(plain).map((v) => v / 10),
      { absolute: 1e-12, relative: 1e-9 },
    );
  });

  it('estimates from sampled ranks follow the variant (corrections and fits)', () => {
    const sampled = singleRankData('S', [1, 1, 2, 3, 4, 6, 9, 14, 20, 31]);
    const request = { ...setup, recommenders: [sampled], methods: ['sampled', 'cls', 'bv:0.1', 'mle'] };
    const [plain] = estimateAll({ ...request, metrics: ['ap@10'] });
    const [daisy] = estimateAll({ ...request, metrics: ['ap@10:ap-k'] });
    expectClose(
      daisy.map((row) => row[0]),
      plain.map((row) => row[0] / 10),
      { absolute: 1e-12, relative: 1e-9 },
    );
  });

  it('the recovered distribution reads AP@K under the chosen reading (AP@K / K)', () => {
    const sampled = singleRankData('S', [1, 1, 2, 3, 4, 6, 9, 14, 20, 31]);
    const request = {
      ...setup,
      recommenders: [sampled],
      methods: ['mle'],
      replicates: 0,
      seed: 1,
      level: 0.9,
      maxRank: 30,
    };
    const plain = api.recoveredDistribution(request);
    const daisy = api.recoveredDistribution({ ...request, apVariant: 'ap-k' });
    expect(daisy.apVariant).toBe('ap-k');
    const ap = (r: typeof plain) => Array.from(r.recommenders[0].estimates[0].ap.estimate);
    expectClose(
      ap(daisy),
      ap(plain).map((v, i) => v / (i + 1)),
      1e-15,
    );
    expectClose(daisy.recommenders[0].estimates[0].cdf.estimate, plain.recommenders[0].estimates[0].cdf.estimate, 0);
  });

  it('intervals of the estimates: computed for the variant, named by the metric', () => {
    const sampled = singleRankData('S', [1, 1, 2, 3, 4, 6, 9, 14, 20, 31]);
    const methods = ['sampled', 'bv:0.1'];
    const intervals = bootstrapIntervals({
      ...setup,
      recommenders: [sampled],
      metrics: ['ap@10'],
      computedMetrics: ['ap@10:ap-k'],
      methods,
      rankKind: 'sampled',
      replicates: 20,
      seed: 3,
    });
    expect(intervals.metrics).toEqual(['ap@10']);
    const [point] = estimateAll({ ...setup, recommenders: [sampled], methods, metrics: ['ap@10:ap-k'] });
    expectClose(
      intervals.values[0].map((byMethod) => byMethod[0].estimate),
      point.map((row) => row[0]),
      1e-15,
    );
  });
});

describe('figures order tied items by the request’s rule', () => {
  // Users 1–3 tie over positions 1..4 (one relevant item each), user 4 over 10..19; the others are untied.
  const tied: RankData = {
    ...singleRankData('T', [1, 2, 4, 10, 30, 50]),
    ties: { low: Float64Array.from([1, 1, 1, 10, 30, 50]), high: Float64Array.from([4, 4, 4, 19, 30, 50]) },
  };
  const byHand = (positions: number[]) => singleRankData('T', positions);

  it('optimistic and pessimistic: the data with every tie resolved by hand', () => {
    for (const [rule, positions] of [
      ['optimistic', [1, 1, 1, 10, 30, 50]],
      ['pessimistic', [4, 4, 4, 19, 30, 50]],
    ] as const) {
      const request = { ...setup, metrics: ['recall@3', 'ndcg@10', 'auc'] };
      const got = api.expectedTable({ ...request, recommenders: [tied], ties: rule });
      const want = api.expectedTable({ ...request, recommenders: [byHand([...positions])] });
      expectClose(got.exact[0], want.exact[0], 1e-15, rule);
      expectClose(got.mean[0], want.mean[0], 1e-15, rule);
    }
  });

  it('random: the exact average over every position of each range', () => {
    const request = { ...setup, metrics: ['recall@3', 'ndcg@10', 'auc'] };
    const got = api.expectedTable({ ...request, recommenders: [tied], ties: 'random' });
    // Every combination of positions, weighted equally within each user: by linearity, the mean over users of
    // each user's mean over its own range.
    const users = [[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], Array.from({ length: 10 }, (_, i) => 10 + i), [30], [50]];
    const perUser = users.map((range) => {
      const one = range.map((r) => api.expectedTable({ ...request, recommenders: [byHand([r])] }));
      const mean = (pick: (t: (typeof one)[number]) => number[]) =>
        pick(one[0]).map((_, j) => one.reduce((s, t) => s + pick(t)[j], 0) / one.length);
      return { exact: mean((t) => t.exact[0]), sampled: mean((t) => t.mean[0]) };
    });
    const average = (pick: (u: (typeof perUser)[number]) => number[]) =>
      pick(perUser[0]).map((_, j) => perUser.reduce((s, u) => s + pick(u)[j], 0) / perUser.length);
    expectClose(
      got.exact[0],
      average((u) => u.exact),
      1e-14,
    );
    expectClose(
      got.mean[0],
      average((u) => u.sampled),
      1e-14,
    );
  });

  it('the studies order tied items in each repetition (core simulate), the exact column under the rule', () => {
    const request = { ...setup, metrics: ['recall@3', 'auc'], methods: ['sampled'], repeats: 4, seed: 2 };
    const rows = (study: { results: { metric: string; exact: number; mean: number }[] }) => study.results;
    const byHandStudy = api.studyTables({ ...request, recommenders: [byHand([1, 1, 1, 10, 30, 50])] });
    const optimistic = api.studyTables({ ...request, recommenders: [tied], ties: 'optimistic' });
    expect(rows(optimistic)).toEqual(rows(byHandStudy));
    const random = api.studyTables({ ...request, recommenders: [tied], ties: 'random' });
    const table = api.expectedTable({ ...request, recommenders: [tied], ties: 'random' });
    expectClose(
      rows(random).map((r) => r.exact),
      table.exact[0],
      1e-14,
    );
  });
});
