/**
 * Table model of estimates by method (Krichene & Rendle 2020, Table 3 layout) for one metric: one row per
 * recommender, one column per method (the sampled metric and the corrections of section 5), an optional exact
 * column, and under each method the ordering of the recommenders it gives (best first).
 */
import { methodLabel } from '../core/labels.ts';
import { formatValue, orderingText } from './resultsTable.ts';

/** The estimators' labels (core estimator registry), for the figures that import them from here. */
export { methodLabel };

export interface MethodTableInput {
  readonly recommenders: readonly string[];
  readonly methods: readonly string[];
  /** value[recommender][method]; std likewise when known (a simulation). */
  readonly value: readonly (readonly number[])[];
  readonly std?: readonly (readonly number[])[];
  /** The exact metric of each recommender, when known (true ranks). */
  readonly exact?: readonly number[];
}

export interface MethodTableModel {
  readonly columns: readonly { readonly id: string; readonly label: string }[];
  readonly rows: readonly {
    readonly name: string;
    readonly exact: string | null;
    readonly cells: readonly { readonly text: string; readonly std: string | null }[];
  }[];
  readonly exactOrdering: string | null;
  /** Per method: the ordering, and whether it differs from the exact one. */
  readonly orderings: readonly { readonly text: string; readonly differs: boolean }[];
}

export function methodTable(input: MethodTableInput, digits = 3): MethodTableModel {
  const { recommenders, methods, value, std, exact } = input;
  const exactOrdering = exact ? orderingText(recommenders, exact, digits) : null;
  return {
    columns: methods.map((id) => ({ id, label: methodLabel(id) })),
    rows: recommenders.map((name, i) => ({
      name,
      exact: exact ? formatValue(exact[i], digits) : null,
      cells: methods.map((_, j) => ({
        text: formatValue(value[i][j], digits),
        std: std ? formatValue(std[i][j], digits) : null,
      })),
    })),
    exactOrdering,
    orderings: methods.map((_, j) => {
      const text = orderingText(
        recommenders,
        recommenders.map((_, i) => value[i][j]),
        digits,
      );
      return { text, differs: exactOrdering !== null && text !== exactOrdering };
    }),
  };
}
