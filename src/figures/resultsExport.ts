/**
 * The page's two results tables as export tables (exportTable.ts): exact vs. expected sampled metrics (Krichene &
 * Rendle Tables 1–2 layout: exact values with their 95% interval over users, expected sampled values ± their std
 * over negative sampling), and the estimates of one metric by every method from sampled ranks (each with its 95%
 * interval over users). Headers name each column as the page does, with n, m and the sampling law.
 */
import { formatInteger, tableMetricLabel } from '../core/labels.ts';
import { tieRuleText } from '../core/ties/tieRule.ts';
import type { VariantChoice } from '../core/variants/choice.ts';
import type { Definitions } from '../core/variants/definedTable.ts';
import type { ExportTable } from './exportTable.ts';
import type { Interval } from './methodTable.ts';
import { methodColumn } from './methodTable.ts';
import type { ExactIntervals, RecommenderInput } from './resultsTable.ts';

export interface ResultsExportInput {
  readonly rows: readonly RecommenderInput[];
  readonly metrics: readonly string[];
  readonly intervals: ExactIntervals | null;
  /** The catalogue: "n = 10,000 items" or "each user’s own n (1,393–3,687)". */
  readonly itemCountText: string;
  readonly sampleSize: number;
  /** The sampling law in words: "without replacement". */
  readonly samplingText: string;
  /** The chosen definitions and tie rule the values follow (named in the headers and the caption). */
  readonly definitions?: Definitions;
  readonly digits?: number;
}

/** Exact metrics [95% interval over users] and expected sampled metrics ± std, one column per metric each. */
export function resultsExport(input: ResultsExportInput): ExportTable {
  const { rows, metrics, intervals, itemCountText, sampleSize, samplingText } = input;
  const variants = input.definitions?.variants;
  const ties = input.definitions?.ties;
  const m = `m = ${formatInteger(sampleSize)} sampled items ${samplingText}`;
  const exactGroup = `Exact, ${itemCountText}`;
  const sampledGroup = `Sampled, ${m}: expected ± std`;
  const exact = metrics.map((id) => ({
    group: exactGroup,
    label: tableMetricLabel(id, variants),
    csvLabel: `${tableMetricLabel(id, variants)}, exact, ${itemCountText}`,
    intervals: intervals !== null,
    cells: rows.map((row) => {
      const result = row.results[id];
      if (!result) return null;
      const interval = intervals?.values[row.name]?.[id];
      return { value: result.exact, low: interval?.low ?? null, high: interval?.high ?? null };
    }),
  }));
  const sampled = metrics.map((id) => ({
    group: sampledGroup,
    label: tableMetricLabel(id, variants),
    csvLabel: `${tableMetricLabel(id, variants)}, expected sampled, ${m}`,
    cells: rows.map((row) => {
      const result = row.results[id];
      return result && result.sampledMean !== null ? { value: result.sampledMean, spread: result.sampledStd } : null;
    }),
  }));
  return {
    caption:
      `Metrics averaged over each recommender’s users. Exact: ${itemCountText}, [95% interval over users]. ` +
      `Sampled: ${m}, expected value ± standard deviation over negative sampling.` +
      (ties ? ` Ties: ${tieRuleText(ties)}.` : ''),
    rowHeading: 'Recommender',
    rowNames: rows.map((row) => row.name),
    columns: [...exact, ...sampled],
    digits: input.digits ?? 3,
  };
}

export interface EstimatesExportInput {
  readonly metric: string;
  readonly recommenders: readonly string[];
  readonly methods: readonly string[];
  /** value[recommender][method]. */
  readonly value: readonly (readonly number[])[];
  /** The 95% interval over users, interval[recommender][method]; absent or null where not computed. */
  readonly interval?: readonly (readonly (Interval | null)[])[] | null;
  /** What the page's caption says: n, m + 1 candidates, the EM stopping rule. */
  readonly caption: string;
  /** The metrics' chosen definitions (the metric's name says which). */
  readonly variants?: VariantChoice;
  readonly digits?: number;
}

/** The estimates of one metric by every method, each value with its 95% interval over users where known. */
export function estimatesExport(input: EstimatesExportInput): ExportTable {
  const metric = tableMetricLabel(input.metric, input.variants);
  return {
    caption: `${input.caption} Each value: estimate [95% interval over users].`,
    rowHeading: 'Recommender',
    rowNames: input.recommenders,
    columns: input.methods.map((id, j) => {
      const column = methodColumn(id);
      const label = column.detail ? `${column.label} (${column.detail})` : column.label;
      return {
        group: `Estimates of ${metric}`,
        label,
        csvLabel: `${metric} estimated by ${label}`,
        intervals: input.interval != null,
        cells: input.recommenders.map((_, r) => {
          const known = input.interval?.[r]?.[j] ?? null;
          return { value: input.value[r][j], low: known?.low ?? null, high: known?.high ?? null };
        }),
      };
    }),
    digits: input.digits ?? 3,
  };
}
