/**
 * The short forms of E[M(r̃) | r] (src/core/expectedAtRank.ts) against the sum over the whole law of r̃
 * (core sampledRankPmf, the kernel of eq 15 / section 4.4, itself checked against scipy in src/core/sampling.test.ts),
 * to 1e-12 relative to the metric's scale, over ranks, catalogue sizes and sample sizes up to m = n − 1.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import type { Sampling } from './index.ts';
import { ExpectedAtRankBatch, expectedSampledAtRank, metricAtRank, parseMetric, sampledRankPmf } from './index.ts';

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
        expectClose(fast as number, sum, 1e-12 * Math.max(sum, 1e-3), `${metric.id} r = ${r}`);
      }
    }
  });
});

it('untruncated NDCG has no short form', () => {
  expect(expectedSampledAtRank(parseMetric('ndcg'), 5, 100, 10, 'with-replacement')).toBeNull();
});

describe.each<Sampling>(['with-replacement', 'without-replacement'])('ExpectedAtRankBatch, %s', (sampling) => {
  // Long cut-offs too: the ratio recurrence's product is rescaled past 1e200, and p(x₀) underflows for large m θ.
  // Against the sum over the whole law; a recurrence over c terms accumulates about c ulps, so the tolerance is
  // 1e-12 relative up to c = 100 and grows with c beyond.
  const metrics = [...METRICS, ...['recall@1000', 'ndcg@500', 'precision@2000'].map(parseMetric)];
  const cases: [number, number][] = [...CASES, [2_000_000, 3000], [1_000_000, 100]];

  /** The batch at these ranks against the sum over the whole law, and finite. */
  const expectBatchMatchesLaw = (n: number, m: number, ranks: readonly number[]) => {
    const batch = new ExpectedAtRankBatch(metrics, m, sampling);
    const out = new Float64Array(metrics.length);
    for (const r of ranks.filter((r) => r >= 1 && r <= n)) {
      batch.evaluate(r, n, out);
      const pmf = sampledRankPmf(r, n, m, sampling);
      metrics.forEach((metric, t) => {
        let sum = 0;
        for (let x = 0; x < Math.min(m + 1, metric.cutoff ?? m + 1); x++) {
          sum += pmf[x] * metricAtRank(metric, x + 1, m + 1);
        }
        const tolerance = 1e-12 * Math.max(1, (metric.cutoff ?? 0) / 100) * Math.max(sum, 1e-3);
        expect(Number.isFinite(out[t]), `${metric.id} r = ${r}`).toBe(true);
        expectClose(out[t], sum, tolerance, `${metric.id} r = ${r}`);
      });
    }
  };

  it.each(cases)('n = %i, m = %i: every metric equals the sum over the law', (n, m) => {
    expectBatchMatchesLaw(n, m, [1, 2, 3, 10, 11, 60, 700, Math.floor(n / 3), Math.floor(n / 2), n - 1, n]);
  });

  it('n = 2·10⁶, m = 10⁶: every metric is finite and equals the sum over the law', () => {
    const n = 2_000_000;
    expectBatchMatchesLaw(n, 1_000_000, [1, 2, 3, 700, n / 2, n]);
  });

  it('refuses untruncated NDCG', () => {
    expect(ExpectedAtRankBatch.supports([parseMetric('ndcg')])).toBe(false);
    expect(() => new ExpectedAtRankBatch([parseMetric('ndcg')], 10, sampling)).toThrow(RangeError);
  });
});
