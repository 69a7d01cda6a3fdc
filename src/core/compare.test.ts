/**
 * The joint (paired) bootstrap of compare.ts: checked against a direct computation of the same draws on a small
 * example, against bootstrapEstimates for one recommender, and for the property the verdict relies on — pairing
 * narrows the interval of a difference when the recommenders' per-user values are correlated.
 */
import { describe, expect, it } from 'vitest';
import {
  bootstrapDifferences,
  createRandom,
  groupedRankData,
  jointBootstrap,
  mergeBootstraps,
  percentileInterval,
  quantile,
  resample,
  type RankData,
} from './index.ts';

/** One relevant item per user, with the users' ids (as a `recommender,user,rank` file gives them). */
function withUsers(name: string, ranks: readonly number[], users: readonly number[]): RankData {
  return {
    ...groupedRankData(
      name,
      ranks.map((r) => [r]),
    ),
    users: Int32Array.from(users),
  };
}

/** The weighted mean rank: the simplest per-user average, so the direct computation is one line. */
const meanRank = (d: RankData) => {
  let s = 0;
  let w = 0;
  for (let i = 0; i < d.weights.length; i++) {
    s += d.weights[i] * d.ranks[d.offsets[i]];
    w += d.weights[i];
  }
  return [s / w];
};

describe('jointBootstrap', () => {
  it('in slices of the resamples (from..to), merged, is the bootstrap of one run, paired and unpaired alike', () => {
    const a = withUsers('A', [3, 1, 7, 2, 9, 4], [0, 1, 2, 3, 4, 5]);
    const b = withUsers('B', [5, 2, 4, 8, 1, 6], [5, 4, 3, 2, 1, 0]);
    const c = groupedRankData('C', [[2], [2], [9], [4]]);
    const whole = jointBootstrap([a, b, c], meanRank, { seed: 3, replicates: 9 });
    const sliced = [0, 4, 5, 9]
      .slice(1)
      .map((to, k, ends) =>
        jointBootstrap([a, b, c], meanRank, { seed: 3, replicates: 9, from: k === 0 ? 0 : ends[k - 1], to }),
      );
    if (!whole.ok || !sliced.every((s) => s.ok)) throw new Error('bootstrap failed');
    const merged = mergeBootstraps(sliced.map((s) => (s.ok ? s.value : whole.value)));
    expect(merged).toEqual(whole.value);
    expect(merged.paired).toEqual([true, true, false]);
    expect(jointBootstrap([a], meanRank, { seed: 3, replicates: 9, from: 4, to: 4 })).toMatchObject({
      ok: false,
      error: 'the resamples to compute must be a range within 0..9, got 4..4',
    });
  });

  it('a paired bootstrap equals the direct computation: the same users drawn for both, by user id', () => {
    const a = withUsers('A', [3, 1, 7, 2, 9], [0, 1, 2, 3, 4]);
    // B lists the same users in another order: pairing goes by id, not by row.
    const b = withUsers('B', [5, 2, 4, 8, 1], [4, 3, 2, 1, 0]);
    const boot = jointBootstrap([a, b], meanRank, { seed: 7, replicates: 300 });
    if (!boot.ok) throw new Error(boot.error);
    expect(boot.value.paired).toEqual([true, true]);
    // Direct: draw 5 users with replacement from the universe (ids in order of first appearance: A's order), then
    // the difference of the two means over the drawn users.
    const rankA = [3, 1, 7, 2, 9];
    const rankB = [1, 8, 4, 2, 5]; // B's rank of users 0..4
    const random = createRandom(7);
    const direct = new Float64Array(300);
    for (let k = 0; k < 300; k++) {
      const counts = new Float64Array(5);
      for (let t = 0; t < 5; t++) counts[random.nextInt(5)]++;
      let d = 0;
      for (let u = 0; u < 5; u++) d += (counts[u] * (rankA[u] - rankB[u])) / 5;
      direct[k] = d;
    }
    const got = Float64Array.from(boot.value.replicates[0][0], (x, k) => x - boot.value.replicates[1][0][k]);
    got.forEach((v, k) => expect(v).toBeCloseTo(direct[k], 12));
    const [difference] = bootstrapDifferences(boot.value, 0.9);
    expect(difference).toMatchObject({ a: 0, b: 1, value: 0, paired: true });
    expect(difference.difference).toBeCloseTo(22 / 5 - 20 / 5, 12);
    const sorted = direct.slice().sort();
    expect(difference.low).toBeCloseTo(quantile(sorted, 0.05), 12);
    expect(difference.high).toBeCloseTo(quantile(sorted, 0.95), 12);
  });

  it('pairing narrows the interval of a difference when the per-user values are correlated', () => {
    const random = createRandom(3);
    const users = Array.from({ length: 400 }, (_, u) => u);
    // Users differ a lot (some find everything, some nothing); B is A plus a small shift and a little noise.
    const base = users.map(() => 1 + Math.floor(1000 * random.next() ** 2));
    const other = base.map((r) => r + 5 + Math.floor(10 * random.next()));
    const paired = jointBootstrap([withUsers('A', base, users), withUsers('B', other, users)], meanRank, {
      seed: 1,
    });
    const unpaired = jointBootstrap(
      [
        groupedRankData(
          'A',
          base.map((r) => [r]),
        ),
        groupedRankData(
          'B',
          other.map((r) => [r]),
        ),
      ],
      meanRank,
      { seed: 1 },
    );
    if (!paired.ok || !unpaired.ok) throw new Error('bootstrap failed');
    const [p] = bootstrapDifferences(paired.value);
    const [q] = bootstrapDifferences(unpaired.value);
    expect(p.paired).toBe(true);
    expect(q.paired).toBe(false);
    expect(p.difference).toBeCloseTo(q.difference, 12);
    // The paired interval excludes 0 (B is worse for every user) and is far narrower than the unpaired one.
    expect(p.high).toBeLessThan(0);
    expect(p.high - p.low).toBeLessThan((q.high - q.low) / 5);
    expect(q.low).toBeLessThan(0);
    expect(q.high).toBeGreaterThan(0);
  });

  it('without user ids each recommender draws its own rows: one recommender alone gives the same replicates', () => {
    const a = groupedRankData('A', [[3], [1], [7], [2]]);
    const b = groupedRankData('B', [[5], [2], [4], [8], [1], [6]]);
    const both = jointBootstrap([a, b], meanRank, { seed: 4, replicates: 50 });
    const alone = jointBootstrap([b], meanRank, { seed: 4, replicates: 50 });
    if (!both.ok || !alone.ok) throw new Error('bootstrap failed');
    expect(both.value.paired).toEqual([false, false]);
    expect(Array.from(both.value.replicates[1][0])).toEqual(Array.from(alone.value.replicates[0][0]));
  });

  it('refuses B < 1, a seed that is not an integer and fractional counts, and stops when asked', () => {
    const a = groupedRankData('A', [[3], [1]]);
    expect(jointBootstrap([a], meanRank, { seed: 1, replicates: 0 })).toMatchObject({ ok: false });
    expect(jointBootstrap([a], meanRank, { seed: 1.5 })).toMatchObject({ ok: false });
    const half = { ...a, weights: Float64Array.of(1.5, 1) };
    expect(jointBootstrap([half], meanRank, { seed: 1 })).toMatchObject({ ok: false, error: /whole, got 1\.5/ });
    expect(jointBootstrap([a], meanRank, { seed: 1, shouldStop: () => true })).toMatchObject({ cancelled: true });
  });

  it('percentileInterval ignores NaN and interpolates as numpy does', () => {
    expect(percentileInterval([4, NaN, 1, 3, 2], 0.5)).toEqual({ low: 1.75, high: 3.25 });
    expect(percentileInterval([NaN], 0.95)).toEqual({ low: NaN, high: NaN });
  });
});

describe('resample', () => {
  it('keeps each drawn instance’s grades and tie ranges with its ranks, and its count of draws', () => {
    const data: RankData = {
      ...groupedRankData('G', [[2, 5], [7], [1, 3]]),
      relevance: Float64Array.of(3, 1, 2, 5, 4),
      ties: { low: Float64Array.of(1, 5, 6, 1, 3), high: Float64Array.of(2, 5, 9, 1, 4) },
    };
    const drawn = resample(data, Float64Array.of(2, 0, 1));
    expect(Array.from(drawn.ranks)).toEqual([2, 5, 1, 3]);
    expect(Array.from(drawn.weights)).toEqual([2, 1]);
    expect(Array.from(drawn.relevance!)).toEqual([3, 1, 5, 4]);
    expect(Array.from(drawn.ties!.low)).toEqual([1, 5, 1, 3]);
    expect(Array.from(drawn.ties!.high)).toEqual([2, 5, 1, 4]);
  });
});
