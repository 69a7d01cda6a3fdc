/**
 * The MES second moments with replacement (secondMoments.ts: C_ab = H(i_a, i_b) g(i_a + i_b)): the binomial rows of
 * g kept in WebAssembly give the numbers of recomputing them on every call, bit for bit, and both the definition
 * Σ_r π_r p(i_a | r) p(i_b | r).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../random.ts';
import { allowWasmWindows } from '../../wasm/windows.ts';
import { SampledRankKernel } from './rows.ts';
import { SecondMoments } from './secondMoments.ts';
import { rankBins } from './bins.ts';

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

describe('SecondMoments over bins', () => {
  it('of π per bin are the moments of π spread evenly over the bins’ ranks (kept rows and recomputed)', () => {
    const n = 900;
    const m = 20;
    const kernel = new SampledRankKernel(n, m, 'with-replacement');
    const bins = rankBins(n, 40, 0.05);
    const indices = Int32Array.from([0, 1, 3, 4, 9, 15, 20]);
    const random = createRandom(4);
    const perBin = Float64Array.from({ length: bins.length - 1 }, () => random.next());
    const total = perBin.reduce((s, p) => s + p, 0);
    perBin.forEach((p, b) => (perBin[b] = p / total));
    const spread = new Float64Array(n);
    for (let b = 0; b < perBin.length; b++) spread.fill(perBin[b] / (bins[b + 1] - bins[b]), bins[b], bins[b + 1]);
    const want = new SecondMoments(kernel, indices).compute(spread);
    for (const wasm of [true, false]) {
      allowWasmWindows(wasm);
      const got = new SecondMoments(kernel, indices, bins).compute(perBin);
      want.forEach((v, k) => expect(Math.abs(got[k] - v)).toBeLessThanOrEqual(1e-15 + 1e-13 * Math.abs(v)));
    }
  });
});
