/**
 * The protocols of the frameworks researchers use, named after them (a public contract: the CLI's `--protocol`, the
 * links and the methods paragraph write these ids). Each was read from the framework's own code at the commit
 * docs/protocols.md lists; `source` gives file and lines there, `note` what the preset leaves out. Every field can
 * be changed by the user (the CLI's `--layout`, `--negatives`, `--alpha`, `--sampling`, `--candidates`).
 */
import { InputError } from '../errors.ts';
import { orList } from '../idList.ts';
import type { Protocol } from './protocol.ts';
import { UNIFORM_PROTOCOL } from './protocol.ts';

export type PresetId =
  | 'ncf'
  | 'ms-recommenders'
  | 'rechorus'
  | 'recbole-uni'
  | 'recbole-pop'
  | 'elliot'
  | 'warprec'
  | 'daisyrec'
  | 'krichene-rendle';

export interface Preset {
  readonly id: PresetId;
  /** The framework in words: "RecBole, uni100". */
  readonly label: string;
  readonly protocol: Protocol;
  /** m, the negatives of a list (per positive for the per-positive and pooled layouts; C − k for fixed-total). */
  readonly sampleSize: number;
  /** How the framework ranks a positive among equal scores (the app's Ties setting can reproduce `pessimistic`). */
  readonly ties: 'pessimistic' | 'unspecified';
  /** Where it was read: repository@commit path:lines. */
  readonly source: string;
  /** What the preset models and what it leaves out. */
  readonly note: string;
}

const protocol = (fields: Partial<Protocol>): Protocol => ({ ...UNIFORM_PROTOCOL, ...fields });

export const PRESETS: readonly Preset[] = [
  {
    id: 'ncf',
    label: 'NCF (He et al. 2017)',
    protocol: protocol({ layout: 'per-positive', sampling: 'without-replacement', positiveInPool: true }),
    sampleSize: 99,
    ties: 'unspecified',
    source:
      'hexiangnan/neural_collaborative_filtering@4aab159 evaluate.py:55-86, Dataset.py:19-22; Data/ml-1m.test.negative (99 ids a line)',
    note: 'The generator is not published: 99 negatives without replacement from the items the user has no training interaction with, the test item not excluded (156 of 6,040 ml-1m lines hold it; it merges with the positive), read from the shipped file. Averaged over test rows.',
  },
  {
    id: 'ms-recommenders',
    label: 'Microsoft Recommenders, NCF',
    protocol: protocol({ layout: 'per-positive', sampling: 'without-replacement' }),
    sampleSize: 100,
    ties: 'pessimistic',
    source:
      'recommenders-team/recommenders@b02c95e recommenders/models/ncf/dataset.py:265-317,425-449 (n_neg_test = 100, random.sample); ncf_deep_dive.ipynb rank = sum(output >= output[0])',
    note: 'The pool is the training file’s items minus the user’s training and test items (items only in the test file are never negatives); the test negatives are drawn before random.seed runs, so the seed does not fix them. Averaged over test rows.',
  },
  {
    id: 'rechorus',
    label: 'ReChorus',
    protocol: protocol({ layout: 'per-positive', sampling: 'with-replacement' }),
    sampleSize: 99,
    ties: 'pessimistic',
    source:
      'THUwangcy/ReChorus@e58d752 src/models/BaseModel.py:192-198, src/helpers/BaseRunner.py:63-75; data/Grocery_and_Gourmet_Food/Amazon.ipynb (np.random.randint, 99 a row)',
    note: 'ReChorus reads each test row’s neg_items from the file: the Grocery notebook draws them with replacement (this preset), the MovieLens-1M and MIND notebooks without; the pool excludes every item the user clicked. Pessimistic ties ((pred >= pred[0]).sum()). Averaged over test rows.',
  },
  {
    id: 'recbole-uni',
    label: 'RecBole, uni100',
    protocol: protocol({ layout: 'pooled', sampling: 'with-replacement', average: 'users' }),
    sampleSize: 100,
    ties: 'unspecified',
    source:
      'RUCAIBox/RecBole@7b02be5 recbole/sampler/sampler.py:164-172,235-236; recbole/data/dataloader/general_dataloader.py:150-176; recbole/trainer/trainer.py:553-558',
    note: 'N negatives per test positive, all of a user’s positives and negatives in one row; drawn with replacement with the user’s train, valid and test items rejected draw by draw; a negative drawn twice fills one cell. Re-drawn at every evaluation (RecBole issue 2077). Averaged over users.',
  },
  {
    id: 'recbole-pop',
    label: 'RecBole, pop100',
    protocol: protocol({
      layout: 'pooled',
      sampling: 'with-replacement',
      negatives: 'popularity',
      alpha: 1,
      average: 'users',
    }),
    sampleSize: 100,
    ties: 'unspecified',
    source: 'RUCAIBox/RecBole@7b02be5 recbole/sampler/sampler.py:74-84,229-236; recbole/data/utils.py:316-322,352-377',
    note: 'As recbole-uni with negatives ∝ count^α, the counts over the interactions of train, valid and test (not training only), α the training sampler’s (default 1).',
  },
  {
    id: 'elliot',
    label: 'Elliot',
    protocol: protocol({ layout: 'per-user', sampling: 'without-replacement', average: 'users' }),
    sampleSize: 100,
    ties: 'unspecified',
    source:
      'sisinflab/elliot@fc27efe elliot/negative_sampling/negative_sampling.py:42-50,98; elliot/dataset/dataset.py:228-243',
    note: 'All of the user’s test items and num_items negatives (no default: 100 here) drawn without replacement from the training catalogue minus the user’s training and test items; fixed once with Python’s random seeded 42. Averaged over users with a test item.',
  },
  {
    id: 'warprec',
    label: 'WarpRec',
    protocol: protocol({ layout: 'per-user', sampling: 'without-replacement', average: 'users' }),
    sampleSize: 99,
    ties: 'unspecified',
    source: 'sisinflab/warprec@e00f8cc warprec/data/eval_loaders.py:93-154; warprec/evaluation/evaluator.py:204-232',
    note: 'The uniform law WarpRec means. Its code keeps the m smallest distinct item ids among 2m uniform draws (docs/samplers.md; since b5d573b, v1.0.0–v1.4.6), a law biased to small ids that ranks alone cannot express: the sampler audit detects it. Averaged over users with an evaluation item.',
  },
  {
    id: 'daisyrec',
    label: 'DaisyRec',
    protocol: protocol({ layout: 'fixed-total', sampling: 'with-replacement', candidates: 1000, average: 'users' }),
    sampleSize: 999,
    ties: 'unspecified',
    source: 'AmazingDD/daisyRec@7b46481 daisy/utils/utils.py:53-85 (np.random.choice, cand_num = 1000 by default)',
    note: 'C = 1,000 candidates per user, the user’s test positives among them: C − k negatives drawn with replacement (repeats kept) from the items in neither the user’s training nor test set. A user with C positives or more gets no negatives (refused here). Averaged over users.',
  },
  {
    id: 'krichene-rendle',
    label: 'Krichene & Rendle (KDD 2020)',
    protocol: UNIFORM_PROTOCOL,
    sampleSize: 99,
    ties: 'unspecified',
    source: '../shared/papers/krichene-rendle-2020-on-sampled-metrics.txt lines 155, 168-186 (eq 15-16)',
    note: 'One relevant item per instance, m negatives drawn uniformly with replacement from the n − 1 other items (the paper’s analysis); its MovieLens numbers fit sampling without replacement slightly better. Averaged over instances.',
  },
];

const BY_ID = new Map<string, Preset>(PRESETS.map((p) => [p.id, p]));

/** The preset of an id ("recbole-pop"); an unknown id is an InputError listing the presets. */
export function presetOf(id: string): Preset {
  const preset = BY_ID.get(id.trim().toLowerCase());
  if (!preset) {
    throw new InputError(`unknown protocol "${id}": expected ${orList(PRESETS.map((p) => p.id))}`);
  }
  return preset;
}
