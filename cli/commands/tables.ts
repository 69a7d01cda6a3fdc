/**
 * The commands' text tables: the layout of the paper's Tables 1–2 (a row per recommender, a column per metric) and
 * of its Table 3 (a row per metric and recommender, the exact value, a column per method).
 */
import type { Method, Metric } from '../../src/core/index.ts';
import { renderTable } from '../format.ts';

/** Tables 1–2: `cell(i, j)` is recommender i's formatted value of metric j. */
export function renderMetricTable(
  recommenders: readonly string[],
  metrics: readonly Metric[],
  cell: (recommender: number, metric: number) => string,
): string {
  const rows = recommenders.map((name, i) => [name, ...metrics.map((_, j) => cell(i, j))]);
  return renderTable(['recommender', ...metrics.map((m) => m.id)], rows);
}

export interface MethodTableInput {
  readonly metrics: readonly Metric[];
  readonly methods: readonly Method[];
  readonly recommenders: readonly string[];
  /** The formatted exact value, or undefined to leave the column out. */
  readonly exact?: (recommender: string, metric: string) => string;
  readonly cell: (recommender: string, metric: string, method: string) => string;
}

/** Table 3: the methods' columns are headed by their ids, as the options write them. */
export function renderMethodTable(input: MethodTableInput): string {
  const { metrics, methods, recommenders, exact } = input;
  const header = ['metric', 'recommender', ...(exact ? ['exact'] : []), ...methods.map((m) => m.id)];
  const rows = metrics.flatMap((metric) =>
    recommenders.map((name, i) => [
      i === 0 ? metric.id : '',
      name,
      ...(exact ? [exact(name, metric.id)] : []),
      ...methods.map((method) => input.cell(name, metric.id, method.id)),
    ]),
  );
  return renderTable(header, rows, ['left', 'left']);
}
