/**
 * The law of X (the negatives above a relevant item in its sampled list, r̃ = 1 + X) up to a limit L, for every
 * single-item instance of a protocol: P(X = x) for x = 0..L−1. A metric with a cut-off K ≤ L is 0 beyond it
 * (metrics.ts metricTerm), so these L numbers give its expectation exactly and let a sampled evaluation be drawn with
 * one uniform per user (leaderboard/monteCarlo.ts) instead of the whole law's walk.
 *
 * - Laws in closed form (protocol/instances.ts: the uniform laws per user, per positive and fixed total, popularity
 *   negatives): the law's own prefix (law.ts: its first value and ratio recurrence), L values instead of a row.
 * - The pooled layout with uniform negatives (RecBole's uniN), one positive: D = m draws with replacement over the
 *   pool of P = n − 1 items, a negative drawn twice counted once, so X is the number of distinct items among the a
 *   above the positive that some draw hits (distinctHitsLaw).
 */
import type { ProtocolInstances } from '../protocol/instances.ts';
import { itemCountOf } from '../rankData.ts';

/**
 * P(X = x), x = 0..limit−1, of every instance into out[i·limit + x]; null when an instance has several relevant items
 * or the protocol's law is neither in closed form nor the pooled uniform one.
 */
export function truncatedLaws(instances: ProtocolInstances, itemCount: number, limit: number): Float64Array | null {
  const { data, protocol } = instances;
  const count = data.weights.length;
  if (data.ranks.length !== count) return null;
  const out = new Float64Array(count * limit);
  if (instances.exact) {
    const scaled = new Float64Array(limit);
    for (let i = 0; i < count; i++) {
      const { law, above, pool, draws } = instances.itemLaw(i, 0)!;
      // The law's prefix: p(x)/p(x₀) by its ratio recurrence, and log p(x₀) (law.ts).
      const logLowest = law.prefix(above, pool, draws, limit, scaled);
      const lowest = Math.exp(logLowest);
      for (let x = 0; x < limit; x++) out[i * limit + x] = scaled[x] * lowest;
    }
    return out;
  }
  if (protocol.layout !== 'pooled' || protocol.negatives !== 'uniform') return null;
  const occupancy = new Float64Array(limit);
  for (let i = 0; i < count; i++) {
    const pool = itemCountOf(data, i, itemCount) - 1;
    distinctHitsLaw(data.ranks[i] - 1, pool, instances.drawsOf(i), out.subarray(i * limit, (i + 1) * limit), occupancy);
  }
  return out;
}

/**
 * out[x] = P(X = x), x < out.length, for X the distinct items hit among `above` of a `pool` by `draws` draws with
 * replacement: the draws landing among the `above` items number B ~ Binomial(draws, above/pool), and given B = b the
 * distinct count is an occupancy count whose law below L is carried draw by draw (from x distinct, the next draw is a
 * new item with probability (above − x)/above). P(X = x) = Σ_b P(B = b) P(X = x | b), summed until the occupancy
 * mass left below L or the binomial's tail past its mode falls below 1e-20. Every term is non-negative: no
 * cancellation, unlike the closed form (an alternating sum that loses every digit when draws/pool is small).
 */
export function distinctHitsLaw(
  above: number,
  pool: number,
  draws: number,
  out: Float64Array,
  occupancy: Float64Array = new Float64Array(out.length),
): void {
  const L = out.length;
  out.fill(0);
  if (above <= 0 || draws <= 0) {
    out[0] = 1;
    return;
  }
  const p = Math.min(1, above / pool);
  occupancy.fill(0, 0, L);
  occupancy[0] = 1;
  // P(B = 0) = (1 − p)^D; P(B = b + 1) = P(B = b) · (D − b)/(b + 1) · p/(1 − p).
  let binomial = p === 1 ? 0 : Math.exp(draws * Math.log1p(-p));
  const odds = p / (1 - p);
  const mode = Math.floor((draws + 1) * p);
  const inverse = 1 / above;
  // After b draws among the `above` items at most b + 1 occupancy states below L hold mass.
  let width = 1;
  for (let b = 0; b <= draws; b++) {
    if (p === 1) binomial = b === draws ? 1 : 0;
    if (binomial > 0) for (let x = 0; x < width; x++) out[x] += binomial * occupancy[x];
    if (b > mode && binomial < 1e-20) break;
    // One more draw among the `above` items: from x distinct, a new one with probability (above − x)/above.
    if (width < L) width++;
    let below = 0;
    for (let x = width - 1; x > 0; x--) {
      const stay = x < above ? occupancy[x] * x * inverse : occupancy[x];
      const move = x - 1 < above ? occupancy[x - 1] * (above - x + 1) * inverse : 0;
      below += occupancy[x] = stay + move;
    }
    occupancy[0] = 0;
    if (below < 1e-20) break;
    binomial *= ((draws - b) / (b + 1)) * odds;
  }
}
