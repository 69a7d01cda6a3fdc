import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFileError } from './fileError.ts';
import { parseRankList } from './rankList.ts';
import { readRankInput } from './readRankInput.ts';
import { compactRankData, summariseRanks } from './rankHistogram.ts';
import { groupedRankData, singleRankData } from '../core/rankData.ts';

const n = { itemCount: 10_000 };

/** The ranks of a histogram, expanded and sorted. */
function expand(data: { ranks: ArrayLike<number>; weights: ArrayLike<number> }): number[] {
  return Array.from(data.ranks).flatMap((r, i) => Array<number>(data.weights[i]).fill(r));
}

describe('parseRankList (paste box of one recommender)', () => {
  it('reads ranks separated by spaces, commas, semicolons and new lines into a histogram', () => {
    const parsed = parseRankList('40, 40 8437\r\n9266;4482\n\n', 'B', n);
    expect(parsed.ok && parsed.count).toBe(5);
    expect(parsed.ok && [Array.from(parsed.data.ranks), Array.from(parsed.data.weights)]).toEqual([
      [40, 4482, 8437, 9266],
      [2, 1, 1, 1],
    ]);
  });

  it('names the line and the value of the first problem', () => {
    expect(parseRankList('1 2\n3\n12000 4', 'A', n)).toEqual({
      ok: false,
      line: 3,
      message: 'line 3: 12000 is larger than n = 10000',
    });
    expect(parseRankList('5\n2.5', 'A', n)).toMatchObject({
      line: 2,
      message: 'line 2: "2.5" is not a whole number (ranks are 1, 2, 3, …)',
    });
    expect(parseRankList('abc', 'A', n)).toMatchObject({
      line: 1,
      message: 'line 1: "abc" is not a number (ranks are 1, 2, 3, …)',
    });
    expect(parseRankList('0', 'A', n)).toMatchObject({ message: 'line 1: 0 is not a rank (1 is the best position)' });
    expect(parseRankList('  \n ', 'A', n)).toMatchObject({ ok: false, line: null });
  });

  it('bounds sampled ranks by m + 1', () => {
    const options = { itemCount: 10_000, sampleSize: 99, sampled: true };
    expect(parseRankList('100', 'A', options).ok).toBe(true);
    expect(parseRankList('1\n101', 'A', options)).toMatchObject({ message: 'line 2: 101 is larger than m + 1 = 100' });
  });

  it('reads back any list of valid ranks, whatever the separators (property)', () => {
    const separator = fc.constantFrom(' ', ',', ', ', '\n', '\r\n', ';', '\t', '  ');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000 }), separator), { minLength: 1, maxLength: 60 }),
        (items) => {
          const text = items.map(([r, s]) => `${r}${s}`).join('');
          const parsed = parseRankList(text, 'A', n);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(expand(parsed.data)).toEqual(items.map(([r]) => r).sort((a, b) => a - b));
        },
      ),
    );
  });

  it('answers any text with ranks or a message naming an existing line (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parseRankList(text, 'A', n);
        if (parsed.ok) return;
        expect(parsed.message.length).toBeGreaterThan(0);
        if (parsed.line !== null) {
          expect(parsed.line).toBeGreaterThanOrEqual(1);
          expect(parsed.line).toBeLessThanOrEqual(text.split(/\r\n|\n|\r/).length);
          expect(parsed.message).toMatch(new RegExp(`^line ${parsed.line}: `));
        }
      }),
    );
  });
});

describe('readRankInput (files and the whole-CSV paste)', () => {
  const options = { file: 'ranks.csv', itemCount: 10_000 };

  it('compacts CSV rows into one histogram per recommender, in order of appearance', () => {
    const parsed = readRankInput('recommender,rank\nB,3\nA,1\nB,3\n', options);
    if (!parsed.ok || parsed.value.kind !== 'ranks') throw new Error('not ranks');
    const [b, a] = parsed.value.file.recommenders;
    expect([b.name, Array.from(b.ranks), Array.from(b.weights), a.name]).toEqual(['B', [3], [2], 'A']);
  });

  it('reads TSV histograms and keeps grouped users as they are', () => {
    const tsv = readRankInput('recommender\trank\tcount\nA\t7\t2\nA\t3\t5\n', options);
    expect(tsv.ok && tsv.value.kind === 'ranks' && summariseRanks(tsv.value.file.recommenders[0])).toEqual({
      instances: 7,
      relevantItems: 7,
      minRank: 3,
      maxRank: 7,
      grouped: false,
    });
    const grouped = readRankInput('recommender,user,rank\nA,u,9\nA,u,4\nA,v,2\n', options);
    expect(
      grouped.ok && grouped.value.kind === 'ranks' && Array.from(grouped.value.file.recommenders[0].offsets),
    ).toEqual([0, 2, 3]);
  });

  it('reads JSON records and rank lists, naming the record at fault', () => {
    const records = readRankInput('[{"recommender":"A","rank":3},{"recommender":"A","rank":5}]', {
      ...options,
      file: 'r.json',
    });
    expect(
      records.ok && records.value.kind === 'ranks' && Array.from(records.value.file.recommenders[0].ranks),
    ).toEqual([3, 5]);
    const lists = readRankInput('{"X": [1, 2], "Y": [4]}', { ...options, file: 'r.json' });
    expect(lists.ok && lists.value.kind === 'ranks' && lists.value.file.recommenders.map((r) => r.name)).toEqual([
      'X',
      'Y',
    ]);
    const bad = readRankInput('{"X": [1, 20000]}', { ...options, file: 'r.json' });
    expect(!bad.ok && formatFileError(bad.error)).toBe('r.json: "X", rank 2: rank 20000 is larger than n = 10000');
    const badRecord = readRankInput('[{"recommender":"A","rank":3},{"recommender":"A","rank":"x"}]', {
      ...options,
      file: 'r.json',
    });
    expect(!badRecord.ok && formatFileError(badRecord.error)).toBe('r.json: record 2: rank "x" is not an integer');
    expect(readRankInput('{"X": 3', { ...options, file: 'r.json' }).ok).toBe(false);
  });

  it('returns a configuration file as it is, for the app to restore', () => {
    const parsed = readRankInput('{"format":"sampled-metrics-explorer","settings":{}}', options);
    expect(parsed.ok && parsed.value.kind).toBe('document');
  });

  it('keeps the CSV parser’s file:line messages', () => {
    const parsed = readRankInput('recommender,rank\nA,1\nA,12000\n', options);
    expect(!parsed.ok && formatFileError(parsed.error)).toBe('ranks.csv:3: rank 12000 is larger than n = 10000');
  });
});

describe('compactRankData', () => {
  it('leaves data with several relevant items or their own n unchanged', () => {
    const grouped = groupedRankData('A', [[1, 2], [3]]);
    expect(compactRankData(grouped)).toBe(grouped);
    const withN = singleRankData('A', [1, 2], null, [10, 20]);
    expect(compactRankData(withN)).toBe(withN);
  });
});

describe('parseRankList lists every bad line', () => {
  it('lists up to 20 problems and counts them all, the first as the message', () => {
    const text = Array.from({ length: 25 }, (_, i) => `${20_000 + i}`).join('\n');
    const parsed = parseRankList(`1\n${text}\nx`, 'A', { itemCount: 10_000 });
    expect(parsed).toMatchObject({ ok: false, line: 2, message: 'line 2: 20000 is larger than n = 10000', total: 26 });
    expect(!parsed.ok && parsed.problems?.length).toBe(20);
    expect(!parsed.ok && parsed.problems?.[19]).toBe('line 21: 20019 is larger than n = 10000');
  });
});
