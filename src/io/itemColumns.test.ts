/** The optional relevance and tie columns of rank files, read through parseRankFile. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatFileError, parseRankFile } from './index.ts';

const opts = { file: 'r.csv', itemCount: 100 };

function parsed(text: string, options: Parameters<typeof parseRankFile>[1] = opts) {
  const result = parseRankFile(text, options);
  if (!result.ok) throw new Error(formatFileError(result.error));
  return result.value;
}

function error(text: string, options: Parameters<typeof parseRankFile>[1] = opts): string {
  const result = parseRankFile(text, options);
  if (result.ok) throw new Error('expected an error');
  return formatFileError(result.error);
}

describe('relevance, rankOptimistic and rankPessimistic columns', () => {
  it('come back aligned with the ranks, also when a user’s rows are not in rank order', () => {
    const text =
      'recommender,user,rank,relevance,rankOptimistic,rankPessimistic\n' +
      'A,u1,7,4.5,5,9\n' +
      'A,u1,2,5,2,2\n' +
      'A,u1,6,3,5,9\n' +
      'A,u2,1,0,,\n';
    const file = parsed(text);
    const [a] = file.recommenders;
    expect(file.tieRanges).toBe(true);
    expect(file.relevanceGrades).toBe(true);
    expect(Array.from(a.ranks)).toEqual([2, 6, 7, 1]);
    expect(Array.from(a.relevance!)).toEqual([5, 3, 4.5, 0]);
    expect(Array.from(a.ties!.low)).toEqual([2, 5, 5, 1]);
    expect(Array.from(a.ties!.high)).toEqual([2, 9, 9, 1]);
  });

  it('single and histogram layouts carry them per row; files without them have neither field', () => {
    const single = parsed('recommender,rank,rankOptimistic,rankPessimistic\nA,3,1,4\nA,8,8,8\n').recommenders[0];
    expect(Array.from(single.ties!.low)).toEqual([1, 8]);
    expect(single.relevance).toBeUndefined();
    const histogram = parsed('recommender,rank,count,relevance\nA,3,2,1.5\nA,4,0,2\nA,8,1,2\n').recommenders[0];
    expect(Array.from(histogram.relevance!)).toEqual([1.5, 2]);
    const plain = parsed('recommender,rank\nA,3\n');
    expect(plain.recommenders[0].ties).toBeUndefined();
    expect(plain.tieRanges).toBe(false);
  });

  it('read the shipped MovieLens files (ranks within their ranges, Z’s ranges up to 3,612 positions)', () => {
    for (const name of ['true', 'ncf-sampled']) {
      const text = readFileSync(
        new URL(`../../public/datasets/movielens-1m-${name}-ranks.csv`, import.meta.url),
        'utf8',
      );
      const options =
        name === 'true'
          ? { file: name, itemCount: 3706 }
          : { file: name, itemCount: 3706, sampleSize: 99, sampled: true, sampling: 'without-replacement' as const };
      const z = parsed(text, options).recommenders.find((r) => r.name === 'Z')!;
      const widths = z.ties!.high.map((h, j) => h - z.ties!.low[j] + 1);
      expect(widths.filter((w) => w > 1).length).toBeGreaterThan(2600);
      if (name === 'true') expect(Math.max(...widths)).toBe(3612);
    }
  });

  it.each([
    [
      'relevance "high" is not a number',
      'recommender,rank,relevance\nA,3,high\n',
      'r.csv:2: relevance "high" is not a number',
    ],
    [
      'a negative relevance',
      'recommender,rank,relevance\nA,3,2\nA,4,-1\n',
      'r.csv:3: relevance -1 is negative (grades are ≥ 0)',
    ],
    ['an empty relevance cell', 'recommender,rank,relevance\nA,3,\n', 'r.csv:2: missing relevance'],
    [
      'rankOptimistic > rankPessimistic',
      'recommender,rank,rankOptimistic,rankPessimistic\nA,5,6,4\n',
      'r.csv:2: rankOptimistic 6 is larger than rankPessimistic 4',
    ],
    [
      'a rank outside its range',
      'recommender,rank,rankOptimistic,rankPessimistic\nA,9,3,5\n',
      'r.csv:2: rank 9 is outside its tie range rankOptimistic..rankPessimistic = 3..5',
    ],
    [
      'a range past n',
      'recommender,rank,rankOptimistic,rankPessimistic\nA,99,90,101\n',
      'r.csv:2: rankPessimistic 101 is larger than n = 100',
    ],
    [
      'a non-integer range',
      'recommender,rank,rankOptimistic,rankPessimistic\nA,3,2.5,4\n',
      'r.csv:2: rankOptimistic "2.5" is not an integer',
    ],
    [
      'one empty tie cell',
      'recommender,rank,rankOptimistic,rankPessimistic\nA,3,,4\n',
      'r.csv:2: missing rankOptimistic',
    ],
    [
      'only one tie column',
      'recommender,rank,rankPessimistic\nA,3,4\n',
      'r.csv:1: a "rankPessimistic" column needs a "rankOptimistic" column too',
    ],
    [
      'overlapping ranges of one user',
      'recommender,user,rank,rankOptimistic,rankPessimistic\nA,u,2,1,4\nA,v,1,1,1\nA,u,5,3,6\n',
      'r.csv:4: tie range 3..6 overlaps 1..4 on line 2 for this user (recommender "A", 2 relevant items); items tied with each other share one range',
    ],
  ])('reject %s, naming file, line and value', (_, text, message) => {
    expect(error(text)).toBe(message);
  });

  it('sampled ranks: a tie range past m + 1 is named', () => {
    const options = { file: 's.csv', itemCount: 1000, sampleSize: 9, sampled: true };
    expect(error('recommender,rank,rankOptimistic,rankPessimistic\nA,3,2,11\n', options)).toBe(
      's.csv:2: rankPessimistic 11 is larger than m + 1 = 10',
    );
  });
});
