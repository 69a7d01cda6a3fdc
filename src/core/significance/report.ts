/**
 * The report table in ranx's style (ranx/data_structures/report.py: to_table, to_latex): one row per recommender
 * with its letter, each metric's mean with, as superscripts, the letters of the recommenders it beats significantly
 * (a higher mean and a significant pair); exported as text, LaTeX (booktabs; the best value of each metric in bold,
 * phantoms keeping the columns aligned as ranx does) and CSV, and the per-user values in long form
 * (`model,user,metric,value`).
 */
import type { SignificancePair } from './table.ts';
import { P_CORRECTION_LABELS } from './corrections.ts';
import type { PCorrection } from './corrections.ts';
import { SIGNIFICANCE_TEST_LABELS } from './tests.ts';
import type { SignificanceTest } from './tests.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
// ranx's superscripts, with U+146B for q (Unicode has no superscript q; ranx uses an Arabic-Indic nine).
const SUPERSCRIPTS = 'ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖᑫʳˢᵗᵘᵛʷˣʸᶻ';

/** The letter of the i-th recommender: a … z, then aa, ab, … */
export function recommenderLetter(i: number): string {
  let s = '';
  let k = i;
  do {
    s = LETTERS[k % 26] + s;
    k = Math.floor(k / 26) - 1;
  } while (k >= 0);
  return s;
}

function superscript(letters: string): string {
  return [...letters].map((c) => SUPERSCRIPTS[LETTERS.indexOf(c)]).join('');
}

export interface ReportCell {
  value: number;
  /** Letters of the recommenders this one beats significantly on this metric. */
  beats: string[];
}

export interface SignificanceReport {
  names: string[];
  metrics: string[];
  /** cells[recommender][metric]. */
  cells: ReportCell[][];
  test: SignificanceTest;
  correction: PCorrection;
  alpha: number;
}

export function significanceReport(
  names: readonly string[],
  metrics: readonly string[],
  means: readonly (readonly number[])[],
  pairs: readonly SignificancePair[],
  options: { test: SignificanceTest; correction: PCorrection; alpha: number },
): SignificanceReport {
  const index = new Map(names.map((n, i) => [n, i]));
  const metricIndex = new Map(metrics.map((m, t) => [m, t]));
  const beats = names.map(() => metrics.map(() => new Set<number>()));
  for (const p of pairs) {
    if (!p.significant) continue;
    const a = index.get(p.a)!;
    const b = index.get(p.b)!;
    const t = metricIndex.get(p.metric)!;
    if (means[a][t] > means[b][t]) beats[a][t].add(b);
    else if (means[b][t] > means[a][t]) beats[b][t].add(a);
  }
  return {
    names: [...names],
    metrics: [...metrics],
    cells: names.map((_, r) =>
      metrics.map((_, t) => ({
        value: means[r][t],
        beats: [...beats[r][t]].sort((x, y) => x - y).map(recommenderLetter),
      })),
    ),
    ...options,
  };
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** The text table: `#  Model  METRIC…` with superscript letters, columns padded. */
export function reportText(report: SignificanceReport, digits = 4): string {
  const header = ['#', 'Model', ...report.metrics];
  const rows = report.names.map((name, r) => [
    recommenderLetter(r),
    name,
    ...report.cells[r].map((c) => fixed(c.value, digits) + superscript(c.beats.join(''))),
  ]);
  const widths = header.map((h, c) => Math.max([...h].length, ...rows.map((row) => [...row[c]].length)));
  const line = (cells: string[]) => cells.map((s, c) => s + ' '.repeat(widths[c] - [...s].length)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), '', caption(report), ''].join(
    '\n',
  );
}

function caption(report: SignificanceReport): string {
  const correction =
    report.correction === 'none'
      ? ''
      : ` (${P_CORRECTION_LABELS[report.correction]} correction over each metric's pairs)`;
  return `Superscripts denote significant differences in ${SIGNIFICANCE_TEST_LABELS[report.test]}${correction} with p ≤ ${report.alpha}.`;
}

function latexEscape(text: string): string {
  return text.replace(/[\\&%$#_{}~^]/g, (c) =>
    c === '\\' ? '\\textbackslash{}' : c === '~' ? '\\textasciitilde{}' : c === '^' ? '\\textasciicircum{}' : `\\${c}`,
  );
}

/** The LaTeX table (booktabs), as ranx's to_latex lays it out. */
export function reportLatex(report: SignificanceReport, digits = 4): string {
  const best = report.metrics.map((_, t) => {
    let at = -1;
    report.names.forEach((_, r) => {
      const v = Number(fixed(report.cells[r][t].value, digits));
      if (at < 0 || v > Number(fixed(report.cells[at][t].value, digits))) at = r;
    });
    return at;
  });
  const letters = report.names.map((_, r) => recommenderLetter(r));
  const body = report.names.map((name, r) => {
    const cells = report.cells[r].map((cell, t) => {
      const value = fixed(cell.value, digits);
      const shown = best[t] === r ? `\\textbf{${value}}` : value;
      const sup = cell.beats.join('');
      const phantom = letters.filter((l, i) => i !== r && !cell.beats.includes(l)).join('');
      return `${shown}${sup ? `$^{${sup}}$` : ''}${phantom ? `\\hphantom{$^{${phantom}}$}` : ''}`;
    });
    return `${letters[r]} & ${latexEscape(name)} & ${cells.join(' & ')} \\\\`;
  });
  return [
    '% Needs \\usepackage{booktabs} and \\usepackage{graphicx} in the preamble.',
    '\\begin{table*}[ht]',
    '\\centering',
    `\\caption{Overall effectiveness of the models. The best results are highlighted in boldface. ${latexEscape(caption(report)).replace('≤', '$\\le$')}}`,
    '\\resizebox{0.8\\textwidth}{!}{',
    `\\begin{tabular}{c|l${'|c'.repeat(report.metrics.length)}}`,
    '\\toprule',
    `\\textbf{\\#} & \\textbf{Model} & ${report.metrics.map((m) => `\\textbf{${latexEscape(m)}}`).join(' & ')} \\\\`,
    '\\midrule',
    ...body,
    '\\bottomrule',
    '\\end{tabular}',
    '}',
    '\\label{tab:results}',
    '\\end{table*}',
    '',
  ].join('\n');
}

function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV: `letter,model,METRIC,METRIC beats,…` (the beaten letters joined by spaces). */
export function reportCsv(report: SignificanceReport): string {
  const header = ['letter', 'model', ...report.metrics.flatMap((m) => [m, `${m} beats`])];
  const rows = report.names.map((name, r) => [
    recommenderLetter(r),
    name,
    ...report.cells[r].flatMap((c) => [String(c.value), c.beats.join(' ')]),
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

/**
 * Per-user values in long form, `model,user,metric,value`: `users` are the ids (as the source names them) of the
 * aligned rows; values[recommender][metric][u].
 */
export function perUserCsv(
  names: readonly string[],
  metrics: readonly string[],
  users: readonly string[],
  values: readonly (readonly Float64Array[])[],
): string {
  const lines = ['model,user,metric,value'];
  names.forEach((name, r) =>
    metrics.forEach((metric, t) =>
      users.forEach((user, u) =>
        lines.push(`${csvField(name)},${csvField(user)},${csvField(metric)},${values[r][t][u]}`),
      ),
    ),
  );
  return lines.join('\n') + '\n';
}
