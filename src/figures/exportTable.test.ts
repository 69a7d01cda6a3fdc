import { describe, expect, it } from 'vitest';
import { latexText, tableToCsv, tableToLatex, type ExportTable } from './exportTable.ts';

const table: ExportTable = {
  caption: 'Toy: n = 10,000 items, m = 100 sampled items without replacement.',
  rowHeading: 'Recommender',
  rowNames: ['A', '=cmd()', 'model_v2 50% & #1'],
  columns: [
    {
      group: 'Exact, n = 10,000',
      label: 'Recall@10 (= HR@10)',
      csvLabel: 'Recall@10 (= HR@10), exact, n = 10,000',
      cells: [{ value: 0.5, low: 0.4, high: 0.6 }, { value: 0.25, low: null, high: null }, { value: -0.00001 }],
    },
    {
      group: 'Sampled, m = 100',
      label: 'AP',
      csvLabel: 'AP, expected sampled, m = 100',
      cells: [{ value: 0.123456, spread: 0.0042 }, null, { value: 1, spread: 0 }],
    },
  ],
  digits: 3,
};

describe('a results table as CSV', () => {
  const lines = tableToCsv(table).trimEnd().split('\n');

  it('names every column in the header: the metric as the table labels it, the setting, std and the 95% bounds', () => {
    expect(lines[0]).toBe(
      'Recommender,"Recall@10 (= HR@10), exact, n = 10,000","Recall@10 (= HR@10), exact, n = 10,000, 95% low",' +
        '"Recall@10 (= HR@10), exact, n = 10,000, 95% high","AP, expected sampled, m = 100","AP, expected sampled, m = 100, std"',
    );
  });

  it('writes raw values at full precision, empty cells for missing ones, formula-like names as text', () => {
    expect(lines[1]).toBe('A,0.5,0.4,0.6,0.123456,0.0042');
    expect(lines[2]).toBe("'=cmd(),0.25,,,,");
    expect(lines[3]).toBe('model_v2 50% & #1,-0.00001,,,1,0');
    expect(lines).toHaveLength(4);
  });
});

describe('a results table as a LaTeX tabular (booktabs)', () => {
  const latex = tableToLatex(table);
  const lines = latex.trimEnd().split('\n');

  it('escapes the characters LaTeX reads as commands', () => {
    expect(latexText('a_b 50% & #1 $x$ {y} ~z ^w \\q')).toBe(
      'a\\_b 50\\% \\& \\#1 \\$x\\$ \\{y\\} \\textasciitilde{}z \\textasciicircum{}w \\textbackslash{}q',
    );
    expect(latexText('BV (γ = 0.1), −0.5 ± 0.1 – A’s')).toBe("BV ($\\gamma$ = 0.1), $-$0.5 $\\pm$ 0.1 -- A's");
  });

  it('opens with the caption as a comment, then the group row with its rules and the column headings', () => {
    expect(lines[0]).toBe('% Toy: n = 10,000 items, m = 100 sampled items without replacement.');
    expect(lines).toContain('\\begin{tabular}{lrr}');
    expect(lines).toContain(' & Exact, n = 10,000 & Sampled, m = 100 \\\\');
    expect(lines).toContain('\\cmidrule(lr){2-2} \\cmidrule(lr){3-3}');
    expect(lines).toContain('Recommender & Recall@10 (= HR@10) & AP \\\\');
    expect(lines.slice(-2)).toEqual(['\\bottomrule', '\\end{tabular}']);
  });

  it('writes value [lo, hi] where an interval exists and value ± spread for the expected sampled columns', () => {
    expect(lines).toContain('A & 0.500 [0.400, 0.600] & 0.123 $\\pm$ 0.004 \\\\');
    expect(lines).toContain('=cmd() & 0.250 & -- \\\\');
    expect(lines).toContain('model\\_v2 50\\% \\& \\#1 & 0.000 & 1.000 $\\pm$ 0.000 \\\\');
  });

  it('spans a group over its columns with \\multicolumn', () => {
    const wide = tableToLatex({ ...table, columns: [table.columns[0], { ...table.columns[0], label: 'AP' }] });
    expect(wide).toContain(' & \\multicolumn{2}{c}{Exact, n = 10,000} \\\\\n\\cmidrule(lr){2-3}\n');
  });
});
