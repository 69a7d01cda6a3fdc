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

/**
 * Parses every row (header included) and hands it to `visit`; a malformed row raises with its line. A text without
 * quotes or carriage returns is split by plainRows (the same rows, several times faster on 10⁶-row files).
 */
function parseRows(text: string, file: string, delimiter: string, visit: (row: TableRow) => boolean): void {
  if (!text.includes('"') && !text.includes('\r')) plainRows(text, delimiter, visit);
  else papaRows(text, file, delimiter, visit);
}

/**
 * The rows of a text with no quote and no carriage return, where Papa Parse's splitting is plain: lines at \n,
 * cells at the delimiter, trimmed; lines that are blank or whose first non-blank character is `#` are skipped (but
 * an indented one that ends the text without a newline, as papaRows reads it).
 * Exported for the test that it equals papaRows.
 */
export function plainRows(text: string, delimiter: string, visit: (row: TableRow) => boolean): void {
  let line = 0;
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    line++;
    let first = start;
    while (first < end && (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9)) first++;
    // An indented `#` line is a comment, except as the last line without a newline (Papa's reading keeps it).
    const comment = text.charCodeAt(first) === 35 && (first === start || newline >= 0);
    if (first < end && !comment) {
      const cells: string[] = [];
      for (let from = start; ;) {
        const next = text.indexOf(delimiter, from);
        const to = next < 0 || next > end ? end : next;
        cells.push(cell(text, from, to));
        if (to === end) break;
        from = to + 1;
      }
      if (!visit({ line, cells })) return;
    }
    start = end + 1;
  }
}

/** text[from, to) trimmed; cells that begin and end with a printable ASCII character are taken as they are. */
function cell(text: string, from: number, to: number): string {
  if (to === from) return '';
  const a = text.charCodeAt(from);
  const b = text.charCodeAt(to - 1);
  const plain = a > 32 && a < 127 && b > 32 && b < 127;
  return plain ? text.slice(from, to) : text.slice(from, to).trim();
}

/** The rows as Papa Parse splits them (any text). Exported for the test that plainRows equals it. */
export function papaRows(text: string, file: string, delimiter: string, visit: (row: TableRow) => boolean): void {
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
