import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { denseCholesky } from '../../../test/slowSolves.ts';
import { createRandom } from '../random.ts';
import { choleskyFactor, choleskySolve, envelopeStarts } from './cholesky.ts';

describe('Cholesky', () => {
  it('factors S = L Lᵀ and solves S x = b (exact by hand: L = [[2, 0], [1, 2]], x = [1, 1])', () => {
    const l = choleskyFactor(Float64Array.of(4, 2, 2, 5), 2)!;
    expect(Array.from(l)).toEqual([2, 0, 1, 2]);
    expect(Array.from(choleskySolve(l, 2, [6, 7]))).toEqual([1, 1]);
  });

  it('reads only the lower triangle', () => {
    expect(choleskyFactor(Float64Array.of(4, 99, 2, 5), 2)).toEqual(choleskyFactor(Float64Array.of(4, 2, 2, 5), 2));
  });

  it('refuses a matrix that is not positive definite, or a pivot not above minPivot', () => {
    expect(choleskyFactor(Float64Array.of(1, 2, 2, 1), 2)).toBeNull();
    // The second pivot of [[4, 2], [2, 5]] is 4.
    expect(choleskyFactor(Float64Array.of(4, 2, 2, 5), 2, 4)).toBeNull();
    expect(choleskyFactor(Float64Array.of(4, 2, 2, 5), 2, 3.9)).not.toBeNull();
  });
});

describe('Cholesky on the envelope', () => {
  /** A banded SPD matrix of bandwidth `band` (exact zeros outside), seeded. */
  function banded(size: number, band: number, seed: number): Float64Array {
    const random = createRandom(seed);
    const a = new Float64Array(size * size);
    for (let i = 0; i < size; i++) {
      for (let j = Math.max(0, i - band); j < i; j++) {
        const v = random.next() - 0.5;
        a[i * size + j] = v;
        a[j * size + i] = v;
      }
      a[i * size + i] = 2 * band + 1;
    }
    return a;
  }

  it('finds the first non-zero of each row, or the first that the tolerance keeps', () => {
    const s = Float64Array.of(1, 0, 0, 0, 1, 0, 1e-20, 3e-20, 1);
    expect(Array.from(envelopeStarts(s, 3))).toEqual([0, 1, 0]);
    // Row 2 drops 1e-20 (its square is below 2e-20²) but not 1e-20 and 3e-20 together.
    expect(Array.from(envelopeStarts(s, 3, 2e-20))).toEqual([0, 1, 1]);
    expect(Array.from(envelopeStarts(s, 3, 4e-20))).toEqual([0, 1, 2]);
  });

  it('equals the dense factorisation (the former path) on banded and dense matrices', () => {
    for (const [size, band] of [
      [60, 5],
      [61, 60],
      [200, 17],
    ]) {
      const a = banded(size, band, size + band);
      const fast = choleskyFactor(a, size)!;
      const slow = denseCholesky(a, size)!;
      expectClose(fast, slow, 1e-14, `size ${size}, band ${band}`);
      const b = Float64Array.from({ length: size }, (_, i) => Math.sin(i));
      const x = choleskySolve(fast, size, b);
      for (let i = 0; i < size; i++) {
        let s = 0;
        for (let j = 0; j < size; j++) s += a[i * size + j] * x[j];
        expectClose(s, b[i], 1e-12, `residual row ${i}`);
      }
    }
  });
});
