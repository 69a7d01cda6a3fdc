/**
 * Numeric comparison with a stated tolerance, for tests (after d3's `assertInDelta` and numpy's `assert_allclose`).
 *
 * `actual` is close to `expected` when |actual − expected| ≤ absolute + relative · |expected|, inclusive. A number
 * as the tolerance is an absolute one: `expectClose(x, 0.25, 1e-12)` asks |x − 0.25| ≤ 1e-12, and
 * `expectClose(x, 0.25, { relative: 1e-9 })` asks |x − 0.25| ≤ 1e-9 · 0.25. Equal values are close (so are equal
 * infinities); NaN is close to nothing.
 *
 * Array-likes (arrays, typed arrays) must have the same length and be close element by element; the failure names
 * the first index that is not, with both values.
 */
import { assert } from 'vitest';

export type Tolerance = number | { absolute?: number; relative?: number };

type Numbers = number | ArrayLike<number>;

export function expectClose(actual: Numbers, expected: Numbers, tolerance: Tolerance, what?: string): void {
  const { absolute = 0, relative = 0 } = typeof tolerance === 'number' ? { absolute: tolerance } : tolerance;
  const prefix = what ? `${what}: ` : '';
  const stated = describeTolerance(absolute, relative);
  if (typeof actual === 'number' || typeof expected === 'number') {
    if (typeof actual !== 'number' || typeof expected !== 'number') {
      assert.fail(`${prefix}cannot compare a number with an array`);
    }
    if (!isClose(actual, expected, absolute, relative)) {
      assert.fail(
        `${prefix}expected ${actual} to be close to ${expected} (${stated}), off by ${off(actual, expected)}`,
      );
    }
    return;
  }
  if (actual.length !== expected.length) {
    assert.fail(`${prefix}expected length ${expected.length}, got ${actual.length}`);
  }
  for (let i = 0; i < expected.length; i++) {
    if (!isClose(actual[i], expected[i], absolute, relative)) {
      assert.fail(
        `${prefix}at index ${i}, expected ${actual[i]} to be close to ${expected[i]} (${stated}), off by ${off(actual[i], expected[i])}`,
      );
    }
  }
}

function isClose(actual: number, expected: number, absolute: number, relative: number): boolean {
  return actual === expected || Math.abs(actual - expected) <= absolute + relative * Math.abs(expected);
}

function off(actual: number, expected: number): number {
  return Math.abs(actual - expected);
}

function describeTolerance(absolute: number, relative: number): string {
  if (relative === 0) return `absolute tolerance ${absolute}`;
  if (absolute === 0) return `relative tolerance ${relative}`;
  return `tolerance ${absolute} + ${relative} · |expected|`;
}
