import { describe, expect, it } from 'vitest';
import { ColumnCache } from '../distribution/kernels/columnCache.ts';
import { StackedKernel } from '../distribution/kernels/stacked.ts';
import { allowWasmWindows } from './windows.ts';
import type { KernelGroup } from '../distribution/contracts.ts';

const N = 600;
const group = (itemCount: number, observed: number[]): KernelGroup => ({
  itemCount,
  sampleSize: 30,
  observed: Int32Array.from(observed),
});
/** Fits as a bootstrap asks for them: other n, other observed r̃, some seen before. */
const fits: KernelGroup[][] = [
  [group(400, [0, 1, 3, 7]), group(520, [0, 2, 5, 29, 30]), group(600, [1, 4])],
  [group(400, [1, 3, 8]), group(577, [0, 30])],
  [group(431, [0, 20]), group(600, [4, 5, 6])],
];

/** The products of a kernel, for comparison. */
function products(kernel: StackedKernel) {
  const pi = Float64Array.from({ length: N }, (_, r) => 1 + Math.sin(r));
  const c = Float64Array.from({ length: kernel.size }, (_, j) => (j % 4 === 1 ? 0 : 1 + j));
  const next = new Float64Array(N);
  const qNext = new Float64Array(kernel.size);
  const step = kernel.emStep(pi, c, next, qNext);
  return {
    q: kernel.multiply(pi, new Float64Array(kernel.size)),
    d: kernel.multiplyTranspose(c, new Float64Array(N)),
    step,
    next,
    qNext,
    columns: [0, 123, 599].map((r) => kernel.column(r, new Float64Array(kernel.size))),
  };
}

describe('ColumnCache with an arena (src/core/wasm/arena.ts)', () => {
  it('gives every fit of a sequence the products of its own packed kernel, bit for bit', () => {
    const arena = new ColumnCache(2 ** 24, true);
    for (const groups of fits) {
      const inArena = new StackedKernel(N, groups, 'without-replacement', undefined, arena);
      expect(inArena.storedEntries).toBe(0); // its columns are the arena's
      const packed = new StackedKernel(N, groups, 'without-replacement');
      expect(packed.storedEntries).toBeGreaterThan(0);
      expect(products(inArena)).toEqual(products(packed));
    }
  });

  it('keeps earlier kernels right after the memory grows, and packs the columns itself once it is full', () => {
    // Enough columns to grow the memory past its first 1 MiB.
    const arena = new ColumnCache(2 ** 20, true);
    const first = new StackedKernel(N, fits[0], 'with-replacement', undefined, arena);
    const before = products(first);
    const many = [300, 320, 350, 380, 420, 450, 480, 510, 540, 570, 600].map((n) =>
      group(
        n,
        Array.from({ length: 31 }, (_, i) => i),
      ),
    );
    const held = arena.arenaBytes;
    const big = new StackedKernel(N, many, 'with-replacement', undefined, arena);
    expect(held).toBeLessThan(2 ** 20);
    expect(arena.arenaBytes).toBeGreaterThan(2 ** 20); // grown past its first 1 MiB
    expect(products(first)).toEqual(before);
    expect(products(big)).toEqual(products(new StackedKernel(N, many, 'with-replacement')));
    // 2^20 doubles (8 MiB) hold them all; a limit of 2^14 does not: the kernel packs its own columns.
    const small = new ColumnCache(2 ** 14, true);
    const packed = new StackedKernel(N, many, 'with-replacement', undefined, small);
    expect(packed.storedEntries).toBeGreaterThan(0);
    expect(products(packed)).toEqual(products(big));
  });

  it('grows only for new columns: fits on columns it holds add nothing, and alternate correctly', () => {
    const arena = new ColumnCache(2 ** 24, true);
    const a = new StackedKernel(N, fits[0], 'without-replacement', undefined, arena);
    const b = new StackedKernel(N, fits[1], 'without-replacement', undefined, arena);
    const held = arena.arenaBytes;
    const expectedA = products(new StackedKernel(N, fits[0], 'without-replacement'));
    const expectedB = products(new StackedKernel(N, fits[1], 'without-replacement'));
    for (let k = 0; k < 20; k++) {
      const again = new StackedKernel(N, k % 2 ? fits[0] : fits[1], 'without-replacement', undefined, arena);
      expect(products(again)).toEqual(k % 2 ? expectedA : expectedB);
    }
    expect(products(a)).toEqual(expectedA);
    expect(products(b)).toEqual(expectedB);
    expect(arena.arenaBytes).toBe(held);
  });

  it('handles more columns than reference ranks (the operand vectors hold either)', () => {
    const groups = [30, 40, 50].map((n) =>
      group(
        n,
        Array.from({ length: 31 }, (_, i) => i),
      ),
    );
    const inArena = new StackedKernel(50, groups, 'with-replacement', undefined, new ColumnCache(2 ** 24, true));
    const packed = new StackedKernel(50, groups, 'with-replacement');
    expect(inArena.size).toBeGreaterThan(50);
    const pi = Float64Array.from({ length: 50 }, (_, r) => 1 / (1 + r));
    const c = Float64Array.from({ length: inArena.size }, (_, j) => 1 + (j % 5));
    expect(inArena.multiplyTranspose(c, new Float64Array(50))).toEqual(
      packed.multiplyTranspose(c, new Float64Array(50)),
    );
    expect(inArena.multiply(pi, new Float64Array(93))).toEqual(packed.multiply(pi, new Float64Array(93)));
  });

  it('is not used without WebAssembly (the JavaScript loops and their own columns)', () => {
    allowWasmWindows(false);
    try {
      const kernel = new StackedKernel(N, fits[0], 'without-replacement', undefined, new ColumnCache(2 ** 24, true));
      expect(kernel.storedEntries).toBeGreaterThan(0);
    } finally {
      allowWasmWindows(true);
    }
  });
});
