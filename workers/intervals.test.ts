/**
 * The intervals job: the same numbers as the core's bootstrapEstimates for each recommender, one difference per
 * pair × method × metric, paired exactly when the recommenders carry users' ids.
 */
import { describe, expect, it } from 'vitest';
import {
  bootstrapEstimates,
  createRandom,
  definedMetricsTable,
  groupedRankData,
  parseMethodList,
  parseMetricList,
  type RankData,
} from '../src/core/index.ts';
import { bootstrapIntervals } from './intervals.ts';

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
});
