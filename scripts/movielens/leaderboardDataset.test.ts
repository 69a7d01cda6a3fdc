/**
 * The shipped leaderboard files (public/datasets/, written by `npm run movielens`, scripts/movielens/leaderboard.ts):
 * their invariants, read from the files alone — never the licensed raw data. The leave-one-out files hold the 13
 * recommenders of recommenders.ts for all 6,040 users, X, Y and Z exactly as the paper's files; the random 80/20
 * file every held-out item of 800 sampled users, ranked in one ranking per user.
 */
import { describe, expect, it } from 'vitest';
import { parseRankFile } from '../../src/io/index.ts';
import { exactMetric, groupedRankData, parseMetric, singleRankData } from '../../src/core/index.ts';
import type { LeaderboardRanks } from './dataset.ts';
import {
  LEADERBOARD_SAMPLED_FILE,
  LEADERBOARD_TRUE_FILE,
  RANDOM_SPLIT_FILE,
  readLeaderboard,
  readSampledRanks,
  readText,
  readTrueRanks,
} from './dataset.ts';
import { heldOutCount } from './split.ts';

const DIR = 'public/datasets';
const USERS = 6040;
const SPLIT_USERS = 800;
const CATALOGUE = 3706;
const NAMES = [
  'X',
  'Y',
  'Z',
  'random',
  'most-popular',
  'item-knn-100',
  'item-knn-shrink',
  'user-knn-100',
  'ials-64',
  'ials-128',
  'ease',
  'puresvd-50',
  'bpr-64',
];
const looTrue = readLeaderboard(DIR, LEADERBOARD_TRUE_FILE);
const looSampled = readSampledRanks(DIR, LEADERBOARD_SAMPLED_FILE);
const split = readLeaderboard(DIR, RANDOM_SPLIT_FILE);

/** Index of the first row failing `ok`, or −1. */
function firstBad(rows: number, ok: (row: number) => boolean): number {
  for (let row = 0; row < rows; row++) if (!ok(row)) return row;
  return -1;
}

/** Index of the first difference between two equally long columns, or −1 (toEqual is slow on 10⁵ entries). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  return firstBad(a.length, (row) => a[row] === b[row]);
}

/** Rows of one recommender grouped by user, in file order: [start, end) per user. */
function userRuns(t: LeaderboardRanks): [number, number][] {
  const runs: [number, number][] = [];
  for (let row = 0; row < t.users.length; row++) {
    if (row === 0 || t.users[row] !== t.users[row - 1]) runs.push([row, row + 1]);
    else runs[runs.length - 1][1] = row + 1;
  }
  return runs;
}

/** Ranks within 1..n, tie ranges bracketing them, shares in [0, 1] and 0 at rank 1. */
function rowOk(t: LeaderboardRanks, row: number): boolean {
  const n = t.itemCount[row];
  return (
    Number.isInteger(n) &&
    n >= 2 &&
    n <= CATALOGUE &&
    1 <= t.optimistic[row] &&
    t.optimistic[row] <= t.rank[row] &&
    t.rank[row] <= t.pessimistic[row] &&
    t.pessimistic[row] <= n &&
    t.massAbove.every((q) => q[row] >= 0 && q[row] <= 1 && (t.rank[row] > 1 || q[row] === 0))
  );
}

describe(`${LEADERBOARD_TRUE_FILE} and ${LEADERBOARD_SAMPLED_FILE}: the leave-one-out leaderboard`, () => {
  it('13 recommenders × 6,040 users, the same users and n for each; ranks, ties and shares in range', () => {
    expect([...looTrue.keys()]).toEqual(NAMES);
    const x = looTrue.get('X')!;
    for (const [name, t] of looTrue) {
      expect(t.rank.length, name).toBe(USERS);
      expect(firstDifference(t.users, x.users), name).toBe(-1);
      expect(firstDifference(t.itemCount, x.itemCount), name).toBe(-1);
      const bad = firstBad(USERS, (row) => rowOk(t, row));
      expect(bad, `${name}: first bad row is user ${t.users[bad]}`).toBe(-1);
    }
  });

  it('X, Y and Z are the rows of the paper’s files (ranks, ties, shares to 6 digits)', () => {
    const paper = readTrueRanks(DIR);
    for (const name of ['X', 'Y', 'Z']) {
      const t = looTrue.get(name)!;
      const p = paper.get(name)!;
      expect(firstDifference(t.users, p.users), name).toBe(-1);
      expect(firstDifference(t.rank, p.rank), name).toBe(-1);
      expect(firstDifference(t.optimistic, p.optimistic), name).toBe(-1);
      expect(firstDifference(t.pessimistic, p.pessimistic), name).toBe(-1);
      const bad = firstBad(USERS, (u) => Math.abs(t.massAbove[1][u] - p.popMassAbove[u]) <= 5e-6 * p.popMassAbove[u]);
      expect(bad, `${name}: massAbove@1 against popMassAbove, user ${t.users[bad]}`).toBe(-1);
    }
  });

  it('among NCF’s negatives: the same users and n, ranks within 1..negatives + 1, X, Y, Z as the paper’s file', () => {
    expect([...looSampled.keys()]).toEqual(NAMES);
    const paper = readSampledRanks(DIR);
    for (const [name, s] of looSampled) {
      expect(firstDifference(s.users, looTrue.get(name)!.users), name).toBe(-1);
      expect(firstDifference(s.itemCount, looTrue.get(name)!.itemCount), name).toBe(-1);
      const bad = firstBad(USERS, (u) => {
        const k = s.negatives[u];
        return (
          (k === 98 || k === 99) &&
          1 <= s.optimistic[u] &&
          s.optimistic[u] <= s.rank[u] &&
          s.rank[u] <= s.pessimistic[u] &&
          s.pessimistic[u] <= k + 1
        );
      });
      expect(bad, `${name}: first bad row is user ${s.users[bad]}`).toBe(-1);
      if (paper.has(name)) expect(firstDifference(s.rank, paper.get(name)!.rank), name).toBe(-1);
    }
  });

  it('the random recommender: Recall@10 within 4 standard errors of its expectation Σ 10/n_u / users', () => {
    const t = looTrue.get('random')!;
    const p = Array.from(t.itemCount, (n) => 10 / n);
    const expected = p.reduce((a, b) => a + b, 0) / USERS;
    const se = Math.sqrt(p.reduce((a, q) => a + q * (1 - q), 0)) / USERS;
    const data = singleRankData('random', t.rank, null, t.itemCount);
    expect(Math.abs(exactMetric(data, parseMetric('recall@10'), CATALOGUE) - expected)).toBeLessThan(4 * se);
  });
});

describe(`${RANDOM_SPLIT_FILE}: the random 80/20 split, several held-out items per user`, () => {
  it('13 recommenders, the same 800 users with the same n and number of held-out items for each', () => {
    expect([...split.keys()]).toEqual(NAMES);
    const x = split.get('X')!;
    const runs = userRuns(x);
    expect(runs.length).toBe(SPLIT_USERS);
    expect(new Set(x.users).size).toBe(SPLIT_USERS);
    for (const [name, t] of split) {
      expect(firstDifference(t.users, x.users), name).toBe(-1);
      expect(firstDifference(t.itemCount, x.itemCount), name).toBe(-1);
    }
  });

  it('each user holds out ⌊0.2·c⌋ of its c interactions (c = 3,706 − n + held out), RecBole’s count', () => {
    const bad = userRuns(split.get('X')!).filter(([start, end]) => {
      const k = end - start;
      const n = split.get('X')!.itemCount[start];
      return heldOutCount(CATALOGUE - n + k, 0.2) !== k;
    });
    expect(bad.length).toBe(0);
  });

  it('per recommender and user: distinct ranks in 1..n ascending, ties bracketed, shares non-decreasing in [0, 1]', () => {
    for (const [name, t] of split) {
      const bad = firstBad(t.rank.length, (row) => rowOk(t, row));
      expect(bad, `${name}: first bad row is user ${t.users[bad]}`).toBe(-1);
      // Within a user's rows: ranks strictly ascending, every share non-decreasing.
      const runs = userRuns(t);
      const starts = new Uint8Array(t.rank.length);
      for (const [start] of runs) starts[start] = 1;
      const unordered = firstBad(
        t.rank.length,
        (row) => starts[row] === 1 || (t.rank[row] > t.rank[row - 1] && t.massAbove.every((q) => q[row] >= q[row - 1])),
      );
      expect(unordered, `${name}: user ${t.users[unordered]}, rank ${t.rank[unordered]}`).toBe(-1);
    }
  });

  it('the random recommender: Recall@10 within 4 standard errors of its expectation Σ_u 10/n_u / users', () => {
    const t = split.get('random')!;
    const runs = userRuns(t);
    const p = runs.map(([start]) => 10 / t.itemCount[start]);
    const expected = p.reduce((a, b) => a + b, 0) / runs.length;
    // Per user, hits / |R| with each held-out item in the top 10 with chance 10/n: variance ≤ p(1 − p)/|R|.
    const se = Math.sqrt(runs.reduce((a, [start, end], k) => a + (p[k] * (1 - p[k])) / (end - start), 0)) / runs.length;
    const data = groupedRankData(
      'random',
      runs.map(([start, end]) => t.rank.subarray(start, end)),
      runs.map(([start]) => t.itemCount[start]),
    );
    expect(Math.abs(exactMetric(data, parseMetric('recall@10'), CATALOGUE) - expected)).toBeLessThan(4 * se);
  });

  it('reads through the explorer’s rank-file parser as the grouped layout with per-user n and tie ranges', () => {
    const parsed = parseRankFile(readText(`${DIR}/${RANDOM_SPLIT_FILE}`), {
      file: RANDOM_SPLIT_FILE,
      itemCount: CATALOGUE,
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.layout).toBe('grouped');
    expect(parsed.value.perInstanceItemCount).toBe(true);
    expect(parsed.value.tieRanges).toBe(true);
    expect(parsed.value.recommenders.map((r) => r.name)).toEqual(NAMES);
    for (const data of parsed.value.recommenders) expect(data.weights.length).toBe(SPLIT_USERS);
  });
});
