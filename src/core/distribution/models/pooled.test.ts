/**
 * The `pooled` model of per-user n (pooledFit.ts): by definition the single-n fit at n = N on the pooled histogram,
 * eq 14 read straight off π̂ equal to mixing the groups' P̂_g = A_g π̂, and within its stated bound of the exact
 * per-user kernels (`shared`) on the shipped NCF-sampled MovieLens ranks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../../test/expectClose.ts';
import { MLE } from '../../../../test/methods.ts';
import { ncfSampledRanks, NCF_SAMPLED_SETUP } from '../../../../test/movielens.ts';
import { perUserSampledRanks } from '../../../../test/rankData.ts';
import {
  DistributionCache,
  distributionMetrics,
  metricFromDistribution,
  parseMethod,
  parseMetricList,
  pushForward,
  recoverDistribution,
  sharedDistributionMetrics,
  singleRankData,
  unwrap,
  type DistributionMethod,
  type Metric,
} from '../../index.ts';

/**
 * The `shared` model's estimates on the NCF-sampled MovieLens ranks (each user's exact kernel; a minute to fit, so
 * computed once by scripts/fixtures/sharedModelMetrics.ts into test/fixtures/shared-model-metrics.json).
 */
const SHARED_MODEL: { recommender: string; sampling: string; method: string; metrics: Record<string, number> }[] =
  JSON.parse(readFileSync(new URL('../../../../test/fixtures/shared-model-metrics.json', import.meta.url), 'utf8'));

function sharedModel(recommender: string, sampling: string, method: string, metrics: readonly Metric[]): number[] {
  const found = SHARED_MODEL.find(
    (c) => c.recommender === recommender && c.sampling === sampling && c.method === method,
  );
  if (!found) throw new Error(`no shared-model fixture for ${recommender}, ${sampling}, ${method}`);
  return metrics.map((m) => found.metrics[m.id]);
}

/** Users with their own n in 600..1,400 and sampled ranks among m = 20. */
const perUserData = (seed: number) =>
  perUserSampledRanks('U', seed, { users: 400, smallest: 600, step: 10, steps: 80, sampleSize: 20, skew: 2.5 });

describe('the pooled per-user-n model', () => {
  const setup = { itemCount: 1400, sampleSize: 20, sampling: 'with-replacement' as const };

  it('is the single-n fit at n = N on the pooled histogram (same π̂), each group reading P̂_g = A_g π̂', () => {
    const data = perUserData(1);
    const pooled = unwrap(recoverDistribution(data, MLE, { ...setup, fit: { perUserN: 'pooled' } }));
    const N = Math.max(...data.itemCounts!);
    const single = unwrap(recoverDistribution({ ...data, itemCounts: null }, MLE, { ...setup, itemCount: N }));
    expect(pooled.perUserN).toBe('pooled');
    expect(pooled.itemCount).toBe(N);
    expectClose(pooled.relative!, single.distribution, 1e-12);
    const g = pooled.groups[3];
    expectClose(g.distribution, pushForward(single.distribution, N, g.itemCount, new Float64Array(g.itemCount)), 1e-12);
  });

  it('eq 14 read off π̂ equals mixing the groups’ distributions, for every kind of metric', () => {
    const data = perUserData(2);
    const fit = unwrap(recoverDistribution(data, MLE, { ...setup, fit: { perUserN: 'pooled' } }));
    const metrics = parseMetricList('auc,ap,ndcg,recall@10,ndcg@10,precision@5,ap@20,recall@2000');
    const total = fit.groups.reduce((s, g) => s + g.weight, 0);
    const mixed = metrics.map((metric) =>
      fit.groups.reduce(
        (s, g) => s + (g.weight / total) * metricFromDistribution(metric, g.distribution, g.itemCount),
        0,
      ),
    );
    expectClose(sharedDistributionMetrics(fit.relative!, fit.itemCount, fit.groups, metrics), mixed, 1e-14);
    expectClose(distributionMetrics(fit, metrics), mixed, 1e-14);
  });

  it('with one n the pooled, shared and separate models are the same fit', () => {
    const data = { ...perUserData(3), itemCounts: null };
    const fits = (['pooled', 'shared', 'separate'] as const).map((perUserN) =>
      unwrap(recoverDistribution(data, MLE, { ...setup, fit: { perUserN } })),
    );
    expectClose(fits[0].distribution, fits[2].distribution, 0);
    expectClose(fits[1].distribution, fits[2].distribution, 0);
  });

  it('needs sampling with replacement; without it the default is the interpolated per-user kernels', () => {
    const data = perUserData(4);
    const without = { ...setup, sampling: 'without-replacement' as const };
    const refused = recoverDistribution(data, MLE, { ...without, fit: { perUserN: 'pooled' } });
    expect(refused.ok ? '' : refused.error).toMatch(/pooled per-user n model needs sampling with replacement/);
    expect(unwrap(recoverDistribution(data, MLE, without)).perUserN).toBe('interpolated');
  });

  it('is within 3e-4 (relative) of the exact per-user kernels on the NCF-sampled MovieLens ranks', () => {
    const [X] = ncfSampledRanks('with-replacement');
    const metrics = parseMetricList('recall@10,ndcg@10,ap,auc');
    const base = { ...NCF_SAMPLED_SETUP, sampling: 'with-replacement' as const };
    for (const id of ['mle', 'wmle', 'mes', 'bv-dist:0.1']) {
      const method = parseMethod(id) as DistributionMethod;
      const cache = new DistributionCache();
      const pooled = distributionMetrics(
        unwrap(recoverDistribution(X, method, { ...base, fit: { perUserN: 'pooled' } }, cache)),
        metrics,
      );
      expectClose(pooled, sharedModel('X', 'with-replacement', id, metrics), { relative: 3e-4 }, `${id} on X`);
    }
  });
});

describe('the interpolated per-user-n model (without replacement)', () => {
  it('is the default without replacement and within 3e-4 (relative) of the exact per-user kernels on MovieLens', () => {
    const [, Y] = ncfSampledRanks('without-replacement');
    const metrics = parseMetricList('recall@10,ndcg@10,ap,auc');
    const base = { ...NCF_SAMPLED_SETUP, sampling: 'without-replacement' as const };
    for (const id of ['mle', 'mes', 'bv-dist:0.1']) {
      const method = parseMethod(id) as DistributionMethod;
      const interpolated = unwrap(recoverDistribution(Y, method, base, new DistributionCache()));
      expect(interpolated.perUserN).toBe('interpolated');
      expectClose(
        distributionMetrics(interpolated, metrics),
        sharedModel('Y', 'without-replacement', id, metrics),
        { relative: 3e-4 },
        id,
      );
    }
  });

  it('with fewer distinct n than nodes every n stays exact (the same fit as shared)', () => {
    const data = singleRankData('S', [1, 2, 2, 5, 1, 3, 9, 1], null, [500, 500, 500, 500, 800, 800, 800, 800]);
    const base = { itemCount: 800, sampleSize: 20, sampling: 'without-replacement' as const };
    const a = unwrap(recoverDistribution(data, MLE, { ...base, fit: { perUserN: 'interpolated' } }));
    const b = unwrap(recoverDistribution(data, MLE, { ...base, fit: { perUserN: 'shared' } }));
    expectClose(a.distribution, b.distribution, 0);
  });
});
