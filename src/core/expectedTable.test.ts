/**
 * The one expected-metrics table (Krichene & Rendle Tables 1–2): the same numbers as one expectedSampledMetric call
 * per recommender and metric, which the results table, the Tables tab and the CLI each made before, and the checks
 * that the results table's job made first.
 */
import { describe, expect, it } from 'vitest';
import { TOY } from '../../test/rankData.ts';
import { expectedMetricsTable } from './expectedTable.ts';
import { expectedSampledMetric, groupedRankData, parseMetricList, singleRankData, type Sampling } from './index.ts';

/** Several relevant items per user, counts, and users with their own n. */
const MIXED = [
  groupedRankData('G', [[1, 3], [2], [1, 5, 20]], [10, 10, 20], [1, 2, 1]),
  singleRankData('S', [4, 9, 2], [3, 1, 1], [10, 12, 20]),
];
const METRICS = parseMetricList('auc,ap,ndcg@10,recall@5');

describe('expectedMetricsTable', () => {
  it.each<[string, typeof TOY, number, number, Sampling]>([
    ['the toy example, with replacement', TOY, 10_000, 99, 'with-replacement'],
    ['the toy example, without replacement', TOY, 10_000, 99, 'without-replacement'],
    ['grouped and per-user n data', MIXED, 10, 5, 'without-replacement'],
  ])('%s: exactly the per-call results', (_, recommenders, itemCount, sampleSize, sampling) => {
    const table = expectedMetricsTable(recommenders, METRICS, { itemCount, sampleSize, sampling });
    expect(table).toEqual(
      recommenders.map((data) =>
        METRICS.map((metric) => expectedSampledMetric(data, metric, itemCount, sampleSize, sampling)),
      ),
    );
  });

  it('refuses an impossible setup and invalid data before computing, naming them', () => {
    const setup = { itemCount: 10_000, sampleSize: 99, sampling: 'with-replacement' } as const;
    expect(() => expectedMetricsTable(TOY, METRICS, { ...setup, sampleSize: 0 })).toThrow(
      'm must be an integer ≥ 1, got 0',
    );
    expect(() =>
      expectedMetricsTable(TOY, METRICS, { itemCount: 50, sampleSize: 50, sampling: 'without-replacement' }),
    ).toThrow('m = 50 is larger than the n − 1 = 49 irrelevant items');
    expect(() => expectedMetricsTable([singleRankData('Z', [20_000])], METRICS, setup)).toThrow(/recommender "Z"/);
  });
});
