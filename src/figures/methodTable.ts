/**
 * Table model of estimates by method (Krichene & Rendle 2020, Table 3 layout) for one metric: one row per
 * recommender, one column per method (the sampled metric, the corrections of section 5, Jin et al.'s estimators),
 * an optional exact column, and under each method the ordering of the recommenders it gives (best first).
 * With `range`, a value outside the metric's range (LS, eqs 21–23, whose variance is unbounded; BV with a tiny γ)
 * is flagged and left out of its column's ordering instead of ranked. With `interval`, each value carries its 95%
 * interval over users.
 */
import { methodLabel, parseMethod } from '../core/index.ts';
import { formatValue, orderingText } from './resultsTable.ts';

/** The estimators' labels (core estimator registry), for the figures that import them from here. */
export { methodLabel };

/** A value this far outside the range is flagged (rounding of an exact 0 or 1 is not). */
const RANGE_SLACK = 1e-9;

export interface Interval {
  readonly low: number;
  readonly high: number;
}

export interface MethodTableInput {
  readonly recommenders: readonly string[];
  readonly methods: readonly string[];
  /** value[recommender][method]; std likewise when known (a simulation). */
  readonly value: readonly (readonly number[])[];
  readonly std?: readonly (readonly number[])[];
  /** The 95% interval of each value over users, interval[recommender][method]; null while still computing. */
  readonly interval?: readonly (readonly (Interval | null)[])[];
  /** The exact metric of each recommender, when known (true ranks). */
  readonly exact?: readonly number[];
  /** The metric's range (all of ours: [0, 1]): values outside it are flagged and not ranked. */
  readonly range?: readonly [number, number];
}

export interface MethodColumn {
  readonly id: string;
  readonly label: string;
  /** The method's parameters where its label does not say them: "NDCG, C = 10", "η = 0.001". */
  readonly detail: string | null;
}

export interface MethodCell {
  readonly text: string;
  readonly std: string | null;
  /** "[0.078, 0.089]"; null without intervals; "…" while computing. */
  readonly interval: string | null;
  /** Outside the metric's range: shown greyed and marked, left out of the ordering. */
  readonly outOfRange: boolean;
}

export interface MethodTableModel {
  readonly columns: readonly MethodColumn[];
  readonly rows: readonly {
    readonly name: string;
    readonly exact: string | null;
    readonly cells: readonly MethodCell[];
  }[];
  readonly exactOrdering: string | null;
  /** Per method: the ordering of the values in range, whether it differs from the exact one, who was left out. */
  readonly orderings: readonly {
    readonly text: string;
    readonly differs: boolean;
    readonly omitted: readonly string[];
  }[];
  /** Some value is outside the metric's range. */
  readonly outOfRange: boolean;
}

/** The label of a method's column and its parameters: WMLE "NDCG, C = 10", MES "η = 0.001", BV-dist "γ = 0.1". */
export function methodColumn(id: string): MethodColumn {
  let method;
  try {
    method = parseMethod(id);
  } catch {
    return { id, label: methodLabel(id), detail: null };
  }
  switch (method.kind) {
    case 'wmle':
      return { id, label: 'WMLE', detail: `${method.weight.toUpperCase()}, C = ${method.scale}` };
    case 'mes':
      return {
        id,
        label: 'MES',
        detail: `η = ${method.eta}${method.scale === 'code' ? ', E × (m + 1) as the papers’ code' : ''}`,
      };
    case 'bv-dist':
      return { id, label: 'BV-dist', detail: `γ = ${method.gamma}` };
    default:
      return { id, label: methodLabel(id), detail: null };
  }
}

/** "[0.078, 0.089]" at `digits` decimals. */
export function intervalText(interval: Interval, digits = 3): string {
  return `[${formatValue(interval.low, digits)}, ${formatValue(interval.high, digits)}]`;
}

export function inRange(value: number, range: readonly [number, number] | undefined): boolean {
  return !range || (value >= range[0] - RANGE_SLACK && value <= range[1] + RANGE_SLACK);
}

export function methodTable(input: MethodTableInput, digits = 3): MethodTableModel {
  const { recommenders, methods, value, std, exact, interval, range } = input;
  const exactOrdering = exact ? orderingText(recommenders, exact, digits) : null;
  const flagged = recommenders.map((_, i) => methods.map((__, j) => !inRange(value[i][j], range)));
  return {
    columns: methods.map(methodColumn),
    rows: recommenders.map((name, i) => ({
      name,
      exact: exact ? formatValue(exact[i], digits) : null,
      cells: methods.map((_, j) => {
        const known = interval?.[i]?.[j];
        return {
          text: formatValue(value[i][j], digits),
          std: std ? formatValue(std[i][j], digits) : null,
          interval: interval ? (known ? intervalText(known, digits) : '…') : null,
          outOfRange: flagged[i][j],
        };
      }),
    })),
    exactOrdering,
    orderings: methods.map((_, j) => {
      const kept = recommenders.map((__, i) => i).filter((i) => !flagged[i][j]);
      const text = orderingText(
        kept.map((i) => recommenders[i]),
        kept.map((i) => value[i][j]),
        digits,
      );
      const omitted = recommenders.filter((__, i) => flagged[i][j]);
      return { text: text === '' ? '—' : text, differs: exactOrdering !== null && text !== exactOrdering, omitted };
    }),
    outOfRange: flagged.some((row) => row.some(Boolean)),
  };
}
