import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { movielensTrueRanks } from '../../../test/movielens.ts';
import { expectedSampledMetric } from '../expected.ts';
import { metricAtRank, parseMetricList } from '../metrics.ts';
import { createRandom, drawAboveCounts } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { groupedRankData, singleRankData } from '../rankData.ts';
import { drawAboveCountsByLaw } from '../rankDraw.ts';
import type { Sampling } from '../law/index.ts';
import { samplingLaw } from '../law/index.ts';
import { SampledEvaluation } from './draw.ts';
import { meanStd } from './summary.ts';

const lawOf = (withReplacement: boolean) => samplingLaw(withReplacement ? 'with-replacement' : 'without-replacement');

/** Every visit of one draw, as [n, counts...]. */
function visits(evaluation: SampledEvaluation, data: Parameters<SampledEvaluation['draw']>[0], n: number) {
  const out: number[][] = [];
  evaluation.draw(data, n, (itemCount, k, counts) => out.push([itemCount, ...counts.subarray(0, k)]));
  return out;
}

describe('SampledEvaluation (one repetition of a sampled evaluation)', () => {
  // Single items with their own n and histogram counts, and instances with several items.
  const single = singleRankData('S', [1, 40, 300, 1392, 2], [2, 1, 3, 1, 1], [1393, 3706, 3706, 1393, 50]);
  const multi = groupedRankData('M', [[1, 5, 30], [7], [2, 900, 1000]], [1000, 2000, 1000], [1, 2, 1]);

  for (const withReplacement of [true, false]) {
    it(`draws rows then copies, each as drawAboveCountsByLaw would (${withReplacement ? 'with' : 'without'} replacement)`, () => {
      const evaluation = new SampledEvaluation(createRandom(5), 100, lawOf(withReplacement));
      const reference = createRandom(5);
      const expected: number[][] = [];
      for (const data of [single, multi]) {
        for (let i = 0; i < data.weights.length; i++) {
          const n = data.itemCounts![i];
          const lo = data.offsets[i];
          const k = data.offsets[i + 1] - lo;
          const above = Array.from({ length: k }, (_, j) => data.ranks[lo + j] - (j + 1));
          for (let copy = 0; copy < data.weights[i]; copy++) {
            const counts = new Int32Array(k);
            drawAboveCountsByLaw(reference, above, n - k, 100, lawOf(withReplacement), counts);
            expected.push([n, ...counts]);
          }
        }
      }
      const first = [...visits(evaluation, single, 3706), ...visits(evaluation, multi, 3706)];
      expect(first).toEqual(expected.slice(0, first.length));
      // A second repetition reuses the cached P(mode) of the single-item rows: the same draws as without the cache
      // (a copy of the data is a new object, computed afresh).
      const again = new SampledEvaluation(createRandom(6), 100, lawOf(withReplacement));
      const fresh = new SampledEvaluation(createRandom(6), 100, lawOf(withReplacement));
      visits(again, single, 3706);
      const cached = visits(again, single, 3706);
      visits(fresh, single, 3706);
      expect(visits(fresh, { ...single }, 3706)).toEqual(cached);
    });
  }

  it('the default n applies to rows without their own, and changing it is not served from the cache', () => {
    const data = singleRankData('G', [10, 10, 500]);
    const evaluation = new SampledEvaluation(createRandom(1), 50, lawOf(true));
    const reference = new SampledEvaluation(createRandom(1), 50, lawOf(true));
    expect(visits(evaluation, data, 1000).map((v) => v[0])).toEqual([1000, 1000, 1000]);
    visits(reference, { ...data }, 1000);
    // Same data object at another n: the law changes with n, so the draws must match a fresh object's.
    expect(visits(evaluation, data, 600)).toEqual(visits(reference, { ...data }, 600));
  });
});

describe('law draws against item-by-item draws on a reduced MovieLens sample (the change of 2026-11-24)', () => {
  // 150 users of each of X, Y, Z with their own n, m = 100; T repetitions of each way of drawing (T large enough
  // for simulate.test's tolerance on the std, 10%: about 6 standard errors of a std at T = 2,000).
  const data = movielensTrueRanks(150);
  const metrics = parseMetricList('recall@10,ap');
  const T = 2000;
  const m = 100;

  /** Per repetition, per recommender and metric, the mean sampled metric over the users. */
  function study(draw: (data: RankData, visit: (n: number, counts: Int32Array) => void) => void) {
    const values = data.map(() => metrics.map(() => new Float64Array(T)));
    for (let rep = 0; rep < T; rep++) {
      data.forEach((d, ri) => {
        const sums = metrics.map(() => 0);
        draw(d, (_n, counts) =>
          metrics.forEach((metric, t) => (sums[t] += metricAtRank(metric, counts[0] + 1, m + 1))),
        );
        metrics.forEach((_, t) => (values[ri][t][rep] = sums[t] / d.weights.length));
      });
    }
    return values;
  }

  for (const sampling of ['with-replacement', 'without-replacement'] as Sampling[]) {
    it(`both give the analytic mean and spread of the sampled metric (${sampling}), as simulate's tests ask`, () => {
      const withReplacement = sampling === 'with-replacement';
      const evaluation = new SampledEvaluation(createRandom(withReplacement ? 11 : 13), m, lawOf(withReplacement));
      const byLaw = study((d, visit) => evaluation.draw(d, 3706, (n, _k, counts) => visit(n, counts)));
      const random = createRandom(withReplacement ? 12 : 14);
      const out = new Int32Array(1);
      const literal = study((d, visit) => {
        for (let i = 0; i < d.weights.length; i++) {
          const n = d.itemCounts![i];
          drawAboveCounts(random, [d.ranks[i] - 1], n - 1, m, withReplacement, out);
          visit(n, out);
        }
      });
      data.forEach((d, ri) =>
        metrics.forEach((metric, t) => {
          const analytic = expectedSampledMetric(d, metric, 3706, m, sampling);
          for (const [how, values] of [
            ['law', byLaw[ri][t]],
            ['item by item', literal[ri][t]],
          ] as const) {
            const { mean, std } = meanStd(values);
            const label = `${d.name} ${metric.id}, ${how}`;
            // As simulate.test: the mean within 4 standard errors, the std within 10% (plus rounding).
            expectClose(mean, analytic.sampledMean, (4 * analytic.sampledStd) / Math.sqrt(T) + 1e-12, label);
            expectClose(std, analytic.sampledStd, { relative: 0.1, absolute: 1e-9 }, `std of ${label}`);
          }
        }),
      );
    });
  }
});
