/**
 * The optional per-item columns of a rank file: `relevance`, a grade ≥ 0 of the relevant item (e.g. its test
 * rating; graded NDCG variants use it), and `rankOptimistic` / `rankPessimistic`, the first and last position the
 * item can take among the items tied with its score (rankOptimistic ≤ rank ≤ rankPessimistic; a tie rule picks one
 * or averages over them, src/core/ties). The two tie columns come together; a row with both cells empty has no tie.
 */
import type { TieRanges } from '../core/rankData.ts';
import { integerCell, numberCell } from './cells.ts';
import { raise } from './fileError.ts';
import type { TableHead, TableRow } from './table.ts';
import { columnIndex } from './table.ts';

export interface ItemColumns {
  readonly relevance: number;
  readonly low: number;
  readonly high: number;
}

/** One relevant item's grade and tie range (grade 1 and low = high = rank without those columns). */
export interface ItemExtras {
  readonly grade: number;
  readonly low: number;
  readonly high: number;
}

/** Finds the columns; raises when only one of rankOptimistic and rankPessimistic is there. */
export function itemColumns(table: TableHead): ItemColumns {
  const columns = {
    relevance: columnIndex(table, 'relevance'),
    low: columnIndex(table, 'rankoptimistic'),
    high: columnIndex(table, 'rankpessimistic'),
  };
  if (columns.low >= 0 !== columns.high >= 0) {
    const [has, lacks] =
      columns.low >= 0 ? ['rankOptimistic', 'rankPessimistic'] : ['rankPessimistic', 'rankOptimistic'];
    raise(table.file, table.headerLine, has.toLowerCase(), `a "${has}" column needs a "${lacks}" column too`);
  }
  return columns;
}

/**
 * Reads a row's grade and tie range for the item at `rank`; `limit` is the largest position (n for true ranks),
 * or null for sampled ranks (checked with the user's other items). Messages name the line and the value.
 */
export function readItemExtras(
  table: TableHead,
  row: TableRow,
  columns: ItemColumns,
  rank: number,
  limit: number | null,
): ItemExtras {
  let grade = 1;
  if (columns.relevance >= 0) {
    grade = numberCell(table, row, columns.relevance, 'relevance');
    if (grade < 0) raise(table.file, row.line, 'relevance', `relevance ${grade} is negative (grades are ≥ 0)`);
  }
  if (columns.low < 0 || (row.cells[columns.low] === '' && row.cells[columns.high] === '')) {
    return { grade, low: rank, high: rank };
  }
  const low = integerCell(table, row, columns.low, 'rankOptimistic');
  const high = integerCell(table, row, columns.high, 'rankPessimistic');
  if (low < 1) raise(table.file, row.line, 'rankoptimistic', `rankOptimistic ${low} is smaller than 1`);
  if (low > high) {
    raise(table.file, row.line, 'rankoptimistic', `rankOptimistic ${low} is larger than rankPessimistic ${high}`);
  }
  if (limit !== null && high > limit) {
    raise(table.file, row.line, 'rankpessimistic', `rankPessimistic ${high} is larger than n = ${limit}`);
  }
  if (rank < low || rank > high) {
    raise(
      table.file,
      row.line,
      'rank',
      `rank ${rank} is outside its tie range rankOptimistic..rankPessimistic = ${low}..${high}`,
    );
  }
  return { grade, low, high };
}

/**
 * A user's tie ranges must be identical (items tied with each other) or disjoint (different scores); raises at
 * the later of two overlapping rows.
 */
export function checkTieRanges(
  file: string,
  lines: readonly number[],
  extras: readonly ItemExtras[],
  who: string,
): void {
  const order = extras
    .map((_, j) => j)
    .sort((a, b) => extras[a].low - extras[b].low || extras[a].high - extras[b].high);
  for (let t = 1; t < order.length; t++) {
    const a = extras[order[t - 1]];
    const b = extras[order[t]];
    const same = a.low === b.low && a.high === b.high;
    if (!same && b.low <= a.high) {
      const [first, second] = [order[t - 1], order[t]].sort((x, y) => lines[x] - lines[y]);
      raise(
        file,
        lines[second],
        'rankoptimistic',
        `tie range ${extras[second].low}..${extras[second].high} overlaps ${extras[first].low}..${extras[first].high} on line ${lines[first]} for ${who}; items tied with each other share one range`,
      );
    }
  }
}

/** The grades and tie ranges of a recommender's items, in the order of its ranks, when the file has the columns. */
export function extraColumns(
  columns: ItemColumns,
  extras: readonly ItemExtras[],
): { relevance?: Float64Array; ties?: TieRanges } {
  const out: { relevance?: Float64Array; ties?: TieRanges } = {};
  if (columns.relevance >= 0) out.relevance = Float64Array.from(extras, (e) => e.grade);
  if (columns.low >= 0) {
    out.ties = { low: Float64Array.from(extras, (e) => e.low), high: Float64Array.from(extras, (e) => e.high) };
  }
  return out;
}
