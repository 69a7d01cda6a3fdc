/**
 * Synthetic rank distributions: seeded, so a link or a saved configuration regenerates the same data. Each named
 * shape is a recommender with a recognisable profile (cf. Krichene & Rendle 2020, Figure 5):
 *   balanced            r = ⌈n·U^2.5⌉: most items near the top, a smooth tail, few at the very bottom (like X);
 *   top-heavy           r = ⌈n^U⌉, log-uniform: many hits in the top 10, a long flat tail (like Y);
 *   heavy-worst-bucket  27% of the users uniform in the worst tenth of the ranks, the rest ⌈(0.9n)^(U^1.3)⌉ (like
 *                       Z, which put over 1,600 of 6,040 users in the worst bucket).
 * U is uniform on [0, 1) from the core's xoshiro128** source.
 */
import { createRandom, singleRankData, type RandomSource, type RankData } from '../src/core/index.ts';
import { compactRankData, withSummary } from '../src/io/rankHistogram.ts';
import { SHAPE_LABELS, SHAPES, type Shape, type SyntheticParams } from '../src/io/syntheticParams.ts';

export type { SyntheticParams };

function draw(shape: Shape, n: number, random: RandomSource): number {
  const u = random.next();
  switch (shape) {
    case 'balanced':
      return Math.ceil(n * u ** 2.5);
    case 'top-heavy':
      return Math.ceil(n ** u);
    case 'heavy-worst-bucket': {
      const bucket = Math.floor(0.9 * n);
      if (u < 0.27) return bucket + 1 + random.nextInt(n - bucket);
      return Math.ceil(bucket ** (random.next() ** 1.3));
    }
  }
}

/** One recommender per shape, as histograms; the shapes get their own streams, so adding one changes no other. */
export function generateSynthetic(params: SyntheticParams): RankData[] {
  const n = params.itemCount;
  return params.shapes.map((shape) => {
    const random = createRandom(params.seed * 16 + SHAPES.indexOf(shape));
    const ranks = new Float64Array(params.users);
    for (let i = 0; i < params.users; i++) ranks[i] = Math.min(n, Math.max(1, draw(shape, n, random)));
    return withSummary(compactRankData(singleRankData(SHAPE_LABELS[shape], ranks)));
  });
}
