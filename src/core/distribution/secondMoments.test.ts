/**
 * The MES second moments with replacement (secondMoments.ts: C_ab = H(i_a, i_b) g(i_a + i_b)): the binomial rows of
 * g kept in WebAssembly give the numbers of recomputing them on every call, bit for bit, and both the definition
 * Σ_r π_r p(i_a | r) p(i_b | r).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../random.ts';
import { allowWasmWindows } from '../wasm/windows.ts';
import { SampledRankKernel } from './kernel.ts';
import { SecondMoments } from './secondMoments.ts';

afterEach(() => {
  allowWasmWindows(true);
});

describe('SecondMoments with replacement', () => {
  it('gives the same numbers with the kept rows as recomputed, and the definition', () => {
    const n = 700;
    const m = 20;
    const kernel = new SampledRankKernel(n, m, 'with-replacement');
    const indices = Int32Array.from([0, 1, 2, 4, 7, 11, 20]);
    const random = createRandom(9);
    const pi = Float64Array.from({ length: n }, () => (random.next() < 0.3 ? 0 : random.next()));
    const total = pi.reduce((s, p) => s + p, 0);
    pi.forEach((p, r) => (pi[r] = p / total));
    allowWasmWindows(false);
    const recomputed = new SecondMoments(kernel, indices).compute(pi);
    allowWasmWindows(true);
    const moments = new SecondMoments(kernel, indices);
    expect(moments.compute(pi)).toEqual(recomputed);
    // Again, from the rows kept by the first call.
    expect(moments.compute(pi)).toEqual(recomputed);
    const d = indices.length;
    const column = new Float64Array(m + 1);
    const want = new Float64Array(d * d);
    for (let r = 0; r < n; r++) {
      kernel.column(r, column);
      for (let a = 0; a < d; a++)
        for (let b = 0; b < d; b++) want[a * d + b] += pi[r] * column[indices[a]] * column[indices[b]];
    }
    want.forEach((v, k) => expect(Math.abs(recomputed[k] - v)).toBeLessThanOrEqual(1e-15));
  });
});
