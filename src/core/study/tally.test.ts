import { describe, expect, it } from 'vitest';
import { RankTally } from './tally.ts';

describe('RankTally', () => {
  it('counts items per (n, r̃ − 1), separately those of instances with several items, lists the cells used, clears', () => {
    const tally = new RankTally([3706, 1393, 3706], 4);
    expect(tally.itemCounts).toEqual([1393, 3706]);
    tally.add(3706, 1, Int32Array.of(2));
    tally.add(3706, 1, Int32Array.of(2));
    tally.add(1393, 2, Int32Array.of(0, 4, 9));
    expect([...tally.counts]).toEqual([1, 0, 0, 0, 1, 0, 0, 2, 0, 0]);
    expect([...tally.fromMulti!]).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect([...tally.used.subarray(0, tally.size)]).toEqual([7, 0, 4]);
    tally.clear();
    expect(tally.size).toBe(0);
    expect(tally.counts.every((c) => c === 0) && tally.fromMulti!.every((c) => c === 0)).toBe(true);
    expect(() => tally.add(10, 1, Int32Array.of(0))).toThrow(/n = 10/);
  });

  it('grows its list of used cells past its first capacity', () => {
    const tally = new RankTally([1000], 199);
    for (let c = 0; c < 200; c++) tally.add(1000, 1, Int32Array.of(c));
    expect(tally.size).toBe(200);
    expect([...tally.used.subarray(0, 200)]).toEqual(Array.from({ length: 200 }, (_, c) => c));
  });
});
