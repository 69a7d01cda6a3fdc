/** Reading typed values from table cells, with errors that name the file, line and column. */
import { raise } from './fileError.ts';
import type { TableHead, TableRow } from './table.ts';
import { DECIMAL } from '../core/decimal.ts';

/** A finite number; `label` names the value in messages (e.g. "weight"). */
export function numberCell(table: TableHead, row: TableRow, column: number, label: string): number {
  return decimalCell(table, row, column, label, Number.isFinite, 'a number');
}

/** An integer (written `12`, `12.0` or `1.2e1`); anything else raises "… is not an integer". */
export function integerCell(table: TableHead, row: TableRow, column: number, label: string): number {
  return decimalCell(table, row, column, label, Number.isSafeInteger, 'an integer');
}

/** A decimal number that passes `valid`; raises "missing …" for an empty cell, "… is not `what`" otherwise. */
function decimalCell(
  table: TableHead,
  row: TableRow,
  column: number,
  label: string,
  valid: (value: number) => boolean,
  what: string,
): number {
  const text = row.cells[column];
  const field = table.header[column];
  if (text === '') raise(table.file, row.line, field, `missing ${label}`);
  const value = Number(text);
  if (!DECIMAL.test(text) || !valid(value)) raise(table.file, row.line, field, `${label} "${text}" is not ${what}`);
  return value;
}
