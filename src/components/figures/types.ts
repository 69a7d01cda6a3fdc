import type { PriorSpec, RankData, Sampling, TieRule, VariantChoice } from '../../core/index.ts';
import type { Settings } from '../../state/document.ts';
import type { FiguresView } from '../../state/figureView.ts';
import type { Bridge } from '../../state/workerBridge.ts';

/** A recommender as the figures see it: its name, the colour the user gave it (or null), and its ranks. */
export interface FigureRecommender {
  readonly name: string;
  readonly color: string | null;
  readonly data: RankData;
}

/**
 * What every figure gets: the explorer's data and settings (true or sampled ranks, n, m, the sampling, the
 * metrics), the prior as the settings describe it (the worker makes it into a vector), and where to compute.
 */
export interface FigureInputs extends Pick<Settings, 'rankKind' | 'itemCount' | 'sampleSize' | 'sampling' | 'metrics'> {
  readonly recommenders: readonly FigureRecommender[];
  readonly prior: PriorSpec;
  readonly compute: Bridge;
  /** Width available to the figure, in CSS pixels. */
  readonly width: number;
  /** The section is on screen: only then do figures start computations. */
  readonly active: boolean;
  /** Replaces the data by the paper's MovieLens 1M recommenders X, Y, Z (Figures 5 and 6), when available. */
  readonly onLoadPaperData?: () => void;
  /** The open tab, every figure's own settings and hidden legend entries (controlled: the page keeps them). */
  readonly figureView: FiguresView;
  /** Changes the figures' view: `update` gets the current one and returns the next. */
  readonly onFigureView: (update: (view: FiguresView) => FiguresView) => void;
  /**
   * The definitions chosen in Definitions other than Krichene & Rendle's (Tamm et al.'s variants): the figures read
   * their metrics under them (entries/common.ts: definedIds); absent when every metric is theirs.
   */
  readonly variants?: VariantChoice;
  /** How tied items are ordered (Definitions' setting): every figure computes under it; absent, the rank column. */
  readonly ties?: TieRule;
  /** Said above the figures when they cannot follow every chosen definition (several relevant items per user). */
  readonly definitionsNote?: string | null;
}

export const SAMPLING_TEXT: Readonly<Record<Sampling, string>> = {
  'with-replacement': 'sampled with replacement',
  'without-replacement': 'sampled without replacement',
};
