/**
 * What a recovered rank distribution says about the users' true ranks (Jin et al. 2021): its top ranks without
 * building every group's P̂_g (the figure of P̂ and its bootstrap read R ≤ a few hundred), and a seeded draw of every
 * user's true rank from P̂ at the user's own n (a population for the studies when the data hold only sampled ranks).
 * Example: recoveredTop(recovery, 200)[0] is P̂(1), the share of users whose held-out item is ranked first.
 */
import type { RandomSource } from '../random.ts';
import { firstAbove } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { itemCountOf, singleRankData } from '../rankData.ts';
import type { Recovery } from './recovery.ts';

/**
 * P̂(R) for R = 1..maxRank of the whole recovery: the groups' mixture by weight, each group's P̂_g = A_g π̂ read
 * off the shared π̂ (rankMap.ts's linear split of relative positions, with the same exact integer arithmetic) for
 * only the R0 whose ranks reach maxRank. Equals recovery.distribution.subarray(0, maxRank).
 */
export function recoveredTop(recovery: Recovery, maxRank: number): Float64Array {
  const top = Math.min(maxRank, recovery.itemCount);
  const out = new Float64Array(top);
  const pi = recovery.relative;
  if (!pi) {
    out.set(recovery.distribution.subarray(0, top));
    return out;
  }
  const reference = recovery.itemCount;
  const span = reference - 1;
  const total = recovery.groups.reduce((s, g) => s + g.weight, 0);
  for (const g of recovery.groups) {
    const w = g.weight / total;
    const step = g.itemCount - 1;
    let below = 0;
    let rest = 0;
    for (let R0 = 0; R0 < reference && below < top; R0++) {
      const p = w * pi[R0];
      if (rest === 0) out[below] += p;
      else {
        const f = rest / span;
        out[below] += (1 - f) * p;
        if (below + 1 < top) out[below + 1] += f * p;
      }
      rest += step;
      while (rest >= span && below < g.itemCount - 1) {
        rest -= span;
        below++;
      }
    }
  }
  return out;
}

/**
 * A population of true ranks drawn from a recovery: every relevant item of `data` (each unit of an instance's
 * count) gets a true rank drawn from P̂_g of its own n (inverse CDF, `random` injected), and equal (rank, n) pairs
 * are counted as one instance. Each relevant item becomes one instance with one relevant item.
 */
export function drawTrueRanks(recovery: Recovery, data: RankData, defaultItemCount: number, random: RandomSource) {
  const cumulative = new Map<number, Float64Array>();
  const cdfOf = (n: number): Float64Array => {
    let cdf = cumulative.get(n);
    if (cdf) return cdf;
    const group = recovery.groups.find((g) => g.itemCount === n) ?? recovery;
    const p = group.distribution;
    cdf = new Float64Array(Math.min(n, p.length));
    let s = 0;
    for (let r = 0; r < cdf.length; r++) cdf[r] = s += Math.max(0, p[r]);
    cumulative.set(n, cdf);
    return cdf;
  };
  const counts = new Map<string, { rank: number; n: number; count: number }>();
  for (let i = 0; i < data.weights.length; i++) {
    const n = itemCountOf(data, i, defaultItemCount);
    const cdf = cdfOf(n);
    const draws = Math.round(data.weights[i]) * (data.offsets[i + 1] - data.offsets[i]);
    for (let d = 0; d < draws; d++) {
      const rank = firstAbove(cdf, random.next() * cdf[cdf.length - 1]) + 1;
      const key = `${rank}|${n}`;
      const row = counts.get(key);
      if (row) row.count++;
      else counts.set(key, { rank, n, count: 1 });
    }
  }
  const rows = [...counts.values()].sort((a, b) => a.n - b.n || a.rank - b.rank);
  const perUserN = data.itemCounts !== null;
  return singleRankData(
    data.name,
    rows.map((r) => r.rank),
    rows.map((r) => r.count),
    perUserN ? rows.map((r) => r.n) : null,
  );
}
