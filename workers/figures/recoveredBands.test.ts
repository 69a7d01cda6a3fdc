/**
 * The recovered-distribution figure's job against the core directly: the point curves are the core's fit read off
 * by eq 14 (core distributionMetrics gives the same Recall@K, NDCG@K, AP@K), the CDF ends at 1, and the bootstrap
 * bands are ordered and hold the point estimate at most ranks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import {
  DistributionCache,
  createRandom,
  distributionMetrics,
  parseMethod,
  parseMetric,
  recoverDistribution,
  sharedItemCountNodes,
  singleRankData,
  unwrap,
  type DistributionMethod,
  type RankData,
} from '../../src/core/index.ts';
import { parseRankFile } from '../../src/io/rankFile.ts';
import { recoveredDistribution, type BandCurve } from './recoveredBands.ts';
import { recoveredPopulation } from './recoveredPopulation.ts';

/** 400 users with their own n in 150..300, sampled ranks among m = 20 skewed to the top. */
function perUserData(name: string, seed: number): RankData {
  const random = createRandom(seed);
  const ns = Array.from({ length: 400 }, () => 150 + 5 * Math.floor(31 * random.next()));
  const ranks = ns.map(() => 1 + Math.floor(21 * random.next() ** 2.2));
  return singleRankData(name, ranks, null, ns);
}

const setup = { itemCount: 300, sampleSize: 20, sampling: 'without-replacement' as const };

/** The share of points whose band holds the point estimate. */
function covered(curve: BandCurve): number {
  let inside = 0;
  curve.estimate.forEach((v, k) => {
    if (curve.low![k] <= v + 1e-12 && v <= curve.high![k] + 1e-12) inside++;
  });
  return inside / curve.estimate.length;
}

describe('recoveredDistribution (the recovered rank distribution of sampled ranks, with bands)', () => {
  const data = [perUserData('A', 1), perUserData('B', 2)];
  const request = {
    ...setup,
    recommenders: data,
    methods: ['mle', 'mes', 'bv-dist:0.1'],
    replicates: 20,
    seed: 1,
    level: 0.9,
    maxRank: 300,
  };
  const result = recoveredDistribution(request);

  it('reads Recall@K, NDCG@K and AP@K off P̂ as the core does (eq 14, per-user n)', () => {
    for (const [r, rec] of result.recommenders.entries()) {
      expect(rec.users).toBe(400);
      expect(rec.itemCounts?.largest).toBeLessThanOrEqual(300);
      for (const estimate of rec.estimates) {
        const recovery = unwrap(
          recoverDistribution(data[r], parseMethod(estimate.method) as DistributionMethod, setup),
        );
        for (const k of [1, 5, 10, 50]) {
          const ids = [`recall@${k}`, `ndcg@${k}`, `ap@${k}`];
          const [recall, ndcg, ap] = distributionMetrics(recovery, ids.map(parseMetric));
          const at = k - 1;
          expectClose(estimate.cdf.estimate[at], recall, 1e-12, `${rec.recommender} ${estimate.method} ${ids[0]}`);
          expectClose(estimate.ndcg.estimate[at], ndcg, 1e-12, `${rec.recommender} ${estimate.method} ${ids[1]}`);
          expectClose(estimate.ap.estimate[at], ap, 1e-12, `${rec.recommender} ${estimate.method} ${ids[2]}`);
        }
        expectClose(estimate.pmf.estimate, recovery.distribution.subarray(0, 300), 1e-15);
      }
    }
  });

  it('gives a CDF that ends at 1 at the largest n (and every band ordered)', () => {
    const largest = Math.max(...result.recommenders.map((r) => r.itemCounts!.largest));
    for (const rec of result.recommenders) {
      for (const estimate of rec.estimates) {
        expectClose(estimate.cdf.estimate[largest - 1], 1, 1e-12, `${rec.recommender} ${estimate.method}`);
        for (const curve of [estimate.pmf, estimate.cdf, estimate.ndcg, estimate.ap]) {
          curve.low!.forEach((low, k) => expect(low).toBeLessThanOrEqual(curve.high![k]));
        }
      }
    }
  });

  it('has bands that hold the point estimate at most ranks (pmf ≥ 80%, CDF ≥ 90% of R ≤ 300)', () => {
    for (const rec of result.recommenders) {
      for (const estimate of rec.estimates) {
        expect(covered(estimate.pmf), `${rec.recommender} ${estimate.method} pmf`).toBeGreaterThanOrEqual(0.8);
        expect(covered(estimate.cdf), `${rec.recommender} ${estimate.method} cdf`).toBeGreaterThanOrEqual(0.9);
      }
    }
  });

  it('is seeded: the same request gives the same bands; without resamples there are none', () => {
    const again = recoveredDistribution({ ...request, recommenders: data.slice(0, 1), methods: ['mle'] });
    expect(again.recommenders[0].estimates[0]).toEqual(result.recommenders[0].estimates[0]);
    const bare = recoveredDistribution({ ...request, replicates: 0, methods: ['mle'] });
    expect(bare.recommenders[0].estimates[0].cdf.low).toBeNull();
    expect(bare.recommenders[0].estimates[0].cdf.estimate).toEqual(result.recommenders[0].estimates[0].cdf.estimate);
  });

  it('on the NCF-sampled MovieLens ranks (per-user n, without replacement) agrees with the core at K = 10', () => {
    const file = 'public/datasets/movielens-1m-ncf-sampled-ranks.csv';
    const movielens = { itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' as const };
    const parsed = parseRankFile(readFileSync(file, 'utf8'), { file, ...movielens, sampled: true });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [X] = parsed.value.recommenders;
    const curves = recoveredDistribution({
      ...movielens,
      recommenders: [X],
      methods: ['mle'],
      replicates: 2,
      seed: 1,
      level: 0.9,
      maxRank: 200,
    });
    const recovery = unwrap(recoverDistribution(X, parseMethod('mle') as DistributionMethod, movielens));
    const [recall, ndcg] = distributionMetrics(recovery, [parseMetric('recall@10'), parseMetric('ndcg@10')]);
    const [estimate] = curves.recommenders[0].estimates;
    expectClose(estimate.cdf.estimate[9], recall, 1e-12);
    expectClose(estimate.ndcg.estimate[9], ndcg, 1e-12);
    expect(curves.recommenders[0].users).toBe(6040);
    expect(curves.recommenders[0].perUserN).toBe('interpolated');
  });
});

describe('recoveredPopulation (true ranks drawn from P̂ for the studies)', () => {
  it('gives each recommender its full P̂ (sums to 1) and a seeded population of all its users at their own n', () => {
    const data = [perUserData('A', 3), perUserData('B', 4)];
    const request = { ...setup, recommenders: data, method: 'mle', seed: 1 };
    const result = recoveredPopulation(request);
    expect(result.users).toEqual([400, 400]);
    for (const [i, population] of result.populations.entries()) {
      expectClose(
        result.distributions[i].reduce((s, p) => s + p, 0),
        1,
        1e-9,
      );
      expect(population.weights.reduce((s, w) => s + w, 0)).toBe(400);
      population.ranks.forEach((r, j) => expect(r).toBeLessThanOrEqual(population.itemCounts![j]));
    }
    const cache = new DistributionCache();
    const mle = parseMethod('mle') as DistributionMethod;
    expectClose(result.distributions[1], unwrap(recoverDistribution(data[1], mle, setup, cache)).distribution, 0);
    expect(recoveredPopulation(request).populations).toEqual(result.populations);
  });
});

describe('recoveredDistribution: bands of per-user-n data', () => {
  it('fits every resample on the grid of n of the data (the intervals’ rule), not on one of the resample’s own', () => {
    // One user alone at the smallest n and one at the largest: about a third of the resamples lack each.
    const base = perUserData('A', 3);
    const ns = Int32Array.from(base.itemCounts!, (n, u) => (u === 0 ? 140 : u === 1 ? 310 : Math.min(300, n)));
    const data = { ...base, itemCounts: ns };
    const request = {
      ...setup,
      itemCount: 310,
      recommenders: [data],
      methods: ['mle'],
      replicates: 12,
      seed: 2,
      level: 0.9,
      maxRank: 50,
    };
    const grid = sharedItemCountNodes(ns)!;
    const byDefault = recoveredDistribution(request);
    const onGrid = recoveredDistribution({ ...request, fit: { itemCountNodes: grid } });
    expect(byDefault.recommenders[0].estimates).toEqual(onGrid.recommenders[0].estimates);
    // The grid matters: another one gives other bands.
    const coarse = recoveredDistribution({ ...request, fit: { itemCountNodes: [140, 310] } });
    expect(coarse.recommenders[0].estimates[0].cdf.low).not.toEqual(byDefault.recommenders[0].estimates[0].cdf.low);
  });
});
