/**
 * Table model of exact and expected sampled metrics per recommender (Krichene & Rendle 2020, Tables 1 and 2):
 * formatted cells, the best value per metric column, and the ordering of the recommenders under each metric,
 * exact and sampled, with a flag where they differ (the inconsistency of Definition 1, eq. 14).
 * Values are compared as displayed (rounded to `digits`), so a tie the reader sees is a tie here too.
 */
import { formatDecimal } from '../core/labels.ts';

export interface MetricColumn {
  readonly id: string;
  readonly label: string;
}

export interface MetricResult {
  readonly exact: number;
  /** Expected sampled value and its standard deviation; null while not computed. */
  readonly sampledMean: number | null;
  readonly sampledStd: number | null;
}

export interface RecommenderInput {
  readonly name: string;
  /** The ranks as the reader should see them: the list typed, or a summary of a large data set. */
  readonly ranksText: string;
  /** Results keyed by metric id. */
  readonly results: Readonly<Record<string, MetricResult>>;
}

export interface CellModel {
  readonly metricId: string;
  readonly exact: { readonly text: string; readonly best: boolean };
  readonly sampled: { readonly text: string; readonly std: string; readonly best: boolean } | null;
}

export interface RowModel {
  readonly name: string;
  readonly ranksText: string;
  readonly cells: readonly CellModel[];
}

export interface OrderingModel {
  readonly metricId: string;
  readonly label: string;
  /** E.g. "C > A = B": best first, ties joined by "=". */
  readonly exact: string;
  readonly sampled: string | null;
  readonly differs: boolean;
}

export interface ResultsTableModel {
  readonly columns: readonly MetricColumn[];
  readonly rows: readonly RowModel[];
  readonly orderings: readonly OrderingModel[];
}

/** Formats to `digits` decimals, writing −0.000 as 0.000 (the core's formatDecimal). */
export const formatValue = formatDecimal;

function rounded(value: number, digits: number): number {
  return Number(formatValue(value, digits));
}

/** "C > A = B": names sorted by value, best first; equal values (as displayed) joined by "=" in input order. */
export function orderingText(names: readonly string[], values: readonly number[], digits: number): string {
  const order = names.map((name, i) => ({ name, v: rounded(values[i], digits), i }));
  order.sort((a, b) => b.v - a.v || a.i - b.i);
  let text = order.length > 0 ? order[0].name : '';
  for (let k = 1; k < order.length; k++) text += `${order[k].v === order[k - 1].v ? ' = ' : ' > '}${order[k].name}`;
  return text;
}

function bestFlags(values: readonly number[], digits: number): boolean[] {
  const r = values.map((v) => rounded(v, digits));
  const max = Math.max(...r);
  return r.map((v) => values.length > 1 && v === max);
}

export function resultsTable(
  recommenders: readonly RecommenderInput[],
  columns: readonly MetricColumn[],
  digits = 3,
): ResultsTableModel {
  const names = recommenders.map((r) => r.name);
  const perColumn = columns.map((col) => {
    const results = recommenders.map((r) => r.results[col.id]);
    const exact = results.map((res) => res?.exact ?? NaN);
    const complete = results.every((res) => res && res.sampledMean !== null);
    const sampled = complete ? results.map((res) => res.sampledMean as number) : null;
    return { col, exact, sampled };
  });
  const flags = perColumn.map(({ exact, sampled }) => ({
    exact: bestFlags(exact, digits),
    sampled: sampled ? bestFlags(sampled, digits) : null,
  }));
  const rows = recommenders.map((rec, i) => ({
    name: rec.name,
    ranksText: rec.ranksText,
    cells: perColumn.map(({ col }, c) => {
      const res = rec.results[col.id];
      const sampled =
        res && res.sampledMean !== null
          ? {
              text: formatValue(res.sampledMean, digits),
              std: formatValue(res.sampledStd ?? NaN, digits),
              best: flags[c].sampled?.[i] ?? false,
            }
          : null;
      return {
        metricId: col.id,
        exact: { text: res ? formatValue(res.exact, digits) : '…', best: flags[c].exact[i] },
        sampled,
      };
    }),
  }));
  const orderings = perColumn.map(({ col, exact, sampled }) => {
    const exactText = orderingText(names, exact, digits);
    const sampledText = sampled ? orderingText(names, sampled, digits) : null;
    return {
      metricId: col.id,
      label: col.label,
      exact: exactText,
      sampled: sampledText,
      differs: sampledText !== null && sampledText !== exactText,
    };
  });
  return { columns, rows, orderings };
}
