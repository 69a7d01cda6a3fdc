/**
 * The Definitions view's job: every variant's value per recommender (the core's variantValues), whether the sampled
 * evaluation follows it, and the tie comparison — on a reduced sample of the shipped MovieLens true ranks (the first
 * 400 users of X and Z, read through the app's file reading), Recall@10 and AUC under each tie rule against a direct
 * average over each user's tie range computed here from the CSV.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/expectClose.ts';
import { groupedRankData, singleRankData, variantValues } from '../src/core/index.ts';
import { definitionsTable, TIE_COLUMNS } from './definitions.ts';
import { readInput } from './jobs.ts';

const USERS = 400;

function reducedMovieLens(): string {
  const text = readFileSync(new URL('../public/datasets/movielens-1m-true-ranks.csv', import.meta.url), 'utf8');
  const [header, ...lines] = text.trim().split('\n');
  const keep = (name: string) => lines.filter((l) => l.startsWith(`${name},`)).slice(0, USERS);
  return [header, ...keep('X'), ...keep('Z')].join('\n') + '\n';
}

/** The mean over users of M at the tie range's first, every (averaged) or last position. */
function direct(text: string, name: string, m: (rank: number, n: number) => number) {
  const [header, ...lines] = text.trim().split('\n');
  const col = (c: string) => header.split(',').indexOf(c);
  const rows = lines.map((l) => l.split(',')).filter((f) => f[0] === name);
  const mean = (per: (lo: number, hi: number, n: number) => number) =>
    rows.reduce((s, f) => s + per(+f[col('rankOptimistic')], +f[col('rankPessimistic')], +f[col('n')]), 0) /
    rows.length;
  return [
    mean((lo, _, n) => m(lo, n)),
    mean((lo, hi, n) => {
      let s = 0;
      for (let r = lo; r <= hi; r++) s += m(r, n);
      return s / (hi - lo + 1);
    }),
    mean((_, hi, n) => m(hi, n)),
  ];
}

describe('definitionsTable', () => {
  it('MovieLens X and Z (400 users each): Recall@10 and AUC under optimistic, random, pessimistic ties', async () => {
    const text = reducedMovieLens();
    const parsed = await readInput(text, { file: 'ml.csv', itemCount: 3706 });
    if (!parsed.ok || parsed.value.kind !== 'ranks') throw new Error('not read');
    const result = definitionsTable({ recommenders: parsed.value.file.recommenders, itemCount: 3706, cutoff: 10 });
    expect(TIE_COLUMNS).toEqual(['optimistic', 'random', 'pessimistic']);
    const [x, z] = result.ties!;
    expect([x.recommender, z.recommender]).toEqual(['X', 'Z']);
    expect(x.tiedUsers).toBe(0);
    expect(z.tiedUsers).toBeGreaterThan(100);
    const recall = (r: number) => (r <= 10 ? 1 : 0);
    const auc = (r: number, n: number) => (n - r) / (n - 1); // K&R eq 7
    for (const row of [x, z]) {
      direct(text, row.recommender, recall).forEach((want, i) => expectClose(row.recall[i], want, 1e-12));
      direct(text, row.recommender, auc).forEach((want, i) => expectClose(row.auc[i], want, 1e-12));
    }
    expect(z.auc[0]).toBeGreaterThan(z.auc[1]);
    expect(z.auc[1]).toBeGreaterThan(z.auc[2]);
  });

  it('gives every variant’s value per recommender, and says how far the sampled evaluation follows it', () => {
    const a = singleRankData('A', [1, 4, 30]);
    const result = definitionsTable({ recommenders: [a], itemCount: 100, cutoff: 5 });
    const values = variantValues(a, { cutoff: 5, itemCount: 100 });
    expect(result.variants.map((v) => v.values[0])).toEqual(values.map((v) => v.value));
    const support = Object.fromEntries(result.variants.map((v) => [v.id, v.sampled]));
    expect(support).toMatchObject({
      hitrate: 'same',
      'ap-k': 'expected-only',
      'ap-elliot': 'expected-only',
      dcg: 'same',
    });
    expect(result.ties).toBeNull();
    const multi = groupedRankData('M', [[1, 3], [2]], [10, 10]);
    const several = definitionsTable({ recommenders: [multi], itemCount: 10, cutoff: 5 });
    expect(several.variants.find((v) => v.id === 'hitrate')!.sampled).toBe('none');
    expect(several.variants.find((v) => v.id === 'recall')!.sampled).toBe('same');
  });

  it('names the problem of a recommender whose data the variants refuse, and keeps the others', () => {
    const bad = singleRankData('B', [150]);
    const result = definitionsTable({ recommenders: [singleRankData('A', [1]), bad], itemCount: 100, cutoff: 5 });
    expect(result.problems[0]).toBeNull();
    expect(result.problems[1]).toMatch(/rank 150 is outside 1\.\.100/);
    expect(result.variants[0].values).toEqual([1, null]);
  });
});
