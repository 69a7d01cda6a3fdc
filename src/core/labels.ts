/**
 * The names and number formats that the page, the figures and the CLI share: metric and method labels, the sampling
 * law in words, integers with thousands separators, fixed decimals and read-out values. Every metric label is here
 * (a metric id, an id read under a variant, a metric under a reader's choice of variants, a results table's column);
 * method labels come from the estimator registry (estimators.ts).
 */
import { parseMetric } from './metrics.ts';
import { variantById } from './variants/catalog.ts';
import { chosenVariant, isDefaultVariant, type VariantChoice } from './variants/choice.ts';

export { methodLabel, shortMethodLabel } from './estimators.ts';
export { SAMPLING_LABELS } from './law/index.ts';

const METRIC_LABELS: Readonly<Record<string, string>> = {
  auc: 'AUC',
  ap: 'AP',
  ndcg: 'NDCG',
  recall: 'Recall',
  precision: 'Precision',
};

/** `recall@10` → "Recall@10", `ap` → "AP": Krichene & Rendle's name of a metric id. */
export function metricLabel(id: string): string {
  const [kind, cutoff] = id.split('@');
  const label = METRIC_LABELS[kind] ?? kind;
  return cutoff === undefined ? label : `${label}@${cutoff}`;
}

/**
 * "AP@10 (AP@K / K)" for `ap@10:ap-k`, "AP@10" for `ap@10`: the label of a metric id with or without the variant it
 * is read under (variants/definedMetric.ts), with the variant's short label where it has one (figure titles, axes).
 */
export function metricIdLabel(id: string): string {
  const colon = id.indexOf(':');
  if (colon < 0) return metricLabel(id);
  const variant = variantById(id.slice(colon + 1));
  return `${metricLabel(id.slice(0, colon))} (${variant.short ?? variant.label})`;
}

/**
 * A metric's name under a reader's choice of variants (variants/choice.ts): "AP@10" for Krichene & Rendle's
 * definition, "AP@10 (AP@K / K)" for another, so that every table header and exported file says which quantity its
 * numbers are.
 */
export function variantMetricLabel(id: string, choice: VariantChoice | undefined): string {
  const kind = parseMetric(id).kind;
  if (isDefaultVariant(kind, choice)) return metricLabel(id);
  return `${metricLabel(id)} (${chosenVariant(kind, choice).label})`;
}

/**
 * A metric as the results tables head its columns: `recall@10` → "Recall@10 (= HR@10)" (one relevant item: HR@K =
 * Recall@K), with its chosen definition when it is not Krichene & Rendle's ("NDCG (gain 2^rel − 1, …)").
 */
export function tableMetricLabel(id: string, variants?: VariantChoice): string {
  const label = variantMetricLabel(id, variants);
  return id.startsWith('recall@') && isDefaultVariant('recall', variants)
    ? `${label} (= HR@${id.slice('recall@'.length)})`
    : label;
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
