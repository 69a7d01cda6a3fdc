/**
 * The pooled kernel's second moments (pooledKernel.ts: moments, two column pairs at a time over the columns'
 * windows) against their definition C_ab = Σ_R π_R K̄(i_a | R) K̄(i_b | R), summed directly over every R; and the
 * kernel itself, built fresh or from the group kernels a PooledKernelCache keeps, against its definition.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRandom } from '../../random.ts';
import { allowWasmWindows } from '../../wasm/windows.ts';
import { ncfSampledRanks, NCF_SAMPLED_SETUP } from '../../../../test/movielens.ts';
import { sampledHistograms } from '../histogram.ts';
import { unwrap } from '../../result.ts';
import { PooledKernel } from './pooled.ts';
import { PooledKernelCache } from './pooledCache.ts';
import { logHypergeometricPmf } from '../../special.ts';
import { nodeShares } from './interpolated.ts';
import { itemCountNodes } from '../../corrections/itemCountGrid.ts';

function direct(kernel: PooledKernel, indices: Int32Array, pi: Float64Array): Float64Array {
  const d = indices.length;
  const out = new Float64Array(d * d);
  for (let R = 0; R < kernel.itemCount; R++) {
    for (let a = 0; a < d; a++) {
      for (let b = 0; b < d; b++) {
        out[a * d + b] +=
          pi[R] * kernel.values[R * kernel.size + indices[a]] * kernel.values[R * kernel.size + indices[b]];
      }
    }
  }
  return out;
}

function expectMoments(kernel: PooledKernel, indices: Int32Array, pi: Float64Array): void {
  const got = kernel.moments(indices).compute(pi);
  const want = direct(kernel, indices, pi);
  let scale = 0;
  for (const v of want) scale = Math.max(scale, Math.abs(v));
  want.forEach((v, k) => expect(Math.abs(got[k] - v)).toBeLessThanOrEqual(1e-13 * scale));
  const d = indices.length;
  for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) expect(got[a * d + b]).toBe(got[b * d + a]);
}

/** Two pooled kernels over N = 300 of the same two groups (n = 300 and `second`, m = 9) with other shares. */
function twoKernels(second: number, shares: [number, number]): [PooledKernel, PooledKernel] {
  const groups = [
    { itemCount: 300, sampleSize: 9, share: shares[0] },
    { itemCount: second, sampleSize: 9, share: 1 - shares[0] },
  ];
  const other = groups.map((g, k) => ({ ...g, share: k === 0 ? shares[1] : 1 - shares[1] }));
  return [new PooledKernel(300, groups, 'without-replacement'), new PooledKernel(300, other, 'without-replacement')];
}

describe('pooled kernel second moments', () => {
  it('equal Σ_R π_R K̄(a | R) K̄(b | R) for groups of their own n, odd and even numbers of columns', () => {
    const groups = [
      { itemCount: 300, sampleSize: 9, share: 0.5 },
      { itemCount: 240, sampleSize: 9, share: 0.3 },
      { itemCount: 170, sampleSize: 7, share: 0.2 },
    ];
    const kernel = new PooledKernel(300, groups, 'without-replacement');
    const pi = Float64Array.from({ length: 300 }, (_, R) => Math.exp(-R / 40));
    const z = pi.reduce((s, p) => s + p, 0);
    pi.forEach((p, R) => (pi[R] = p / z));
    expectMoments(kernel, Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), pi);
    expectMoments(kernel, Int32Array.from([0, 2, 3, 7, 9]), pi);
    expectMoments(kernel, Int32Array.from([4]), pi);
  });

  it('stay right when several moments objects take turns (they share one WebAssembly memory)', () => {
    const [a, b] = twoKernels(200, [0.6, 0.1]);
    const pi = Float64Array.from({ length: 300 }, (_, R) => 1 + Math.cos(R / 17));
    const z = pi.reduce((s, p) => s + p, 0);
    pi.forEach((p, R) => (pi[R] = p / z));
    // Narrow windows first, then wider ones, then the narrow again: nothing of one is left for the next.
    const turns = [
      [a, Int32Array.from([0, 1, 9])],
      [b, Int32Array.from([2, 3, 4, 5, 6])],
      [a, Int32Array.from([0, 1, 9])],
    ] as const;
    const moments = turns.map(([kernel, indices]) => kernel.moments(indices));
    for (const round of [0, 1]) {
      turns.forEach(([kernel, indices], t) => {
        const got = moments[t].compute(pi);
        const want = direct(kernel, indices, pi);
        want.forEach((v, k) => expect(Math.abs(got[k] - v), `round ${round}, turn ${t}`).toBeLessThanOrEqual(1e-15));
      });
    }
  });

  it('on a reduced NCF-sampled MovieLens sample (every 10th n, interpolated between nodes)', () => {
    const [data] = ncfSampledRanks('without-replacement');
    // Every 10th group of users sharing an n (74 of the 743 distinct n).
    const histograms = unwrap(
      sampledHistograms(data, NCF_SAMPLED_SETUP.itemCount, NCF_SAMPLED_SETUP.sampleSize, 'without-replacement'),
    ).filter((_, g) => g % 10 === 0);
    const total = histograms.reduce((s, h) => s + h.total, 0);
    const own = histograms.map((h) => ({ itemCount: h.itemCount, sampleSize: 99, share: h.total / total }));
    const distinct = histograms.map((h) => h.itemCount);
    const nodes = itemCountNodes(Math.min(...distinct), Math.max(...distinct));
    const kernel = new PooledKernel(3706, nodeShares(own, nodes), 'without-replacement');
    const observed = Int32Array.from({ length: 40 }, (_, k) => k * 2 + 1);
    const pi = new Float64Array(3706).fill(1 / 3706);
    expectMoments(kernel, observed, pi);
  });
});

/** K̄(i | R) = Σ_g share_g ((1 − f) h(i; ⌊x⌋) + f h(i; ⌊x⌋ + 1)), x = (R − 1)(n_g − 1)/(N − 1), h hypergeometric. */
function definition(N: number, groups: readonly { itemCount: number; sampleSize: number; share: number }[]) {
  const size = Math.max(...groups.map((g) => g.sampleSize)) + 1;
  const out = new Float64Array(N * size);
  const h = (i: number, above: number, n: number, m: number) =>
    above >= n ? 0 : Math.exp(logHypergeometricPmf(i, above, n - 1 - above, m));
  for (const g of groups) {
    for (let R0 = 0; R0 < N; R0++) {
      const x = (R0 * (g.itemCount - 1)) / (N - 1);
      const below = Math.floor(x);
      const f = x - below;
      for (let i = 0; i <= g.sampleSize; i++) {
        const p = (1 - f) * h(i, below, g.itemCount, g.sampleSize) + f * h(i, below + 1, g.itemCount, g.sampleSize);
        out[R0 * size + i] += g.share * p;
      }
    }
  }
  return out;
}

describe('pooled kernel', () => {
  it('equals its definition, built fresh or from the group kernels its cache keeps (the same numbers)', () => {
    const shares = [
      [0.5, 0.3, 0.2],
      [0.1, 0.6, 0.3],
      [0.25, 0.25, 0.5],
    ];
    // One m, and two m (the smaller m's rows padded with zeros in the WebAssembly arena), against a fresh build.
    for (const lastM of [9, 7]) {
      const groupsOf = (s: number[]) => [
        { itemCount: 300, sampleSize: 9, share: s[0] },
        { itemCount: 240, sampleSize: 9, share: s[1] },
        { itemCount: 170, sampleSize: lastM, share: s[2] },
      ];
      const cache = new PooledKernelCache();
      for (const s of shares) {
        const groups = groupsOf(s);
        const cached = cache.get(300, groups, 'without-replacement');
        const fresh = new PooledKernel(300, groups, 'without-replacement');
        expect(cached.values).toEqual(fresh.values);
        const want = definition(300, groups);
        want.forEach((v, k) => expect(Math.abs(cached.values[k] - v)).toBeLessThanOrEqual(1e-14));
      }
    }
  });
});

describe('pooled kernel products over observed columns (restrictedRows.ts)', () => {
  afterEach(() => {
    allowWasmWindows(true);
  });

  it('are the JavaScript loops bit for bit, also when products of two kernels take turns in the shared memory', () => {
    const [a, b] = twoKernels(220, [0.7, 0.2]);
    const random = createRandom(3);
    const pi = Float64Array.from({ length: 300 }, () => (random.next() < 0.2 ? 0 : random.next()));
    const turns = [
      [a, Int32Array.from([0, 1, 2, 5, 9])],
      [b, Int32Array.from([1, 3, 4, 6, 7, 8])],
    ] as const;
    allowWasmWindows(false);
    const js = turns.map(([kernel, indices]) => kernel.restrict(indices));
    allowWasmWindows(true);
    const shared = turns.map(([kernel, indices]) => kernel.restrict(indices));
    for (const round of [0, 1]) {
      turns.forEach(([, indices], t) => {
        const c = Float64Array.from(indices, () => random.next() - 0.3);
        const d = indices.length;
        expect(shared[t].multiply(pi, new Float64Array(d)), `round ${round}`).toEqual(
          js[t].multiply(pi, new Float64Array(d)),
        );
        expect(shared[t].multiplyTranspose(c, new Float64Array(300))).toEqual(
          js[t].multiplyTranspose(c, new Float64Array(300)),
        );
        expect(shared[t].column(17, new Float64Array(d))).toEqual(js[t].column(17, new Float64Array(d)));
      });
    }
  });
});
