import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argv, cli, cliJson } from '../testing.ts';
import type { VariantRow } from './variants.ts';

interface VariantsDoc {
  k: number;
  n: number;
  ties: string | null;
  variants: VariantRow[];
}

const movieLens = readFileSync(new URL('../../public/datasets/movielens-1m-true-ranks.csv', import.meta.url), 'utf8');
const ML = { 'ml.csv': movieLens };

/** The value of one recommender's variant. */
const valueOf = (doc: VariantsDoc, recommender: string, variant: string) =>
  doc.variants.find((v) => v.recommender === recommender && v.variant === variant)!.value;

describe('sampled-metrics variants', () => {
  it('prints {k, n, ties, variants: [{recommender, metric, variant, label, libraries, formula, note, value}]}, one entry per recommender × variant', async () => {
    const doc = await cliJson<VariantsDoc>(argv('variants', { n: 10, ranks: 'fixtures/multi.csv', k: 2 }));
    expect(doc.k).toBe(2);
    expect(doc.n).toBe(10);
    expect(doc.ties).toBeNull();
    const perRecommender = doc.variants.filter((v) => v.recommender === 'X').length;
    expect(perRecommender).toBeGreaterThanOrEqual(20);
    expect(doc.variants.length).toBe(2 * perRecommender);
    expect(doc.variants.map((v) => v.recommender)).toEqual([
      ...Array(perRecommender).fill('X'),
      ...Array(perRecommender).fill('Y'),
    ]);
    for (const row of doc.variants) {
      expect(Object.keys(row).sort()).toEqual([
        'formula',
        'label',
        'libraries',
        'metric',
        'note',
        'recommender',
        'value',
        'variant',
      ]);
      expect(['precision', 'recall', 'hitrate', 'mrr', 'ap', 'ndcg', 'auc']).toContain(row.metric);
      expect(Number.isFinite(row.value)).toBe(true);
    }
    const metrics = new Set(doc.variants.map((v) => v.metric));
    expect(metrics.size).toBe(7);
  });

  it('computes the readings of MAP@2, HitRate@2 and MRR@2 by hand on fixtures/multi.csv', async () => {
    const doc = await cliJson<VariantsDoc>(argv('variants', { n: 10, ranks: 'fixtures/multi.csv', k: 2 }));
    // X: u1 = {1, 3}, u2 = {2}, u3 = {1, 5, 20} (n = 20). Hits in the top 2: u1 {1}, u2 {2}, u3 {1}.
    // Σ Prec@r_i over hits: u1 1, u2 1/2, u3 1.
    expect(valueOf(doc, 'X', 'ap-k')).toBeCloseTo((1 / 2 + 1 / 2 / 2 + 1 / 2) / 3, 14);
    expect(valueOf(doc, 'X', 'ap-r')).toBeCloseTo((1 / 2 + 1 / 2 + 1 / 3) / 3, 14);
    expect(valueOf(doc, 'X', 'ap-min')).toBeCloseTo((1 / 2 + 1 / 2 / 1 + 1 / 2) / 3, 14);
    expect(valueOf(doc, 'X', 'hitrate')).toBe(1);
    expect(valueOf(doc, 'X', 'hitrate-count')).toBe(1);
    expect(valueOf(doc, 'X', 'mrr')).toBeCloseTo((1 + 1 / 2 + 1) / 3, 14);
    // Y: u1 = {4}, u2 = {9, 10}, u3 = {2}: one hit (u3, rank 2).
    expect(valueOf(doc, 'Y', 'hitrate')).toBeCloseTo(1 / 3, 14);
    expect(valueOf(doc, 'Y', 'mrr-sum')).toBeCloseTo(1 / 2 / 3, 14);
    // AUC per user as in `exact` (eq 2), the mean over users.
    const exact = await cliJson<{ results: { recommender: string; exact: number }[] }>(
      argv('exact', { n: 10, ranks: 'fixtures/multi.csv', metrics: 'auc' }),
    );
    expect(valueOf(doc, 'X', 'gauc')).toBeCloseTo(exact.results[0].exact, 14);
  });

  it('reads grades and tie ranges (fixtures/graded.csv): graded NDCG differs from binary, and every variant is ordered optimistic ≥ random ≥ pessimistic', async () => {
    const run = (ties: string) =>
      cliJson<VariantsDoc>(argv('variants', { n: 20, ranks: 'fixtures/graded.csv', k: 5, ties }));
    const [optimistic, random, pessimistic] = await Promise.all(['optimistic', 'random', 'pessimistic'].map(run));
    expect(Math.abs(valueOf(random, 'X', 'ndcg-exp') - valueOf(random, 'X', 'ndcg'))).toBeGreaterThan(0.01);
    expect(Math.abs(valueOf(random, 'X', 'ndcg-linear') - valueOf(random, 'X', 'ndcg'))).toBeGreaterThan(0.005);
    random.variants.forEach((row, j) => {
      expect(optimistic.variants[j].value, row.variant).toBeGreaterThanOrEqual(row.value - 1e-12);
      expect(row.value, row.variant).toBeGreaterThanOrEqual(pessimistic.variants[j].value - 1e-12);
    });
    expect(valueOf(optimistic, 'X', 'hitrate')).toBeGreaterThan(valueOf(pessimistic, 'X', 'hitrate'));
  });

  it('has help, and is listed among the commands', async () => {
    const help = await cli(['variants', '--help']);
    expect([help.code, help.err]).toEqual([0, '']);
    expect(help.out).toMatch(/^usage: sampled-metrics variants --n N --ranks FILE --k K/);
    expect(help.out).toContain('--ties optimistic|pessimistic|random');
    expect((await cli(['--help'])).out).toContain('  variants ');
  });

  it('prints a table with a row per variant and a column per recommender', async () => {
    const result = await cli(['variants', '--n', '10', '--ranks', 'fixtures/multi.csv', '--k', '2', '--digits', '3']);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out).toContain('Metric variants (Tamm et al. 2021), K = 2, n = 10');
    expect(result.out).toMatch(/metric\s+variant\s+X\s+Y\s+libraries/);
    expect(result.out).toMatch(/ap\s+ap-min\s+0\.500\s+0\.167\s+RecBole, RePlay, DL RS Evaluation/);
  });

  it('MovieLens Z under --ties optimistic, random and pessimistic: Recall@10 and AUC against a direct average over the tie range', async () => {
    const rows = movieLens
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter((f) => f[0] === 'Z')
      .map((f) => ({ n: +f[3], low: +f[4], high: +f[5] }));
    const direct = (m: (r: number, n: number) => number, pick: 'low' | 'high' | 'range') =>
      rows.reduce((s, { n, low, high }) => {
        if (pick !== 'range') return s + m(pick === 'low' ? low : high, n);
        let t = 0;
        for (let r = low; r <= high; r++) t += m(r, n);
        return s + t / (high - low + 1);
      }, 0) / rows.length;
    const auc = (r: number, n: number) => (n - r) / (n - 1);
    const recall = (r: number) => (r <= 10 ? 1 : 0);
    const values: Record<string, { recall: number; auc: number }> = {};
    for (const [ties, pick] of [
      ['optimistic', 'low'],
      ['random', 'range'],
      ['pessimistic', 'high'],
    ] as const) {
      const doc = await cliJson<VariantsDoc>(argv('variants', { n: 3706, ranks: 'ml.csv', k: 10, ties }), ML);
      expect(doc.ties).toBe(ties);
      values[ties] = { recall: valueOf(doc, 'Z', 'recall'), auc: valueOf(doc, 'Z', 'gauc') };
      expect(values[ties].recall).toBeCloseTo(direct(recall, pick), 12);
      expect(values[ties].auc).toBeCloseTo(direct(auc, pick), 12);
    }
    expect(values.optimistic.auc).toBeGreaterThan(values.random.auc);
    expect(values.random.auc).toBeGreaterThan(values.pessimistic.auc);
    expect(values.optimistic.recall).toBeGreaterThanOrEqual(values.random.recall);
    expect(values.random.recall).toBeGreaterThanOrEqual(values.pessimistic.recall);
  });

  it.each([
    [{ ties: 'fair' }, {}, '--ties: unknown tie rule "fair": expected one of optimistic, pessimistic, random'],
    [{ k: 0 }, {}, '--k must be at least 1, got 0'],
    [
      { ranks: 'r.csv' },
      { 'r.csv': 'recommender,rank,relevance\nA,3,4\nA,2,-1\n' },
      'r.csv:3: relevance -1 is negative (grades are ≥ 0)',
    ],
    [
      { ranks: 'r.csv' },
      { 'r.csv': 'recommender,rank,relevance\nA,3,five\n' },
      'r.csv:2: relevance "five" is not a number',
    ],
    [
      { ranks: 'r.csv' },
      { 'r.csv': 'recommender,rank,rankOptimistic,rankPessimistic\nA,3,1,4\nA,5,6,4\n' },
      'r.csv:3: rankOptimistic 6 is larger than rankPessimistic 4',
    ],
  ])('rejects %j (files %j) with exit 2 and one message', async (options, files, message) => {
    const result = await cli(
      argv('variants', { n: 10, ranks: 'fixtures/multi.csv', k: 2, ...options }),
      files as Record<string, string>,
    );
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err.split('\n')[0]).toBe(message);
  });
});
