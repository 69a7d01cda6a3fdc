/**
 * Rank files: the positions of the relevant items in each recommender's rankings, as CSV or TSV with a header.
 * Three layouts, told apart by their columns (found by name, in any order; unknown columns are ignored):
 *   recommender,rank          one relevant item per row (one user per row)
 *   recommender,user,rank     several relevant items per user: rows are grouped by (recommender, user)
 *   recommender,rank,count    a histogram: `count` users had their relevant item at `rank` (count 0 rows are skipped)
 * An optional `n` column gives a row (a user) its own catalogue size; an empty cell falls back to the default n.
 * Optional `relevance`, `rankOptimistic` and `rankPessimistic` columns give each relevant item a grade and the range
 * of positions of the items tied with it (itemColumns.ts); they come back as the RankData's `relevance` and `ties`.
 * The same layouts hold sampled ranks r̃ (1 ≤ r̃ ≤ m + |R|) when `sampleSize` and `sampled` are given.
 */
import type { RankData } from '../core/rankData.ts';
import { groupedRankData, singleRankData } from '../core/rankData.ts';
import type { Sampling } from '../core/law/index.ts';
import { integerCell } from './cells.ts';
import type { ItemColumns, ItemExtras } from './itemColumns.ts';
import { checkTieRanges, extraColumns, itemColumns, readItemExtras } from './itemColumns.ts';
import type { Parsed } from './fileError.ts';
import { catchFileError, lineProblems, raise } from './fileError.ts';
import type { TableHead, TableReader, TableRow } from './table.ts';
import { openPapaTable } from './papaTable.ts';
import { columnIndex, requireColumn } from './table.ts';

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
  /** True when the file has `rankOptimistic` and `rankPessimistic` columns (every RankData then carries ties). */
  readonly tieRanges?: boolean;
  /** True when the file has a `relevance` column (every RankData then carries relevance). */
  readonly relevanceGrades?: boolean;
}

/** One user's relevant items while reading a grouped file. */
interface Group {
  readonly ranks: number[];
  readonly lines: number[];
  readonly extras: ItemExtras[];
  readonly itemCount: number;
}

/** One recommender's rows while reading. */
interface Rows {
  /** Single and histogram layouts: one entry per kept row. */
  readonly ranks: number[];
  readonly counts: number[];
  readonly itemCounts: number[];
  readonly extras: ItemExtras[];
  /** Grouped layout: users in order of first appearance. */
  readonly groups: Map<string, Group>;
}

interface Columns {
  readonly recommender: number;
  readonly rank: number;
  readonly user: number;
  readonly count: number;
  readonly n: number;
  readonly items: ItemColumns;
}

/** Parses a rank file; any problem comes back as an error with file, line and column. */
export function parseRankFile(text: string, options: RankFileOptions): Parsed<RankFile> {
  return catchFileError(() => readRanks(openPapaTable(text, options.file), options));
}

function readRanks(table: TableReader, options: RankFileOptions): RankFile {
  const columns: Columns = {
    recommender: requireColumn(table, 'recommender', 'recommender,rank'),
    rank: requireColumn(table, 'rank', 'recommender,rank'),
    user: columnIndex(table, 'user'),
    count: columnIndex(table, 'count'),
    n: columnIndex(table, 'n'),
    items: itemColumns(table),
  };
  if (columns.user >= 0 && columns.count >= 0) {
    raise(
      table.file,
      table.headerLine,
      'count',
      'the columns "user" and "count" cannot be combined: a histogram row stands for users with one relevant item each',
    );
  }
  const layout: RankLayout = columns.user >= 0 ? 'grouped' : columns.count >= 0 ? 'histogram' : 'single';
  const byRecommender = new Map<string, Rows>();
  // Every user of the file, in order of first appearance: recommenders evaluated on the same users pair up by it.
  const userIndex = new Map<string, number>();
  let rowCount = 0;
  // Every bad line is reported (the first MAX_PROBLEMS of them), not only the first.
  const problems = lineProblems();
  table.forEachRow((row) => {
    rowCount++;
    problems.check(() => {
      const name = row.cells[columns.recommender];
      if (name === '') raise(table.file, row.line, 'recommender', 'missing recommender name');
      let rows = byRecommender.get(name);
      if (!rows)
        byRecommender.set(name, (rows = { ranks: [], counts: [], itemCounts: [], extras: [], groups: new Map() }));
      if (layout === 'grouped') {
        addGroupedRow(table, row, columns, rows.groups, options);
        const user = row.cells[columns.user];
        if (!userIndex.has(user)) userIndex.set(user, userIndex.size);
      } else addSingleRow(table, row, columns, rows, options);
    });
  });
  if (rowCount === 0) raise(table.file, null, null, 'no data rows after the header');
  if (layout === 'grouped') {
    for (const [name, rows] of byRecommender)
      for (const group of rows.groups.values()) problems.check(() => checkGroup(table.file, name, group, options));
  }
  problems.raiseAny();
  const recommenders: RankData[] = [];
  for (const [name, rows] of byRecommender) {
    const withItemCounts = columns.n >= 0;
    if (layout !== 'grouped') {
      if (rows.ranks.length === 0) raise(table.file, null, 'count', `recommender "${name}" has only rows with count 0`);
      const counts = layout === 'histogram' ? rows.counts : null;
      const data = singleRankData(name, rows.ranks, counts, withItemCounts ? rows.itemCounts : null);
      recommenders.push({ ...data, ...extraColumns(columns.items, rows.extras) });
      continue;
    }
    const groups = [...rows.groups.values()];
    const itemCounts = withItemCounts ? groups.map((g) => g.itemCount) : null;
    // groupedRankData sorts each user's ranks: sort the items first so that grades and tie ranges stay aligned.
    const sorted = groups.map((g) => g.ranks.map((_, j) => j).sort((a, b) => g.ranks[a] - g.ranks[b]));
    const data = groupedRankData(
      name,
      groups.map((g, u) => sorted[u].map((j) => g.ranks[j])),
      itemCounts,
    );
    const extras = groups.flatMap((g, u) => sorted[u].map((j) => g.extras[j]));
    recommenders.push({
      ...data,
      users: Int32Array.from(rows.groups.keys(), (user) => userIndex.get(user)!),
      ...extraColumns(columns.items, extras),
    });
  }
  return {
    recommenders,
    layout,
    perInstanceItemCount: columns.n >= 0,
    tieRanges: columns.items.low >= 0,
    relevanceGrades: columns.items.relevance >= 0,
  };
}

/**
 * Reads the rank, n, grade and tie range of a row and checks the rank against n (true ranks) or ≥ 1 (sampled
 * ranks).
 */
function readRank(
  table: TableHead,
  row: TableRow,
  columns: Columns,
  options: RankFileOptions,
): [number, number, ItemExtras] {
  const itemCount = rowItemCount(table, row, columns.n, options.itemCount);
  const label = options.sampled ? 'sampled rank' : 'rank';
  const rank = integerCell(table, row, columns.rank, label);
  if (rank < 1) raise(table.file, row.line, 'rank', `${label} ${rank} is smaller than 1 (1 is the best position)`);
  if (!options.sampled && rank > itemCount) {
    raise(table.file, row.line, 'rank', `rank ${rank} is larger than n = ${itemCount}`);
  }
  return [rank, itemCount, readItemExtras(table, row, columns.items, rank, options.sampled ? null : itemCount)];
}

function addSingleRow(table: TableHead, row: TableRow, columns: Columns, rows: Rows, options: RankFileOptions): void {
  const [rank, itemCount, extras] = readRank(table, row, columns, options);
  let count = 1;
  if (columns.count >= 0) {
    count = integerCell(table, row, columns.count, 'count');
    if (count < 0) raise(table.file, row.line, 'count', `count ${count} is negative`);
  }
  checkSample(table.file, row.line, [rank], itemCount, 'this user', options, [extras.high]);
  if (count === 0) return;
  rows.extras.push(extras);
  rows.ranks.push(rank);
  rows.counts.push(count);
  rows.itemCounts.push(itemCount);
}

function addGroupedRow(
  table: TableHead,
  row: TableRow,
  columns: Columns,
  groups: Map<string, Group>,
  options: RankFileOptions,
): void {
  const user = row.cells[columns.user];
  if (user === '') raise(table.file, row.line, 'user', 'missing user');
  const [rank, itemCount, extras] = readRank(table, row, columns, options);
  const group = groups.get(user);
  if (!group) {
    groups.set(user, { ranks: [rank], lines: [row.line], extras: [extras], itemCount });
    return;
  }
  const who = `user "${user}" of recommender "${row.cells[columns.recommender]}"`;
  if (group.itemCount !== itemCount) {
    raise(
      table.file,
      row.line,
      'n',
      `n = ${itemCount} differs from n = ${group.itemCount} on line ${group.lines[0]} for ${who}`,
    );
  }
  const previous = group.ranks.indexOf(rank);
  if (previous >= 0) {
    raise(
      table.file,
      row.line,
      'rank',
      `rank ${rank} appears twice for ${who} (also on line ${group.lines[previous]})`,
    );
  }
  group.ranks.push(rank);
  group.lines.push(row.line);
  group.extras.push(extras);
}

function rowItemCount(table: TableHead, row: TableRow, column: number, fallback: number): number {
  if (column < 0 || row.cells[column] === '') return fallback;
  const n = integerCell(table, row, column, 'n');
  if (n < 2) raise(table.file, row.line, 'n', `n = ${n} is smaller than 2`);
  return n;
}

/** Checks that need a whole user's relevant items: |R| < n, and the checks of `checkSample`. */
function checkGroup(file: string, name: string, group: Group, options: RankFileOptions): void {
  const k = group.ranks.length;
  const n = group.itemCount;
  const line = group.lines[k - 1];
  const who = k === 1 ? 'this user' : `this user (recommender "${name}", ${k} relevant items)`;
  if (k >= n) raise(file, line, 'rank', `${k} relevant items leave no irrelevant item among n = ${n} for ${who}`);
  checkTieRanges(file, group.lines, group.extras, who);
  const highs = group.extras.map((e) => e.high);
  checkSample(file, group.lines, group.ranks, n, who, options, highs);
}

/**
 * m ≤ n − |R| without replacement, and sampled ranks ≤ m + |R| (the sampled list has m + |R| items), as are the
 * last positions of their tie ranges (`highs`).
 */
function checkSample(
  file: string,
  lines: number | readonly number[],
  ranks: readonly number[],
  n: number,
  who: string,
  options: RankFileOptions,
  highs: readonly number[],
): void {
  const m = options.sampleSize;
  if (m === undefined) return;
  const k = ranks.length;
  const pool = k === 1 ? '1' : '|R|';
  if (options.sampling === 'without-replacement' && m > n - k) {
    const message = `m = ${m} is larger than the n − ${pool} = ${n - k} irrelevant items of ${who}: without replacement m ≤ n − ${pool}`;
    raise(file, lineAt(lines, k - 1), 'n', message);
  }
  if (!options.sampled) return;
  for (let j = 0; j < k; j++) {
    if (ranks[j] > m + k) {
      const limit = k === 1 ? `m + 1 = ${m + 1}` : `m + |R| = ${m + k} for ${who}`;
      raise(file, lineAt(lines, j), 'rank', `sampled rank ${ranks[j]} is larger than ${limit}`);
    }
    if (highs[j] > m + k) {
      const limit = k === 1 ? `m + 1 = ${m + 1}` : `m + |R| = ${m + k} for ${who}`;
      raise(file, lineAt(lines, j), 'rankpessimistic', `rankPessimistic ${highs[j]} is larger than ${limit}`);
    }
  }
}

/** The line of a user's j-th item (one line for a single row). A module function: checkSample runs for every row. */
function lineAt(lines: number | readonly number[], j: number): number {
  return typeof lines === 'number' ? lines : lines[j];
}
