/**
 * A figure or table of the figures section as one registry entry: what it reads (its settings in the figures'
 * view), what it asks the worker (`request`, whose derived key decides when to recompute), how (`compute`, a job of
 * the page's one runner on the bridge channel named by its id), and how the result becomes a figure or tables
 * (`model`, pure, on the page). EntryView renders any entry: settings → request → key → job (progress, Cancel, the
 * cache of finished results) → model → chart.
 */
import type { ReactNode } from 'react';
import type { PlotFigure } from '../../figures/plot.ts';
import type { TableModel } from '../../figures/tableModel.ts';
import type { FigureId, FigureSettingsMap, FigureSettingsOf } from '../../state/figureView.ts';
import type { AsyncApi } from '../../state/workerBridge.ts';
import type { Lane, Progress } from '../../state/jobRunner.ts';
import type { FigureSettingsHandle } from './figureSettings.ts';
import type { FigureInputs } from './types.ts';

/**
 * The entry's second worker (its job's lane 1, channel `<id>-2`, src/state/jobRunner.ts), tied to the run's signal
 * unless the task names another: Cancel stops both workers. Two-worker fits share their work with src/state/fanOut.ts.
 */
export type SecondChannel = Lane;

/** What an entry's model sees besides its result: its settings, the width, the recommenders' names and colours. */
export interface ModelView<F extends FigureId> {
  readonly values: FigureSettingsMap[F];
  readonly width: number;
  /**
   * The settings' m for an entry that marks it (`marksSampleSize`: Figure 2 moves its marker without a new
   * computation); 0 for the others, so that a new m does not rebuild their models.
   */
  readonly sampleSize: number;
  readonly recommenders: readonly { readonly name: string; readonly color: string | null }[];
}

/** What an entry's controls and lede see. */
export interface EntryContext<F extends FigureId, Req> {
  readonly inputs: FigureInputs;
  readonly settings: FigureSettingsHandle<F>;
  readonly request: Req | null;
}

export interface FigureEntry<F extends FigureId, Req, Res> {
  /** The id of its section and the bridge channel of its computation: fig4, tables-kr, … */
  readonly id: string;
  /**
   * Its settings (the registry's declaration, src/figures/figureRegistry.ts: each setting's default and schema),
   * read and written in the figures' view under their id.
   */
  readonly settings: FigureSettingsOf<F>;
  /** A chart (controls in its toolbar) or tables (controls above them, shown before the first result). */
  readonly kind: 'figure' | 'tables';
  /** "Figure 4": the paper's number (tables put theirs in the title). */
  readonly number?: string;
  readonly title: string;
  /** One or two sentences: what the paper shows and what the defaults are; `result` once there is one. */
  readonly lede: (context: EntryContext<F, Req>, result: Res | null) => ReactNode;
  /** Whether the tab shows the entry for these inputs (absent: always), e.g. only for sampled ranks. */
  readonly shown?: (inputs: FigureInputs) => boolean;
  /** Why the entry cannot be drawn on these inputs (said instead of computing), or null. */
  readonly problem?: (inputs: FigureInputs) => string | null;
  readonly request: (inputs: FigureInputs, values: FigureSettingsMap[F]) => Req;
  /**
   * The computation on the worker; null when the model is cheap enough for the page (Figure 5). `onPartial` shows a
   * first result while the rest computes (the figure is drawn from it, not dimmed).
   */
  readonly compute:
    | ((
        api: AsyncApi,
        request: Req,
        signal: AbortSignal,
        onProgress: Progress,
        second: SecondChannel,
        onPartial: (result: Res) => void,
      ) => Promise<Res>)
    | null;
  /** Large requests wait for a click: the button's text, or null to start at once. */
  readonly startOnRequest?: (request: Req) => string | null;
  /** The figure, or the tables, from a result (or from the request itself when `compute` is null). */
  readonly model: (result: Res, request: Req, view: ModelView<F>) => PlotFigure | readonly TableModel[] | null;
  /** Tables shown under a figure (e.g. values read off it), from the same result and view. */
  readonly tables?: (result: Res, request: Req, view: ModelView<F>) => readonly TableModel[];
  readonly controls: (context: EntryContext<F, Req>) => ReactNode;
  /** Its model marks the settings' m (ModelView.sampleSize), which then is not part of its request. */
  readonly marksSampleSize?: boolean;
  /** Offers the paper's MovieLens data when other data are shown (Figures 5–6). */
  readonly paperData?: boolean;
}

/** Any entry, its types erased (the registry lists entries of different figures). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntry = FigureEntry<any, any, any>;

/** Declares an entry with its types checked, for the registry. */
export function figureEntry<F extends FigureId, Req, Res>(entry: FigureEntry<F, Req, Res>): AnyEntry {
  return entry;
}
