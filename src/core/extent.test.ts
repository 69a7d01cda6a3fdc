import { expect, it } from 'vitest';
import { extent } from './extent.ts';

it('extent is [smallest, largest], of any iterable, and [Infinity, −Infinity] for none', () => {
  expect(extent([3, 1, 2])).toEqual([1, 3]);
  expect(extent(new Set([7]))).toEqual([7, 7]);
  expect(extent([])).toEqual([Infinity, -Infinity]);
});
