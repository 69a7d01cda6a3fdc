import { describe, expect, it } from 'vitest';
import { expectClose } from './expectClose.ts';

describe('expectClose', () => {
  it('a number tolerance is absolute and inclusive: |actual − expected| ≤ tolerance', () => {
    expectClose(0.5, 0.25, 0.25);
    expectClose(-1e-13, 0, 1e-12);
    expect(() => expectClose(0.3, 0.25, 0.04)).toThrow(
      'expected 0.3 to be close to 0.25 (absolute tolerance 0.04), off by 0.04999999999999999',
    );
  });

  it('a relative tolerance scales with |expected|, and an absolute one adds to it', () => {
    expectClose(-1000.5, -1000, { relative: 5e-4 });
    expect(() => expectClose(-1000.6, -1000, { relative: 5e-4 })).toThrow('relative tolerance 0.0005');
    expectClose(1e-20, 0, { absolute: 1e-15, relative: 1e-9 });
    expectClose(1.0000001, 1, { absolute: 1e-8, relative: 1e-7 });
    expect(() => expectClose(1.00001, 1, { absolute: 1e-8, relative: 1e-7 })).toThrow(
      'tolerance 1e-8 + 1e-7 · |expected|',
    );
  });

  it('equal values are close, equal infinities too; NaN is close to nothing', () => {
    expectClose(3, 3, 0);
    expectClose(Infinity, Infinity, 1e-12);
    expect(() => expectClose(Infinity, -Infinity, 1e-12)).toThrow();
    expect(() => expectClose(NaN, NaN, 1)).toThrow();
    expect(() => expectClose(0, NaN, 1)).toThrow();
  });

  it('array-likes match in length and element by element; the failure names the index and both values', () => {
    expectClose(new Float64Array([1, 2, 3]), [1, 2 + 1e-13, 3], 1e-12);
    expect(() => expectClose([1, 2.5, 3], new Float64Array([1, 2, 4]), 0.1, 'curve')).toThrow(
      'curve: at index 1, expected 2.5 to be close to 2 (absolute tolerance 0.1), off by 0.5',
    );
    expect(() => expectClose([1, 2], [1, 2, 3], 0.1, 'curve')).toThrow('curve: expected length 3, got 2');
    expect(() => expectClose(1, [1], 0.1)).toThrow('cannot compare a number with an array');
  });

  it('names what is compared when told', () => {
    expect(() => expectClose(2, 1, 0.5, 'ndcg at r = 3')).toThrow(/^ndcg at r = 3: expected 2 to be close to 1/);
  });
});
