/** The explorer's state: one zustand vanilla store, changed only by the action modules in this folder. */
import { createStore } from 'zustand/vanilla';
import type { Definitions, RankData, Sampling, SimulationResult } from '../core/index.ts';
import type { RecommenderInput } from '../figures/resultsTable.ts';
import type { SyntheticParams } from '../io/syntheticParams.ts';
import type { PairDifference, ValueInterval } from '../../workers/intervals.ts';
import type { EmRule } from './estimatorSettings.ts';
import {
  defaultDocument,
  type ExplorerDocument,
  type RankKind,
  type RecommenderDoc,
  type Settings,
  type View,
} from './document.ts';

/** A computed result: while loading or after an error the previous value (if any) is kept for display. */
export type Job<T> =
  | { readonly status: 'idle'; readonly value: T | null }
  | { readonly status: 'loading'; readonly value: T | null; readonly progress?: number }
  | { readonly status: 'ready'; readonly value: T }
  | { readonly status: 'error'; readonly value: T | null; readonly message: string; readonly retryable: boolean };

export interface TableResult {
  readonly rows: readonly RecommenderInput[];
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
  readonly metrics: readonly string[];
  /** The variants and tie rule the values follow; absent: Krichene & Rendle's definitions, ties as in the file. */
  readonly definitions?: Definitions;
}

/** Estimates of the exact metrics from sampled ranks: estimate[recommender][method][metric]. */
export interface EstimatesResult {
  readonly recommenders: readonly string[];
  /** Recommenders left out because their ranks exceed m + 1 (not sampled ranks). */
  readonly excluded: readonly string[];
  readonly methods: readonly string[];
  readonly metrics: readonly string[];
  readonly estimates: readonly (readonly (readonly number[])[])[];
  readonly itemCount: number;
  readonly sampleSize: number;
  /** The EM stopping rule the fits used (estimatorSettings.ts). */
  readonly emRule: EmRule;
  /** The variants and tie rule chosen when the estimates were made; absent: Krichene & Rendle's, ties as in the file. */
  readonly definitions?: Definitions;
  /**
   * The ids the estimates were computed for, aligned with `metrics`: each read under its chosen variant where the
   * data allow (`ap@10:ap-k`, definitions.ts estimatedMetricIds); absent: `metrics` themselves.
   */
  readonly computedMetrics?: readonly string[];
}

/**
 * 95% percentile intervals over users (B resamples, paired when the recommenders share users' ids) of the values
 * the page shows — the estimates by each method (sampled ranks) or the exact metrics (true ranks, method `exact`) —
 * and of the difference of every pair of recommenders. They fill in one group of methods at a time.
 */
export interface IntervalsResult {
  readonly rankKind: RankKind;
  readonly recommenders: readonly string[];
  readonly metrics: readonly string[];
  /** Every method asked for, in order; those not in `values` yet are still to come. */
  readonly methods: readonly string[];
  /** values[method][recommender][metric], for the methods done. */
  readonly values: Readonly<Record<string, readonly (readonly ValueInterval[])[]>>;
  /** a − b for every pair (a before b), metric and method done. */
  readonly differences: readonly PairDifference[];
  /** Users of each recommender, and whether it was resampled through users' ids it shares with the others. */
  readonly users: readonly number[];
  readonly paired: readonly boolean[];
  readonly replicates: number;
  readonly seed: number;
  readonly level: number;
}

export interface StudyResult extends SimulationResult {
  readonly repetitions: number;
  readonly seed: number;
  readonly sampleSize: number;
  readonly metrics: readonly string[];
  readonly methods: readonly string[];
}

export interface RecommenderEntry extends RecommenderDoc {
  /** A key for React that survives renaming. */
  readonly id: string;
  /** What is wrong with `text` (its data stay the last valid ones), or null. */
  readonly problem: string | null;
  /** When several lines have problems: the first 20 of them and how many there are in all. */
  readonly problemLines?: { readonly lines: readonly string[]; readonly total: number } | null;
  /** When ranks exceed n: the largest rank of the text, which n could be set to. */
  readonly largestRank?: number | null;
}

/** Data read from a file, a pasted CSV or a built-in data set, shown before it replaces anything. */
export interface Preview {
  /** Where it comes from: a file name, "Pasted CSV" or a data set's name. */
  readonly origin: string;
  readonly recommenders: readonly { readonly name: string; readonly data: RankData; readonly text: string | null }[];
  /** Settings that come with it (a configuration file or a data set's n and m). */
  readonly settings: Partial<Settings> | null;
  /** For a configuration file: what could not be read. */
  readonly problems: readonly string[];
  readonly layout: string;
  /** The whole document, for a configuration file. */
  readonly document?: ExplorerDocument;
  /** The built-in data set (and generator parameters) the recommenders come from. */
  readonly dataset?: { readonly id: string; readonly params: SyntheticParams | null };
}

export type InputState =
  | { readonly status: 'idle' }
  | { readonly status: 'reading'; readonly origin: string }
  | { readonly status: 'preview'; readonly preview: Preview }
  | {
      readonly status: 'error';
      readonly origin: string;
      readonly message: string;
      /** When the file's ranks exceed n: its largest rank, which n can be set to (inputActions.fitItemCount). */
      readonly largestRank?: number;
    };

/** A message about the page as a whole: an unreadable link, restored work, a link too large. */
export interface Notice {
  readonly tone: 'info' | 'warning' | 'error';
  readonly message: string;
  /** Offers to bring back the work that was showing before a shared link was opened. */
  readonly offerRestore?: boolean;
  /** Offers to download the configuration when it is too large for a link. */
  readonly offerDownload?: boolean;
  /** Offers to bring back the data and settings that loaded data replaced (`replacedWork`). */
  readonly offerUndo?: boolean;
}

export interface ExplorerState {
  readonly settings: Settings;
  readonly view: View;
  readonly recommenders: readonly RecommenderEntry[];
  readonly table: Job<TableResult>;
  readonly estimates: Job<EstimatesResult>;
  readonly intervals: Job<IntervalsResult>;
  readonly study: Job<StudyResult>;
  readonly input: InputState;
  readonly notice: Notice | null;
  /** The link of the current view, or why there is none (data too large); `copied` after "Copy link". */
  readonly link: { readonly url: string | null; readonly problem: string | null; readonly copied: boolean };
  /** The work that was showing before a shared link replaced it, until the user restores or dismisses it. */
  readonly previousWork: ExplorerDocument | null;
  /** The data and settings that the last loaded data (file, data set, MovieLens) replaced, for Undo. */
  readonly replacedWork?: ExplorerDocument | null;
}

let nextId = 0;
export function newRecommenderId(): string {
  nextId += 1;
  return `rec-${nextId}`;
}

export function entriesOf(document: ExplorerDocument): RecommenderEntry[] {
  return document.recommenders.map((r) => ({ ...r, id: newRecommenderId(), problem: null }));
}

export function initialState(document: ExplorerDocument = defaultDocument()): ExplorerState {
  return {
    settings: document.settings,
    view: document.view,
    recommenders: entriesOf(document),
    table: { status: 'idle', value: null },
    estimates: { status: 'idle', value: null },
    intervals: { status: 'idle', value: null },
    study: { status: 'idle', value: null },
    input: { status: 'idle' },
    notice: null,
    link: { url: null, problem: null, copied: false },
    previousWork: null,
  };
}

/** The document of the current state: what is saved, linked and exported. */
export function documentOf(state: Pick<ExplorerState, 'settings' | 'recommenders' | 'view'>): ExplorerDocument {
  return {
    settings: state.settings,
    view: state.view,
    recommenders: state.recommenders.map(({ name, color, hidden, text, data, source, dataset }) => ({
      name,
      color,
      hidden,
      text,
      data,
      source,
      dataset,
    })),
  };
}

export function createExplorerStore(state: ExplorerState = initialState()) {
  return createStore<ExplorerState>()(() => state);
}

/** The app's store. */
export const explorerStore = createExplorerStore();
