/**
 * Numbers as people write them in files, options and links: an optional sign, digits with an optional decimal point,
 * an optional exponent (`0.1`, `.5`, `-3`, `1e-3`). JavaScript's Number() would also read `0x1`, `0b1`, `1_0`
 * (no: NaN), `Infinity` and whitespace-only text (as 0), which no user means as a number here.
 */
export const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The value of a decimal number (surrounding spaces allowed), or NaN. Example: decimalNumber('0x1') → NaN. */
export function decimalNumber(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : NaN;
}
