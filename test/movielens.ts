/** The shipped MovieLens 1M rank files (public/datasets), read for the tests. */
import { readFileSync } from 'node:fs';
import type { RankData, Sampling } from '../src/core/index.ts';
import { parseRankFile } from '../src/io/rankFile.ts';

/** The setting of the NCF-sampled file: n = 3,706 items, m = 99 sampled (users carry their own n). */
export const NCF_SAMPLED_SETUP = { itemCount: 3706, sampleSize: 99 } as const;

/** The NCF-sampled ranks of recommenders X, Y and Z, read as sampled under `sampling`. */
export function ncfSampledRanks(sampling: Sampling): readonly RankData[] {
  const file = 'public/datasets/movielens-1m-ncf-sampled-ranks.csv';
  const parsed = parseRankFile(readFileSync(file, 'utf8'), { file, ...NCF_SAMPLED_SETUP, sampling, sampled: true });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.recommenders;
}

/** The true ranks of recommenders X, Y and Z (n = 3,706; every user with its own n), the first `users` of each. */
export function movielensTrueRanks(users = Infinity): readonly RankData[] {
  const file = 'public/datasets/movielens-1m-true-ranks.csv';
  const parsed = parseRankFile(readFileSync(file, 'utf8'), { file, itemCount: 3706 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.recommenders.map((data) => {
    const count = Math.min(users, data.weights.length);
    return {
      ...data,
      offsets: data.offsets.slice(0, count + 1),
      ranks: data.ranks.slice(0, data.offsets[count]),
      weights: data.weights.slice(0, count),
      itemCounts: data.itemCounts ? data.itemCounts.slice(0, count) : null,
      users: data.users ? data.users.slice(0, count) : null,
      relevance: data.relevance ? data.relevance.slice(0, data.offsets[count]) : null,
      ties: data.ties
        ? { low: data.ties.low.slice(0, data.offsets[count]), high: data.ties.high.slice(0, data.offsets[count]) }
        : null,
    };
  });
}
