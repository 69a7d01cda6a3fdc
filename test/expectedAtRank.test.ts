/**
 * The short forms of E[M(r̃) | r] (src/core/expectedAtRank.ts) against the sum over the whole law of r̃
 * (core sampledRankPmf, the kernel of eq 15 / section 4.4, itself checked against scipy in test/sampling.test.ts),
 * to 1e-12 relative to the metric's scale, over ranks, catalogue sizes and sample sizes up to m = n − 1.
 */
import { describe, expect, it } from 'vitest';
import type { Sampling } from '../src/core/index.ts';
import { expectedSampledAtRank, metricAtRank, parseMetric, sampledRankPmf } from '../src/core/index.ts';

const METRICS = ['auc', 'ap', 'recall@1', 'recall@10', 'precision@5', 'ap@10', 'ndcg@10', 'ndcg@200'].map(parseMetric);
const CASES: [number, number][] = [
  [10, 1],
  [10, 9],
  [100, 1],
  [100, 20],
  [100, 99],
  [1000, 5],
  [1000, 100],
  [1000, 999],
  [20_000, 500],
  [20_000, 19_999],
];

describe.each<Sampling>(['with-replacement', 'without-replacement'])('expectedSampledAtRank, %s', (sampling) => {
  it.each(CASES)('n = %i, m = %i: every rank class equals the sum over the law', (n, m) => {
    const ranks = new Set(
      [1, 2, 3, 10, 11, Math.floor(n / 3), Math.floor(n / 2), n - 1, n].filter((r) => r >= 1 && r <= n),
    );
    for (const metric of METRICS) {
      for (const r of ranks) {
        const fast = expectedSampledAtRank(metric, r, n, m, sampling);
        expect(fast, metric.id).not.toBeNull();
        const pmf = sampledRankPmf(r, n, m, sampling);
        let sum = 0;
        for (let x = 0; x <= m; x++) sum += pmf[x] * metricAtRank(metric, x + 1, m + 1);
        expect(Math.abs((fast as number) - sum), `${metric.id} r = ${r}`).toBeLessThanOrEqual(
          1e-12 * Math.max(sum, 1e-3),
        );
      }
    }
  });
});

it('untruncated NDCG has no short form', () => {
  expect(expectedSampledAtRank(parseMetric('ndcg'), 5, 100, 10, 'with-replacement')).toBeNull();
});
