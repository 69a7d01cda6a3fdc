/**
 * The recommenders of the MovieLens leaderboard, in the order of the shipped files: Krichene & Rendle's X, Y, Z
 * (section 9) and ten more of those Zhao et al., Krichene & Rendle and Dacrema et al. compare, each trained on one
 * split's training interactions only. `settings` is what public/datasets/README.md says of each. None is tuned:
 * X, Y, Z are the paper's; the others take their authors' or their libraries' usual settings for MovieLens.
 *
 * Randomness: recommender k of the list (0-based) draws from createRandom(seed + offset + k), offset 0 for the
 * leave-one-out split and 100 for the random split (X's initialisation is then createRandom(seed), as before).
 */
import type { RandomSource } from '../../src/core/random.ts';
import { popularityScores, randomScores } from './baselines.ts';
import { bprScores, trainBpr } from './bpr.ts';
import type { Interactions } from './data.ts';
import { easeScores, trainEase } from './ease.ts';
import { ialsLoss, ialsScores, trainIals } from './ials.ts';
import {
  cosineSimilarity,
  denseItemModel,
  denseItemScores,
  neighbourModel,
  neighbourScores,
  shrunkCosine,
} from './itemknn.ts';
import { pureSvdScores, trainPureSvd } from './puresvd.ts';
import { userKnnScores, userNeighbours } from './userknn.ts';

/** Fills `out` with the scores of every catalogue item for one user. */
export type Scorer = (user: number, out: Float64Array) => void;

export interface TrainContext {
  readonly data: Interactions;
  readonly random: RandomSource;
  /** Full iALS sweeps of X (`--sweeps`, default 50). */
  readonly sweeps: number;
  /** c_i, the training interactions of each item. */
  readonly popularity: Float64Array;
  /** The co-occurrence counts C = RᵀR (itemknn.ts), computed once per split on first use. */
  counts(): Int32Array;
  log(line: string): void;
}

export interface Recommender {
  readonly name: string;
  readonly settings: string;
  train(context: TrainContext): Scorer;
}

const IALS_ALPHA = 0.2;
const IALS_LAMBDA = 10;

function ials(name: string, dims: number, sweeps: number | null, settings: string): Recommender {
  return {
    name,
    settings,
    train({ data, random, log, sweeps: xSweeps }) {
      const total = sweeps ?? xSweeps;
      const model = trainIals(data, {
        dims,
        lambda: IALS_LAMBDA,
        alpha: IALS_ALPHA,
        sweeps: total,
        initScale: 0.1,
        random,
        ...(dims > 16 ? { solver: 'cg' as const, cgSteps: 3 } : {}),
        onSweep: (sweep, current) => {
          if (sweep % 10 !== 0 && sweep !== total) return;
          log(`iALS d = ${dims} sweep ${sweep}: loss ${ialsLoss(data, current, IALS_ALPHA, IALS_LAMBDA).toFixed(2)}`);
        },
      });
      return (user, out) => ialsScores(model, user, out);
    },
  };
}

function itemKnn(
  name: string,
  k: number,
  settings: string,
  similarity: (counts: Int32Array, I: number) => Float64Array,
  normalise: boolean,
): Recommender {
  return {
    name,
    settings,
    train({ data, counts, log }) {
      const I = data.itemIds.length;
      const model = neighbourModel(similarity(counts(), I), I, k, normalise);
      log(`${name}: ${model.tiesAtK} items tie at their ${k}th neighbour (lower MovieLens id kept)`);
      return (user, out) => neighbourScores(model, data, user, out);
    },
  };
}

export const RECOMMENDERS: readonly Recommender[] = [
  ials(
    'X',
    16,
    null,
    'iALS (Krichene & Rendle’s X): d = 16, λ = 10 on ‖V‖², α = 0.2 on all pairs, 50 exact sweeps (Cholesky)',
  ),
  {
    name: 'Y',
    settings: 'item-based CF (Krichene & Rendle’s Y): cosine³, s_ii = 1, no neighbourhood limit, L2-normalised rows',
    train({ data, counts }) {
      const I = data.itemIds.length;
      const model = denseItemModel(cosineSimilarity(counts(), I, 3, 1), I);
      return (user, out) => denseItemScores(model, data, user, out);
    },
  },
  itemKnn(
    'Z',
    10,
    'item-based CF (Krichene & Rendle’s Z): cosine, 10 nearest neighbours of each history item, L2-normalised rows',
    (counts, I) => cosineSimilarity(counts, I, 1, 0),
    true,
  ),
  {
    name: 'random',
    settings: 'uniform random scores (seeded), a fresh draw for every user and item',
    train: ({ random }) => randomScores(random),
  },
  {
    name: 'most-popular',
    settings: 'the number of training users of the item, the same list for everyone',
    train: ({ popularity }) => popularityScores(popularity),
  },
  itemKnn(
    'item-knn-100',
    100,
    'item-based CF: Z’s recipe with 100 nearest neighbours (cosine, L2-normalised rows)',
    (counts, I) => cosineSimilarity(counts, I, 1, 0),
    true,
  ),
  itemKnn(
    'item-knn-shrink',
    100,
    'item-based CF: cosine shrunk by h = 100, c_ij / (√(c_i c_j) + 100), 100 nearest neighbours, no normalisation',
    (counts, I) => shrunkCosine(counts, I, 100),
    false,
  ),
  {
    name: 'user-knn-100',
    settings:
      'user-based CF: cosine between users’ training rows, 100 nearest users, ŷ(u, i) = Σ s_uv over neighbours v who have i',
    train({ data }) {
      const model = userNeighbours(data, 100);
      return (user, out) => userKnnScores(model, data, user, out);
    },
  },
  ials('ials-64', 64, 20, 'iALS as X with d = 64: λ = 10, α = 0.2, 20 sweeps of 3 conjugate-gradient steps per row'),
  ials('ials-128', 128, 20, 'iALS as X with d = 128: λ = 10, α = 0.2, 20 sweeps of 3 conjugate-gradient steps per row'),
  {
    name: 'ease',
    settings: 'EASE (Steck 2019): λ = 500, closed form B = I − P·diag(1/diag P), P = (XᵀX + λI)⁻¹',
    train({ data, counts }) {
      const model = trainEase(counts(), data.itemIds.length, 500);
      return (user, out) => easeScores(model, data, user, out);
    },
  },
  {
    name: 'puresvd-50',
    settings:
      'PureSVD (Cremonesi et al. 2010): f = 50, ŷ(u, ·) = r_u V V^T; subspace iteration (20 products, 20 extra vectors)',
    train({ data, random, log }) {
      const model = trainPureSvd(data, 50, { oversampling: 20, iterations: 20, random });
      log(
        `puresvd-50: σ² from ${model.eigenvalues[0].toFixed(0)} to ${model.eigenvalues[49].toFixed(1)}, residual of the 50th Ritz pair ${model.ritzResidual.toExponential(2)}`,
      );
      return (user, out) => pureSvdScores(model, data, user, out);
    },
  },
  {
    name: 'bpr-64',
    settings: 'BPR-MF (Rendle et al. 2009): d = 64 plus item bias, LearnBPR with η = 0.05, λ = 0.0025, 30 epochs',
    train({ data, random, log }) {
      const model = trainBpr(data, {
        dims: 64,
        learningRate: 0.05,
        regularization: 0.0025,
        epochs: 30,
        random,
        onEpoch: (epoch, ll) => {
          if (epoch % 10 === 0) log(`bpr-64 epoch ${epoch}: mean ln σ ${ll.toFixed(4)}`);
        },
      });
      return (user, out) => bprScores(model, user, out);
    },
  },
];
