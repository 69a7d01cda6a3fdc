import { describe, expect, it } from 'vitest';
import { formatFileError, formatFileProblems, parsePriorFile, parseRankFile, parseTable } from './index.ts';

const opts = { file: 'r.csv', itemCount: 100 };

describe('parseTable', () => {
  it('reads CSV with quotes, CRLF, a BOM, comments and blank lines, keeping file line numbers', () => {
    const text = '\ufeff# comment\r\nRecommender , "rank"\r\n\r\n"A, the first","1"\r\n"say ""hi""",2\r\n';
    const table = parseTable(text, 't.csv');
    expect(table.ok && table.value.header).toEqual(['recommender', 'rank']);
    expect(table.ok && table.value.rows).toEqual([
      { line: 4, cells: ['A, the first', '1'] },
      { line: 5, cells: ['say "hi"', '2'] },
    ]);
  });

  it('detects tabs from the header line', () => {
    const table = parseTable('rank\trecommender\n3\tA,B\n', 't.tsv');
    expect(table.ok && table.value.delimiter).toBe('\t');
    expect(table.ok && table.value.rows[0].cells).toEqual(['3', 'A,B']);
  });

  it('rejects a column named twice', () => {
    const table = parseTable('rank,Rank\n1,2\n', 't.csv');
    expect(!table.ok && formatFileError(table.error)).toBe('t.csv:1: column "rank" appears twice in the header');
  });
});

describe('parseRankFile', () => {
  it('keeps recommenders in order of first appearance and reports the layout', () => {
    const parsed = parseRankFile('recommender,rank\nB,3\nA,1\nB,4\n', opts);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.layout).toBe('single');
    expect(parsed.value.recommenders.map((r) => [r.name, Array.from(r.ranks)])).toEqual([
      ['B', [3, 4]],
      ['A', [1]],
    ]);
    expect(parsed.value.perInstanceItemCount).toBe(false);
  });

  it('turns histogram rows into weighted instances and skips count 0', () => {
    const parsed = parseRankFile('recommender,rank,count\nA,3,2\nA,5,0\nA,7,1\n', opts);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [a] = parsed.value.recommenders;
    expect([parsed.value.layout, Array.from(a.ranks), Array.from(a.weights)]).toEqual(['histogram', [3, 7], [2, 1]]);
  });

  it('groups users, sorts their ranks, and fills empty n cells with the default', () => {
    const parsed = parseRankFile('recommender,user,rank,n\nA,u,9,\nA,v,2,50\nA,u,4,\n', opts);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [a] = parsed.value.recommenders;
    expect(Array.from(a.offsets)).toEqual([0, 2, 3]);
    expect(Array.from(a.ranks)).toEqual([4, 9, 2]);
    expect(Array.from(a.itemCounts ?? [])).toEqual([100, 50]);
  });

  it('bounds sampled ranks by m + |R| instead of n', () => {
    const sampled = { ...opts, sampleSize: 9, sampled: true };
    expect(parseRankFile('recommender,rank\nA,10\n', sampled).ok).toBe(true);
    const single = parseRankFile('recommender,rank\nA,11\n', sampled);
    expect(!single.ok && formatFileError(single.error)).toBe('r.csv:2: sampled rank 11 is larger than m + 1 = 10');
    const grouped = parseRankFile('recommender,user,rank\nA,u,11\nA,u,12\n', sampled);
    expect(!grouped.ok && formatFileError(grouped.error)).toMatch(
      /^r.csv:3: sampled rank 12 is larger than m \+ \|R\| = 11/,
    );
  });

  it('locates the error by file, line and field', () => {
    const parsed = parseRankFile('recommender,rank\nA,1\nA,1000\n', opts);
    expect(!parsed.ok && parsed.error).toEqual({
      file: 'r.csv',
      line: 3,
      field: 'rank',
      message: 'rank 1000 is larger than n = 100',
    });
  });

  it('lists every bad line of a file, the first 20 of 25, then "and 5 more." (as the paste box does)', () => {
    const rows = Array.from({ length: 30 }, (_, i) => (i % 6 === 5 ? `A,${i + 1}` : `A,${1000 + i}`));
    const bad = rows.filter((row) => Number(row.slice(2)) > 100);
    expect(bad).toHaveLength(25);
    const parsed = parseRankFile(`recommender,rank\n${rows.join('\n')}\n`, opts);
    if (parsed.ok) throw new Error('a file of 25 bad lines was read');
    // The error is the first bad line's, as before (the CLI's one-line message), carrying the others.
    expect(formatFileError(parsed.error)).toBe('r.csv:2: rank 1000 is larger than n = 100');
    expect(parsed.error.total).toBe(25);
    const lines = formatFileProblems(parsed.error);
    expect(lines).toHaveLength(1 + 20 + 1);
    expect(lines[0]).toBe('r.csv: 25 lines have problems:');
    expect(lines[1]).toBe('r.csv:2: rank 1000 is larger than n = 100');
    expect(lines[6]).toBe('r.csv:8: rank 1006 is larger than n = 100'); // line 7 (rank 6) is fine
    expect(lines[21]).toBe('and 5 more.');
  });

  it('lists the bad lines of a grouped file too, those found per user included, and a single problem alone', () => {
    const sampled = { ...opts, sampleSize: 9, sampled: true };
    const parsed = parseRankFile('recommender,user,rank\nA,u,x\nA,v,11\nA,w,12\nA,w,1\n', sampled);
    if (parsed.ok) throw new Error('read');
    expect(formatFileProblems(parsed.error)).toEqual([
      'r.csv: 3 lines have problems:',
      'r.csv:2: sampled rank "x" is not an integer',
      'r.csv:3: sampled rank 11 is larger than m + 1 = 10',
      'r.csv:4: sampled rank 12 is larger than m + |R| = 11 for this user (recommender "A", 2 relevant items)',
    ]);
    const one = parseRankFile('recommender,rank\nA,1\nA,1000\n', opts);
    expect(!one.ok && formatFileProblems(one.error)).toEqual(['r.csv:3: rank 1000 is larger than n = 100']);
  });
});

describe('parsePriorFile', () => {
  it('normalises the weights over ranks 1..n, unlisted ranks weighing 0', () => {
    const parsed = parsePriorFile('rank,weight\n1,3\n4,1\n', { file: 'p.csv', itemCount: 5 });
    expect(parsed.ok && Array.from(parsed.value)).toEqual([0.75, 0, 0, 0.25, 0]);
  });
});
