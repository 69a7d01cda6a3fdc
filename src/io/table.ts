/**
 * Delimited text with a header row: CSV (comma) or TSV (tab, detected from the header line). Fields may be
 * double-quoted ("a,b" and "say ""hi"""), but a quoted field cannot span lines. Blank lines and lines starting
 * with `#` are skipped; a UTF-8 byte-order mark is dropped. Header names are trimmed and lower-cased, so columns
 * are found by name in any order.
 */
import type { Parsed } from './fileError.ts';
import { catchFileError, raise } from './fileError.ts';

export interface TableRow {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly cells: readonly string[];
}

export interface TableHead {
  readonly file: string;
  /** Column names, trimmed and lower-cased. */
  readonly header: readonly string[];
  readonly headerLine: number;
  readonly delimiter: ',' | '\t';
}

export interface Table extends TableHead {
  readonly rows: readonly TableRow[];
}

/** A table whose rows are split one at a time (large rank files): `forEachRow` may raise on a malformed row. */
export interface TableReader extends TableHead {
  forEachRow(visit: (row: TableRow) => void): void;
}

/** The whole table in memory. */
export function parseTable(text: string, file: string): Parsed<Table> {
  return catchFileError(() => {
    const reader = openTable(text, file);
    const rows: TableRow[] = [];
    reader.forEachRow((row) => rows.push(row));
    return { file, header: reader.header, headerLine: reader.headerLine, delimiter: reader.delimiter, rows };
  });
}

/** Reads the header; raises for an empty file or a column named twice. Call inside `catchFileError`. */
export function openTable(text: string, file: string): TableReader {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex(isContent);
  if (headerIndex < 0) raise(file, null, null, 'the file is empty (expected a header line such as "recommender,rank")');
  const headerText = lines[headerIndex];
  const delimiter = headerText.includes('\t') ? '\t' : ',';
  const header = splitLine(headerText, delimiter, file, headerIndex + 1).map((name) => name.trim().toLowerCase());
  const seen = new Set<string>();
  for (const name of header) {
    if (name !== '' && seen.has(name))
      raise(file, headerIndex + 1, name, `column "${name}" appears twice in the header`);
    seen.add(name);
  }
  const forEachRow = (visit: (row: TableRow) => void): void => {
    for (let i = headerIndex + 1; i < lines.length; i++) {
      if (!isContent(lines[i])) continue;
      const cells = splitLine(lines[i], delimiter, file, i + 1);
      if (cells.length !== header.length) {
        const fields = `${cells.length} field${cells.length === 1 ? '' : 's'}`;
        raise(file, i + 1, null, `${fields}, but the header has ${header.length}`);
      }
      visit({ line: i + 1, cells });
    }
  };
  return { file, header, headerLine: headerIndex + 1, delimiter, forEachRow };
}

function isContent(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== '' && !trimmed.startsWith('#');
}

/** Splits one line into fields, unquoting double-quoted fields. */
export function splitLine(line: string, delimiter: string, file: string, lineNumber: number): string[] {
  if (!line.includes('"')) return line.split(delimiter).map((cell) => cell.trim());
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    while (line[i] === ' ') i++;
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) raise(file, lineNumber, null, 'unterminated quoted field');
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += line[i++];
      }
      while (line[i] === ' ') i++;
      if (i < line.length && line[i] !== delimiter) raise(file, lineNumber, null, 'text after a closing quote');
    } else {
      const end = line.indexOf(delimiter, i);
      cell = line.slice(i, end < 0 ? line.length : end);
      i = end < 0 ? line.length : end;
    }
    cells.push(cell.trim());
    if (i >= line.length) return cells;
    i++; // the delimiter
  }
}

/** Index of a column by (lower-case) name, or -1. */
export function columnIndex(table: TableHead, name: string): number {
  return table.header.indexOf(name);
}

/** Index of a required column; raises an error naming the column and listing the header otherwise. */
export function requireColumn(table: TableHead, name: string, example: string): number {
  const index = columnIndex(table, name);
  if (index < 0) {
    raise(
      table.file,
      table.headerLine,
      name,
      `missing column "${name}" (the header has ${table.header.map((h) => `"${h}"`).join(', ')}; expected e.g. "${example}")`,
    );
  }
  return index;
}
