/**
 * Table models for the papers' tables: groups of rows of cells, each cell with its display text, its raw value for
 * CSV export, and whether it contradicts the exact ordering. Pure data; the component renders it as a <table>.
 */
import { csvNumber, csvText } from './csv.ts';

export interface TableCell {
  readonly text: string;
  /** "± 0.004", shown smaller; null when there is no spread. */
  readonly spread: string | null;
  /** Raw values for the CSV export. */
  readonly value: number | null;
  readonly std: number | null;
  /** This value orders its recommender against another one opposite to the exact metric (or, for counts, the
   * method is wrong in most repetitions). */
  readonly wrong: boolean;
}

export interface TableRow {
  readonly label: string;
  readonly cells: readonly TableCell[];
}

export interface TableGroup {
  readonly label: string;
  readonly rows: readonly TableRow[];
}

export interface TableModel {
  /** A stable id, used for the CSV file name: "table3". */
  readonly id: string;
  readonly title: string;
  readonly caption: string;
  /** Heading of the group column and of the row column. */
  readonly groupHeading: string;
  readonly rowHeading: string;
  readonly columns: readonly { readonly id: string; readonly label: string }[];
  readonly groups: readonly TableGroup[];
}

/**
 * For each entry of `values` (one per recommender), whether some other recommender is ordered against it opposite
 * to `exact` (strictly on both sides). Example: exact [1, 2], values [3, 1] → [true, true].
 */
export function contradictions(exact: readonly number[], values: readonly number[]): boolean[] {
  return values.map((v, a) => values.some((w, b) => b !== a && Math.sign(exact[a] - exact[b]) * Math.sign(v - w) < 0));
}

export function cell(
  value: number | null,
  std: number | null,
  format: (v: number) => string,
  wrong = false,
): TableCell {
  return {
    text: value === null || !Number.isFinite(value) ? '–' : format(value),
    spread: std === null || !Number.isFinite(std) ? null : `± ${format(std)}`,
    value,
    std,
    wrong,
  };
}

/** Whether the rows come in labelled groups (a group column), as the table shows them. */
export function isGrouped(model: TableModel): boolean {
  return model.groups.some((g) => g.label !== '');
}

/**
 * The table as CSV: one line per row, the raw values (full precision), a std column after each column that has one;
 * the group column only where the rows are grouped (as on the page), so that the first column is never empty.
 */
export function tableCsv(model: TableModel): string {
  const withStd = model.columns.map((_, c) => model.groups.some((g) => g.rows.some((r) => r.cells[c]?.std != null)));
  const grouped = isGrouped(model);
  const header = grouped ? [model.groupHeading, model.rowHeading] : [model.rowHeading];
  model.columns.forEach((col, c) => {
    header.push(col.label);
    if (withStd[c]) header.push(`${col.label} std`);
  });
  const lines = [header.map(csvText).join(',')];
  for (const group of model.groups) {
    for (const row of group.rows) {
      const fields = grouped ? [csvText(group.label), csvText(row.label)] : [csvText(row.label)];
      row.cells.forEach((cellValue, c) => {
        fields.push(csvNumber(cellValue.value));
        if (withStd[c]) fields.push(csvNumber(cellValue.std));
      });
      lines.push(fields.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Number of cells marked as contradicting the exact order. */
export function wrongCount(model: TableModel): number {
  return model.groups.reduce((s, g) => s + g.rows.reduce((t, r) => t + r.cells.filter((c) => c.wrong).length, 0), 0);
}
