/**
 * The names and number formats that the page, the figures and the CLI share: metric and method labels, the sampling
 * law in words, integers with thousands separators, fixed decimals and read-out values. Method labels come from
 * the estimator registry (estimators.ts).
 */
export { methodLabel, shortMethodLabel } from './estimators.ts';
export { SAMPLING_LABELS } from './law/index.ts';

const METRIC_LABELS: Readonly<Record<string, string>> = {
  auc: 'AUC',
  ap: 'AP',
  ndcg: 'NDCG',
  recall: 'Recall',
  precision: 'Precision',
};

/** `recall@10` → "Recall@10", `ap` → "AP". */
export function metricLabel(id: string): string {
  const [kind, cutoff] = id.split('@');
  const label = METRIC_LABELS[kind] ?? kind;
  return cutoff === undefined ? label : `${label}@${cutoff}`;
}

const integer = new Intl.NumberFormat('en-US');

/** 10000 → "10,000". */
export function formatInteger(value: number): string {
  return integer.format(value);
}

/** `digits` decimals, without the sign of a value that rounds to zero: formatDecimal(-0.0001, 3) → "0.000". */
export function formatDecimal(value: number, digits: number): string {
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** formatDecimal with a typographic minus sign (U+2212) for figures' text: -0.5 → "−0.500" with 3 digits. */
export function formatSigned(value: number, digits: number): string {
  return formatDecimal(value, digits).replace('-', '−');
}

/** A value for a read-out or caption: 4 significant digits, no exponent between 1e-4 and 1e6. */
export function formatSignificant(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const a = Math.abs(value);
  if (a >= 1e-4 && a < 1e6) return String(Number(value.toPrecision(4)));
  return value.toExponential(3);
}
