import { describe, expect, it } from 'vitest';
import { createRandom, fillUniforms, firstAbove } from './random.ts';

it('firstAbove is the first index whose cumulative weight exceeds the value, the last when none does', () => {
  const cumulative = Float64Array.of(1, 3, 3, 6);
  expect([0, 0.5, 1, 2.9, 3, 5.99].map((v) => firstAbove(cumulative, v))).toEqual([0, 0, 1, 1, 3, 3]);
  expect(firstAbove(cumulative, 6)).toBe(3);
});

describe('countBelow (the study draws in one loop)', () => {
  it('counts as the nextInt calls would and leaves the stream where they would', () => {
    for (const withReplacement of [true, false]) {
      for (const [bound, below, draws] of [
        [3705, 45, 100],
        [1_000_000, 999_999, 1000],
        [10, 0, 5],
        [2, 2, 1],
      ]) {
        const fast = createRandom(bound + draws);
        const slow = createRandom(bound + draws);
        let hits = 0;
        let remaining = below;
        for (let t = 0; t < draws; t++) {
          if (withReplacement) {
            if (slow.nextInt(bound) < below) hits++;
          } else if (slow.nextInt(bound - t) < remaining) {
            hits++;
            remaining--;
          }
        }
        expect(fast.countBelow!(bound, below, draws, withReplacement)).toBe(hits);
        expect(fast.next()).toBe(slow.next());
      }
    }
  });
});

describe('uniforms (many draws in one loop)', () => {
  it('gives the next() stream and leaves the source where next() would', () => {
    const fast = createRandom(77);
    const slow = createRandom(77);
    const out = new Float64Array(1001);
    fast.uniforms!(out);
    for (let i = 0; i < out.length; i++) expect(out[i]).toBe(slow.next());
    expect(fast.next()).toBe(slow.next());
  });
  it('fillUniforms falls back to next() for a source without the loop', () => {
    const plain = createRandom(5);
    const source = { next: plain.next, nextInt: plain.nextInt };
    const out = new Float64Array(3);
    fillUniforms(source, out);
    const again = createRandom(5);
    expect([...out]).toEqual([again.next(), again.next(), again.next()]);
  });
});
