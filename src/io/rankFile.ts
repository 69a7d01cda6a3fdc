/**
 * Rank files: the positions of the relevant items in each recommender's rankings, as CSV or TSV with a header.
 * Three layouts, told apart by their columns (found by name, in any order; unknown columns are ignored):
 *   recommender,rank          one relevant item per row (one user per row)
 *   recommender,user,rank     several relevant items per user: rows are grouped by (recommender, user)
 *   recommender,rank,count    a histogram: `count` users had their relevant item at `rank` (count 0 rows are skipped)
 * An optional `n` column gives a row (a user) its own catalogue size; an empty cell falls back to the default n.
 * The same layouts hold sampled ranks r̃ (1 ≤ r̃ ≤ m + |R|) when `sampleSize` and `sampled` are given.
 */
import type { RankData } from '../core/rankData.ts';
import { groupedRankData, singleRankData } from '../core/rankData.ts';
import type { Sampling } from '../core/sampling.ts';
import { integerCell } from './cells.ts';
import type { Parsed } from './fileError.ts';
import { catchFileError, raise } from './fileError.ts';
import type { Table, TableRow } from './table.ts';
import { columnIndex, parseTable, requireColumn } from './table.ts';

export type RankLayout = 'single' | 'grouped' | 'histogram';

export interface RankFileOptions {
  /** Display name for messages. */
  readonly file: string;
  /** The catalogue size n of instances without an `n` value. */
  readonly itemCount: number;
  /** The number m of sampled irrelevant items: required for sampled ranks, and checked against n without replacement. */
  readonly sampleSize?: number;
  readonly sampling?: Sampling;
  /** The file holds sampled ranks r̃ in 1..m + |R| rather than true ranks in 1..n. */
  readonly sampled?: boolean;
}

export interface RankFile {
  /** One RankData per recommender, in order of first appearance. */
  readonly recommenders: readonly RankData[];
  readonly layout: RankLayout;
  /** True when the file has an `n` column (every RankData then carries itemCounts). */
  readonly perInstanceItemCount: boolean;
}

/** One user's relevant items while reading. */
interface Instance {
  readonly ranks: number[];
  readonly lines: number[];
  readonly itemCount: number;
  readonly count: number;
}

interface Columns {
  readonly recommender: number;
  readonly rank: number;
  readonly user: number;
  readonly count: number;
  readonly n: number;
}

export function parseRankFile(text: string, options: RankFileOptions): Parsed<RankFile> {
  const table = parseTable(text, options.file);
  if (!table.ok) return table;
  return catchFileError(() => readRanks(table.value, options));
}

function readRanks(table: Table, options: RankFileOptions): RankFile {
  const columns: Columns = {
    recommender: requireColumn(table, 'recommender', 'recommender,rank'),
    rank: requireColumn(table, 'rank', 'recommender,rank'),
    user: columnIndex(table, 'user'),
    count: columnIndex(table, 'count'),
    n: columnIndex(table, 'n'),
  };
  if (columns.user >= 0 && columns.count >= 0) {
    raise(
      table.file,
      table.headerLine,
      'count',
      'the columns "user" and "count" cannot be combined: a histogram row stands for users with one relevant item each',
    );
  }
  if (table.rows.length === 0) raise(table.file, null, null, 'no data rows after the header');
  const layout: RankLayout = columns.user >= 0 ? 'grouped' : columns.count >= 0 ? 'histogram' : 'single';
  const byRecommender = new Map<string, Map<string, Instance>>();
  table.rows.forEach((row, index) => {
    const name = row.cells[columns.recommender];
    if (name === '') raise(table.file, row.line, 'recommender', 'missing recommender name');
    let instances = byRecommender.get(name);
    if (!instances) byRecommender.set(name, (instances = new Map()));
    addRow(
      table,
      row,
      columns,
      instances,
      layout === 'grouped' ? userKey(table, row, columns) : String(index),
      options,
    );
  });
  const recommenders: RankData[] = [];
  for (const [name, instances] of byRecommender) {
    const list = [...instances.values()].filter((instance) => instance.count > 0);
    if (list.length === 0) raise(table.file, null, 'count', `recommender "${name}" has only rows with count 0`);
    for (const instance of list) checkInstance(table.file, name, instance, options);
    recommenders.push(toRankData(name, list, layout, columns.n >= 0));
  }
  return { recommenders, layout, perInstanceItemCount: columns.n >= 0 };
}

function userKey(table: Table, row: TableRow, columns: Columns): string {
  const user = row.cells[columns.user];
  if (user === '') raise(table.file, row.line, 'user', 'missing user');
  return user;
}

function addRow(
  table: Table,
  row: TableRow,
  columns: Columns,
  instances: Map<string, Instance>,
  key: string,
  options: RankFileOptions,
): void {
  const itemCount = rowItemCount(table, row, columns.n, options.itemCount);
  const rank = integerCell(table, row, columns.rank, options.sampled ? 'sampled rank' : 'rank');
  if (rank < 1) {
    raise(
      table.file,
      row.line,
      'rank',
      `${options.sampled ? 'sampled rank' : 'rank'} ${rank} is smaller than 1 (1 is the best position)`,
    );
  }
  if (!options.sampled && rank > itemCount) {
    raise(table.file, row.line, 'rank', `rank ${rank} is larger than n = ${itemCount}`);
  }
  let count = 1;
  if (columns.count >= 0) {
    count = integerCell(table, row, columns.count, 'count');
    if (count < 0) raise(table.file, row.line, 'count', `count ${count} is negative`);
  }
  const instance = instances.get(key);
  if (!instance) {
    instances.set(key, { ranks: [rank], lines: [row.line], itemCount, count });
    return;
  }
  const user = `user "${key}" of recommender "${row.cells[columns.recommender]}"`;
  if (instance.itemCount !== itemCount) {
    raise(
      table.file,
      row.line,
      'n',
      `n = ${itemCount} differs from n = ${instance.itemCount} on line ${instance.lines[0]} for ${user}`,
    );
  }
  const previous = instance.ranks.indexOf(rank);
  if (previous >= 0) {
    raise(
      table.file,
      row.line,
      'rank',
      `rank ${rank} appears twice for ${user} (also on line ${instance.lines[previous]})`,
    );
  }
  instance.ranks.push(rank);
  instance.lines.push(row.line);
}

function rowItemCount(table: Table, row: TableRow, column: number, fallback: number): number {
  if (column < 0 || row.cells[column] === '') return fallback;
  const n = integerCell(table, row, column, 'n');
  if (n < 2) raise(table.file, row.line, 'n', `n = ${n} is smaller than 2`);
  return n;
}

/** Checks that need the whole instance: |R| < n, sampled ranks ≤ m + |R|, m ≤ n − |R| without replacement. */
function checkInstance(file: string, name: string, instance: Instance, options: RankFileOptions): void {
  const k = instance.ranks.length;
  const n = instance.itemCount;
  const line = instance.lines[k - 1];
  const what = k === 1 ? 'this user' : `this user (recommender "${name}", ${k} relevant items)`;
  if (k >= n) raise(file, line, 'rank', `${k} relevant items leave no irrelevant item among n = ${n} for ${what}`);
  const m = options.sampleSize;
  if (m === undefined) return;
  if (options.sampling === 'without-replacement' && m > n - k) {
    raise(
      file,
      line,
      'n',
      `m = ${m} is larger than the n − ${k === 1 ? '1' : '|R|'} = ${n - k} irrelevant items of ${what}: without replacement m ≤ n − ${k === 1 ? '1' : '|R|'}`,
    );
  }
  if (!options.sampled) return;
  for (let j = 0; j < k; j++) {
    if (instance.ranks[j] > m + k) {
      const limit = k === 1 ? `m + 1 = ${m + 1}` : `m + |R| = ${m + k} for ${what}`;
      raise(file, instance.lines[j], 'rank', `sampled rank ${instance.ranks[j]} is larger than ${limit}`);
    }
  }
}

function toRankData(name: string, list: readonly Instance[], layout: RankLayout, withItemCounts: boolean): RankData {
  const itemCounts = withItemCounts ? list.map((instance) => instance.itemCount) : null;
  if (layout === 'grouped') {
    return groupedRankData(
      name,
      list.map((instance) => instance.ranks),
      itemCounts,
    );
  }
  return singleRankData(
    name,
    list.map((instance) => instance.ranks[0]),
    layout === 'histogram' ? list.map((instance) => instance.count) : null,
    itemCounts,
  );
}
