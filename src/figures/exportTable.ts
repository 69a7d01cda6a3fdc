/**
 * A results table as a file for the paper: CSV (raw values at full precision, spreadsheet-safe text, one column per
 * quantity) and a LaTeX `tabular` in booktabs style (value ± spread, and `value [lo, hi]` where a 95% interval
 * exists, at the table's decimals). Pure: the page downloads or copies the text.
 * Example: a column "Recall@10 (= HR@10)" of group "Exact, n = 10,000" with a cell {value: 0.5, low: 0.4, high: 0.6}
 * is written "0.500 [0.400, 0.600]" in LaTeX, and as three CSV columns "…, exact", "… 95% low", "… 95% high".
 */
import { formatDecimal } from '../core/labels.ts';
import { csvNumber, csvText } from './csv.ts';

export interface ExportCell {
  readonly value: number;
  /** The ± (a standard deviation), when the column has one. */
  readonly spread?: number | null;
  /** The 95% interval, when known. */
  readonly low?: number | null;
  readonly high?: number | null;
}

export interface ExportColumn {
  /** The group heading it sits under in LaTeX ("Exact, n = 10,000"); "" for none. */
  readonly group: string;
  /** What the column is, as the page's table names it: "Recall@10 (= HR@10)". */
  readonly label: string;
  /** The CSV header of its values: "Recall@10 (= HR@10), exact, n = 10000". */
  readonly csvLabel: string;
  /** One per row; null where there is no value yet. */
  readonly cells: readonly (ExportCell | null)[];
  /** The column has 95% intervals, some perhaps still computing: CSV low/high columns even where none is known. */
  readonly intervals?: boolean;
}

export interface ExportTable {
  /** What the numbers are and for which setting (n, m, sampling law): LaTeX comment line. */
  readonly caption: string;
  /** The heading of the name column: "Recommender". */
  readonly rowHeading: string;
  readonly rowNames: readonly string[];
  readonly columns: readonly ExportColumn[];
  /** Decimals in LaTeX (the page's 3). */
  readonly digits: number;
}

const hasSpread = (column: ExportColumn) => column.cells.some((c) => c?.spread != null);
const hasInterval = (column: ExportColumn) =>
  column.intervals === true || column.cells.some((c) => c?.low != null && c?.high != null);

/** The table as CSV: a header line, then one line per row; a std and a 95% low/high column where a column has them. */
export function tableToCsv(table: ExportTable): string {
  const header = [table.rowHeading];
  for (const column of table.columns) {
    header.push(column.csvLabel);
    if (hasSpread(column)) header.push(`${column.csvLabel}, std`);
    if (hasInterval(column)) header.push(`${column.csvLabel}, 95% low`, `${column.csvLabel}, 95% high`);
  }
  const lines = [header.map(csvText).join(',')];
  table.rowNames.forEach((name, r) => {
    const fields = [csvText(name)];
    for (const column of table.columns) {
      const cell = column.cells[r];
      fields.push(csvNumber(cell?.value ?? null));
      if (hasSpread(column)) fields.push(csvNumber(cell?.spread ?? null));
      if (hasInterval(column)) fields.push(csvNumber(cell?.low ?? null), csvNumber(cell?.high ?? null));
    }
    lines.push(fields.join(','));
  });
  return `${lines.join('\n')}\n`;
}

const LATEX_SPECIAL: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  _: '\\_',
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  $: '\\$',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
};

/** Characters of our labels that plain pdfLaTeX does not take as they are. */
const LATEX_UNICODE: Readonly<Record<string, string>> = {
  γ: '$\\gamma$',
  η: '$\\eta$',
  '±': '$\\pm$',
  '−': '$-$',
  '–': '--',
  '’': "'",
  '×': '$\\times$',
  '≤': '$\\le$',
};

/** Text set verbatim in LaTeX: `_ % & # $ { } ~ ^ \` escaped, γ, η, ±, − and the like as their commands. */
export function latexText(text: string): string {
  return text.replace(/[\\{}_%&#$~^γη±−–’×≤]/g, (ch) => LATEX_SPECIAL[ch] ?? LATEX_UNICODE[ch]);
}

/** A cell in LaTeX: "0.123 $\pm$ 0.004", "0.123 [0.100, 0.150]", or "--" without a value. */
function latexCell(cell: ExportCell | null, digits: number): string {
  if (!cell || !Number.isFinite(cell.value)) return '--';
  const f = (v: number) => formatDecimal(v, digits).replace('-', '$-$');
  let text = f(cell.value);
  if (cell.spread != null && Number.isFinite(cell.spread)) text += ` $\\pm$ ${f(cell.spread)}`;
  if (cell.low != null && cell.high != null) text += ` [${f(cell.low)}, ${f(cell.high)}]`;
  return text;
}

/** Runs of equal group headings: [{group, from, to}] over the value columns (1-based after the name column). */
function groupRuns(columns: readonly ExportColumn[]) {
  const runs: { group: string; from: number; to: number }[] = [];
  columns.forEach((column, j) => {
    const last = runs.at(-1);
    if (last && last.group === column.group) last.to = j + 2;
    else runs.push({ group: column.group, from: j + 2, to: j + 2 });
  });
  return runs;
}

/** The table as a LaTeX `tabular` (booktabs: \toprule, \midrule, \bottomrule), with its caption as a comment. */
export function tableToLatex(table: ExportTable): string {
  const lines = [
    `% ${table.caption.replace(/\n/g, ' ')}`,
    '% Needs \\usepackage{booktabs}.',
    `\\begin{tabular}{l${'r'.repeat(table.columns.length)}}`,
    '\\toprule',
  ];
  const runs = groupRuns(table.columns);
  if (runs.some((run) => run.group !== '')) {
    const cells = runs.map((run) =>
      run.to === run.from
        ? latexText(run.group)
        : `\\multicolumn{${run.to - run.from + 1}}{c}{${latexText(run.group)}}`,
    );
    lines.push(` & ${cells.join(' & ')} \\\\`);
    const rules = runs.filter((run) => run.group !== '').map((run) => `\\cmidrule(lr){${run.from}-${run.to}}`);
    lines.push(rules.join(' '));
  }
  lines.push(`${[table.rowHeading, ...table.columns.map((c) => c.label)].map(latexText).join(' & ')} \\\\`);
  lines.push('\\midrule');
  table.rowNames.forEach((name, r) => {
    const cells = table.columns.map((column) => latexCell(column.cells[r], table.digits));
    lines.push(`${[latexText(name), ...cells].join(' & ')} \\\\`);
  });
  lines.push('\\bottomrule', '\\end{tabular}');
  return `${lines.join('\n')}\n`;
}
