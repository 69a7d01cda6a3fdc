import { describe, expect, it } from 'vitest';
import { choleskyFactor, choleskySolve } from './cholesky.ts';

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
