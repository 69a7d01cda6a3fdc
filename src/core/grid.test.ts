import { describe, expect, it } from 'vitest';
import { READOUT_ALL_RANKS, readoutRanks } from './grid.ts';

describe('readoutRanks (the ranks a long curve is read out at)', () => {
  it('reads out every rank up to READOUT_ALL_RANKS, and every top-1,000 rank and the last beyond', () => {
    expect(readoutRanks(READOUT_ALL_RANKS)).toBeNull();
    const grid = readoutRanks(50_000)!;
    expect(Array.from(grid.subarray(0, 1000))).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(grid[grid.length - 1]).toBe(50_000);
    for (let i = 1; i < grid.length; i++) expect(grid[i]).toBeGreaterThan(grid[i - 1]);
  });

  it('stays a few thousand ranks at n = 10⁶', () => {
    expect(readoutRanks(1_000_000)!.length).toBeLessThan(7000);
  });
});
