import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { compileWindowsWat } from '../../../scripts/wasm/compile.mjs';
import { SampledRankKernel } from '../distribution/kernels/rows.ts';
import { ColumnProducts, StoredProducts } from '../distribution/kernels/products.ts';
import { createRandom } from '../random.ts';
import { allowWasmWindows, wasmWindowsAvailable } from './windows.ts';
import { WINDOWS_WASM_BASE64 } from './windowsModule.ts';

afterEach(() => {
  allowWasmWindows(true);
});

/** Random windows over `count` windows into vectors of length `span`, lengths 0..maxLength (tails of every size). */
function randomWindows(count: number, span: number, maxLength: number, seed: number) {
  const source = createRandom(seed);
  const random = () => source.next();
  const lo = new Int32Array(count);
  const offsets = new Int32Array(count + 1);
  for (let j = 0; j < count; j++) {
    const length = Math.floor(random() * (maxLength + 1));
    lo[j] = Math.floor(random() * (span - length + 1));
    offsets[j + 1] = offsets[j] + length;
  }
  const values = Float64Array.from({ length: offsets[count] }, () => random() * (random() < 0.1 ? 1e-200 : 1));
  return { lo, offsets, values, random };
}

/** The same kernel built twice, once with the WebAssembly products and once with the JavaScript loops. */
function both<T>(build: () => T): [T, T] {
  allowWasmWindows(true);
  const wasm = build();
  allowWasmWindows(false);
  const js = build();
  allowWasmWindows(true);
  return [wasm, js];
}

const vector = (length: number, random: () => number, zeros = 0.2) =>
  Float64Array.from({ length }, () => (random() < zeros ? 0 : random()));

describe('the WebAssembly window products (windows.wat)', () => {
  it('runs here (Node has WebAssembly with SIMD)', () => {
    expect(wasmWindowsAvailable()).toBe(true);
  });

  it('is the committed build of windows.wat', async () => {
    const text = readFileSync(new URL('./windows.wat', import.meta.url), 'utf8');
    expect(await compileWindowsWat(text)).toBe(WINDOWS_WASM_BASE64);
  });

  it('gives bit-identical row products and EM steps to the JavaScript loops (every tail length)', () => {
    const n = 257;
    const size = 41;
    const { lo, offsets, values, random } = randomWindows(n, size, size, 7);
    const [wasm, js] = both(() => new StoredProducts(n, size, lo, offsets, values));
    const pi = vector(n, random);
    const c = vector(size, random);
    expect(wasm.multiply(pi, new Float64Array(size))).toEqual(js.multiply(pi, new Float64Array(size)));
    expect(wasm.multiplyTranspose(c, new Float64Array(n))).toEqual(js.multiplyTranspose(c, new Float64Array(n)));
    const [nextW, qW, nextJ, qJ] = [n, size, n, size].map((k) => new Float64Array(k).fill(5));
    expect(wasm.emStep(pi, c, nextW, qW)).toEqual(js.emStep(pi, c, nextJ, qJ));
    expect(nextW).toEqual(nextJ);
    expect(qW).toEqual(qJ);
    for (let r = 0; r < n; r += 17)
      expect(wasm.column(r, new Float64Array(size))).toEqual(js.column(r, new Float64Array(size)));
  });

  it.each([3, 4, 5])(
    'gives bit-identical EM steps when neighbouring rows start at the same column (seed %i)',
    (seed) => {
      const n = 201;
      const size = 37;
      const { lo, offsets, values, random } = randomWindows(n, size, size, seed);
      // Most pairs of rows start together (lengths still their own), as a sampling kernel's neighbouring rows do.
      for (let r = 1; r < n; r += 2) {
        if (random() < 0.8) lo[r] = Math.min(lo[r - 1], size - (offsets[r + 1] - offsets[r]));
      }
      const [wasm, js] = both(() => new StoredProducts(n, size, lo, offsets, values));
      const pi = vector(n, random, 0.3);
      const c = vector(size, random, 0.1);
      const [nextW, qW, nextJ, qJ] = [n, size, n, size].map((k) => new Float64Array(k).fill(5));
      expect(wasm.emStep(pi, c, nextW, qW)).toEqual(js.emStep(pi, c, nextJ, qJ));
      expect(nextW).toEqual(nextJ);
      expect(qW).toEqual(qJ);
    },
  );

  it.each([11, 12, 13, 14])('gives bit-identical column products to the JavaScript loops (seed %i)', (seed) => {
    const n = 300;
    const size = 23 + (seed % 2);
    // Windows that overlap, nest, touch or stand apart, pairs of them with zero coefficients too.
    const { lo, offsets, values, random } = randomWindows(size, n, 120, seed);
    const [wasm, js] = both(() => new ColumnProducts(n, size, lo, offsets, values));
    const pi = vector(n, random);
    const c = vector(size, random, 0.3);
    expect(wasm.multiply(pi, new Float64Array(size))).toEqual(js.multiply(pi, new Float64Array(size)));
    // The transpose writes the first n entries only (the caller's vector may be longer).
    const [outW, outJ] = [new Float64Array(n + 3).fill(9), new Float64Array(n + 3).fill(9)];
    expect(wasm.multiplyTranspose(c, outW)).toEqual(js.multiplyTranspose(c, outJ));
    const [nextW, qW, nextJ, qJ] = [n, size, n, size].map((k) => new Float64Array(k));
    expect(wasm.emStep(pi, c, nextW, qW)).toEqual(js.emStep(pi, c, nextJ, qJ));
    expect(qW).toEqual(qJ);
  });

  it('gives the sampling kernel the same EM iterates, restricted or not, and keeps one copy of its rows', () => {
    const [wasm, js] = both(() => new SampledRankKernel(500, 30, 'with-replacement'));
    expect(wasm.storedEntries).toBe(js.storedEntries);
    const source = createRandom(3);
    const random = () => source.next();
    const indices = Int32Array.from([0, 1, 4, 9, 17, 30]);
    for (const [a, b, size] of [
      [wasm, js, 31],
      [wasm.restrict(indices), js.restrict(indices), indices.length],
    ] as const) {
      let [piW, piJ] = [new Float64Array(500).fill(1 / 500), new Float64Array(500).fill(1 / 500)];
      const c = vector(size, random, 0);
      for (let step = 0; step < 5; step++) {
        const [nextW, nextJ] = [new Float64Array(500), new Float64Array(500)];
        expect(a.emStep(piW, c, nextW, new Float64Array(size))).toEqual(
          b.emStep(piJ, c, nextJ, new Float64Array(size)),
        );
        expect(nextW).toEqual(nextJ);
        [piW, piJ] = [nextW, nextJ];
      }
    }
  });

  it('falls back to the JavaScript loops when turned off', () => {
    allowWasmWindows(false);
    expect(wasmWindowsAvailable()).toBe(false);
    const { lo, offsets, values } = randomWindows(4, 8, 8, 1);
    const products = new StoredProducts(4, 8, lo, offsets, values);
    expect(products.storedValues).toBe(values);
  });
});

describe('the WebAssembly second moments (windows.wat moments)', () => {
  it('gives bit-identical MES moments to the JavaScript blocks, odd and even d and windows', async () => {
    const { PooledKernel } = await import('../distribution/kernels/pooled.ts');
    const groups = [
      { itemCount: 300, sampleSize: 20, share: 0.3 },
      { itemCount: 410, sampleSize: 20, share: 0.7 },
    ];
    const source = createRandom(5);
    for (const indices of [Int32Array.from([0, 1, 2, 5, 9, 20]), Int32Array.from([0, 3, 4, 7, 11, 12, 19])]) {
      const [wasm, js] = both(() => new PooledKernel(410, groups, 'without-replacement').moments(indices));
      const pi = Float64Array.from({ length: 410 }, () => source.next());
      const a = wasm.compute(pi);
      expect(a).toEqual(js.compute(pi));
      // And they are the moments: C_ab = Σ_R π_R K̄(a | R) K̄(b | R), summed directly.
      const kernel = new PooledKernel(410, groups, 'without-replacement');
      const d = indices.length;
      for (const [x, y] of [
        [0, 0],
        [1, d - 1],
        [d - 1, d - 1],
      ]) {
        let direct = 0;
        for (let R = 0; R < 410; R++) {
          direct += pi[R] * kernel.values[R * kernel.size + indices[x]] * kernel.values[R * kernel.size + indices[y]];
        }
        expect(Math.abs(a[x * d + y] - direct)).toBeLessThan(1e-13 * direct);
      }
    }
  });
});
