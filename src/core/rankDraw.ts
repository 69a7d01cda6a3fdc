/**
 * Sampled ranks drawn from their law instead of item by item (the Monte Carlo studies, study/draw.ts). In a sampled
 * evaluation only the number of drawn irrelevant items that rank above each relevant item matters, and its law is
 * known (law/): with `above` of the `pool` irrelevant items above the item and m items drawn,
 *   X ~ Binomial(m, above/pool)                                  (with replacement)
 *   X ~ Hypergeometric(population pool, successes above, draws m) (without replacement).
 * One uniform per relevant item replaces m draws of the generator. The draw is exact inversion: the support is
 * visited from the mode outward, always to the more probable neighbour (a fixed order, so P(X = k) is the pmf up to
 * rounding), subtracting each probability from the uniform until it falls below zero. The pmf at the mode comes from
 * Loader's saddle-point formulas (special.ts), the others from the exact ratio recurrence; about σ + 1 steps a draw
 * (the law's `draw`: law/binomial.ts, law/hypergeometric.ts).
 * In the rare event (≈ 1e-16) that rounding leaves the uniform above the summed probabilities, a new uniform is
 * drawn. The stream differs from the literal draws of random.ts `drawAboveCounts` (kept for code that pins them).
 */
import type { SampledRankLaw } from './law/index.ts';
import type { RandomSource } from './random.ts';

/**
 * The law-drawn twin of random.ts `drawAboveCounts`: for k relevant items (ranks ascending, above[j] = r_j − j of
 * the `pool` = n − k irrelevant items above the j-th), out[j] = how many of the m drawn irrelevant items rank above
 * item j (so r̃_j = j + 1 + out[j]). The drawn items fall in the k + 1 gaps between the relevant items with a
 * multinomial (with replacement) or multivariate hypergeometric (without) law, drawn gap by gap from its
 * conditionals: k draws of the law instead of m of the generator. Same law as the literal draws, other stream.
 */
export function drawAboveCountsByLaw(
  random: RandomSource,
  above: ArrayLike<number>,
  pool: number,
  sampleSize: number,
  law: SampledRankLaw,
  out: Int32Array,
): void {
  const k = above.length;
  let previous = 0;
  let drawn = 0;
  for (let j = 0; j < k; j++) {
    const gap = above[j] - previous;
    const left = sampleSize - drawn;
    if (left > 0) drawn += law.draw(random, left, gap, pool - previous);
    previous = above[j];
    out[j] = drawn;
  }
}
