import type { RankData, Sampling } from '../../core/index.ts';
import type { FiguresView } from '../../state/figureView.ts';
import type { Bridge } from '../../state/workerBridge.ts';

/** A recommender as the figures see it: its name, the colour the user gave it (or null), and its ranks. */
export interface FigureRecommender {
  readonly name: string;
  readonly color: string | null;
  readonly data: RankData;
}

/** What every figure view gets: the data and settings of the explorer, and where to compute. */
export interface FigureInputs {
  readonly recommenders: readonly FigureRecommender[];
  /** True ranks (every figure applies) or sampled ranks (only the data-free figures and Figure 7). */
  readonly rankKind: 'true' | 'sampled';
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
  readonly metrics: readonly string[];
  readonly gammas: readonly number[];
  /** p(r) for the corrections, or null for the uniform prior (the paper's). */
  readonly prior: Float64Array | null;
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
}

export const SAMPLING_TEXT: Readonly<Record<Sampling, string>> = {
  'with-replacement': 'sampled with replacement',
  'without-replacement': 'sampled without replacement',
};

const fingerprints = new WeakMap<RankData, string>();

/** Data with more ranks than this are told apart by identity: hashing them would block the page. */
const HASHED_RANKS = 100_000;
let nextId = 0;

/**
 * A fingerprint of rank data, cached per data object: for data up to HASHED_RANKS ranks their content (sizes and two
 * weighted sums of every column, a few milliseconds); for larger data the object itself (a new object with the same
 * ranks then recomputes the figures, which is slow but right).
 */
function fingerprint(data: RankData): string {
  let key = fingerprints.get(data);
  if (key === undefined && data.ranks.length > HASHED_RANKS) {
    key = `object-${++nextId}`;
    fingerprints.set(data, key);
  }
  if (key === undefined) {
    let a = 0;
    let b = 0;
    const mix = (values: ArrayLike<number> | null) => {
      if (!values) return;
      for (let i = 0; i < values.length; i++) {
        a += values[i];
        b += values[i] * ((i % 1021) + 1);
      }
    };
    mix(data.offsets);
    mix(data.ranks);
    mix(data.weights);
    mix(data.itemCounts);
    key = `${data.ranks.length}:${data.weights.length}:${data.itemCounts?.length ?? 0}:${a}:${b}`;
    fingerprints.set(data, key);
  }
  return key;
}

/**
 * A text key of the recommenders' data by content, so that figures recompute when the data change and only then
 * (the store may hand over a new object holding the same ranks, e.g. after saving or restoring the work).
 */
export function dataKey(recommenders: readonly FigureRecommender[]): string {
  return recommenders.map((r) => `${r.name}#${fingerprint(r.data)}`).join('|');
}
