/**
 * The built-in data sets. Each entry loads recommenders (and the settings that go with them) through the compute
 * worker when there is work to do. To add a data set shipped in public/datasets/ (e.g. MovieLens 1M), add an entry
 * made by `publicFile`, which fetches the file and reads it like an uploaded one.
 */
import type { RankData } from '../../core/index.ts';
import { formatFileError } from '../../io/fileError.ts';
import type { JobContext } from '../jobRunner.ts';
import type { Settings } from '../document.ts';
import { DEFAULT_SETTINGS } from '../document.ts';
import { TOY_RECOMMENDERS } from '../toyExample.ts';
import { SHAPES, type Shape, type SyntheticParams } from '../../io/syntheticParams.ts';

export interface DatasetLoad {
  readonly recommenders: readonly { readonly name: string; readonly data: RankData; readonly text: string | null }[];
  readonly settings: Partial<Settings>;
}

export interface Dataset {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** Whether the synthetic parameters (shapes, users, n, seed) apply. */
  readonly parametric: boolean;
  /** Loads it as a job of the store (tasks.ts): its worker reads and generates the data, its signal cancels. */
  load(job: Pick<JobContext<never>, 'signal' | 'worker'>, params: SyntheticParams): Promise<DatasetLoad>;
}

export const DEFAULT_SYNTHETIC: SyntheticParams = { shapes: [...SHAPES], users: 6040, itemCount: 3706, seed: 1 };

/** A data set shipped as a rank file under public/datasets/, read by the worker like an upload. */
export function publicFile(
  id: string,
  label: string,
  description: string,
  path: string,
  settings: Partial<Settings>,
): Dataset {
  return {
    id,
    label,
    description,
    parametric: false,
    async load(job) {
      const response = await fetch(new URL(path, document.baseURI), { signal: job.signal });
      if (!response.ok) throw new Error(`${path} could not be fetched (HTTP ${response.status})`);
      const text = await response.text();
      const options = {
        file: path,
        itemCount: settings.itemCount ?? DEFAULT_SETTINGS.itemCount,
        sampleSize: settings.sampleSize,
        sampling: settings.sampling,
        sampled: settings.rankKind === 'sampled',
      };
      const parsed = await job.worker((api) => api.readInput(text, options));
      if (!parsed.ok) throw new Error(formatFileError(parsed.error));
      if (parsed.value.kind !== 'ranks') throw new Error(`${path} is not a rank file`);
      const recommenders = parsed.value.file.recommenders.map((data) => ({ name: data.name, data, text: null }));
      return { recommenders, settings };
    },
  };
}

export const DATASETS: readonly Dataset[] = [
  {
    id: 'toy',
    label: 'Toy example (Krichene & Rendle, section 3.2)',
    description: 'Recommenders A, B and C, five users each, n = 10,000, m = 99: the paper’s Tables 1 and 2.',
    parametric: false,
    load: async () => ({
      recommenders: TOY_RECOMMENDERS.map((r) => ({ name: r.name, data: r.data, text: r.ranks.join(' ') })),
      settings: { rankKind: 'true', itemCount: 10_000, sampleSize: 99, metrics: DEFAULT_SETTINGS.metrics },
    }),
  },
  {
    id: 'synthetic',
    label: 'Synthetic rank distributions',
    description:
      'One recommender per chosen shape, drawn with a seed; MovieLens-like n = 3,706 and 6,040 users by default.',
    parametric: true,
    async load(job, params) {
      const data = await job.worker((api) => api.generateSynthetic(params));
      return {
        recommenders: data.map((d) => ({ name: d.name, data: d, text: null })),
        settings: { rankKind: 'true', itemCount: params.itemCount, sampleSize: 100 },
      };
    },
  },
  publicFile(
    'movielens-true',
    'MovieLens 1M: recommenders X, Y, Z (true ranks)',
    'Ranks our iALS (X) and item-based (Y, Z) recommenders give each of 6,040 users’ held-out movie among the movies the user has not seen (n per user, at most 3,706), as in the paper’s section 6.',
    'datasets/movielens-1m-true-ranks.csv',
    { rankKind: 'true', itemCount: 3706, sampleSize: 100, sampling: 'with-replacement' },
  ),
  publicFile(
    'movielens-sampled',
    'MovieLens 1M: X, Y, Z among NCF’s 99 negatives (sampled ranks)',
    'The same recommenders evaluated as Neural Collaborative Filtering did: each held-out movie ranked among 99 sampled negatives (without replacement). Corrections and estimators use each user’s own n (743 distinct values).',
    'datasets/movielens-1m-ncf-sampled-ranks.csv',
    { rankKind: 'sampled', itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' },
  ),
];

export function datasetById(id: string): Dataset | undefined {
  return DATASETS.find((d) => d.id === id);
}

export type { Shape };
