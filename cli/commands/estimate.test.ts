import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { argv, cli, cliJson } from '../testing.ts';

interface EstimateDoc {
  n: number;
  m: number;
  results: { recommender: string; metric: string; method: string; estimate: number }[];
}
interface CorrectDoc {
  corrections: { metric: string; values: number[] }[];
}

const SAMPLED = { A: [1, 2, 1, 1, 3], B: [1, 1, 85, 93, 45], C: [3, 1, 8, 54, 16] }; // fixtures/toy-sampled.csv
const base = ['estimate', '--n', '10000', '--m', '99', '--sampled-ranks', 'fixtures/toy-sampled.csv'];

function estimates(doc: EstimateDoc): Map<string, number> {
  return new Map(doc.results.map((r) => [`${r.recommender}/${r.metric}/${r.method}`, r.estimate]));
}

describe('sampled-metrics estimate', () => {
  it('prints the JSON shape of the contract', async () => {
    const doc = await cliJson<EstimateDoc>(base.concat('--metrics', 'ap,auc', '--methods', 'sampled,cls'));
    expect([doc.n, doc.m]).toEqual([10000, 99]);
    expect(doc.results).toHaveLength(3 * 2 * 2);
    for (const row of doc.results) {
      expect(Object.keys(row).sort()).toEqual(['estimate', 'method', 'metric', 'recommender']);
      expect(Number.isFinite(row.estimate)).toBe(true);
    }
  });

  it("marks an estimate outside the metric's range: outsideRange in the JSON and * in the table (issue 35)", async () => {
    const args = base.concat('--metrics', 'ap', '--methods', 'sampled,ls,bv:1');
    const doc = await cliJson<{ results: { method: string; estimate: number; outsideRange?: { range: number[] } }[] }>(
      args,
    );
    for (const row of doc.results) {
      const outside = row.estimate < 1e-4 || row.estimate > 1;
      expect('outsideRange' in row, `${row.method} ${row.estimate}`).toBe(outside);
      if (outside) expect(row.outsideRange?.range).toEqual([1e-4, 1]); // AP over r = 1..10,000
    }
    // LS's estimates lie outside (A 32, B −3.2e7, C −6.1e8); the posterior mean never does.
    expect(doc.results.filter((r) => r.outsideRange).map((r) => r.method)).toEqual(['ls', 'ls', 'ls']);
    const text = (await cli(args)).out;
    expect(text).toMatch(/-\d+\.\d{4}\*/);
    expect(text).toContain("* outside the metric's range (ap [0.0001, 1.0000])");
  });

  it('mes:η:code fits MES as the papers’ code scales it: the same P̂ as eq 26 at η / (m + 1)', async () => {
    const got = estimates(
      await cliJson<EstimateDoc>(base.concat('--metrics', 'recall@10', '--methods', 'mes:0.001:code,mes:0.00001,mes')),
    );
    for (const name of Object.keys(SAMPLED)) {
      const code = got.get(`${name}/recall@10/mes:0.001:code`) as number;
      expect(code).toBeCloseTo(got.get(`${name}/recall@10/mes:0.00001`) as number, 9);
      expect(Math.abs(code - (got.get(`${name}/recall@10/mes:0.001`) as number))).toBeGreaterThan(0.01);
    }
  });

  it('method sampled averages the metric of the sampled ranks over users (by hand)', async () => {
    const got = estimates(
      await cliJson<EstimateDoc>(base.concat('--metrics', 'ap,recall@10,auc', '--methods', 'sampled')),
    );
    for (const [name, ranks] of Object.entries(SAMPLED)) {
      const mean = (f: (r: number) => number) => ranks.reduce((s, r) => s + f(r), 0) / ranks.length;
      expect(got.get(`${name}/ap/sampled`)).toBeCloseTo(
        mean((r) => 1 / r),
        12,
      );
      expect(got.get(`${name}/recall@10/sampled`)).toBeCloseTo(
        mean((r) => (r <= 10 ? 1 : 0)),
        12,
      );
      expect(got.get(`${name}/auc/sampled`)).toBeCloseTo(
        mean((r) => (100 - r) / 99),
        12,
      );
    }
  });

  it('a corrected estimate is the mean of the `correct` vector at the users’ sampled ranks', async () => {
    const methods = ['rank-estimate', 'cls', 'bv:0.1', 'bv:1'];
    const got = estimates(
      await cliJson<EstimateDoc>(base.concat('--metrics', 'ndcg,recall@10', '--methods', methods.join(','))),
    );
    for (const method of methods) {
      const vectors = await cliJson<CorrectDoc>([
        'correct',
        '--n',
        '10000',
        '--m',
        '99',
        '--metrics',
        'ndcg,recall@10',
        '--method',
        method,
      ]);
      for (const { metric, values } of vectors.corrections) {
        for (const [name, ranks] of Object.entries(SAMPLED)) {
          const mean = ranks.reduce((s, r) => s + values[r - 1], 0) / ranks.length;
          expect(got.get(`${name}/${metric}/${method}`)).toBeCloseTo(mean, 10);
        }
      }
    }
  });

  it('uses the correction for each user’s own n from the n column', async () => {
    const doc = await cliJson<EstimateDoc>(
      argv('estimate', { n: 10000, m: 9, 'sampled-ranks': 's.csv', metrics: 'ap', methods: 'rank-estimate' }),
      { 's.csv': 'recommender,rank,n\nA,2,1000\nA,2,\n' },
    );
    // Eq 20: ⌊1 + (n − 1)/9⌋ = 112 for n = 1000 and 1112 for n = 10000.
    expect(doc.results[0].estimate).toBeCloseTo((1 / 112 + 1 / 1112) / 2, 12);
  });

  it('gives the same estimates for a histogram of sampled ranks', async () => {
    const args = [
      'estimate',
      '--n',
      '500',
      '--m',
      '20',
      '--metrics',
      'ap',
      '--methods',
      'sampled,cls',
      '--sampled-ranks',
    ];
    const expanded = await cliJson(args.concat('e.csv'), { 'e.csv': 'recommender,rank\nA,1\nA,1\nA,4\nA,21\n' });
    const histogram = await cliJson(args.concat('h.csv'), {
      'h.csv': 'recommender,count,rank\nA,2,1\nA,1,4\nA,1,21\n',
    });
    expect(histogram).toEqual(expanded);
  });

  it('prints a row per (metric, recommender) and a column per method', async () => {
    const result = await cli(base.concat('--metrics', 'ap', '--methods', 'sampled,bv:0.1', '--digits', '3'));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/metric +recommender +sampled +bv:0\.1/);
    expect(result.out).toMatch(/ap +A +0\.767 /);
  });

  it.each([
    [
      'a sampled rank above m + 1',
      ['--metrics', 'ap', '--methods', 'sampled'],
      's.csv:3: sampled rank 101 is larger than m + 1 = 100',
    ],
    ['an unknown method', ['--metrics', 'ap', '--methods', 'sampled,magic'], '--methods: unknown method "magic"'],
    ['bv without γ', ['--metrics', 'ap', '--methods', 'bv'], '--methods: method "bv" needs γ after a colon'],
    [
      'γ above 1',
      ['--metrics', 'ap', '--methods', 'bv:1.5'],
      '--methods: method "bv:1.5": γ must be a number in [0, 1]',
    ],
    ['a missing --methods', ['--metrics', 'ap'], 'missing required option --methods LIST'],
  ])('rejects %s', async (_title, extra, message) => {
    const result = await cli(['estimate', '--n', '10000', '--m', '99', '--sampled-ranks', 's.csv', ...extra], {
      's.csv': 'recommender,rank\nA,100\nA,101\n',
    });
    expect(result.err).toContain(message);
    expect([result.code, result.out]).toEqual([2, '']);
  });

  it('rejects a sampled rank below 1 with the file and line', async () => {
    const argv = [
      'estimate',
      '--n',
      '100',
      '--m',
      '9',
      '--sampled-ranks',
      's.tsv',
      '--metrics',
      'ap',
      '--methods',
      'cls',
    ];
    const result = await cli(argv, { 's.tsv': 'recommender\trank\nA\t3\nA\t0\n' });
    expect(result.err).toBe('s.tsv:3: sampled rank 0 is smaller than 1 (1 is the best position)\n');
    expect([result.code, result.out]).toEqual([2, '']);
  });
});

describe('estimate --bootstrap B --compare', () => {
  type Doc = {
    results: { recommender: string; metric: string; method: string; estimate: number; low: number; high: number }[];
    differences: {
      metric: string;
      method: string;
      a: string;
      b: string;
      difference: number;
      low: number;
      high: number;
      paired: boolean;
    }[];
  };
  const file = readFileSync('public/datasets/movielens-1m-ncf-sampled-ranks.csv', 'utf8');

  it('on the shipped NCF-sampled MovieLens file: three pairs per metric and method, paired by the user column', async () => {
    const doc = await cliJson<Doc>(
      ['estimate', '--n', '3706', '--m', '99', '--sampled-ranks', 'ncf.csv', '--metrics', 'recall@10,ap'].concat([
        '--methods',
        'sampled,mle',
        '--bootstrap',
        '8',
        '--seed',
        '3',
        '--compare',
      ]),
      { 'ncf.csv': file },
    );
    expect(doc.differences).toHaveLength(3 * 2 * 2);
    for (const metric of ['recall@10', 'ap']) {
      for (const method of ['sampled', 'mle']) {
        const pairs = doc.differences.filter((d) => d.metric === metric && d.method === method);
        expect(pairs.map((d) => `${d.a}-${d.b}`)).toEqual(['X-Y', 'X-Z', 'Y-Z']);
        for (const d of pairs) {
          const value = (name: string) =>
            doc.results.find((r) => r.recommender === name && r.metric === metric && r.method === method)!.estimate;
          expect(d.paired).toBe(true);
          expect(d.difference).toBeCloseTo(value(d.a) - value(d.b), 12);
          expect(d.low).toBeLessThanOrEqual(d.high);
        }
      }
    }
  });

  it('without ids the pairs are unpaired; --compare without --bootstrap is refused', async () => {
    const files = { 's.csv': 'recommender,rank\nA,1\nA,3\nA,2\nB,5\nB,1\nB,4\n' };
    const base = ['estimate', '--n', '100', '--m', '9', '--sampled-ranks', 's.csv', '--metrics', 'ap'];
    const doc = await cliJson<Doc>([...base, '--methods', 'sampled', '--bootstrap', '20', '--compare'], files);
    expect(doc.differences.map((d) => [d.a, d.b, d.paired])).toEqual([['A', 'B', false]]);
    const refused = await cli([...base, '--methods', 'sampled', '--compare'], files);
    expect([refused.code, refused.out, refused.err]).toEqual([
      2,
      '',
      expect.stringContaining('--compare needs --bootstrap B'),
    ]);
  });
});
