/**
 * The description of a synthetic data set (shapes, users, n, seed): what a link or a saved configuration stores
 * instead of the ranks, read by the page and by the worker's seeded generator (workers/synthetic.ts).
 */
export const SHAPES = ['balanced', 'top-heavy', 'heavy-worst-bucket'] as const;
export type Shape = (typeof SHAPES)[number];

export const SHAPE_LABELS: Readonly<Record<Shape, string>> = {
  balanced: 'Balanced',
  'top-heavy': 'Top-heavy',
  'heavy-worst-bucket': 'Heavy worst bucket',
};

export interface SyntheticParams {
  readonly shapes: readonly Shape[];
  /** Users (instances) per recommender. */
  readonly users: number;
  readonly itemCount: number;
  readonly seed: number;
}
