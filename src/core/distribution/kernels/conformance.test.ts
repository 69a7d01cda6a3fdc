/**
 * The contract of KernelProducts (../contracts.ts), run over every implementation of it in this folder, with and
 * without WebAssembly: the products agree with the kernel's own columns (q = K π = Σ_r π_r K(· | r), D = Kᵀ c, the
 * fused EM step = the two products), its restriction to a subset of columns is the sub-matrix, and the kernels that
 * stand for the law itself have the law's rows (../../law/, checked there against scipy) as their columns. A new
 * representation of a kernel joins the list below before anything fits on it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { expectClose } from '../../../../test/expectClose.ts';
import { samplingLaw } from '../../law/index.ts';
import { allowWasmWindows } from '../../wasm/windows.ts';
import type { ColumnKernel, KernelGroup, KernelProducts } from '../contracts.ts';
import { BinnedKernel } from './binned.ts';
import { rankBins } from './bins.ts';
import { ColumnCache } from './columnCache.ts';
import { InterpolatedKernel } from './interpolated.ts';
import { PooledKernel } from './pooled.ts';
import { restrictRowWindows } from './restrict.ts';
import { SampledRankKernel } from './rows.ts';
import { StackedKernel } from './stacked.ts';

const TOLERANCE = { relative: 1e-12, absolute: 1e-16 };

/** Row r0 of every column, from the kernel's own `column`. */
function dense(kernel: KernelProducts): Float64Array[] {
  return Array.from({ length: kernel.itemCount }, (_, r0) => kernel.column(r0, new Float64Array(kernel.size)));
}

function vector(length: number, seed: number, zeros = 0): Float64Array {
  return Float64Array.from({ length }, (_, k) => (zeros && k % zeros === 1 ? 0 : 1 + Math.sin(seed * (k + 1))));
}

/** The contract: every product equals the same sum over the kernel's columns. */
function checkProducts(kernel: KernelProducts): void {
  const rows = dense(kernel);
  const { itemCount: n, size: d } = kernel;
  const pi = vector(n, 1, 5);
  const c = vector(d, 2, 4);
  const q = new Float64Array(d);
  const D = new Float64Array(n);
  rows.forEach((row, r0) => {
    for (let j = 0; j < d; j++) {
      q[j] += pi[r0] * row[j];
      D[r0] += c[j] * row[j];
    }
  });
  expectClose(kernel.multiply(pi, new Float64Array(d)), q, TOLERANCE, 'multiply');
  expectClose(kernel.multiplyTranspose(c, new Float64Array(n)), D, TOLERANCE, 'multiplyTranspose');
  const next = new Float64Array(n);
  const qNext = new Float64Array(d);
  const step = kernel.emStep(pi, c, next, qNext);
  const nextWanted = D.map((v, r0) => pi[r0] * v);
  expectClose(next, nextWanted, TOLERANCE, 'emStep next = π ⊙ Kᵀc');
  expectClose(step.maxD, Math.max(...D), TOLERANCE, 'emStep max D');
  expectClose(
    step.sum,
    nextWanted.reduce((s, v) => s + v, 0),
    TOLERANCE,
    'emStep Σ next',
  );
  const qOfNext = new Float64Array(d);
  rows.forEach((row, r0) => row.forEach((v, j) => (qOfNext[j] += nextWanted[r0] * v)));
  expectClose(qNext, qOfNext, TOLERANCE, 'emStep qNext = K next');
}

/** A ColumnKernel's restriction to some columns is its sub-matrix, and itself meets the contract. */
function checkRestriction(kernel: ColumnKernel, indices: Int32Array, size: number): void {
  const full = dense(kernel.restrict(Int32Array.from({ length: size }, (_, i) => i)));
  const restricted = kernel.restrict(indices);
  expect(restricted.size).toBe(indices.length);
  expect(restricted.itemCount).toBe(kernel.itemCount);
  dense(restricted).forEach((row, r0) => {
    expectClose(
      row,
      Float64Array.from(indices, (i) => full[r0][i]),
      TOLERANCE,
      `restricted row ${r0}`,
    );
  });
  checkProducts(restricted);
}

/** The kernel's columns are the law's rows p(r̃ = i + 1 | r) (windows cut below 1e-30 of the mode). */
function checkLawRows(kernel: SampledRankKernel): void {
  const row = kernel.law.row(kernel.sampleSize);
  dense(kernel).forEach((got, r0) => {
    row.fill(r0, kernel.itemCount - 1);
    const want = new Float64Array(kernel.size);
    want.set(row.values.subarray(row.lo, row.hi + 1), row.lo);
    expectClose(got, want, { relative: 1e-12, absolute: 1e-29 }, `row ${r0}`);
  });
}

const groups = (m: number): KernelGroup[] => [
  { itemCount: 150, sampleSize: m, observed: Int32Array.from([0, 1, 3, 7]) },
  { itemCount: 220, sampleSize: m, observed: Int32Array.from([0, 2, 5, m]) },
  { itemCount: 300, sampleSize: m, observed: Int32Array.from([1, 4, m - 1]) },
];

for (const wasm of [true, false]) {
  describe(`every kernel meets the KernelProducts contract (${wasm ? 'WebAssembly' : 'JavaScript'})`, () => {
    allowWasmWindows(wasm);
    afterAll(() => allowWasmWindows(true));
    for (const sampling of ['with-replacement', 'without-replacement'] as const) {
      const law = samplingLaw(sampling);
      const m = 12;
      it(`SampledRankKernel, stored and streamed (${sampling})`, () => {
        allowWasmWindows(wasm);
        for (const limit of [Infinity, 0]) {
          const kernel = new SampledRankKernel(240, m, law, limit);
          expect(kernel.stored).toBe(limit > 0);
          checkLawRows(kernel);
          checkProducts(kernel);
          // Most columns (ScatteredColumns), few (restricted rows), one.
          for (const indices of [[0, 1, 2, 3, 5, 8, 11, 12], [0, 4, 9], [6]]) {
            checkRestriction(kernel, Int32Array.from(indices), kernel.size);
          }
        }
      });

      it(`restricted row windows and the binned kernel (${sampling})`, () => {
        allowWasmWindows(wasm);
        const kernel = new SampledRankKernel(400, m, law);
        const windows = { lo: new Int32Array(400), offsets: new Int32Array(401), values: new Float64Array(0) };
        const rows = dense(kernel);
        const chunks: number[] = [];
        rows.forEach((row, r0) => {
          windows.offsets[r0 + 1] = windows.offsets[r0] + row.length;
          chunks.push(...row);
        });
        checkProducts(
          restrictRowWindows({ ...windows, values: Float64Array.from(chunks) }, 400, m + 1, Int32Array.from([0, 3])),
        );
        // Over the ranks, each rank with its bin's mean row, and over the bins themselves.
        const starts = rankBins(400, 50, 0.05);
        const binned = new BinnedKernel(kernel, starts);
        const all = Int32Array.from({ length: m + 1 }, (_, i) => i);
        const overRanks = dense(binned.restrict(all));
        for (let b = 0; b + 1 < starts.length; b++) {
          const mean = new Float64Array(m + 1);
          for (let r0 = starts[b]; r0 < starts[b + 1]; r0++) rows[r0].forEach((v, i) => (mean[i] += v));
          mean.forEach((v, i) => (mean[i] = v / (starts[b + 1] - starts[b])));
          for (let r0 = starts[b]; r0 < starts[b + 1]; r0++) expectClose(overRanks[r0], mean, TOLERANCE, `rank ${r0}`);
        }
        checkProducts(binned.restrict(all));
        checkRestriction(binned, Int32Array.from([0, 1, 6, m]), m + 1);
        checkRestriction(binned.binKernel(), Int32Array.from([0, 2, 9]), m + 1);
      });

      it(`StackedKernel stored, in an arena and streamed, and InterpolatedKernel (${sampling})`, () => {
        allowWasmWindows(wasm);
        const reference = 300;
        for (const kernel of [
          new StackedKernel(reference, groups(m), law),
          new StackedKernel(reference, groups(m), law, undefined, new ColumnCache(2 ** 24, true)),
          new StackedKernel(reference, groups(m), law, 0),
          new InterpolatedKernel(reference, groups(m), law, [150, 200, 300]),
        ]) {
          checkProducts(kernel);
          checkRestriction(kernel, Int32Array.from([0, 2, 5, kernel.size - 1]), kernel.size);
        }
      });

      it(`PooledKernel's restricted rows (${sampling})`, () => {
        allowWasmWindows(wasm);
        const pooled = new PooledKernel(
          300,
          groups(m).map((g, k) => ({ itemCount: g.itemCount, sampleSize: g.sampleSize, share: [0.2, 0.5, 0.3][k] })),
          law,
        );
        for (const indices of [
          [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
          [1, 5, 12],
        ]) {
          checkProducts(pooled.restrict(Int32Array.from(indices)));
        }
        // Its rows are laws over the sampled ranks: each sums to 1.
        const all = pooled.restrict(Int32Array.from({ length: m + 1 }, (_, i) => i));
        dense(all).forEach((row) =>
          expectClose(
            row.reduce((s, v) => s + v, 0),
            1,
            1e-12,
          ),
        );
      });
    }
  });
}
