import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import { argv, cli, cliJson, TOY } from '../testing.ts';

interface Row {
  recommender: string;
  metric: string;
  exact: number;
  sampledMean: number;
  sampledStd: number;
}
interface ExpectedDoc {
  n: number;
  m: number;
  sampling: string;
  results: Row[];
}

const METRICS = 'auc,ap,ndcg,recall@10';
const toyArgs = ['expected', '--n', TOY.n, '--m', TOY.m, '--ranks', TOY.ranks, '--metrics', METRICS];

function byKey(doc: ExpectedDoc): Map<string, Row> {
  return new Map(doc.results.map((r) => [`${r.recommender}/${r.metric}`, r]));
}

describe('sampled-metrics expected', () => {
  it('prints the JSON shape of the contract, with-replacement by default', async () => {
    const doc = await cliJson<ExpectedDoc>(toyArgs);
    expect([doc.n, doc.m, doc.sampling]).toEqual([10000, 99, 'with-replacement']);
    expect(doc.results).toHaveLength(12);
    for (const row of doc.results) {
      expect(Object.keys(row).sort()).toEqual(['exact', 'metric', 'recommender', 'sampledMean', 'sampledStd']);
      for (const v of [row.exact, row.sampledMean, row.sampledStd]) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('agrees with Table 2 of the paper, a Monte Carlo estimate over 1000 samples (means ±0.015, stds ±0.01)', async () => {
    const rows = byKey(await cliJson<ExpectedDoc>(toyArgs));
    // Table 2: mean±std of each sampled metric for m = 99, n = 10000.
    const paper: Record<string, [number, number][]> = {
      A: [
        [0.99, 0.004],
        [0.63, 0.129],
        [0.724, 0.097],
        [1.0, 0.0],
      ],
      B: [
        [0.555, 0.014],
        [0.336, 0.073],
        [0.444, 0.054],
        [0.4, 0.0],
      ],
      C: [
        [0.843, 0.014],
        [0.325, 0.05],
        [0.46, 0.039],
        [0.567, 0.092],
      ],
    };
    for (const [name, values] of Object.entries(paper)) {
      METRICS.split(',').forEach((metric, j) => {
        const row = rows.get(`${name}/${metric}`) as Row;
        expectClose(row.sampledMean, values[j][0], 0.015, `mean of ${name} ${metric}`);
        expectClose(row.sampledStd, values[j][1], 0.01, `std of ${name} ${metric}`);
      });
    }
  });

  it('keeps AUC unbiased under sampling, with and without replacement (section 4.4.1)', async () => {
    for (const sampling of ['with-replacement', 'without-replacement']) {
      const doc = await cliJson<ExpectedDoc>(toyArgs.concat('--sampling', sampling));
      expect(doc.sampling).toBe(sampling);
      for (const row of doc.results.filter((r) => r.metric === 'auc'))
        expect(row.sampledMean).toBeCloseTo(row.exact, 12);
    }
  });

  it('for m = 1 mixes M(1) and M(2) with p(r̃ = 1) = (n − r)/(n − 1) (section 4.4.4)', async () => {
    const doc = await cliJson<ExpectedDoc>(
      ['expected', '--n', '100', '--m', '1', '--ranks', 'r.csv', '--metrics', 'ap'],
      {
        'r.csv': 'recommender,rank\nA,1\nA,25\nA,100\n',
      },
    );
    const p1 = [1, 25, 100].map((r) => (100 - r) / 99);
    const mean = p1.reduce((s, p) => s + p * 1 + (1 - p) * 0.5, 0) / 3;
    const variance = p1.reduce((s, p) => s + 0.25 * p * (1 - p), 0) / 9; // Bernoulli spread of M(1) − M(2) = 1/2
    expect(doc.results[0].sampledMean).toBeCloseTo(mean, 12);
    expect(doc.results[0].sampledStd).toBeCloseTo(Math.sqrt(variance), 12);
  });

  it('returns the exact metric with zero spread when all n − |R| irrelevant items are drawn without replacement', async () => {
    const doc = await cliJson<ExpectedDoc>(
      argv('expected', {
        n: 10,
        m: 8,
        sampling: 'without-replacement',
        ranks: 'r.csv',
        metrics: 'auc,ap,ndcg@3,precision@2',
      }),
      { 'r.csv': 'recommender,user,rank\nA,u,1\nA,u,3\nA,v,7\nA,v,2\n' },
    );
    for (const row of doc.results) {
      expect(row.sampledMean).toBeCloseTo(row.exact, 12);
      expect(row.sampledStd).toBeCloseTo(0, 12);
    }
  });

  it('gives the same numbers for the histogram and the expanded file', async () => {
    const args = [
      'expected',
      '--n',
      TOY.n,
      '--m',
      '50',
      '--metrics',
      'ap,ndcg@10',
      '--sampling',
      'without-replacement',
    ];
    expect(await cliJson(args.concat('--ranks', 'fixtures/toy-histogram.csv'))).toEqual(
      await cliJson(args.concat('--ranks', TOY.ranks)),
    );
  });

  it('prints the exact table and the mean ± std table', async () => {
    const result = await cli(toyArgs.concat('--digits', '3'));
    expect(result.code).toBe(0);
    expect(result.out).toContain('Exact metrics, n = 10000');
    expect(result.out).toContain(
      'Sampled metrics, m = 99 sampled with-replacement: expected value ± standard deviation',
    );
    expect(result.out).toMatch(/A +0\.990 ± 0\.004 +0\.637 ± 0\.130/);
  });

  it('reads a metric under another definition named after a colon (ap@10:ap-k: AP@10 / 10, exactly and sampled)', async () => {
    const args = ['expected', '--n', TOY.n, '--m', TOY.m, '--ranks', TOY.ranks, '--metrics', 'ap@10,ap@10:ap-k'];
    const rows = byKey(await cliJson<ExpectedDoc>(args));
    for (const name of ['A', 'B', 'C']) {
      const plain = rows.get(`${name}/ap@10`)!;
      const daisy = rows.get(`${name}/ap@10:ap-k`)!;
      expectClose(daisy.exact, plain.exact / 10, 1e-15);
      expectClose(daisy.sampledMean, plain.sampledMean / 10, 1e-15);
    }
    const bad = await cli(['expected', '--n', TOY.n, '--m', TOY.m, '--ranks', TOY.ranks, '--metrics', 'ap@10:nope']);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('"nope" is not a definition of ap');
  });
});
