import { describe, expect, it } from 'vitest';
import { InterpolatedKernel } from './interpolatedKernel.ts';
import { ColumnCache, type KernelGroup } from './stackedKernel.ts';

const N = 400;
const nodes = [120, 132, 146, 160, 176, 194, 214, 235, 259, 285, 313, 345, 380, 400];
const group = (itemCount: number, observed: number[]): KernelGroup => ({
  itemCount,
  sampleSize: 20,
  observed: Int32Array.from(observed),
});
/** A bootstrap-like sequence: the whole sample, then "resamples" that observe subsets and other n. */
const fits: KernelGroup[][] = [
  [group(150, [0, 1, 3, 7]), group(300, [0, 2, 5, 19]), group(400, [1, 4])],
  [group(150, [1, 3]), group(300, [0, 19])],
  [group(140, [0, 20]), group(400, [4])],
];

describe('InterpolatedKernel on a shared node kernel (ColumnCache.covering)', () => {
  it('gives the products and EM steps of its own node kernel, on every fit of a sequence', () => {
    const cache = new ColumnCache();
    for (const groups of fits) {
      const shared = new InterpolatedKernel(N, groups, 'without-replacement', nodes, cache);
      const own = new InterpolatedKernel(N, groups, 'without-replacement', nodes);
      const pi = Float64Array.from({ length: N }, (_, r) => 1 + Math.sin(r));
      const c = Float64Array.from({ length: shared.size }, (_, j) => 1 + j);
      expect(shared.multiply(pi, new Float64Array(shared.size))).toEqual(own.multiply(pi, new Float64Array(own.size)));
      const a = shared.multiplyTranspose(c, new Float64Array(N));
      const b = own.multiplyTranspose(c, new Float64Array(N));
      for (let r = 0; r < N; r++) expect(a[r]).toBeCloseTo(b[r], 14);
      const [nextA, nextB, qA, qB] = [N, N, shared.size, own.size].map((k) => new Float64Array(k));
      const stepA = shared.emStep(pi, c, nextA, qA);
      const stepB = own.emStep(pi, c, nextB, qB);
      expect(stepA.sum).toBeCloseTo(stepB.sum, 10);
      for (let j = 0; j < shared.size; j++) expect(qA[j]).toBeCloseTo(qB[j], 12);
    }
  });

  it('builds the shared node kernel once for fits it already covers, and grows it for new (n, m)', () => {
    const cache = new ColumnCache();
    const first = cache.covering(N, [group(146, [0, 3]), group(160, [2])], 'without-replacement');
    // Every m + 1 columns of each (n, m) are kept (they fit the budget): other observed r̃ reuse it.
    expect(first.size).toBe(2 * 21);
    expect(cache.covering(N, [group(160, [0, 5, 20])], 'without-replacement')).toBe(first);
    const grown = cache.covering(N, [group(132, [1])], 'without-replacement');
    expect(grown).not.toBe(first);
    expect(grown.groups.map((g) => g.itemCount)).toEqual([146, 160, 132]);
    expect(cache.covering(N, [group(146, [4]), group(132, [7])], 'without-replacement')).toBe(grown);
    expect(cache.covering(N, [group(146, [4])], 'with-replacement')).not.toBe(grown);
  });
});
