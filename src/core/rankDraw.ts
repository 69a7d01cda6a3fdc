/**
 * Sampled ranks drawn from their law instead of item by item (the Monte Carlo studies, study/draw.ts). In a sampled
 * evaluation only the number of drawn irrelevant items that rank above each relevant item matters, and its law is
 * known (sampling.ts): with `above` of the `pool` irrelevant items above the item and m items drawn,
 *   X ~ Binomial(m, above/pool)                                  (with replacement)
 *   X ~ Hypergeometric(population pool, successes above, draws m) (without replacement).
 * One uniform per relevant item replaces m draws of the generator. The draw is exact inversion: the support is
 * visited from the mode outward, always to the more probable neighbour (a fixed order, so P(X = k) is the pmf up to
 * rounding), subtracting each probability from the uniform until it falls below zero. The pmf at the mode comes from
 * Loader's saddle-point formulas (special.ts), the others from the exact ratio recurrence; about σ + 1 steps a draw.
 * In the rare event (≈ 1e-16) that rounding leaves the uniform above the summed probabilities, a new uniform is
 * drawn. The stream differs from the literal draws of random.ts `drawAboveCounts` (kept for code that pins them).
 */
import type { RandomSource } from './random.ts';
import { logBinomialPmf, logHypergeometricPmf } from './special.ts';

/**
 * How many of `draws` items sampled uniformly from `population` items fall among `successes` of them: a
 * Binomial(draws, successes/population) draw with replacement, a Hypergeometric(population, successes, draws) one
 * without (where draws beyond the population take every item, as the literal draws did: an instance with k relevant
 * items has only n − k irrelevant ones for m ≤ n − 1). `atMode` is P(X = mode) (pmfAtMode), passed by callers that
 * draw the same law again and again (a study's users, once per repetition).
 */
export function drawSuccesses(
  random: RandomSource,
  draws: number,
  successes: number,
  population: number,
  withReplacement: boolean,
  atMode = pmfAtMode(draws, successes, population, withReplacement),
): number {
  if (draws <= 0 || successes <= 0) return 0;
  if (!withReplacement && draws >= population) return successes;
  if (successes >= population) return draws;
  if (!(atMode > 0)) throw new Error(`P(mode) = ${atMode} for ${draws} draws, ${successes} of ${population}`);
  return withReplacement
    ? binomialDraw(random, draws, successes, population, atMode)
    : hypergeometricDraw(random, draws, successes, population, atMode);
}

/** P(X = mode) for drawSuccesses' law (1 when X is certain). */
export function pmfAtMode(draws: number, successes: number, population: number, withReplacement: boolean): number {
  if (draws <= 0 || successes <= 0 || successes >= population) return 1;
  if (!withReplacement && draws >= population) return 1;
  if (withReplacement) {
    const p = successes / population;
    const q = (population - successes) / population;
    return Math.exp(logBinomialPmf(binomialMode(draws, p), draws, p, q));
  }
  const mode = hypergeometricMode(draws, successes, population);
  return Math.exp(logHypergeometricPmf(mode, successes, population - successes, draws));
}

function binomialMode(m: number, p: number): number {
  return Math.min(m, Math.floor((m + 1) * p));
}

function hypergeometricMode(m: number, K: number, N: number): number {
  const kMin = Math.max(0, m - (N - K));
  const kMax = Math.min(K, m);
  return Math.min(kMax, Math.max(kMin, Math.floor(((m + 1) * (K + 1)) / (N + 2))));
}

function binomialDraw(random: RandomSource, m: number, successes: number, population: number, atMode: number): number {
  const odds = successes / (population - successes);
  const mode = binomialMode(m, successes / population);
  for (;;) {
    let u = random.next() - atMode;
    if (u < 0) return mode;
    let lo = mode;
    let hi = mode;
    // P(lo − 1) and P(hi + 1) from their neighbours: P(k + 1)/P(k) = (m − k)/(k + 1) · p/q.
    let down = lo > 0 ? (atMode * lo) / ((m - lo + 1) * odds) : 0;
    let up = hi < m ? (atMode * (m - hi) * odds) / (hi + 1) : 0;
    while (down > 0 || up > 0) {
      if (up >= down) {
        u -= up;
        hi++;
        if (u < 0) return hi;
        up = hi < m ? (up * (m - hi) * odds) / (hi + 1) : 0;
      } else {
        u -= down;
        lo--;
        if (u < 0) return lo;
        down = lo > 0 ? (down * lo) / ((m - lo + 1) * odds) : 0;
      }
    }
  }
}

function hypergeometricDraw(random: RandomSource, m: number, K: number, N: number, atMode: number): number {
  const kMin = Math.max(0, m - (N - K));
  const kMax = Math.min(K, m);
  if (kMin === kMax) return kMin;
  const mode = hypergeometricMode(m, K, N);
  // P(k + 1)/P(k) = (K − k)(m − k) / ((k + 1)(N − K − m + k + 1)).
  const ratioUp = (k: number) => ((K - k) * (m - k)) / ((k + 1) * (N - K - m + k + 1));
  for (;;) {
    let u = random.next() - atMode;
    if (u < 0) return mode;
    let lo = mode;
    let hi = mode;
    let down = lo > kMin ? atMode / ratioUp(lo - 1) : 0;
    let up = hi < kMax ? atMode * ratioUp(hi) : 0;
    while (down > 0 || up > 0) {
      if (up >= down) {
        u -= up;
        hi++;
        if (u < 0) return hi;
        up = hi < kMax ? up * ratioUp(hi) : 0;
      } else {
        u -= down;
        lo--;
        if (u < 0) return lo;
        down = lo > kMin ? down / ratioUp(lo - 1) : 0;
      }
    }
  }
}

/**
 * The law-drawn twin of random.ts `drawAboveCounts`: for k relevant items (ranks ascending, above[j] = r_j − j of
 * the `pool` = n − k irrelevant items above the j-th), out[j] = how many of the m drawn irrelevant items rank above
 * item j (so r̃_j = j + 1 + out[j]). The drawn items fall in the k + 1 gaps between the relevant items with a
 * multinomial (with replacement) or multivariate hypergeometric (without) law, drawn gap by gap from its
 * conditionals: k draws of drawSuccesses instead of m of the generator. Same law as the literal draws, other stream.
 */
export function drawAboveCountsByLaw(
  random: RandomSource,
  above: ArrayLike<number>,
  pool: number,
  sampleSize: number,
  withReplacement: boolean,
  out: Int32Array,
): void {
  const k = above.length;
  let previous = 0;
  let drawn = 0;
  for (let j = 0; j < k; j++) {
    const gap = above[j] - previous;
    const left = sampleSize - drawn;
    if (left > 0) drawn += drawSuccesses(random, left, gap, pool - previous, withReplacement);
    previous = above[j];
    out[j] = drawn;
  }
}
