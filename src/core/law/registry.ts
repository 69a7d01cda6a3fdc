/**
 * The laws of the sampled rank (law.ts), by id: what the CLI's `--sampling`, the links and the app's setting name.
 * Data that crosses a worker boundary or a link carries the id; computations resolve it here once (samplingLaw) and
 * ask the law object from then on.
 * Example: samplingLaw('without-replacement').logPmf(0, 9, 99, 10) = log P(none of 10 items drawn from 99, 9 above).
 */
import { InputError } from '../errors.ts';
import { orList } from '../idList.ts';
import type { LawId, LawLike, SampledRankLaw } from './law.ts';
import { WITH_REPLACEMENT } from './withReplacement.ts';
import { WITHOUT_REPLACEMENT } from './withoutReplacement.ts';

/** The id of a law as data (a setting, a link, a worker request). */
export type Sampling = LawId;

/** Every law, in the order the CLI's help and the app's setting list them; the first is the default. */
export const LAWS: readonly SampledRankLaw[] = [WITH_REPLACEMENT, WITHOUT_REPLACEMENT];

const BY_ID = new Map<string, SampledRankLaw>(LAWS.map((law) => [law.id, law]));

/** The ids of every law ("with-replacement", "without-replacement"). */
export const SAMPLINGS: readonly Sampling[] = LAWS.map((law) => law.id);

/** The law of an id (or the law itself); an unknown id is an InputError listing the known ones. */
export function samplingLaw(spec: LawLike): SampledRankLaw {
  if (typeof spec !== 'string') return spec;
  const law = BY_ID.get(spec);
  if (!law) throw new InputError(unknownSampling(spec));
  return law;
}

export function parseSampling(text: string): Sampling {
  return samplingLaw(text as Sampling).id;
}

/** 'unknown sampling "x": expected with-replacement or without-replacement'. */
export function unknownSampling(text: string): string {
  return `unknown sampling "${text}": expected ${orList(SAMPLINGS)}`;
}

/** `with-replacement` → "with replacement": each law's words, by id. */
export const SAMPLING_LABELS: Readonly<Record<Sampling, string>> = Object.fromEntries(
  LAWS.map((law) => [law.id, law.label]),
) as Record<Sampling, string>;

/** Checks n, m and the law together; throws an InputError naming the value. */
export function validateSamplingSetup(itemCount: number, sampleSize: number, sampling: LawLike): void {
  if (!Number.isSafeInteger(itemCount) || itemCount < 2)
    throw new InputError(`n must be an integer ≥ 2, got ${itemCount}`);
  if (!Number.isSafeInteger(sampleSize) || sampleSize < 1)
    throw new InputError(`m must be an integer ≥ 1, got ${sampleSize}`);
  const law = samplingLaw(sampling);
  if (sampleSize > law.maxSampleSize(itemCount)) {
    throw new InputError(
      `m = ${sampleSize} is larger than the n − 1 = ${itemCount - 1} irrelevant items: ${law.label} m ≤ n − 1`,
    );
  }
}

/** The cutoff used by the bulk computations (expected curves, Gram matrices): rows stop below 1e-30 of their mode. */
export const BULK_CUTOFF = 1e-30;

/**
 * log p(r̃ = sampledRank | r = trueRank) evaluated directly with Loader's saddle-point algorithm: accurate to a
 * few ulps of the log even where the probability underflows a double (e.g. −1e5).
 */
export function logSampledRankPmf(
  sampledRank: number,
  trueRank: number,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): number {
  return samplingLaw(sampling).logPmf(sampledRank - 1, trueRank - 1, itemCount - 1, sampleSize);
}

/** The full row p(r̃ = 1..m+1 | r) as a fresh array (zeros outside the support). */
export function sampledRankPmf(
  trueRank: number,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): Float64Array {
  validateSamplingSetup(itemCount, sampleSize, sampling);
  if (!Number.isSafeInteger(trueRank) || trueRank < 1 || trueRank > itemCount) {
    throw new InputError(`true rank must be an integer in 1..${itemCount}, got ${trueRank}`);
  }
  const row = samplingLaw(sampling)
    .row(sampleSize)
    .fill(trueRank - 1, itemCount - 1);
  const out = new Float64Array(sampleSize + 1);
  out.set(row.values.subarray(row.lo, row.hi + 1), row.lo);
  return out;
}
