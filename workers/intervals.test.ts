/**
 * The intervals job: the same numbers as the core's bootstrapEstimates for each recommender, one difference per
 * pair × method × metric, paired exactly when the recommenders carry users' ids.
 */
import { describe, expect, it } from 'vitest';
import {
  bootstrapEstimates,
  createRandom,
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
