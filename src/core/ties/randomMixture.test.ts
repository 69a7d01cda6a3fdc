/**
 * The random tie rule as a mixture of instances: the exact metric and the expected sampled metric (eq 16) of the
 * spread data equal the average over each user's tie range computed instance by instance.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { exactMetric, expectedSampledMetric } from '../expected.ts';
import { parseMetric } from '../metrics.ts';
import { groupedRankData, singleRankData } from '../rankData.ts';
import { exactMetricUnderTies } from './exactMetric.ts';
import { spreadRandomTies } from './randomMixture.ts';

const METRICS = ['auc', 'ap', 'ndcg', 'recall@5', 'ndcg@10'].map(parseMetric);

describe('spreadRandomTies', () => {
  // Four users among their own n; two of them tie over a range, one user counts twice (a histogram row).
  const data = {
    ...singleRankData('T', [3, 40, 7, 12], [1, 1, 2, 1], [50, 60, 50, 70]),
    ties: { low: Float64Array.of(3, 35, 5, 12), high: Float64Array.of(3, 60, 9, 12) },
  };
  const users = [
    { low: 3, high: 3, n: 50, w: 1 },
    { low: 35, high: 60, n: 60, w: 1 },
    { low: 5, high: 9, n: 50, w: 2 },
    { low: 12, high: 12, n: 70, w: 1 },
  ];
  /** Σ_u w_u · mean over r in the range of f(r, n_u), over Σ w_u. */
  const average = (f: (r: number, n: number) => number) => {
    let s = 0;
    for (const { low, high, n, w } of users) {
      let t = 0;
      for (let r = low; r <= high; r++) t += f(r, n);
      s += (w * t) / (high - low + 1);
    }
    return s / users.reduce((a, u) => a + u.w, 0);
  };

  it('exact metrics: the same as exactMetricUnderTies(random) and the direct average', () => {
    const spread = spreadRandomTies(data);
    for (const metric of METRICS) {
      const direct = average((r, n) => exactMetric(singleRankData('u', [r]), metric, n));
      expectClose(exactMetric(spread, metric, 100), direct, 1e-14, metric.id);
      expectClose(exactMetricUnderTies(data, metric, 100, 'random'), direct, 1e-14, metric.id);
    }
  });

  it('expected sampled metric (eq 16): the mean of E[M(r̃) | r] over each tie range, both samplings', () => {
    const spread = spreadRandomTies(data);
    for (const sampling of ['with-replacement', 'without-replacement'] as const) {
      for (const metric of METRICS) {
        const direct = average(
          (r, n) => expectedSampledMetric(singleRankData('u', [r], null, [n]), metric, n, 20, sampling).sampledMean,
        );
        const got = expectedSampledMetric(spread, metric, 100, 20, sampling).sampledMean;
        expectClose(got, direct, 1e-13, `${metric.id} ${sampling}`);
      }
    }
  });

  it('merges equal (rank, n) pairs and keeps data without ties as they are', () => {
    const twin = {
      ...singleRankData('T', [4, 5], null, null),
      ties: { low: Float64Array.of(3, 3), high: Float64Array.of(6, 6) },
    };
    const spread = spreadRandomTies(twin);
    expect(Array.from(spread.ranks)).toEqual([3, 4, 5, 6]);
    expect(Array.from(spread.weights)).toEqual([0.5, 0.5, 0.5, 0.5]);
    const plain = singleRankData('P', [1, 2]);
    expect(spreadRandomTies(plain)).toBe(plain);
  });

  it('keeps each instance’s grade, merging only equal (rank, n, grade)', () => {
    const graded = {
      ...singleRankData('G', [4, 5, 3], null, null),
      relevance: Float64Array.of(2, 0, 2),
      ties: { low: Float64Array.of(3, 3, 3), high: Float64Array.of(6, 6, 4) },
    };
    const spread = spreadRandomTies(graded);
    expect(Array.from(spread.relevance!)).toEqual([0, 0, 0, 0, 2, 2, 2, 2]);
    expect(Array.from(spread.ranks)).toEqual([3, 4, 5, 6, 3, 4, 5, 6]);
    expect(Array.from(spread.weights)).toEqual([0.25, 0.25, 0.25, 0.25, 0.75, 0.75, 0.25, 0.25]);
    const ungraded = { ...graded, relevance: null };
    expect(spreadRandomTies(ungraded).relevance ?? null).toBeNull();
  });

  it('refuses several tied relevant items per user (their sampled ranks are not a mixture of instances)', () => {
    const multi = {
      ...groupedRankData('M', [[1, 2]], [10]),
      ties: { low: Float64Array.of(1, 1), high: Float64Array.of(3, 3) },
    };
    expect(() => spreadRandomTies(multi)).toThrow(
      /needs one relevant item per user when scores tie; use optimistic or pessimistic/,
    );
  });
});
