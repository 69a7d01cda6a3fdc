/**
 * Rank data the tests share: the running example of Krichene & Rendle 2020 (section 3.2, Tables 1 and 2: three
 * recommenders, five instances with one relevant item each, n = 10,000), and seeded sampled ranks of users that each
 * have their own catalogue size n.
 */
import { createRandom, singleRankData, type RankData } from '../src/core/index.ts';

/** The paper's toy example (the app's is src/state/toyExample.ts). */
export const TOY: readonly RankData[] = [
  singleRankData('A', [100, 100, 100, 100, 100]),
  singleRankData('B', [40, 40, 8437, 9266, 4482]),
  singleRankData('C', [212, 2, 743, 5342, 1548]),
];

export interface PerUserShape {
  readonly users: number;
  /** n = smallest + step · k, k uniform in 0..steps − 1. */
  readonly smallest: number;
  readonly step: number;
  readonly steps: number;
  /** Sampled ranks 1 + ⌊(m + 1) u^skew⌋, u uniform: among m + 1, skewed to the top by `skew`. */
  readonly sampleSize: number;
  readonly skew: number;
}

/** Seeded sampled ranks of users with their own n (every n drawn first, then every rank). */
export function perUserSampledRanks(name: string, seed: number, shape: PerUserShape): RankData {
  const random = createRandom(seed);
  const ns = Array.from(
    { length: shape.users },
    () => shape.smallest + shape.step * Math.floor(shape.steps * random.next()),
  );
  const ranks = ns.map(() => 1 + Math.floor((shape.sampleSize + 1) * random.next() ** shape.skew));
  return singleRankData(name, ranks, null, ns);
}
