/**
 * Table model of exact and expected sampled metrics per recommender (Krichene & Rendle 2020, Tables 1 and 2):
 * formatted cells, the best value per metric column, and the ordering of the recommenders under each metric,
 * exact and sampled, with a flag where they differ (the inconsistency of Definition 1, eq. 14).
 * Values are compared as displayed (rounded to `digits`), so a tie the reader sees is a tie here too.
 * With the exact metrics' intervals over users (a bootstrap of the users: the uncertainty of the user sample, not
 * the spread over negative sampling of the ±), each exact value carries its 95% interval, and where the sampled
 * order differs the ordering says whether the exact difference of the swapped pairs is within that noise.
 */
import { formatDecimal, formatSigned } from '../core/labels.ts';
import type { PairDifference } from '../../workers/intervals.ts';

export interface MetricColumn {
  readonly id: string;
  readonly label: string;
  /** Decimals of this column's exact values, and of its expected sampled ones (columnDigits), instead of the table's. */
  readonly digits?: { readonly exact: number; readonly sampled: number };
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
  /** `interval`: the 95% interval over users, "[0.980, 1.000]", when known. */
  readonly exact: { readonly text: string; readonly best: boolean; readonly interval: string | null };
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
  /**
   * The sampled order reverses, or ties, a pair the exact metric orders (not only separates what the exact metric
   * ties): the sampled order is wrong, not merely finer.
   */
  readonly reverses: boolean;
  /**
   * Where the orders differ and the exact metrics' intervals are known: whether the exact differences of the pairs
   * the sampled metric swaps are within the noise of the user sample (their 95% interval holds 0), in words.
   */
  readonly noise: { readonly within: boolean; readonly text: string } | null;
}

/** The exact metrics' bootstrap over users (workers/intervals.ts, rankKind `true`, method `exact`). */
export interface ExactIntervals {
  /** values[recommender name][metric id]. */
  readonly values: Readonly<Record<string, Readonly<Record<string, { readonly low: number; readonly high: number }>>>>;
  readonly differences: readonly PairDifference[];
}

export interface ResultsTableModel {
  readonly columns: readonly MetricColumn[];
  readonly rows: readonly RowModel[];
  readonly orderings: readonly OrderingModel[];
}

/** Formats to `digits` decimals, writing −0.000 as 0.000 (the core's formatDecimal). */
export const formatValue = formatDecimal;

/**
 * Decimals for a column of the results table: 3, unless every value would print as 0.000 (all below 0.0005 in
 * magnitude, some not zero): then valueDigits'.
 */
export function columnDigits(values: Iterable<number>): number {
  const list = [...values].filter(Number.isFinite);
  return list.every((v) => Math.abs(v) < 0.0005) ? valueDigits(list) : 3;
}

/**
 * Decimals for a table of these values: 3, or as many as show the smallest nonzero |value| with two significant
 * digits (at most 8), so that a metric whose values are all tiny (AP read as AP@K / K with K = n: about 1e-5) is not
 * printed, and ordered, as a column of 0.000. Values of 0.01 and more keep 3.
 */
export function valueDigits(values: Iterable<number>): number {
  let smallest = Infinity;
  for (const v of values) if (Number.isFinite(v) && v !== 0) smallest = Math.min(smallest, Math.abs(v));
  if (!(smallest < 0.01)) return 3;
  return Math.min(8, Math.max(3, 1 - Math.floor(Math.log10(smallest))));
}

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

/** The pairs whose order the sampled values reverse (strictly, as displayed): [higher exactly, higher sampled]. */
function swappedPairs(
  names: readonly string[],
  exact: readonly number[],
  sampled: readonly number[],
  digits: { readonly exact: number; readonly sampled: number },
) {
  const out: [string, string][] = [];
  for (let a = 0; a < names.length; a++) {
    for (let b = a + 1; b < names.length; b++) {
      const e = rounded(exact[a], digits.exact) - rounded(exact[b], digits.exact);
      const s = rounded(sampled[a], digits.sampled) - rounded(sampled[b], digits.sampled);
      if (e * s < 0) out.push(e > 0 ? [names[a], names[b]] : [names[b], names[a]]);
      else if (e !== 0 && s === 0) out.push(e > 0 ? [names[a], names[b]] : [names[b], names[a]]);
    }
  }
  return out;
}

function noiseOf(
  metric: string,
  pairs: readonly [string, string][],
  differences: readonly PairDifference[],
): OrderingModel['noise'] {
  const found = pairs.map(([hi, lo]) => {
    const d = differences.find(
      (x) => x.metric === metric && ((x.a === hi && x.b === lo) || (x.a === lo && x.b === hi)),
    );
    if (!d) return null;
    const flip = d.a !== hi;
    const [low, high] = flip ? [-d.high, -d.low] : [d.low, d.high];
    const text = `${hi} − ${lo} = ${formatSigned(flip ? -d.difference : d.difference, 3)} [${formatSigned(low, 3)}, ${formatSigned(high, 3)}]`;
    return { within: low <= 0 && high >= 0, text };
  });
  if (found.length === 0 || found.some((f) => f === null)) return null;
  const within = found.filter((f) => f!.within);
  const phrase = (list: typeof found) =>
    list.length === 1
      ? `the exact difference ${list[0]!.text} is`
      : `the exact differences ${list.map((f) => f!.text).join(', ')} are`;
  if (within.length > 0) {
    return {
      within: true,
      text: `but ${phrase(within)} within the noise of the user sample (95% interval over users)`,
    };
  }
  return { within: false, text: `${phrase(found)} beyond the noise of the user sample (95% interval over users)` };
}

export function resultsTable(
  recommenders: readonly RecommenderInput[],
  columns: readonly MetricColumn[],
  digits = 3,
  intervals?: ExactIntervals | null,
): ResultsTableModel {
  const names = recommenders.map((r) => r.name);
  const perColumn = columns.map((col) => {
    const results = recommenders.map((r) => r.results[col.id]);
    const exact = results.map((res) => res?.exact ?? NaN);
    const complete = results.every((res) => res && res.sampledMean !== null);
    const sampled = complete ? results.map((res) => res.sampledMean as number) : null;
    return { col, exact, sampled };
  });
  const places = columns.map((col) => col.digits ?? { exact: digits, sampled: digits });
  const flags = perColumn.map(({ exact, sampled }, c) => ({
    exact: bestFlags(exact, places[c].exact),
    sampled: sampled ? bestFlags(sampled, places[c].sampled) : null,
  }));
  const rows = recommenders.map((rec, i) => ({
    name: rec.name,
    ranksText: rec.ranksText,
    cells: perColumn.map(({ col }, c) => {
      const res = rec.results[col.id];
      const digits = places[c].exact;
      const sampled =
        res && res.sampledMean !== null
          ? {
              text: formatValue(res.sampledMean, places[c].sampled),
              std: formatValue(res.sampledStd ?? NaN, places[c].sampled),
              best: flags[c].sampled?.[i] ?? false,
            }
          : null;
      const interval = intervals?.values[rec.name]?.[col.id];
      return {
        metricId: col.id,
        exact: {
          text: res ? formatValue(res.exact, digits) : '…',
          best: flags[c].exact[i],
          interval: interval ? `[${formatValue(interval.low, digits)}, ${formatValue(interval.high, digits)}]` : null,
        },
        sampled,
      };
    }),
  }));
  const orderings = perColumn.map(({ col, exact, sampled }, c) => {
    const digits = places[c].exact;
    const exactText = orderingText(names, exact, digits);
    const sampledText = sampled ? orderingText(names, sampled, places[c].sampled) : null;
    const differs = sampledText !== null && sampledText !== exactText;
    const swapped = differs ? swappedPairs(names, exact, sampled!, places[c]) : [];
    const noise = differs && intervals ? noiseOf(col.id, swapped, intervals.differences) : null;
    const reverses = swapped.length > 0;
    return { metricId: col.id, label: col.label, exact: exactText, sampled: sampledText, differs, reverses, noise };
  });
  return { columns, rows, orderings };
}
