/** The wire form of rank data (links, files, saved work): round trips, and hostile values refused with a RangeError. */
import { describe, expect, it } from 'vitest';
import { groupedRankData, singleRankData, type RankData } from '../core/index.ts';
import { fromWire, toWire } from './wireRanks.ts';

/** Two users with grades and tie ranges: u1 items at 2 (tied 1..3) and 5 (tied 5..9); u2 one item at 4, no tie. */
function graded(): RankData {
  const base = groupedRankData('G', [[2, 5], [4]], [20, 10]);
  return {
    ...base,
    relevance: Float64Array.from([5, 0.5, 3]),
    ties: { low: Float64Array.from([1, 5, 4]), high: Float64Array.from([3, 9, 4]) },
  };
}

const plain = (data: RankData) => JSON.parse(JSON.stringify(toWire(data))) as Record<string, unknown>;

describe('wire ranks', () => {
  it('keep grades and tie ranges through JSON and through typed arrays', () => {
    for (const wire of [plain(graded()), toWire(graded(), true)]) {
      const back = fromWire(wire, 'G');
      expect(Array.from(back.ranks)).toEqual([2, 5, 4]);
      expect(Array.from(back.relevance!)).toEqual([5, 0.5, 3]);
      expect(Array.from(back.ties!.low)).toEqual([1, 5, 4]);
      expect(Array.from(back.ties!.high)).toEqual([3, 9, 4]);
      expect(Array.from(back.itemCounts!)).toEqual([20, 10]);
    }
  });

  it('write tie ranges as offsets from the rank (0 where there is no tie) and nothing for data without them', () => {
    const wire = plain(graded());
    expect(wire.lo).toEqual([1, 0, 0]);
    expect(wire.hi).toEqual([1, 4, 0]);
    expect(wire.g).toEqual([5, 0.5, 3]);
    const old = plain(singleRankData('A', [3, 1, 7]));
    expect(Object.keys(old).sort()).toEqual(['d']);
    expect(fromWire(old, 'A').ties).toBeUndefined();
  });

  it('sort each instance with its grades and tie ranges when the wire gives the ranks out of order', () => {
    // Ranks 5 then 2 (deltas 5, −3) with their own grades and offsets.
    const back = fromWire({ d: [5, -3], k: [2], g: [1, 4], lo: [0, 1], hi: [4, 1] }, 'U');
    expect(Array.from(back.ranks)).toEqual([2, 5]);
    expect(Array.from(back.relevance!)).toEqual([4, 1]);
    expect(Array.from(back.ties!.low)).toEqual([1, 5]);
    expect(Array.from(back.ties!.high)).toEqual([3, 9]);
  });

  it.each([
    ['a negative grade', { d: [3], g: [-1] }, 'a relevance grade is -1: grades are numbers ≥ 0'],
    ['a grade that is not a number', { d: [3], g: ['x'] }, 'the relevance grades holds a value that is not a number'],
    ['one grade too few', { d: [3, 1], g: [1] }, 'there is not one grade per rank'],
    ['low > high (a negative offset)', { d: [3], lo: [-2], hi: [0] }, 'the tie range starts holds -2, outside'],
    ['a negative end offset', { d: [3], lo: [0], hi: [-1] }, 'the tie range ends holds -1, outside'],
    ['a range below rank 1', { d: [3], lo: [3], hi: [0] }, 'the tie range 0..3 of rank 3 is outside 1..2000000'],
    ['a start without an end', { d: [3], lo: [1] }, 'a tie range has a start but no end'],
    ['a fractional offset', { d: [3], lo: [0.5], hi: [0] }, 'the tie range starts holds 0.5'],
  ])('refuse %s', (_, wire, message) => {
    expect(() => fromWire(wire, 'X')).toThrow(RangeError);
    expect(() => fromWire(wire, 'X')).toThrow(message);
  });
});
