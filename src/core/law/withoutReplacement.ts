/**
 * Uniform negatives drawn without replacement (Krichene & Rendle 2020, section 4.4; NCF's and Elliot's protocol):
 * for an item with `above` of the `pool` irrelevant items ranked above it, X ~ Hypergeometric(pool, above, m), so
 * m ≤ pool. It tends to the binomial law as the pool grows past m, but depends on n itself, and its pmf products have
 * no binomial identity (law.ts).
 */
import { logHypergeometricPmf } from '../special.ts';
import {
  hypergeometricBasisRow,
  hypergeometricColumn,
  hypergeometricDraw,
  hypergeometricPmfAtMode,
  hypergeometricPrefix,
  hypergeometricReciprocal,
  HypergeometricRow,
} from './hypergeometric.ts';
import type { SampledRankLaw } from './law.ts';

export const WITHOUT_REPLACEMENT: SampledRankLaw = {
  id: 'without-replacement',
  label: 'without replacement',
  drawsRepeat: false,
  holds: { rankDetermined: true, polynomialInRank: true, linearMeanInRank: true },
  dependsOnRelativePositionOnly: false,
  productIdentity: false,
  smoothInItemCount: false,
  maxSampleSize: (itemCount) => itemCount - 1,
  logPmf: (x, above, pool, draws) => logHypergeometricPmf(x, above, pool - above, draws),
  row: (sampleSize, relativeCutoff = 0) => new HypergeometricRow(sampleSize, relativeCutoff),
  columnScratch: () => null,
  column: (index, itemCount, sampleSize, _scratch, cutoff) =>
    hypergeometricColumn(index, itemCount - 1, sampleSize, cutoff),
  expectedReciprocal: hypergeometricReciprocal,
  prefix: hypergeometricPrefix,
  basisRow: hypergeometricBasisRow,
  binomialSums: () => null,
  pmfAtMode: hypergeometricPmfAtMode,
  draw: (random, draws, successes, population, atMode = hypergeometricPmfAtMode(draws, successes, population)) =>
    hypergeometricDraw(random, draws, successes, population, atMode),
};
