/**
 * The explorer's document: every setting and every recommender's data, i.e. what a link, the saved work and the
 * exported JSON file carry. Derived results are not part of it; they are recomputed from it.
 */
import type { PriorSpec, RankData, SamplingSetup, TieRule, VariantChoice } from '../core/index.ts';
import type { SyntheticParams } from '../io/syntheticParams.ts';
import type { StoredEstimatorSettings } from './estimatorSettings.ts';
import { DEFAULT_FIGURES_VIEW, type FiguresView } from './figureView.ts';
import { TOY_ITEM_COUNT, TOY_METRIC_IDS, TOY_RECOMMENDERS, TOY_SAMPLE_SIZE } from './toyExample.ts';

/** The current document format; links and files of older formats are migrated on restore (restore.ts). */
export const DOCUMENT_VERSION = 1;

/**
 * True ranks are positions among all n items (every metric is computable); sampled ranks are positions among the
 * m + 1 candidates of a sampled evaluation (only estimates of the exact metrics exist).
 */
export type RankKind = 'true' | 'sampled';

/**
 * The prior p(r) on true ranks used by the corrections (eq. 21): uniform as in the paper, or a power law r^−a (the
 * core's PriorSpec but for explicit weights, which a document does not carry).
 */
export type Prior = Extract<PriorSpec, { readonly kind: 'uniform' | 'power' }>;

/** n, m, the sampling law and the prior (the core's SamplingSetup), and what the page does with them. */
export interface Settings extends SamplingSetup {
  readonly rankKind: RankKind;
  /** Metric identifiers as the CLI writes them (`auc`, `ndcg@10`, …), canonical and distinct. */
  readonly metrics: readonly string[];
  /** γ values of the bias–variance corrections (eq. 25), each in [0, 1]. */
  readonly gammas: readonly number[];
  readonly prior: Prior;
  /** Seed of the Monte Carlo study and of the bootstrap intervals; repetitions of the study. */
  readonly seed: number;
  readonly repetitions: number;
  /** The estimators' settings that differ from their defaults (estimatorSettings.ts); absent: all defaults. */
  readonly estimators?: StoredEstimatorSettings;
  /** How tied items are ordered (the data's rankOptimistic..rankPessimistic ranges); absent: the rank column as is. */
  readonly ties?: TieRule;
  /** The variant (Tamm et al.) chosen for each metric kind not read as Krichene & Rendle's; absent: all theirs. */
  readonly variants?: VariantChoice;
}

/**
 * The data are the `index`-th recommender of a built-in data set (datasets/registry.ts), unchanged: a link then
 * names the data set instead of carrying the data, and opening it loads them again.
 */
export interface DatasetRef {
  readonly id: string;
  /** The synthetic generator's parameters; null for a fixed data set. */
  readonly params: SyntheticParams | null;
  readonly index: number;
}

export interface RecommenderDoc {
  readonly name: string;
  /** `#rrggbb`. */
  readonly color: string;
  /** Hidden recommenders stay in the document but out of the results. */
  readonly hidden: boolean;
  /** The paste box text exactly as typed; null when the data came from a file or data set too large to edit. */
  readonly text: string | null;
  /** The last valid data (what the results show), or null when there never was any. */
  readonly data: RankData | null;
  /** Where the data came from when not typed, e.g. "ranks.csv" or "Synthetic data set". */
  readonly source: string | null;
  /** The built-in data set the data are from, while they are unchanged. */
  readonly dataset: DatasetRef | null;
}

/** How the results are shown: part of a link, so that it opens the same view. */
export interface View {
  /** The metric the estimates and the study tables show; null for the first of the settings' metrics. */
  readonly metric: string | null;
  /** Metrics whose lines Figure 1 hides (legend toggles). */
  readonly hiddenSeries: readonly string[];
  /** The figures section: open tab, each figure's own settings and hidden legend entries (figureView.ts). */
  readonly figures: FiguresView;
}

export const DEFAULT_VIEW: View = { metric: null, hiddenSeries: [], figures: DEFAULT_FIGURES_VIEW };

export interface ExplorerDocument {
  readonly settings: Settings;
  readonly recommenders: readonly RecommenderDoc[];
  readonly view: View;
}

/** Bounds the UI enforces, and that a restored document must satisfy. */
export const LIMITS = {
  maxItemCount: 2_000_000,
  maxSampleSize: 1_000_000,
  maxRecommenders: 12,
  maxMetrics: 12,
  maxGammas: 6,
  maxRepetitions: 100_000,
  maxNameLength: 60,
  maxSeed: 2 ** 31 - 1,
  /** Relevant items over all instances of one recommender (10^7 covers any histogram of n ≤ 2·10^6 rows). */
  maxRanks: 10_000_000,
  /** Users one histogram row may stand for (a count): whole, at most 10^12. */
  maxUsers: 1_000_000_000_000,
} as const;

/** Okabe–Ito colours, dark enough for 3:1 contrast with white (non-text contrast, WCAG 1.4.11). */
export const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#8a6d00', '#56b4e9', '#6a3d9a', '#444444'];

export const DEFAULT_SETTINGS: Settings = {
  rankKind: 'true',
  itemCount: TOY_ITEM_COUNT,
  sampleSize: TOY_SAMPLE_SIZE,
  sampling: 'with-replacement',
  metrics: TOY_METRIC_IDS,
  gammas: [0.1],
  prior: { kind: 'uniform' },
  seed: 1,
  repetitions: 1000,
};

/** The paper's toy example: what a first-time visitor sees, and what a broken link falls back to. */
export function defaultDocument(): ExplorerDocument {
  return {
    settings: DEFAULT_SETTINGS,
    view: DEFAULT_VIEW,
    recommenders: TOY_RECOMMENDERS.map((r, i) => ({
      name: r.name,
      color: PALETTE[i],
      hidden: false,
      text: r.ranks.join(' '),
      data: r.data,
      source: null,
      dataset: { id: 'toy', params: null, index: i },
    })),
  };
}
