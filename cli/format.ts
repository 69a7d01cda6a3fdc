/** Plain-text output: numbers with a fixed number of decimals and aligned columns. */
import { formatDecimal } from '../src/core/index.ts';

/** Below this, a value is rounding noise of a quantity that is zero (e.g. the spread of a constant estimate). */
const NOISE = 1e-12;

/**
 * `digits` decimals; a value that would print as zero but is not (|x| ≥ 1e-12) switches to two significant digits
 * in exponent form (3.2e-5), so that small metrics stay visible. Example: formatNumber(0.0101, 3) === '0.010'.
 */
export function formatNumber(x: number | null, digits: number): string {
  if (x === null) return '–';
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) >= NOISE && Math.abs(x) < 0.5 * 10 ** -digits) return x.toExponential(1);
  return formatDecimal(x, digits);
}

/** `mean ± std` as in the paper's Table 2. */
export function formatMeanStd(mean: number, std: number, digits: number): string {
  return `${formatNumber(mean, digits)} ± ${formatNumber(std, digits)}`;
}

export type Align = 'left' | 'right';

/**
 * Columns separated by two spaces, padded to the widest cell; the first column is left-aligned and the others
 * right-aligned unless `align` says otherwise. A dashed rule separates the header.
 */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align?: readonly Align[],
): string {
  const widths = header.map((h, j) => Math.max(h.length, ...rows.map((row) => row[j].length)));
  const alignOf = (j: number): Align => align?.[j] ?? (j === 0 ? 'left' : 'right');
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, j) => (alignOf(j) === 'left' ? cell.padEnd(widths[j]) : cell.padStart(widths[j])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n') + '\n';
}
