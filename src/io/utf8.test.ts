import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, firstInvalidByte } from './utf8.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('decodeUtf8', () => {
  it('decodes UTF-8 and drops a byte-order mark', () => {
    const text = 'recommender,rank\nRecSys–Ω,1\n';
    expect(decodeUtf8(new TextEncoder().encode(text), 'r.csv')).toEqual({ ok: true, value: text });
    expect(decodeUtf8(bytes(0xef, 0xbb, 0xbf, 0x41), 'r.csv')).toEqual({ ok: true, value: 'A' });
  });

  it('refuses Latin-1 with the line of the first bad byte (not U+FFFD in a name)', () => {
    const latin1 = bytes(
      ...new TextEncoder().encode('recommender,rank\nA,1\nCaf'),
      0xe9,
      ...new TextEncoder().encode(',2\n'),
    );
    const parsed = decodeUtf8(latin1, 'r.csv');
    expect(parsed).toEqual({
      ok: false,
      error: {
        file: 'r.csv',
        line: 3,
        field: null,
        message:
          'the file is not UTF-8 text (byte 0xE9, the line\'s byte 4): save it as UTF-8 (a spreadsheet: "CSV UTF-8")',
      },
    });
  });

  it('names UTF-16 as such', () => {
    const parsed = decodeUtf8(bytes(0xff, 0xfe, 0x41, 0x00), 'r.csv');
    expect(parsed.ok ? null : parsed.error.message).toMatch(/^the file is UTF-16 text, not UTF-8/);
  });
});

/** UTF-8 text (any code points) with a few arbitrary bytes in the middle, or none. */
const utf8WithNoise = fc
  .tuple(fc.string({ unit: 'binary', maxLength: 12 }), fc.uint8Array({ maxLength: 3 }), fc.string({ unit: 'binary' }))
  .map(([a, noise, b]) => {
    const [head, tail] = [new TextEncoder().encode(a), new TextEncoder().encode(b)];
    return Uint8Array.from([...head, ...noise, ...tail]);
  });

describe('firstInvalidByte', () => {
  it('finds overlong forms, surrogates, truncated sequences and bytes above U+10FFFF', () => {
    expect(firstInvalidByte(bytes(0x41, 0xc0, 0x80))).toBe(1);
    expect(firstInvalidByte(bytes(0xe0, 0x80, 0x80))).toBe(0);
    expect(firstInvalidByte(bytes(0x41, 0xed, 0xa0, 0x80))).toBe(1);
    expect(firstInvalidByte(bytes(0x41, 0x42, 0xe2, 0x82))).toBe(2);
    expect(firstInvalidByte(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0);
    expect(firstInvalidByte(bytes(0xf0, 0x9f, 0x98, 0x80))).toBe(4);
  });

  it('agrees with the fatal TextDecoder on arbitrary bytes: the prefix before it decodes, the whole only without one', () => {
    fc.assert(
      fc.property(utf8WithNoise, (data) => {
        const at = firstInvalidByte(data);
        const decoder = () => new TextDecoder('utf-8', { fatal: true });
        expect(() => decoder().decode(data.subarray(0, at))).not.toThrow();
        if (at === data.length) expect(() => decoder().decode(data)).not.toThrow();
        else expect(() => decoder().decode(data)).toThrow(TypeError);
      }),
      { seed: 15, numRuns: 2000 },
    );
  });
});
