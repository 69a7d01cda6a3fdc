import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.ts';
import { groupedRankData, singleRankData } from '../rankData.ts';
import { drawAboveCountsByLaw } from '../rankDraw.ts';
import { SampledEvaluation } from './draw.ts';

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
      const evaluation = new SampledEvaluation(createRandom(5), 100, withReplacement);
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
            drawAboveCountsByLaw(reference, above, n - k, 100, withReplacement, counts);
            expected.push([n, ...counts]);
          }
        }
      }
      const first = [...visits(evaluation, single, 3706), ...visits(evaluation, multi, 3706)];
      expect(first).toEqual(expected.slice(0, first.length));
      // A second repetition reuses the cached P(mode) of the single-item rows: the same draws as without the cache
      // (a copy of the data is a new object, computed afresh).
      const again = new SampledEvaluation(createRandom(6), 100, withReplacement);
      const fresh = new SampledEvaluation(createRandom(6), 100, withReplacement);
      visits(again, single, 3706);
      const cached = visits(again, single, 3706);
      visits(fresh, single, 3706);
      expect(visits(fresh, { ...single }, 3706)).toEqual(cached);
    });
  }

  it('the default n applies to rows without their own, and changing it is not served from the cache', () => {
    const data = singleRankData('G', [10, 10, 500]);
    const evaluation = new SampledEvaluation(createRandom(1), 50, true);
    const reference = new SampledEvaluation(createRandom(1), 50, true);
    expect(visits(evaluation, data, 1000).map((v) => v[0])).toEqual([1000, 1000, 1000]);
    visits(reference, { ...data }, 1000);
    // Same data object at another n: the law changes with n, so the draws must match a fresh object's.
    expect(visits(evaluation, data, 600)).toEqual(visits(reference, { ...data }, 600));
  });
});
