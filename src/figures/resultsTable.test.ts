import { describe, expect, it } from 'vitest';
import {
  columnDigits,
  formatValue,
  orderingText,
  resultsTable,
  valueDigits,
  type RecommenderInput,
} from './resultsTable.ts';

const COLUMNS = [
  { id: 'auc', label: 'AUC' },
  { id: 'ap', label: 'AP' },
  { id: 'ndcg', label: 'NDCG' },
  { id: 'recall@10', label: 'Recall@10' },
];

/** Krichene & Rendle 2020, Table 1 (exact) and Table 2 (sampled, m = 99, mean ± std of 1000 repetitions). */
const PAPER: Record<string, [number[], number[], number[], number[]]> = {
  A: [
    [100, 100, 100, 100, 100],
    [0.99, 0.01, 0.15, 0],
    [0.99, 0.63, 0.724, 1],
    [0.004, 0.129, 0.097, 0],
  ],
  B: [
    [40, 40, 8437, 9266, 4482],
    [0.555, 0.01, 0.122, 0],
    [0.555, 0.336, 0.444, 0.4],
    [0.014, 0.073, 0.054, 0],
  ],
  C: [
    [212, 2, 743, 5342, 1548],
    [0.843, 0.101, 0.208, 0.2],
    [0.843, 0.325, 0.46, 0.567],
    [0.014, 0.05, 0.039, 0.092],
  ],
};

function paperInput(withSampled: boolean): RecommenderInput[] {
  return Object.entries(PAPER).map(([name, [ranks, exact, mean, std]]) => ({
    name,
    ranksText: ranks.join(', '),
    results: Object.fromEntries(
      COLUMNS.map((c, j) => [
        c.id,
        { exact: exact[j], sampledMean: withSampled ? mean[j] : null, sampledStd: withSampled ? std[j] : null },
      ]),
    ),
  }));
}

describe('resultsTable (Tables 1 and 2 of Krichene & Rendle 2020)', () => {
  it('formats to 3 decimals and never shows −0.000', () => {
    expect(formatValue(0.0100990099, 3)).toBe('0.010');
    expect(formatValue(-1e-12, 3)).toBe('0.000');
    expect(formatValue(1, 3)).toBe('1.000');
  });

  it('orders best first and joins values equal as displayed with "="', () => {
    expect(orderingText(['A', 'B', 'C'], [0.01, 0.0100990099, 0.101], 3)).toBe('C > A = B');
    expect(orderingText(['A', 'B', 'C'], [0.63, 0.336, 0.325], 3)).toBe('A > B > C');
  });

  it('marks the best value per metric column, ties included', () => {
    const model = resultsTable(paperInput(true), COLUMNS);
    const bestExact = (j: number) => model.rows.filter((r) => r.cells[j].exact.best).map((r) => r.name);
    const bestSampled = (j: number) => model.rows.filter((r) => r.cells[j].sampled?.best).map((r) => r.name);
    expect(COLUMNS.map((_, j) => bestExact(j))).toEqual([['A'], ['C'], ['C'], ['C']]);
    expect(COLUMNS.map((_, j) => bestSampled(j))).toEqual([['A'], ['A'], ['A'], ['A']]);
    expect(model.rows[2].cells[3].sampled).toEqual({ text: '0.567', std: '0.092', best: false });
    expect(model.rows[1].ranksText).toBe('40, 40, 8437, 9266, 4482');
  });

  it('flags AP, NDCG and Recall@10 as ordered differently when sampled, but not AUC (section 4.2)', () => {
    const model = resultsTable(paperInput(true), COLUMNS);
    expect(model.orderings.map((o) => [o.label, o.exact, o.sampled, o.differs])).toEqual([
      ['AUC', 'A > C > B', 'A > C > B', false],
      ['AP', 'C > A = B', 'A > B > C', true],
      ['NDCG', 'C > A > B', 'A > C > B', true],
      ['Recall@10', 'C > A = B', 'A > C > B', true],
    ]);
  });

  it('shows exact values alone while the sampled values are not computed', () => {
    const model = resultsTable(paperInput(false), COLUMNS);
    expect(model.rows[0].cells[0].sampled).toBeNull();
    expect(model.orderings.every((o) => o.sampled === null && !o.differs)).toBe(true);
  });

  it('puts each exact value’s interval over users under it, and says when the reversed order is within the noise', () => {
    // AP: the sampled metric reverses C > A and C > B. Made-up intervals over users: C − A holds 0, C − B does not.
    const differences = [
      { metric: 'ap', method: 'exact', a: 'A', b: 'C', difference: -0.091, low: -0.19, high: 0.01, paired: false },
      { metric: 'ap', method: 'exact', a: 'B', b: 'C', difference: -0.091, low: -0.18, high: -0.002, paired: false },
    ];
    const values = { A: { ap: { low: 0.005, high: 0.02 } } };
    const model = resultsTable(paperInput(true), COLUMNS, 3, { values, differences });
    expect(model.rows[0].cells[1].exact.interval).toBe('[0.005, 0.020]');
    expect(model.rows[1].cells[1].exact.interval).toBeNull();
    expect(model.orderings[1].noise).toEqual({
      within: true,
      text: 'but the exact difference C − A = 0.091 [−0.010, 0.190] is within the noise of the user sample (95% interval over users)',
    });
    // No intervals for the other metrics' swapped pairs: nothing is said; the same order needs nothing either.
    expect(model.orderings[2].noise).toBeNull();
    expect(model.orderings[0].noise).toBeNull();
    const beyond = resultsTable(paperInput(true), COLUMNS, 3, { values, differences: differences.slice(1) });
    expect(beyond.orderings[1].noise).toBeNull();
    const both = [{ ...differences[0], low: -0.18, high: -0.01 }, differences[1]];
    expect(resultsTable(paperInput(true), COLUMNS, 3, { values, differences: both }).orderings[1].noise).toEqual({
      within: false,
      text: 'the exact differences C − A = 0.091 [0.010, 0.180], C − B = 0.091 [0.002, 0.180] are beyond the noise of the user sample (95% interval over users)',
    });
  });
});

describe('valueDigits', () => {
  it('keeps 3 decimals for values of 0.01 and more, and shows tiny ones with two significant digits (at most 8)', () => {
    expect(valueDigits([0.5, 0.03, 0])).toBe(3);
    expect(valueDigits([0.5, 0.003])).toBe(4);
    expect(valueDigits([1.2e-5, 3e-5])).toBe(6);
    expect(formatValue(1.2e-5, valueDigits([1.2e-5]))).toBe('0.000012');
    expect(valueDigits([1e-12])).toBe(8);
    expect(valueDigits([])).toBe(3);
    expect(valueDigits([NaN, 0])).toBe(3);
  });
});

describe('columnDigits and per-column decimals', () => {
  it('gives more decimals only to a column that would print as 0.000 throughout', () => {
    expect(columnDigits([0.002, 0.0001])).toBe(3);
    expect(columnDigits([1.2e-5, 3e-6, 0, NaN])).toBe(7);
    expect(columnDigits([0, 0])).toBe(3);
  });

  it('formats and orders such a column at its own decimals', () => {
    const rows: RecommenderInput[] = [
      { name: 'A', ranksText: '', results: { ap: { exact: 1.2e-5, sampledMean: null, sampledStd: null } } },
      { name: 'B', ranksText: '', results: { ap: { exact: 3.4e-5, sampledMean: null, sampledStd: null } } },
    ];
    const digits = { exact: columnDigits([1.2e-5, 3.4e-5]), sampled: 3 };
    const model = resultsTable(rows, [{ id: 'ap', label: 'AP', digits }]);
    expect(model.rows.map((r) => r.cells[0].exact.text)).toEqual(['0.000012', '0.000034']);
    expect(model.orderings[0].exact).toBe('B > A');
    expect(resultsTable(rows, [{ id: 'ap', label: 'AP' }]).orderings[0].exact).toBe('A = B');
  });
});

describe('orderings: a finer sampled order or a wrong one', () => {
  const row = (name: string, exact: number, sampledMean: number): RecommenderInput => ({
    name,
    ranksText: '',
    results: { m: { exact, sampledMean, sampledStd: 0 } },
  });
  const ordering = (rows: RecommenderInput[]) => resultsTable(rows, [{ id: 'm', label: 'M' }]).orderings[0];

  it('separating what the exact metric ties is not a reversal', () => {
    const o = ordering([row('A', 0.2, 0.5), row('B', 0.1, 0.3), row('C', 0.1, 0.2)]);
    expect([o.exact, o.sampled, o.differs, o.reverses]).toEqual(['A > B = C', 'A > B > C', true, false]);
  });

  it('reversing or tying a pair the exact metric orders is (C > A = B exactly, A > B = C sampled)', () => {
    const o = ordering([row('A', 0.01, 0.006), row('B', 0.01, 0.003), row('C', 0.101, 0.003)]);
    expect([o.exact, o.sampled, o.differs, o.reverses]).toEqual(['C > A = B', 'A > B = C', true, true]);
  });
});
