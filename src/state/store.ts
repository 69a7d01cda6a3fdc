/** The explorer's state: a zustand vanilla store, changed only by the actions in actions.ts. */
import { createStore } from 'zustand/vanilla';
import type { Sampling } from '../core/index.ts';
import type { MetricColumn, RecommenderInput } from '../figures/resultsTable.ts';
import type { Recommender } from './jobs.ts';
import { TOY_ITEM_COUNT, TOY_METRICS, TOY_RECOMMENDERS, TOY_SAMPLE_SIZE } from './toyExample.ts';

/** A computed result: while loading or after an error the previous value (if any) is kept for display. */
export type Job<T> =
  | { readonly status: 'loading'; readonly value: T | null }
  | { readonly status: 'ready'; readonly value: T }
  | { readonly status: 'error'; readonly value: T | null; readonly message: string; readonly retryable: boolean };

export interface TableResult {
  readonly rows: readonly RecommenderInput[];
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
}

export interface CurvesResult {
  readonly itemCount: number;
  readonly curves: readonly Float64Array[];
}

export interface ExplorerState {
  /** n: items in the catalogue. */
  readonly itemCount: number;
  /** m: irrelevant items sampled per evaluation instance. */
  readonly sampleSize: number;
  readonly sampling: Sampling;
  readonly recommenders: readonly Recommender[];
  readonly metrics: readonly MetricColumn[];
  readonly table: Job<TableResult>;
  readonly curves: Job<CurvesResult>;
}

export function initialState(): ExplorerState {
  return {
    itemCount: TOY_ITEM_COUNT,
    sampleSize: TOY_SAMPLE_SIZE,
    sampling: 'with-replacement',
    recommenders: TOY_RECOMMENDERS,
    metrics: TOY_METRICS,
    table: { status: 'loading', value: null },
    curves: { status: 'loading', value: null },
  };
}

export type ExplorerStore = ReturnType<typeof createExplorerStore>;

export function createExplorerStore(state: ExplorerState = initialState()) {
  return createStore<ExplorerState>()(() => state);
}

/** The app's store. */
export const explorerStore = createExplorerStore();
