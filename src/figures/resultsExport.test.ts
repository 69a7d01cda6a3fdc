import { describe, expect, it } from 'vitest';
import { tableToCsv, tableToLatex } from './exportTable.ts';
import { estimatesExport, resultsExport } from './resultsExport.ts';

describe('the results table for export', () => {
  const table = resultsExport({
    rows: [
      {
        name: 'A',
        ranksText: '1, 2',
        results: {
          'recall@10': { exact: 0.75, sampledMean: 0.8, sampledStd: 0.01 },
          ap: { exact: 0.3, sampledMean: null, sampledStd: null },
        },
      },
      {
        name: 'B',
        ranksText: '3',
        results: {
          'recall@10': { exact: 0.5, sampledMean: 0.9, sampledStd: 0.02 },
          ap: { exact: 0.2, sampledMean: 0.4, sampledStd: 0.03 },
        },
      },
    ],
    metrics: ['recall@10', 'ap'],
    intervals: { values: { A: { 'recall@10': { low: 0.7, high: 0.8 } } }, differences: [] },
    itemCountText: 'n = 10,000 items',
    sampleSize: 100,
    samplingText: 'without replacement',
  });

  it('has the exact columns, then the expected sampled ones, headed with n, m and the sampling law', () => {
    expect(table.columns.map((c) => c.csvLabel)).toEqual([
      'Recall@10 (= HR@10), exact, n = 10,000 items',
      'AP, exact, n = 10,000 items',
      'Recall@10 (= HR@10), expected sampled, m = 100 sampled items without replacement',
      'AP, expected sampled, m = 100 sampled items without replacement',
    ]);
    expect(table.caption).toContain('m = 100 sampled items without replacement');
  });

  it('exports the interval where known, the ± of the sampled values, nothing for a value still computing', () => {
    const csv = tableToCsv(table).split('\n');
    expect(csv[1]).toBe('A,0.75,0.7,0.8,0.3,,,0.8,0.01,,');
    expect(csv[2]).toBe('B,0.5,,,0.2,,,0.9,0.02,0.4,0.03');
    const latex = tableToLatex(table);
    expect(latex).toContain('A & 0.750 [0.700, 0.800] & 0.300 & 0.800 $\\pm$ 0.010 & -- \\\\');
    expect(latex).toContain(' & \\multicolumn{2}{c}{Exact, n = 10,000 items} & ');
  });

  it('names the chosen definitions in the headers and the tie rule in the caption', () => {
    const defined = resultsExport({
      rows: [],
      metrics: ['recall@10', 'ndcg'],
      intervals: null,
      itemCountText: 'n = 10,000 items',
      sampleSize: 100,
      samplingText: 'without replacement',
      definitions: { variants: { ndcg: 'ndcg-exp', recall: 'hitrate' }, ties: 'pessimistic' },
    });
    const labels = defined.columns.map((c) => c.label);
    expect(labels[0]).not.toContain('(= HR@10)'); // another reading of HR@10 is chosen: only its own name
    expect(labels[0]).toMatch(/^Recall@10 \(/);
    expect(labels[1]).toBe('NDCG (NDCG@K (gain 2^rel − 1))');
    expect(defined.caption).toContain('Ties: ties broken pessimistically');
    expect(table.caption).not.toContain('Ties:');
  });
});

describe('the estimates table for export', () => {
  const inputs = {
    metric: 'ndcg@10',
    recommenders: ['A', 'B'],
    methods: ['sampled', 'bv:0.1', 'wmle'],
    value: [
      [0.5, 0.2, 0.21],
      [0.4, 0.3, 0.31],
    ],
    interval: [
      [{ low: 0.45, high: 0.55 }, null, null],
      [null, null, { low: 0.3, high: 0.32 }],
    ],
    caption: 'Estimates of NDCG@10 over all n = 3,706 items.',
  };
  const table = estimatesExport(inputs);

  it('names each method with its parameters, and the metric it estimates', () => {
    expect(table.columns.map((c) => c.csvLabel)).toEqual([
      'NDCG@10 estimated by Sampled (uncorrected)',
      'NDCG@10 estimated by BV γ = 0.1',
      'NDCG@10 estimated by WMLE (NDCG, C = 10)',
    ]);
  });

  it('writes value [lo, hi] where the interval is known', () => {
    const latex = tableToLatex(table);
    expect(latex).toContain('A & 0.500 [0.450, 0.550] & 0.200 & 0.210 \\\\');
    expect(latex).toContain('B & 0.400 & 0.300 & 0.310 [0.300, 0.320] \\\\');
    expect(latex).toContain('Recommender & Sampled (uncorrected) & BV $\\gamma$ = 0.1 & WMLE (NDCG, C = 10) \\\\');
    expect(tableToCsv(table).split('\n')[0]).toContain('"NDCG@10 estimated by Sampled (uncorrected), 95% low"');
  });

  it('keeps the same CSV columns while some intervals are still computing (blank cells), and none without intervals', () => {
    const csv = tableToCsv(table).split('\n');
    expect(csv[0].split('",').length).toBe(1 + 3 * 2); // every method: value, then quoted low and high
    expect(csv[1]).toBe('A,0.5,0.45,0.55,0.2,,,0.21,,');
    const without = tableToCsv(estimatesExport({ ...inputs, interval: null })).split('\n');
    expect(without[1]).toBe('A,0.5,0.2,0.21');
  });
});
