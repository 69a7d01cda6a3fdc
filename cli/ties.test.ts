/**
 * `--ties optimistic|pessimistic|random` on `exact` and `expected`, on the shipped MovieLens true ranks (recommender
 * Z leaves about 2,600 held-out items tied at score 0; the file carries rankOptimistic and rankPessimistic).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MetricResult } from './commands/exact.ts';
import { argv, cli, cliJson } from './testing.ts';

interface VariantsDoc {
  variants: { recommender: string; variant: string; value: number }[];
}

const movieLens = readFileSync(new URL('../public/datasets/movielens-1m-true-ranks.csv', import.meta.url), 'utf8');
const ML = { 'ml.csv': movieLens };

const valueOf = (doc: VariantsDoc, recommender: string, variant: string) =>
  doc.variants.find((v) => v.recommender === recommender && v.variant === variant)!.value;

describe('sampled-metrics exact --ties', () => {
  it('gives the same document as before without --ties, and adds "ties" with it', async () => {
    const plain = await cliJson<Record<string, unknown>>(
      argv('exact', { n: 3706, ranks: 'ml.csv', metrics: 'auc' }),
      ML,
    );
    expect(Object.keys(plain)).toEqual(['n', 'm', 'sampling', 'results']);
    const random = await cliJson<{ ties: string; results: { recommender: string; exact: number }[] }>(
      argv('exact', { n: 3706, ranks: 'ml.csv', metrics: 'auc,recall@10', ties: 'random' }),
      ML,
    );
    expect(random.ties).toBe('random');
    const variants = await cliJson<VariantsDoc>(
      argv('variants', { n: 3706, ranks: 'ml.csv', k: 10, ties: 'random' }),
      ML,
    );
    const z = random.results.filter((r) => r.recommender === 'Z');
    expect(z[0].exact).toBeCloseTo(valueOf(variants, 'Z', 'gauc'), 14);
    expect(z[1].exact).toBeCloseTo(valueOf(variants, 'Z', 'recall'), 14);
  });

  it('names the rule in the text and rejects an unknown one', async () => {
    const ok = await cli(argv('exact', { n: 3706, ranks: 'ml.csv', metrics: 'auc', ties: 'pessimistic' }), ML);
    expect(ok.out.split('\n')[0]).toBe(
      'Exact metrics, n = 3706, ties broken pessimistically (each relevant item after the items tied with it)',
    );
    const bad = await cli(argv('exact', { n: 3706, ranks: 'ml.csv', metrics: 'auc', ties: 'worst' }), ML);
    expect(bad.code).toBe(2);
    expect(bad.err.split('\n')[0]).toBe(
      '--ties: unknown tie rule "worst": expected one of optimistic, pessimistic, random',
    );
  });
});

describe('sampled-metrics expected --ties', () => {
  // A small file: two users whose held-out item ties over a range, among n = 40; m = 5.
  const ranks = 'recommender,rank,rankOptimistic,rankPessimistic\n' + 'A,3,3,3\n' + 'A,12,10,14\n' + 'A,31,25,40\n';
  const files = { 'r.csv': ranks };
  const base = { n: 40, m: 5, ranks: 'r.csv', metrics: 'recall@2,auc' };

  it('optimistic and pessimistic are the plain ranks at either end of each range', async () => {
    for (const [ties, at] of [
      ['optimistic', [3, 10, 25]],
      ['pessimistic', [3, 14, 40]],
    ] as const) {
      const withTies = await cliJson<{ results: MetricResult[] }>(argv('expected', { ...base, ties }), files);
      const plain = await cliJson<{ results: MetricResult[] }>(argv('expected', { ...base, ranks: 'p.csv' }), {
        'p.csv': 'recommender,rank\n' + at.map((r) => `A,${r}\n`).join(''),
      });
      expect(withTies.results).toEqual(plain.results);
    }
  });

  it('random: the exact and expected sampled values are the means over each range of the one-position values', async () => {
    const random = await cliJson<{ ties: string; results: MetricResult[] }>(
      argv('expected', { ...base, ties: 'random' }),
      files,
    );
    expect(random.ties).toBe('random');
    // The mean over users of the mean over each range, from single-rank files, one per position.
    const ranges = [
      [3, 3],
      [10, 14],
      [25, 40],
    ];
    const expected = { exact: [0, 0], sampledMean: [0, 0] };
    for (const [low, high] of ranges) {
      for (let r = low; r <= high; r++) {
        const one = await cliJson<{ results: MetricResult[] }>(argv('expected', { ...base, ranks: 'one.csv' }), {
          'one.csv': `recommender,rank\nA,${r}\n`,
        });
        one.results.forEach((row, j) => {
          expected.exact[j] += row.exact / (high - low + 1) / ranges.length;
          expected.sampledMean[j] += row.sampledMean! / (high - low + 1) / ranges.length;
        });
      }
    }
    random.results.forEach((row, j) => {
      expect(row.exact).toBeCloseTo(expected.exact[j], 14);
      expect(row.sampledMean).toBeCloseTo(expected.sampledMean[j], 14);
    });
  });

  it('random with several tied relevant items per user is refused with a message', async () => {
    const multi = 'recommender,user,rank,rankOptimistic,rankPessimistic\nA,u,1,1,3\nA,u,2,1,3\n';
    const result = await cli(argv('expected', { ...base, ranks: 'm.csv', ties: 'random' }), { 'm.csv': multi });
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(
      'recommender "A": the random tie rule for sampled metrics needs one relevant item per user when scores tie; use optimistic or pessimistic',
    );
  });
});

describe('sampled-metrics simulate --ties', () => {
  const ranks = 'recommender,rank,rankOptimistic,rankPessimistic\n' + 'A,3,3,3\n' + 'A,12,10,14\n' + 'A,31,25,40\n';
  const base = {
    n: 40,
    m: 5,
    ranks: 'r.csv',
    metrics: 'recall@2,auc',
    methods: 'sampled,bv:0.1',
    repeats: 20,
    seed: 3,
  };
  interface Study {
    ties?: string;
    results: { recommender: string; metric: string; method: string; exact: number; mean: number }[];
  }

  it('optimistic and pessimistic simulate the plain ranks at either end of each range, draw for draw', async () => {
    for (const [ties, at] of [
      ['optimistic', [3, 10, 25]],
      ['pessimistic', [3, 14, 40]],
    ] as const) {
      const withTies = await cliJson<Study>(argv('simulate', { ...base, ties }), { 'r.csv': ranks });
      const plain = await cliJson<Study>(argv('simulate', { ...base, ranks: 'p.csv' }), {
        'p.csv': 'recommender,rank\n' + at.map((r) => `A,${r}\n`).join(''),
      });
      expect(withTies.ties).toBe(ties);
      expect(withTies.results).toEqual(plain.results);
    }
  });

  it('random: the exact column is the exact expectation over the tie order (as `exact --ties random`)', async () => {
    const study = await cliJson<Study>(argv('simulate', { ...base, ties: 'random' }), { 'r.csv': ranks });
    const exact = await cliJson<{ results: { metric: string; exact: number }[] }>(
      argv('exact', { n: 40, ranks: 'r.csv', metrics: 'recall@2,auc', ties: 'random' }),
      { 'r.csv': ranks },
    );
    for (const row of exact.results) {
      expect(study.results.filter((r) => r.metric === row.metric).map((r) => r.exact)).toEqual([row.exact, row.exact]);
    }
    const text = await cli(
      argv('simulate', { ...base, ties: 'random' }).filter((a) => a !== '--json'),
      {
        'r.csv': ranks,
      },
    );
    expect(text.out).toContain('ties broken at random');
  });

  it('a tie rule not in the list is refused, naming the option and the choices', async () => {
    const bad = await cli(argv('simulate', { ...base, ties: 'best' }), { 'r.csv': ranks });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--ties: unknown tie rule "best": expected one of optimistic, pessimistic, random');
  });
});
