/**
 * Krichene & Rendle's exact metrics under a tie rule: without a rule the same numbers as exactMetric; under a rule
 * the metric of every order of the tie groups (brute force, metricOfRanks) averaged, or at the optimistic and
 * pessimistic order; and on the shipped MovieLens true ranks, recommender Z (about 2,600 held-out items tied at
 * score 0), Recall@10 and AUC against a direct average over each user's tie range, computed here from the CSV.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { exactMetric } from '../expected.ts';
import { metricOfRanks, parseMetric } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { groupedRankData, singleRankData } from '../rankData.ts';
import { exactMetricUnderTies } from './exactMetric.ts';
import { resolveTies } from './resolveTies.ts';
import { TIE_RULES } from './tieRule.ts';

const METRICS = ['auc', 'ap', 'ndcg', 'recall@3', 'precision@2', 'ap@4', 'ndcg@3'].map(parseMetric);

/** Users as tie groups: [low, high, number of relevant items] per group, and n. */
const USERS: { n: number; groups: [number, number, number][] }[] = [
  {
    n: 9,
    groups: [
      [1, 1, 1],
      [3, 6, 2],
    ],
  },
  {
    n: 12,
    groups: [
      [2, 4, 1],
      [5, 5, 1],
      [8, 12, 3],
    ],
  },
  { n: 7, groups: [[1, 3, 3]] },
  { n: 10, groups: [[4, 4, 1]] },
  { n: 8, groups: [[1, 8, 2]] },
];

/** The rank file of USERS: the relevant items of a group at its first positions (any order in the range will do). */
function tiedData(): RankData {
  const ranks: number[][] = [];
  const low: number[] = [];
  const high: number[] = [];
  for (const user of USERS) {
    const own: number[] = [];
    for (const [lo, hi, count] of user.groups) {
      for (let t = 0; t < count; t++) {
        own.push(lo + t);
        low.push(lo);
        high.push(hi);
      }
    }
    ranks.push(own);
  }
  const data = groupedRankData(
    'T',
    ranks,
    USERS.map((u) => u.n),
  );
  return { ...data, ties: { low: Float64Array.from(low), high: Float64Array.from(high) } };
}

/** Every set of relevant positions a random order can give: per group, every subset of its range of the right size. */
function allPlacements(groups: [number, number, number][]): number[][] {
  let out: number[][] = [[]];
  for (const [lo, hi, count] of groups) {
    const subsets = choose(
      Array.from({ length: hi - lo + 1 }, (_, i) => lo + i),
      count,
    );
    out = out.flatMap((prefix) => subsets.map((s) => [...prefix, ...s]));
  }
  return out;
}

function choose(items: number[], count: number): number[][] {
  if (count === 0) return [[]];
  if (items.length < count) return [];
  const [first, ...rest] = items;
  return [...choose(rest, count - 1).map((s) => [first, ...s]), ...choose(rest, count)];
}

describe('exactMetricUnderTies', () => {
  it('without a rule gives exactMetric’s numbers (same ranks, same sums)', () => {
    const toy = singleRankData('C', [212, 2, 743, 5342, 1548]);
    const multi = groupedRankData('M', [[1, 3], [2], [1, 5, 20]], [10, 10, 20]);
    for (const metric of METRICS) {
      expectClose(exactMetricUnderTies(toy, metric, 10000), exactMetric(toy, metric, 10000), 1e-15, metric.id);
      expectClose(exactMetricUnderTies(multi, metric, 10), exactMetric(multi, metric, 10), 1e-15, metric.id);
    }
  });

  it('random is the mean over every placement of the relevant items within their tie groups (brute force)', () => {
    const data = tiedData();
    for (const metric of METRICS) {
      const perUser = USERS.map((user) => {
        const placements = allPlacements(user.groups);
        return placements.reduce((s, ranks) => s + metricOfRanks(metric, ranks, user.n), 0) / placements.length;
      });
      const expected = perUser.reduce((a, b) => a + b) / USERS.length;
      expectClose(exactMetricUnderTies(data, metric, 100, 'random'), expected, 1e-14, metric.id);
    }
  });

  it('optimistic and pessimistic put the relevant items first and last in their groups (= resolveTies + exactMetric)', () => {
    const data = tiedData();
    for (const metric of METRICS) {
      const first = USERS.map((u) => u.groups.flatMap(([lo, , c]) => Array.from({ length: c }, (_, t) => lo + t)));
      const last = USERS.map((u) =>
        u.groups.flatMap(([, hi, c]) => Array.from({ length: c }, (_, t) => hi - c + 1 + t)),
      );
      const mean = (sets: number[][]) =>
        sets.reduce((s, r, u) => s + metricOfRanks(metric, r, USERS[u].n), 0) / sets.length;
      expectClose(exactMetricUnderTies(data, metric, 100, 'optimistic'), mean(first), 1e-15, metric.id);
      expectClose(exactMetricUnderTies(data, metric, 100, 'pessimistic'), mean(last), 1e-15, metric.id);
      expectClose(exactMetric(resolveTies(data, 'pessimistic'), metric, 100), mean(last), 1e-15, metric.id);
      const optimistic = exactMetricUnderTies(data, metric, 100, 'optimistic');
      const random = exactMetricUnderTies(data, metric, 100, 'random');
      const pessimistic = exactMetricUnderTies(data, metric, 100, 'pessimistic');
      expect(optimistic).toBeGreaterThanOrEqual(random - 1e-15);
      expect(random).toBeGreaterThanOrEqual(pessimistic - 1e-15);
    }
  });

  it('rejects tie ranges that overlap or miss the rank', () => {
    const base = groupedRankData('T', [[2, 3]], [10]);
    const withTies = (low: number[], high: number[]) => ({
      ...base,
      ties: { low: Float64Array.from(low), high: Float64Array.from(high) },
    });
    const recall = parseMetric('recall@2');
    expect(() => exactMetricUnderTies(withTies([1, 3], [4, 5]), recall, 10, 'random')).toThrow(
      'recommender "T", instance 1: the tie ranges 1..4 and 3..5 overlap (tied items share one range)',
    );
    expect(() => exactMetricUnderTies(withTies([2, 2], [3, 2]), recall, 10, 'random')).toThrow(
      /rank 3 is outside its tie range 2..2/,
    );
  });
});

interface MovieLensRow {
  recommender: string;
  rank: number;
  n: number;
  low: number;
  high: number;
}

function readMovieLens(): MovieLensRow[] {
  const text = readFileSync(new URL('../../../public/datasets/movielens-1m-true-ranks.csv', import.meta.url), 'utf8');
  const [header, ...lines] = text.trim().split('\n');
  const col = (name: string) => header.split(',').indexOf(name);
  const [rec, rank, n, lo, hi] = ['recommender', 'rank', 'n', 'rankOptimistic', 'rankPessimistic'].map(col);
  return lines.map((line) => {
    const f = line.split(',');
    return { recommender: f[rec], rank: +f[rank], n: +f[n], low: +f[lo], high: +f[hi] };
  });
}

describe('MovieLens-1M true ranks (public/datasets): ties of recommender Z', () => {
  const rows = readMovieLens();
  const dataOf = (name: string): RankData => {
    const own = rows.filter((r) => r.recommender === name);
    const data = singleRankData(
      name,
      own.map((r) => r.rank),
      null,
      own.map((r) => r.n),
    );
    return {
      ...data,
      ties: { low: Float64Array.from(own, (r) => r.low), high: Float64Array.from(own, (r) => r.high) },
    };
  };
  /** The direct average over each user's tie range lo..hi of M(r), then over users. */
  const direct = (name: string, m: (r: number, n: number) => number, rule: 'optimistic' | 'random' | 'pessimistic') => {
    const own = rows.filter((r) => r.recommender === name);
    let sum = 0;
    for (const { low, high, n } of own) {
      if (rule === 'optimistic') sum += m(low, n);
      else if (rule === 'pessimistic') sum += m(high, n);
      else {
        let s = 0;
        for (let r = low; r <= high; r++) s += m(r, n);
        sum += s / (high - low + 1);
      }
    }
    return sum / own.length;
  };
  const recall10 = (r: number) => (r <= 10 ? 1 : 0);
  const auc = (r: number, n: number) => (n - r) / (n - 1); // eq 7

  it('Z has about 2,600 users with a tie range (X and Y none)', () => {
    const tied = (name: string) => rows.filter((r) => r.recommender === name && r.high > r.low).length;
    expect(tied('Z')).toBe(2621);
    expect(tied('X') + tied('Y')).toBe(0);
  });

  for (const rule of TIE_RULES) {
    it(`Z, ties ${rule}: Recall@10 and AUC equal the direct average over the tie ranges (1e-12)`, () => {
      const z = dataOf('Z');
      expectClose(exactMetricUnderTies(z, parseMetric('recall@10'), 3706, rule), direct('Z', recall10, rule), 1e-12);
      expectClose(exactMetricUnderTies(z, parseMetric('auc'), 3706, rule), direct('Z', auc, rule), 1e-12);
    });
  }

  it('Z: optimistic ≥ random ≥ pessimistic; the ties sit below rank 10, so Recall@10 does not move but AUC does', () => {
    const z = dataOf('Z');
    const [recallOpt, recallRandom, recallPess] = TIE_RULES.map((rule) =>
      exactMetricUnderTies(z, parseMetric('recall@10'), 3706, rule),
    );
    expect(recallOpt).toBe(recallRandom);
    expect(recallRandom).toBe(recallPess);
    const [aucOpt, aucRandom, aucPess] = ['optimistic', 'random', 'pessimistic'].map((rule) =>
      exactMetricUnderTies(z, parseMetric('auc'), 3706, rule as 'random'),
    );
    expect(aucOpt).toBeGreaterThan(aucRandom + 0.05);
    expect(aucRandom).toBeGreaterThan(aucPess + 0.05);
    // The rank column breaks the ties at random (seeded): its AUC is one draw near the expectation.
    expectClose(exactMetric(z, parseMetric('auc'), 3706), aucRandom, 0.01);
  });
});
