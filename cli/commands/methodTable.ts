/** The layout of the paper's Table 3: a row per (metric, recommender), the exact value, a column per method. */
import type { Metric, Method } from '../../src/core/index.ts';
import { renderTable } from '../format.ts';

export interface MethodTableInput {
  readonly metrics: readonly Metric[];
  readonly methods: readonly Method[];
  readonly recommenders: readonly string[];
  /** The formatted exact value, or undefined to leave the column out. */
  readonly exact?: (recommender: string, metric: string) => string;
  readonly cell: (recommender: string, metric: string, method: string) => string;
}

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
