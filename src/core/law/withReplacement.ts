/**
 * Uniform negatives drawn with replacement (Krichene & Rendle 2020, eq 15; the papers' setting): for an item with
 * `above` of the `pool` irrelevant items ranked above it, X ~ Binomial(m, above/pool). It depends on n only through
 * θ = (r − 1)/(n − 1), and its pmf products obey the binomial identity (law.ts).
 */
import { logBinomialPmf } from '../special.ts';
import {
  binomialBasisRow,
  binomialColumn,
  binomialDraw,
  binomialPmfAtMode,
  binomialPrefix,
  binomialReciprocal,
  BinomialRow,
  logScratch,
} from './binomial.ts';
import { binomialSums } from './binomialSums.ts';
import { blockBinomialSums } from './blockSums.ts';
import type { SampledRankLaw } from './law.ts';

export const WITH_REPLACEMENT: SampledRankLaw = {
  id: 'with-replacement',
  label: 'with replacement',
  drawsRepeat: true,
  holds: { rankDetermined: true, polynomialInRank: true, linearMeanInRank: true },
  dependsOnRelativePositionOnly: true,
  productIdentity: true,
  smoothInItemCount: true,
  maxSampleSize: () => Infinity,
  logPmf: (x, above, pool, draws) => logBinomialPmf(x, draws, above / pool, (pool - above) / pool),
  row: (sampleSize, relativeCutoff = 0) => new BinomialRow(sampleSize, relativeCutoff),
  columnScratch: (pool, previous) => logScratch(pool, previous),
  column: (index, itemCount, sampleSize, scratch, cutoff) =>
    binomialColumn(index, itemCount - 1, sampleSize, scratch, cutoff),
  expectedReciprocal: binomialReciprocal,
  prefix: binomialPrefix,
  basisRow: (theta, _itemCount, m, out) => binomialBasisRow(theta, m, out),
  // The sums by blocks of ranks when n ≫ m (blockSums.ts), else by the mirrored rows (binomialSums.ts; the uniform
  // prior built only there).
  binomialSums: (targets, prior, itemCount, m) =>
    blockBinomialSums(targets, prior, itemCount, m) ??
    binomialSums(targets, prior ?? new Float64Array(itemCount).fill(1 / itemCount), itemCount, m),
  pmfAtMode: binomialPmfAtMode,
  draw: (random, draws, successes, population, atMode = binomialPmfAtMode(draws, successes, population)) =>
    binomialDraw(random, draws, successes, population, atMode),
};
