/**
 * The same TableReader as table.ts (openTable), with the splitting of lines into fields done by Papa Parse, a
 * well-kept CSV parser (RFC 4180 quoting; quoted fields may span lines). Header names are trimmed and lower-cased,
 * cells trimmed, blank lines and `#` comment lines skipped, a byte-order mark dropped; every row keeps the line it
 * starts on, for messages; rows are visited as they are parsed, never all held at once. One difference, Papa's and
 * RFC 4180's: a quote after leading spaces (`A, "b"`) is part of the cell. Meant to replace openTable in
 * rankFile.ts once that file can take a reader.
 */
import Papa from 'papaparse';
import { raise } from './fileError.ts';
import type { TableReader, TableRow } from './table.ts';

/** Line numbers of character offsets visited in increasing order: one pass over the text in all. */
function lineCounter(text: string): (offset: number) => number {
  let position = 0;
  let line = 1;
  return (offset) => {
    for (; position < offset; position++) {
      const c = text.charCodeAt(position);
      if (c === 10 || (c === 13 && text.charCodeAt(position + 1) !== 10)) line++;
    }
    return line;
  };
}

/** Offset of the first line at or after `at` that is neither blank nor a comment (before `end`). */
function contentStart(text: string, at: number, end: number): number {
  for (;;) {
    let i = at;
    while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
    const c = text[i];
    if (i >= end || (c !== '\n' && c !== '\r' && c !== '#')) return at;
    while (i < end && text[i] !== '\n' && text[i] !== '\r') i++;
    if (i >= end) return at;
    at = i + (text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1);
  }
}

/** Parses every row (header included) and hands it to `visit`; a malformed row raises with its line. */
function parseRows(text: string, file: string, delimiter: string, visit: (row: TableRow) => boolean): void {
  const lineOf = lineCounter(text);
  let start = 0;
  let failure: { line: number; message: string } | null = null;
  Papa.parse<string[]>(text, {
    delimiter,
    comments: '#',
    skipEmptyLines: false,
    step: (result, parser) => {
      const end = result.meta.cursor;
      const at = contentStart(text, start, end);
      start = end;
      const c = text[at];
      const maybeBlank = c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '\r';
      if (at >= end || (maybeBlank && text.slice(at, end).trim() === '')) return; // a blank line
      const line = lineOf(at);
      const error = result.errors[0];
      if (error) {
        failure = { line, message: error.code === 'MissingQuotes' ? 'unterminated quoted field' : error.message };
        parser.abort();
        return;
      }
      if (!visit({ line, cells: result.data.map((cell) => cell.trim()) })) parser.abort();
    },
  });
  const problem = failure as { line: number; message: string } | null;
  if (problem) raise(file, problem.line, null, problem.message);
}

/** The first line that is neither blank nor a comment (it decides the delimiter, as in table.ts). */
function firstContentLine(text: string): string {
  const at = contentStart(text, 0, text.length);
  const end = text.slice(at).search(/\r\n|\n|\r/);
  return end < 0 ? text.slice(at) : text.slice(at, at + end);
}

/**
 * Reads the header; raises for an empty file or a column named twice. Call inside `catchFileError`. `example` is the
 * header an empty file's message suggests (a rank file's by default; a prior file passes "rank,weight").
 */
export function openPapaTable(source: string, file: string, example = 'recommender,rank'): TableReader {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const delimiter = firstContentLine(text).includes('\t') ? '\t' : ',';
  let headerRow: TableRow | null = null;
  parseRows(text, file, delimiter, (row) => {
    headerRow = row;
    return false;
  });
  const head = headerRow as TableRow | null;
  if (!head) raise(file, null, null, `the file is empty (expected a header line such as "${example}")`);
  const header = head.cells.map((name) => name.toLowerCase());
  const seen = new Set<string>();
  for (const name of header) {
    if (name !== '' && seen.has(name)) raise(file, head.line, name, `column "${name}" appears twice in the header`);
    seen.add(name);
  }
  const forEachRow = (visit: (row: TableRow) => void): void => {
    let first = true;
    parseRows(text, file, delimiter, (row) => {
      if (first) {
        first = false;
        return true;
      }
      if (row.cells.length !== header.length) {
        const fields = `${row.cells.length} field${row.cells.length === 1 ? '' : 's'}`;
        raise(file, row.line, null, `${fields}, but the header has ${header.length}`);
      }
      visit(row);
      return true;
    });
  };
  return { file, header, headerLine: head.line, delimiter, forEachRow };
}
