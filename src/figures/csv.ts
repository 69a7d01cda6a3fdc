/**
 * CSV cells that are safe to open in a spreadsheet (RFC 4180 quoting, and OWASP's rule against formula injection):
 * a text cell that starts with =, +, −, @, a tab or a carriage return would be run as a formula by Excel, LibreOffice
 * or Google Sheets, so it gets a leading apostrophe, which they show as text. Numbers are written as numbers.
 * Example: csvText('=HYPERLINK("http://evil","x")') → `"'=HYPERLINK(""http://evil"",""x"")"`.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell (names, labels, headers): neutralised, then quoted where it holds a comma, quote or line break. */
export function csvText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number cell at full precision; empty for a missing value. */
export function csvNumber(value: number | null): string {
  return value === null ? '' : String(value);
}
