import { describe, expect, it } from 'vitest';
import { argv, cli, cliJson, TOY } from '../testing.ts';

interface Row {
  recommender: string;
  metric: string;
  exact: number;
  sampledMean: number | null;
  sampledStd: number | null;
}
interface ExactDoc {
  n: number;
  m: null;
  sampling: null;
  results: Row[];
}

const METRICS = 'auc,ap,ndcg,recall@10';

function table(doc: { results: Row[] }): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const row of doc.results) (out[row.recommender] ??= {})[row.metric] = row.exact;
  return out;
}

describe('sampled-metrics exact', () => {
  it('reproduces Table 1 of Krichene & Rendle (2020) on the toy example, to the 3 decimals printed there', async () => {
    const doc = await cliJson<ExactDoc>(['exact', '--n', TOY.n, '--ranks', TOY.ranks, '--metrics', METRICS]);
    const paper = {
      A: [0.99, 0.01, 0.15, 0.0],
      B: [0.555, 0.01, 0.122, 0.0],
      C: [0.843, 0.101, 0.208, 0.2],
    };
    const got = table(doc);
    for (const [name, values] of Object.entries(paper)) {
      METRICS.split(',').forEach((metric, j) => expect(got[name][metric]).toBeCloseTo(values[j], 3));
    }
  });

  it('prints the JSON shape of the contract, recommender-major in file order', async () => {
    const doc = await cliJson<ExactDoc>(['exact', '--n', TOY.n, '--ranks', TOY.ranks, '--metrics', 'ap,auc']);
    expect(doc.n).toBe(10000);
    expect(doc.m).toBeNull();
    expect(doc.sampling).toBeNull();
    expect(doc.results.map((r) => `${r.recommender}/${r.metric}`)).toEqual([
      'A/ap',
      'A/auc',
      'B/ap',
      'B/auc',
      'C/ap',
      'C/auc',
    ]);
    for (const row of doc.results) {
      expect(Object.keys(row).sort()).toEqual(['exact', 'metric', 'recommender', 'sampledMean', 'sampledStd']);
      expect(row.sampledMean).toBeNull();
      expect(row.sampledStd).toBeNull();
    }
    // AP of A is the reciprocal rank 1/100 (eq 12).
    expect(doc.results[0].exact).toBeCloseTo(0.01, 15);
  });

  it('prints an aligned table with one column per metric', async () => {
    const result = await cli(['exact', '--n', TOY.n, '--ranks', TOY.ranks, '--metrics', METRICS, '--digits', '3']);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(result.out).toContain('recommender    auc     ap   ndcg  recall@10');
    expect(result.out).toContain('A            0.990  0.010  0.150      0.000');
    expect(result.out).toContain('B            0.555  0.010  0.122      0.000');
    expect(result.out).toContain('C            0.843  0.101  0.208      0.200');
  });

  it('gives the same numbers for a histogram (recommender,rank,count) as for the expanded file', async () => {
    const args = ['exact', '--n', TOY.n, '--metrics', 'auc,ap,ndcg,ndcg@10,ap@100,precision@5,recall@100'];
    const expanded = await cliJson(args.concat('--ranks', TOY.ranks));
    const histogram = await cliJson(args.concat('--ranks', 'fixtures/toy-histogram.csv'));
    expect(histogram).toEqual(expanded);
  });

  it('finds columns by name in any order, ignores unknown columns and reads TSV', async () => {
    const args = ['exact', '--n', TOY.n, '--metrics', METRICS];
    expect(await cliJson(args.concat('--ranks', 'fixtures/toy.tsv'))).toEqual(
      await cliJson(args.concat('--ranks', TOY.ranks)),
    );
  });

  it('groups recommender,user,rank rows into users with several relevant items (eqs 2–6, computed by hand)', async () => {
    const doc = await cliJson<ExactDoc>(
      argv('exact', { n: 10, ranks: 'fixtures/multi.csv', metrics: 'auc,ap,ndcg,recall@2' }),
    );
    const got = table(doc);
    const dcg = (ranks: number[]) => ranks.reduce((s, r) => s + 1 / Math.log2(r + 1), 0);
    const ndcg = (ranks: number[]) => dcg(ranks) / dcg(ranks.map((_, i) => i + 1));
    // X: u1 = {1, 3} and u2 = {2} among n = 10, u3 = {1, 5, 20} among its own n = 20.
    // AUC by counting the irrelevant items below each relevant one (eq 2, first line).
    expect(got.X.auc).toBeCloseTo((15 / 16 + 8 / 9 + 31 / 51) / 3, 12);
    expect(got.X.ap).toBeCloseTo(((1 + 2 / 3) / 2 + 1 / 2 + (1 + 2 / 5 + 3 / 20) / 3) / 3, 12);
    expect(got.X.ndcg).toBeCloseTo((ndcg([1, 3]) + ndcg([2]) + ndcg([1, 5, 20])) / 3, 12);
    expect(got.X['recall@2']).toBeCloseTo((1 / 2 + 1 + 1 / 3) / 3, 12);
    // Y: u1 = {4}, u2 = {9, 10} among n = 10 (no irrelevant item below either: AUC 0), u3 = {2} among n = 20.
    expect(got.Y.auc).toBeCloseTo((6 / 9 + 0 + 18 / 19) / 3, 12);
    expect(got.Y.ap).toBeCloseTo((1 / 4 + (1 / 9 + 2 / 10) / 2 + 1 / 2) / 3, 12);
    expect(got.Y['recall@2']).toBeCloseTo(1 / 3, 12);
  });

  it('uses the per-row n column where given and --n for empty cells', async () => {
    const doc = await cliJson<ExactDoc>(argv('exact', { n: 10000, ranks: 'fixtures/toy-n.csv', metrics: 'auc,ap' }));
    const auc = (n: number) => (n - 100) / (n - 1); // eq 7
    const got = table(doc);
    expect(got.A.auc).toBeCloseTo((auc(1000) + 3 * auc(10000) + auc(100000)) / 5, 12);
    expect(got.A.ap).toBeCloseTo(0.01, 12);
  });

  it('reads the rank file from standard input with --ranks -', async () => {
    const doc = await cliJson<ExactDoc>(['exact', '--n', '10', '--ranks', '-', '--metrics', 'ap'], {
      '-': 'recommender,rank\nZ,4\n',
    });
    expect(doc.results).toEqual([{ recommender: 'Z', metric: 'ap', exact: 0.25, sampledMean: null, sampledStd: null }]);
  });
});
