/**
 * Estimates from sampled ranks on bootstrap resamples under a tie rule: the vector methods' per-user estimates
 * computed once give the replicates of estimating every resample afresh (to 1e-12) under random ties, the fits are
 * refitted as before; under the other rules the per-user estimates (of the resolved ranks) give the same numbers.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { jointBootstrap, resample as resampleRows } from '../compare.ts';
import { sharedItemCountNodes } from '../distribution/models/perUserN.ts';
import { EstimatorVectors, estimateMetrics, resampleSetup } from '../estimate.ts';
import { parseMethodList } from '../estimators.ts';
import { parseMetricList } from '../metrics.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { withTieRule } from './resolveTies.ts';
import { sampledEstimateResampling } from './sampledResampling.ts';
import type { TieRule } from './tieRule.ts';

const m = 20;
const metrics = parseMetricList('recall@5,ap,ndcg@10,auc');
const methods = parseMethodList('sampled,rank-estimate,ls,cls,bv:0.1,bv-dist:0.1,mle');

/** 50 users' sampled ranks among m + 1 = 21, n in 200..400, half of them tied over a range (or plain). */
function tiedSampled(seed: number, tied: boolean): RankData {
  const random = createRandom(seed);
  const low: number[] = [];
  const high: number[] = [];
  const ranks: number[] = [];
  for (let u = 0; u < 50; u++) {
    const a = 1 + random.nextInt(m + 1);
    const b = tied && u % 2 === 0 ? Math.min(m + 1, a + random.nextInt(8)) : a;
    low.push(a);
    high.push(b);
    ranks.push(a + random.nextInt(b - a + 1));
  }
  return {
    name: 'S',
    offsets: Int32Array.from({ length: 51 }, (_, i) => i),
    ranks: Float64Array.from(ranks),
    weights: Float64Array.from(ranks, (_, i) => 1 + (i % 3 === 0 ? 1 : 0)),
    itemCounts: Int32Array.from(ranks, () => 200 + random.nextInt(201)),
    ties: { low: Float64Array.from(low), high: Float64Array.from(high) },
  };
}

function bothPaths(data: RankData, ties: TieRule | undefined) {
  const setup = { itemCount: 400, sampleSize: m, sampling: 'with-replacement' as const };
  const options = { replicates: 25, seed: 4 };
  const slowCache = new EstimatorVectors(metrics, setup);
  const slow = jointBootstrap(
    [data],
    (d) => estimateMetrics(withTieRule(d, ties), metrics, methods, setup, slowCache).map((row) => row.estimate),
    options,
  );
  const cache = new EstimatorVectors(metrics, setup);
  const fast = jointBootstrap([data], sampledEstimateResampling(metrics, methods, setup, cache, ties), options);
  if (!slow.ok || !fast.ok) throw new Error('bootstrap failed');
  return { slow: slow.value, fast: fast.value };
}

describe('sampledEstimateResampling', () => {
  it('random ties: every method’s replicates as estimating each resample afresh, the point values exactly', () => {
    const { slow, fast } = bothPaths(tiedSampled(1, true), 'random');
    expect(fast.point).toEqual(slow.point);
    slow.replicates[0].forEach((values, v) => {
      const method = methods[Math.floor(v / metrics.length)].id;
      expectClose(fast.replicates[0][v], values, 1e-12, `${method} ${metrics[v % metrics.length].id}`);
    });
  });

  it('several relevant items per user (no tie ranges): the sampled metric counts users, a correction items', () => {
    const random = createRandom(5);
    const groups = Array.from({ length: 40 }, () => {
      const k = 1 + random.nextInt(3);
      const own = new Set<number>();
      while (own.size < k) own.add(1 + random.nextInt(m + k));
      return [...own].sort((a, b) => a - b);
    });
    const offsets = [0];
    groups.forEach((g) => offsets.push(offsets[offsets.length - 1] + g.length));
    const data: RankData = {
      name: 'M',
      offsets: Int32Array.from(offsets),
      ranks: Float64Array.from(groups.flat()),
      weights: new Float64Array(groups.length).fill(1),
      itemCounts: null,
      ties: { low: Float64Array.from(groups.flat()), high: Float64Array.from(groups.flat()) },
    };
    for (const ties of ['random', undefined, 'optimistic'] as const) {
      const { slow, fast } = bothPaths(data, ties);
      expect(fast.point).toEqual(slow.point);
      slow.replicates[0].forEach((values, v) => expectClose(fast.replicates[0][v], values, 1e-12));
    }
  });

  it('other rules and plain data: the vector methods from per-user estimates, the same numbers as afresh', () => {
    for (const ties of [undefined, 'optimistic', 'pessimistic'] as const) {
      const { slow, fast } = bothPaths(tiedSampled(2, ties !== undefined), ties);
      expect(fast).toEqual(slow);
    }
  });
});

describe('per-user n on a grid (the interpolated model)', () => {
  // Without replacement each user's own n is interpolated between nodes of n (recoverShared.ts); 60 users with n
  // in 1,000..3,000, the smallest and the largest n held by one user each.
  const setup = { itemCount: 3000, sampleSize: m, sampling: 'without-replacement' as const };
  const random = createRandom(9);
  const users = 60;
  const itemCounts = Int32Array.from({ length: users }, (_, u) =>
    u === 0 ? 1000 : u === 1 ? 3000 : 1100 + random.nextInt(1800),
  );
  const data: RankData = {
    name: 'N',
    offsets: Int32Array.from({ length: users + 1 }, (_, i) => i),
    ranks: Float64Array.from({ length: users }, () => 1 + random.nextInt(6)),
    weights: new Float64Array(users).fill(1),
    itemCounts,
  };
  const fits = parseMethodList('mle,mes');
  const grid = sharedItemCountNodes(itemCounts)!;

  it('fits every resample on the grid of the data, not on one of the resample’s own n range', () => {
    expect(grid.length).toBeGreaterThan(2);
    const values = sampledEstimateResampling(metrics, fits, setup, new EstimatorVectors(metrics, setup));
    const point = values.point(data, 0);
    // Users 0 and 1 (n = 1,000 and 3,000) not drawn: the resample's own range is narrower, its own grid another.
    const draws = Float64Array.from({ length: users }, (_, u) => (u < 2 ? 0 : u === 2 ? 3 : 1));
    const resample = resampleRows(data, draws);
    const replicate = values.replicate(draws, () => resample, 0);
    const onGrid = { ...setup, fit: { itemCountNodes: grid } };
    const expected = estimateMetrics(resample, metrics, fits, onGrid).map((row) => row.estimate);
    expect(replicate).toEqual(expected);
    const own = estimateMetrics(resample, metrics, fits, setup).map((row) => row.estimate);
    expect(own).not.toEqual(expected);
    // The point estimate is the data's own fit, on the same grid.
    expect(point).toEqual(estimateMetrics(data, metrics, fits, setup).map((row) => row.estimate));
    expect(point).toEqual(estimateMetrics(data, metrics, fits, onGrid).map((row) => row.estimate));
  });

  it('nodes that do not increase or do not cover the users’ n are not used (the data’s own grid is)', () => {
    const own = estimateMetrics(data, metrics, fits, setup).map((row) => row.estimate);
    for (const itemCountNodes of [grid.slice(1), [...grid].reverse(), [grid[0]]]) {
      const given = { ...setup, fit: { itemCountNodes } };
      expect(estimateMetrics(data, metrics, fits, given).map((row) => row.estimate)).toEqual(own);
    }
    // A coarser grid that covers them is used: other numbers.
    const coarse = { ...setup, fit: { itemCountNodes: [grid[0], grid[grid.length - 1]] } };
    expect(estimateMetrics(data, metrics, fits, coarse).map((row) => row.estimate)).not.toEqual(own);
  });

  it('resampleSetup: the data’s grid, unchanged without per-user n or with nodes given', () => {
    expect(resampleSetup(setup, data).fit?.itemCountNodes).toEqual(grid);
    const plain = { ...data, itemCounts: null };
    expect(resampleSetup(setup, plain)).toBe(setup);
    const given = { ...setup, fit: { itemCountNodes: null } };
    expect(resampleSetup(given, data)).toBe(given);
  });
});
