import type { RankData, Sampling } from '../../core/index.ts';
import type { FigureCompute } from './figureCompute.ts';

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
  readonly compute: FigureCompute;
  /** Width available to the figure, in CSS pixels. */
  readonly width: number;
  /** The section is on screen: only then do figures start computations. */
  readonly active: boolean;
  /** Replaces the data by the paper's MovieLens 1M recommenders X, Y, Z (Figures 5 and 6), when available. */
  readonly onLoadPaperData?: () => void;
}

export const SAMPLING_TEXT: Readonly<Record<Sampling, string>> = {
  'with-replacement': 'sampled with replacement',
  'without-replacement': 'sampled without replacement',
};

const ids = new WeakMap<RankData, number>();
let nextId = 0;

/** A text key of the recommenders' data (by identity: the store makes new data objects when data change). */
export function dataKey(recommenders: readonly FigureRecommender[]): string {
  return recommenders
    .map((r) => {
      let id = ids.get(r.data);
      if (id === undefined) ids.set(r.data, (id = ++nextId));
      return `${r.name}#${id}`;
    })
    .join('|');
}
