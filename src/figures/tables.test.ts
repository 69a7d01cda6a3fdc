import { describe, expect, it } from 'vitest';
import { TOY } from '../../test/rankData.ts';
import { expectedTable } from '../../workers/jobs.ts';
import { studyTables } from '../../workers/study.ts';
import { estimatorTable, expectedTables, orderingTable, shortMethodLabel, winnerTable } from './paperTables.ts';
import { contradictions, tableCsv, wrongCount } from './tableModel.ts';

const texts = (rows: readonly { cells: readonly { text: string }[] }[]) => rows.map((r) => r.cells.map((c) => c.text));

describe('contradictions', () => {
  it('marks both recommenders of a pair ordered opposite to the exact metric, and nothing for exact ties', () => {
    expect(contradictions([1, 2], [3, 1])).toEqual([true, true]);
    expect(contradictions([1, 2, 3], [1, 2, 3])).toEqual([false, false, false]);
    expect(contradictions([0, 0], [1, 0])).toEqual([false, false]);
  });
});

describe('Tables 1 and 2 on the toy example', () => {
  const table = expectedTable({
    recommenders: TOY,
    metrics: ['auc', 'ap', 'ndcg', 'recall@10'],
    itemCount: 10_000,
    sampleSize: 99,
    sampling: 'with-replacement',
  });
  const [t1, t2] = expectedTables(table, 'n = 10,000, m = 99');

  it('reproduces Table 1 exactly, to the paper’s three decimals', () => {
    expect(texts(t1.groups[0].rows)).toEqual([
      ['0.990', '0.010', '0.150', '0.000'],
      ['0.555', '0.010', '0.122', '0.000'],
      ['0.843', '0.101', '0.208', '0.200'],
    ]);
  });

  it('gives Table 2 analytically (the paper: 1,000 simulated runs) and marks every reversed AP, none on AUC', () => {
    // Paper: A 0.630±0.129, B 0.336±0.073, C 0.325±0.050 for AP; ours are within 2 Monte Carlo standard errors
    // (test/fixtures/README.md), and the spreads within 10%.
    expect(t2.groups[0].rows.map((r) => `${r.cells[1].text} ${r.cells[1].spread}`)).toEqual([
      '0.637 ± 0.130',
      '0.341 ± 0.071',
      '0.326 ± 0.051',
    ]);
    expect(t2.groups[0].rows.map((r) => r.cells[0].wrong)).toEqual([false, false, false]);
    expect(t2.groups[0].rows.map((r) => r.cells[1].wrong)).toEqual([true, true, true]);
    expect(wrongCount(t2)).toBe(7);
  });

  it('exports CSV with the raw values and a std column', () => {
    const csv = tableCsv(t2).split('\n');
    expect(csv[0]).toBe('Recommender,AUC,AUC std,AP,AP std,NDCG,NDCG std,Recall@10,Recall@10 std');
    expect(csv[1].startsWith('A,0.990099009900990')).toBe(true);
    expect(csv).toHaveLength(5);
  });
});

describe('Tables 3, 4 and Jin’s 2 and 4 from a seeded study of the toy example', () => {
  const study = studyTables({
    recommenders: TOY,
    metrics: ['recall@10', 'ndcg@10', 'ap@10', 'auc'],
    methods: ['sampled', 'cls', 'bv:0.1', 'mle'],
    itemCount: 10_000,
    sampleSize: 99,
    sampling: 'with-replacement',
    repeats: 20,
    seed: 1,
  });

  it('lays Table 3 out by metric and recommender, exact first, in percent', () => {
    const t3 = estimatorTable(study, 'table3', 'Table 3', 'Krichene & Rendle Table 3');
    expect(t3.columns.map((c) => c.label)).toEqual(['Exact', 'Sampled', 'CLS', 'BV 0.1', 'MLE']);
    expect(t3.groups.map((g) => g.label)).toEqual(['Recall@10', 'NDCG@10', 'AP@10', 'AUC']);
    expect(t3.groups[3].rows.map((r) => r.cells[0].text)).toEqual(['99.01', '55.48', '84.31']);
    // Sampled AUC is unbiased: it keeps the exact order.
    expect(t3.groups[3].rows.every((r) => !r.cells[1].wrong)).toBe(true);
  });

  it('counts correct orderings per pair (Table 4) and correct winners per cut-off (Jin Table 4)', () => {
    const t4 = orderingTable(study);
    expect(t4.groups.map((g) => g.label)).toEqual(['A vs B', 'A vs C', 'B vs C']);
    for (const g of t4.groups) for (const r of g.rows) for (const c of r.cells) expect(c.value).toBeLessThanOrEqual(20);
    expect(t4.groups[2].rows[3].cells.map((c) => c.text)).toEqual(['20', '20', '20', '20']);
    const winners = winnerTable(study);
    expect(winners.groups.map((g) => g.label)).toEqual(['K = 10']);
    expect(winners.caption).toContain('Exact winners: Recall@10: C');
    expect(shortMethodLabel('wmle:ndcg:10')).toBe('WMLE');
  });

  it('exports every table of the Tables tab as CSV whose first column is named (no empty group column)', () => {
    const tables = [
      estimatorTable(study, 'table3', 'Table 3', 'Krichene & Rendle Table 3'),
      orderingTable(study),
      winnerTable(study),
    ];
    const headers = tables.map((t) => tableCsv(t).split('\n')[0].split(','));
    for (const header of headers) expect(header[0]).not.toBe('');
    expect(headers.map((h) => h.slice(0, 2))).toEqual([
      ['Metric', 'Recommender'],
      ['Pair', 'Metric'],
      ['Cut-off', 'Metric'],
    ]);
  });
});
