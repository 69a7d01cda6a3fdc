/**
 * The intervals job: the same numbers as the core's bootstrapEstimates for each recommender, one difference per
 * pair × method × metric, paired exactly when the recommenders carry users' ids.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bootstrapEstimates,
  createRandom,
  definedExactMetrics,
  definedMetricsTable,
  groupedRankData,
  jointBootstrap,
  parseMethodList,
  parseMetricList,
  percentileInterval,
  resampleSlices,
  type RankData,
} from '../src/core/index.ts';
import { parseRankFile } from '../src/io/index.ts';
import { bootstrapDraws, bootstrapIntervals, intervalsFromDraws } from './intervals.ts';
import { estimateAll, workerKernels } from './jobs.ts';

function sampledRanks(name: string, seed: number, users: boolean): RankData {
  const random = createRandom(seed);
  const ranks = Array.from({ length: 300 }, () => [1 + Math.floor(100 * random.next() ** 2)]);
  const data = groupedRankData(name, ranks);
  return users ? { ...data, users: Int32Array.from({ length: 300 }, (_, u) => u) } : data;
}

const setup = { itemCount: 5000, sampleSize: 99, sampling: 'with-replacement' as const };
const metrics = ['recall@10', 'ap'];
const methods = ['sampled', 'cls', 'bv:0.1', 'mle'];

describe('bootstrapIntervals', () => {
  const a = sampledRanks('A', 1, true);
  const b = sampledRanks('B', 2, true);
  const result = bootstrapIntervals({
    ...setup,
    recommenders: [a, b],
    metrics,
    methods,
    rankKind: 'sampled',
    replicates: 30,
    seed: 5,
  });

  it("gives each recommender the core's bootstrap intervals (same draws for recommenders listing users alike)", () => {
    const core = bootstrapEstimates(
      a,
      parseMetricList(metrics.join(',')),
      parseMethodList(methods.join(',')),
      {
        ...setup,
        itemCountVectors: 'interpolated',
      },
      { seed: 5, replicates: 30 },
    );
    if (!core.ok) throw new Error(core.error);
    for (const row of core.value) {
      const i = result.methods.indexOf(row.method);
      const j = result.metrics.indexOf(row.metric);
      expect(result.values[0][i][j]).toEqual({ estimate: row.estimate, low: row.low, high: row.high });
    }
  });

  it('has one paired difference per pair, method and metric, equal to the difference of the estimates', () => {
    expect(result.differences).toHaveLength(methods.length * metrics.length);
    for (const d of result.differences) {
      expect(d.paired).toBe(true);
      const i = result.methods.indexOf(d.method);
      const j = result.metrics.indexOf(d.metric);
      expect(d.difference).toBeCloseTo(result.values[0][i][j].estimate - result.values[1][i][j].estimate, 14);
      expect(d.low).toBeLessThanOrEqual(d.high);
    }
  });

  it('true ranks: intervals of the exact metrics, unpaired without users', () => {
    const exact = bootstrapIntervals({
      itemCount: 1000,
      sampleSize: 99,
      sampling: 'with-replacement',
      recommenders: [sampledRanks('A', 3, false), sampledRanks('B', 4, false)],
      metrics,
      methods: [],
      rankKind: 'true',
      replicates: 50,
      seed: 1,
    });
    expect(exact.methods).toEqual(['exact']);
    expect(exact.paired).toEqual([false, false]);
    for (const row of exact.values) for (const v of row[0]) expect(v.low).toBeLessThanOrEqual(v.estimate);
    expect(exact.differences.every((d) => !d.paired)).toBe(true);
  });
});

describe('bootstrapIntervals of true ranks under chosen definitions', () => {
  // Users tie over a range (rankOptimistic..rankPessimistic): under the random rule the exact value is the mean over
  // each range, recomputed on each resample of the users, whose tie ranges travel with them.
  const ranks = [3, 40, 7, 12, 90, 5, 61, 2];
  const data: RankData = {
    ...groupedRankData(
      'T',
      ranks.map((r) => [r]),
    ),
    users: Int32Array.from(ranks, (_, u) => u),
    ties: { low: Float64Array.of(3, 35, 5, 8, 80, 5, 40, 1), high: Float64Array.of(3, 60, 9, 14, 99, 5, 70, 4) },
  };
  const request = {
    itemCount: 100,
    sampleSize: 20,
    sampling: 'with-replacement' as const,
    recommenders: [data],
    metrics: ['recall@10', 'auc', 'ap@10'],
    methods: [],
    rankKind: 'true' as const,
    replicates: 200,
    seed: 3,
  };

  it('the point values are the table’s exact values under the rule and the variant', () => {
    const definitions = { ties: 'random' as const, variants: { ap: 'ap-k' } };
    const result = bootstrapIntervals({ ...request, definitions });
    const table = definedMetricsTable([data], parseMetricList(request.metrics.join(',')), request, definitions)[0];
    expect(result.values[0][0].map((v) => v.estimate)).toEqual(table.map((c) => c.exact));
    for (const v of result.values[0][0]) expect(v.low).toBeLessThanOrEqual(v.high);
  });

  it('the intervals follow the rule: every resample value lies between the optimistic and pessimistic ones', () => {
    const at = (ties: 'optimistic' | 'random' | 'pessimistic') =>
      bootstrapIntervals({ ...request, definitions: { ties } }).values[0][0];
    const [optimistic, random, pessimistic] = [at('optimistic'), at('random'), at('pessimistic')];
    // Same seed, same users drawn: each bound of the random rule's interval lies between the other two rules'.
    random.forEach((v, j) => {
      expect(v.low).toBeLessThanOrEqual(optimistic[j].low);
      expect(v.low).toBeGreaterThanOrEqual(pessimistic[j].low);
      expect(v.high).toBeLessThanOrEqual(optimistic[j].high);
      expect(v.high).toBeGreaterThanOrEqual(pessimistic[j].high);
    });
    expect(random[0].estimate).toBeLessThan(optimistic[0].estimate);
  });

  it('the intervals are those of recomputing every resample (per-user values computed once instead), to 1e-12', () => {
    const definitions = { ties: 'random' as const, variants: { auc: 'sauc' } };
    const metrics = parseMetricList(request.metrics.join(','));
    const slow = jointBootstrap([data], (d) => definedExactMetrics(d, metrics, 100, definitions), {
      replicates: 200,
      seed: 3,
    });
    if (!slow.ok) throw new Error(slow.error);
    const result = bootstrapIntervals({ ...request, definitions }).values[0][0];
    result.forEach((v, j) => {
      const want = percentileInterval(slow.value.replicates[0][j], 0.95);
      expect(v.estimate).toBe(slow.value.point[0][j]);
      expect(Math.abs(v.low - want.low)).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(v.high - want.high)).toBeLessThanOrEqual(1e-12);
    });
  });
});

describe('bootstrapIntervals of estimates from sampled ranks under random ties', () => {
  // Sampled ranks among m + 1 = 21 with tie ranges (rankOptimistic..rankPessimistic), users' ids shared by both
  // recommenders: each resample draws users with their whole tie range and is estimated as the point estimates are.
  function tiedSampled(name: string, seed: number): RankData {
    const random = createRandom(seed);
    const low: number[] = [];
    const high: number[] = [];
    const ranks: number[] = [];
    for (let u = 0; u < 60; u++) {
      const a = 1 + Math.floor(21 * random.next() ** 2);
      const b = Math.min(21, a + Math.floor(8 * random.next()));
      low.push(a);
      high.push(b);
      ranks.push(a + Math.floor((b - a + 1) * random.next()));
    }
    return {
      ...groupedRankData(
        name,
        ranks.map((r) => [r]),
      ),
      users: Int32Array.from(ranks, (_, u) => u),
      ties: { low: Float64Array.from(low), high: Float64Array.from(high) },
    };
  }
  const tiedSetup = { itemCount: 400, sampleSize: 20, sampling: 'with-replacement' as const };
  const data = [tiedSampled('A', 7), tiedSampled('B', 8)];
  const request = {
    ...tiedSetup,
    recommenders: data,
    metrics: ['recall@10', 'ap'],
    methods: ['sampled', 'cls', 'bv:0.1', 'mle'],
    rankKind: 'sampled' as const,
    replicates: 40,
    seed: 11,
    definitions: { ties: 'random' as const },
  };
  const result = bootstrapIntervals(request);

  it('the point values (the identity resample) are the point estimates under the rule', () => {
    const point = estimateAll({ ...request, ties: 'random' });
    data.forEach((_, r) =>
      request.methods.forEach((_, i) =>
        request.metrics.forEach((_, j) => expect(result.values[r][i][j].estimate).toBe(point[r][i][j])),
      ),
    );
    // Without the rule the rank column is used, and the values differ.
    const column = bootstrapIntervals({ ...request, definitions: undefined });
    expect(column.values[0][0][0].estimate).not.toBe(result.values[0][0][0].estimate);
  });

  it('each resample of the sampled metric is the users’ mean over every position of their tie range', () => {
    // Direct: recall@10 on m + 1 items is [r̃ ≤ 10], AP is 1/r̃; a user's value averages them over low..high.
    const direct = (d: RankData) => {
      const sums = [0, 0];
      let users = 0;
      for (let i = 0; i < d.weights.length; i++) {
        const [low, high] = [d.ties!.low[i], d.ties!.high[i]];
        let [hit, reciprocal] = [0, 0];
        for (let r = low; r <= high; r++) [hit, reciprocal] = [hit + (r <= 10 ? 1 : 0), reciprocal + 1 / r];
        sums[0] += (d.weights[i] * hit) / (high - low + 1);
        sums[1] += (d.weights[i] * reciprocal) / (high - low + 1);
        users += d.weights[i];
      }
      return sums.map((s) => s / users);
    };
    const boot = jointBootstrap(data, direct, { replicates: 40, seed: 11 });
    if (!boot.ok) throw new Error(boot.error);
    const sampled = result.methods.indexOf('sampled');
    data.forEach((_, r) =>
      request.metrics.forEach((_, j) => {
        const got = result.values[r][sampled][j];
        const want = percentileInterval(boot.value.replicates[r][j], 0.95);
        expect(got.estimate).toBeCloseTo(boot.value.point[r][j], 12);
        expect(got.low).toBeCloseTo(want.low, 12);
        expect(got.high).toBeCloseTo(want.high, 12);
        expect(got.low).toBeLessThan(got.high);
      }),
    );
    expect(result.paired).toEqual([true, true]);
  });
});

describe('intervals computed in slices of the resamples (parallel workers) and joined', () => {
  // Users with their own n (the per-user-n fits, where MES resamples start warm) and one recommender without ids.
  function ownN(name: string, seed: number, users: boolean): RankData {
    const random = createRandom(seed);
    const data = groupedRankData(
      name,
      Array.from({ length: 80 }, () => [1 + Math.floor(5 * random.next())]),
      null,
      Array.from({ length: 80 }, () => 2000 + Math.floor(2000 * random.next())),
    );
    return users ? { ...data, users: Int32Array.from({ length: 80 }, (_, u) => u) } : data;
  }
  const request = {
    itemCount: 4000,
    sampleSize: 99,
    sampling: 'without-replacement' as const,
    recommenders: [ownN('A', 1, true), ownN('B', 2, true), ownN('C', 3, false)],
    metrics,
    methods: ['cls', 'mle', 'mes'],
    rankKind: 'sampled' as const,
    replicates: 5,
    seed: 5,
  };

  it('give exactly the intervals and differences of one run, whatever the slices', () => {
    const whole = bootstrapIntervals(request);
    for (const lanes of [2, 3]) {
      const slices = resampleSlices(5, lanes).map((slice) => bootstrapDraws(request, slice));
      expect(slices.map((s) => s.boot.replicates[0][0].length).reduce((a, b) => a + b, 0)).toBe(5);
      expect(intervalsFromDraws(request, slices)).toEqual(whole);
    }
  });

  it('on the NCF-sampled MovieLens ranks, MES (each resample warm-started from the point fit) too', () => {
    const file = 'public/datasets/movielens-1m-ncf-sampled-ranks.csv';
    const movielens = { itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' as const };
    const parsed = parseRankFile(readFileSync(file, 'utf8'), { file, ...movielens, sampled: true });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const ncf = { ...movielens, recommenders: parsed.value.recommenders.slice(0, 1), metrics, methods: ['mes'] };
    const full = { ...ncf, rankKind: 'sampled' as const, replicates: 4, seed: 1 };
    const halves = [bootstrapDraws(full, { from: 0, to: 2 }), bootstrapDraws(full, { from: 2, to: 4 })];
    expect(intervalsFromDraws(full, halves)).toEqual(bootstrapIntervals(full));
  });

  it('are refused when the slice lies outside the resamples', () => {
    expect(() => bootstrapDraws(request, { from: 4, to: 9 })).toThrow(
      'the resamples to compute must be a range within 0..5, got 4..9',
    );
  });
});

describe("the worker's kernels (jobs.ts workerKernels)", () => {
  const request = (recommenders: RankData[], method: string) => ({
    itemCount: 20_000,
    sampleSize: 99,
    sampling: 'with-replacement' as const,
    recommenders,
    metrics,
    methods: [method],
    rankKind: 'sampled' as const,
    replicates: 5,
    seed: 3,
  });

  it('are built once for all the groups and data sets of one n', () => {
    bootstrapIntervals(request([sampledRanks('A', 5, false)], 'mes:0.001'));
    const kernel = workerKernels.kernels.get(20_000, 99, 'with-replacement');
    bootstrapIntervals(request([sampledRanks('A', 5, false)], 'mle'));
    bootstrapIntervals(request([sampledRanks('B', 6, false)], 'mes:0.001'));
    expect(workerKernels.kernels.get(20_000, 99, 'with-replacement')).toBe(kernel);
  });
});
