import { expect, it } from 'vitest';
import { firstAbove } from './random.ts';

it('firstAbove is the first index whose cumulative weight exceeds the value, the last when none does', () => {
  const cumulative = Float64Array.of(1, 3, 3, 6);
  expect([0, 0.5, 1, 2.9, 3, 5.99].map((v) => firstAbove(cumulative, v))).toEqual([0, 0, 1, 1, 3, 3]);
  expect(firstAbove(cumulative, 6)).toBe(3);
});
