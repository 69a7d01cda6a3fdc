/**
 * Rank files in JSON, in the same layouts as the CSV files (rankFile.ts): either an array of records with the CSV's
 * column names, `[{"recommender": "A", "rank": 3}, …]` (also `user`, `count`, `n`), or an object from recommender
 * name to its list of ranks, `{"A": [3, 1, 40], "B": [2, 7]}`. Errors name the record instead of the line.
 */
import type { Parsed } from './fileError.ts';
import { fail } from './fileError.ts';
import type { RankFile, RankFileOptions } from './rankFile.ts';
import { parseRankFile } from './rankFile.ts';

type Cell = string | number;

function csvCell(value: Cell): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON rank data that has already been through JSON.parse. */
export function parseJsonRanks(json: unknown, options: RankFileOptions): Parsed<RankFile> {
  const file = options.file;
  const labels: string[] = [];
  const rows: Cell[][] = [];
  let columns: string[];
  if (Array.isArray(json)) {
    columns = ['recommender', 'rank', 'user', 'count', 'n'].filter((c) => json.some((r) => isRecord(r) && c in r));
    for (let i = 0; i < json.length; i++) {
      const record = json[i];
      const label = `record ${i + 1}`;
      if (!isRecord(record))
        return fail(file, null, null, `${label} is not an object like {"recommender": "A", "rank": 3}`);
      const row: Cell[] = [];
      for (const column of columns) {
        const value = record[column] ?? '';
        if (typeof value !== 'string' && typeof value !== 'number') {
          return fail(file, null, column, `${label}: "${column}" must be a number or a text`);
        }
        row.push(value);
      }
      rows.push(row);
      labels.push(label);
    }
  } else if (isRecord(json)) {
    columns = ['recommender', 'rank'];
    for (const [name, ranks] of Object.entries(json)) {
      if (!Array.isArray(ranks))
        return fail(file, null, null, `"${name}" must map to a list of ranks, e.g. [3, 1, 40]`);
      ranks.forEach((rank, j) => {
        rows.push([name, typeof rank === 'number' || typeof rank === 'string' ? rank : 'not a number']);
        labels.push(`"${name}", rank ${j + 1}`);
      });
    }
  } else {
    return fail(file, null, null, 'expected a list of records or an object of rank lists');
  }
  const csv = [columns.join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\n');
  const parsed = parseRankFile(csv, options);
  if (parsed.ok) return parsed;
  const { line, field, message } = parsed.error;
  // CSV line 1 is the header, so line L holds record L − 1.
  const where = line !== null && line >= 2 ? `${labels[line - 2]}: ` : '';
  return fail(file, null, field, `${where}${message}`);
}
