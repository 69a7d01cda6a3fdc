/**
 * The literal simulator (issue 27 item 5): candidate lists drawn item by item as each framework's code draws them
 * (docs/protocols.md), then ranked, then the sampled metric computed on them. It knows nothing of the laws of
 * instances.ts: it is their oracle (protocol.test.ts holds every law to it within 3 standard errors), and the Monte
 * Carlo of a protocol for users who bring item-level popularity.
 * A user is its n candidates in the recommender's order (position 1 is its best; scores strictly decreasing, so no
 * tie), its k test positives at the given positions, and optionally each candidate's popularity (interaction count).
 * The pool of a list is the candidates that are no positive (and the positive itself where the protocol puts it in).
 */
import { InputError } from '../errors.ts';
import type { Metric } from '../metrics.ts';
import { metricTerm } from '../metrics.ts';
import type { RandomSource } from '../random.ts';
import { firstAbove } from '../random.ts';
import { samplingLaw } from '../law/index.ts';
import type { Protocol } from './protocol.ts';

export interface LiteralUser {
  /** Candidates (the positions 1..n). */
  readonly itemCount: number;
  /** The positives' positions, ascending. */
  readonly positives: readonly number[];
  /** Each candidate's popularity (index position − 1), for popularity negatives. */
  readonly popularity?: ArrayLike<number>;
}

/** One sampled evaluation of `users` under `protocol`: every metric averaged as the protocol averages it. */
export function literalEvaluation(
  users: readonly LiteralUser[],
  protocol: Protocol,
  sampleSize: number,
  metrics: readonly Metric[],
  random: RandomSource,
): number[] {
  const sums = new Float64Array(metrics.length);
  let weight = 0;
  for (const user of users) {
    for (const list of candidateLists(user, protocol, sampleSize, random)) {
      // The list's own ranks: position of each positive among the list's entries (a repeated negative counts as
      // many times as it stands in the list), and the list's length.
      const { sampledRanks, length } = list;
      const k = sampledRanks.length;
      const w = protocol.layout === 'per-positive' && protocol.average === 'users' ? 1 / user.positives.length : 1;
      metrics.forEach((metric, t) => {
        let value = 0;
        for (let j = 0; j < k; j++) value += metricTerm(metric, j + 1, sampledRanks[j], k, length);
        sums[t] += w * value;
      });
      weight += w;
    }
  }
  return Array.from(sums, (s) => s / weight);
}

interface CandidateList {
  /** The sampled ranks of the list's positives, ascending. */
  readonly sampledRanks: number[];
  /** Entries of the list (positives and negatives, repeats as they stand). */
  readonly length: number;
}

/** The lists the protocol ranks for a user: one (per user, pooled, fixed total) or one per positive. */
function candidateLists(user: LiteralUser, protocol: Protocol, m: number, random: RandomSource): CandidateList[] {
  const { positives } = user;
  const k = positives.length;
  const isPositive = new Uint8Array(user.itemCount + 1);
  for (const p of positives) isPositive[p] = 1;
  const pool: number[] = [];
  for (let position = 1; position <= user.itemCount; position++) if (!isPositive[position]) pool.push(position);
  const draw = drawer(user, protocol, random);
  switch (protocol.layout) {
    case 'per-user':
      return [rank(positives, draw(pool, m), false)];
    case 'fixed-total': {
      const C = protocol.candidates!;
      if (k >= C) throw new InputError(`${k} positives fill the C = ${C} candidates`);
      return [rank(positives, draw(pool, C - k), false)];
    }
    case 'pooled':
      // RecBole: N per positive, all in the user's row; a negative drawn twice fills one cell.
      return [rank(positives, draw(pool, k * m), true)];
    case 'per-positive':
      return positives.map((p) => {
        // NCF: the positive itself may be drawn; its score is in the list once (a dict keyed by item).
        const own = protocol.positiveInPool ? [...pool, p].sort((a, b) => a - b) : pool;
        const negatives = draw(own, m).filter((item) => item !== p);
        return rank([p], negatives, protocol.positiveInPool);
      });
  }
}

/** How the negatives are drawn: `count` items of `from` (sorted positions), uniform or by popularity^α. */
function drawer(user: LiteralUser, protocol: Protocol, random: RandomSource) {
  const replacement = samplingLaw(protocol.sampling).drawsRepeat;
  return (from: readonly number[], count: number): number[] => {
    if (!replacement && count > from.length)
      throw new InputError(`${count} draws without replacement from ${from.length} items`);
    if (protocol.negatives === 'uniform') {
      if (replacement) return Array.from({ length: count }, () => from[random.nextInt(from.length)]);
      // Without replacement: a partial Fisher–Yates shuffle.
      const items = [...from];
      for (let t = 0; t < count; t++) {
        const s = t + random.nextInt(items.length - t);
        [items[t], items[s]] = [items[s], items[t]];
      }
      return items.slice(0, count);
    }
    if (!user.popularity) throw new InputError('popularity negatives need the candidates’ popularity');
    const cumulative = new Float64Array(from.length);
    let total = 0;
    from.forEach((item, s) => (cumulative[s] = total += user.popularity![item - 1] ** protocol.alpha));
    if (!replacement) throw new InputError('popularity negatives are drawn with replacement here');
    return Array.from({ length: count }, () => from[firstAbove(cumulative, random.next() * total)]);
  };
}

/** Ranks the positives among the negatives by position (smaller = better); `collapse`: a repeated item counts once. */
function rank(positives: readonly number[], drawn: number[], collapse: boolean): CandidateList {
  const negatives = collapse ? [...new Set(drawn)] : drawn;
  const sorted = Int32Array.from(negatives).sort();
  const sampledRanks = positives.map((p, j) => {
    let above = 0;
    while (above < sorted.length && sorted[above] < p) above++;
    return j + 1 + above;
  });
  return { sampledRanks, length: positives.length + negatives.length };
}
