/**
 * Contracts of the rank-distribution API (src/core/distribution, bootstrap.ts, the study functions): error results
 * that name the bad value, eq 14 against the exact metrics, bv-dist = bv by linearity, per-n groups, kernel storage,
 * seeded bootstrap intervals, study rows, cancellation without partial results.
 */
import { describe, expect, it } from 'vitest';
import { MLE } from '../../../test/methods.ts';
import { TOY } from '../../../test/rankData.ts';
import {
  KernelCache,
  SampledRankKernel,
  bootstrapEstimates,
  distributionMetrics,
  estimateMetrics,
  exactMetric,
  metricCurveFromDistribution,
  metricFromDistribution,
  parseMethod,
  parseMethodList,
  parseMetric,
  parseMetricList,
  rankDistributionStudy,
  recoverDistribution,
  simulate,
  simulateResult,
  singleRankData,
  unwrap,
  type DistributionMethod,
  type Sampling,
} from '../index.ts';

const allMetrics = parseMetricList('auc,precision@5,recall@10,ap,ap@10,ndcg,ndcg@10');
const setup = { itemCount: 1000, sampleSize: 20, sampling: 'with-replacement' as Sampling };
const sampled = singleRankData('S', [1, 1, 2, 3, 5, 8, 13, 21, 4, 2, 1, 6]);

describe('bad input gives an error result naming the value', () => {
  const error = (result: { ok: boolean; error?: string }) => (result.ok ? '' : result.error);

  it('sampled ranks outside 1..m+1', () => {
    expect(error(recoverDistribution(singleRankData('S', [1, 22]), MLE, setup))).toMatch(/sampled rank 22 .*1\.\.21/);
    expect(error(recoverDistribution(singleRankData('S', [0, 2]), MLE, setup))).toMatch(/sampled rank 0/);
    expect(error(recoverDistribution(singleRankData('S', [1.5, 2]), MLE, setup))).toMatch(/sampled rank 1\.5/);
  });

  it('fewer than 2 instances', () => {
    expect(error(recoverDistribution(singleRankData('S', [3]), MLE, setup))).toMatch(/"S" has 1 instance: at least 2/);
  });

  it('n < m + 1 without replacement', () => {
    const bad = { itemCount: 15, sampleSize: 20, sampling: 'without-replacement' as Sampling };
    expect(error(recoverDistribution(sampled, MLE, bad))).toMatch(/n = 15 is smaller than m \+ 1 = 21/);
  });

  it('η ≤ 0, C ≤ 0, γ outside (0, 1] — from text and from objects', () => {
    expect(() => parseMethod('mes:0')).toThrow(/η must be a number > 0, got "0"/);
    expect(() => parseMethod('mes:-1')).toThrow(/η must be a number > 0, got "-1"/);
    expect(() => parseMethod('wmle:ndcg:0')).toThrow(/C must be a number > 0.*got "0"/);
    expect(() => parseMethod('wmle:ap:-3')).toThrow(/C must be a number > 0.*got "-3"/);
    expect(() => parseMethod('bv-dist:0')).toThrow(/γ must be a number in \(0, 1\], got "0"/);
    expect(() => parseMethod('bv-dist')).toThrow(/needs γ/);
    const mes = { kind: 'mes', id: 'mes:-2', eta: -2 } as const;
    expect(error(recoverDistribution(sampled, mes, setup))).toBe('mes: η must be > 0, got -2');
    const wmle = { kind: 'wmle', id: 'wmle:ap:0', weight: 'ap', scale: 0 } as const;
    expect(error(recoverDistribution(sampled, wmle, setup))).toBe('wmle: C must be > 0, got 0');
  });

  it('bad fit options', () => {
    expect(error(recoverDistribution(sampled, MLE, { ...setup, fit: { tolerance: 0 } }))).toMatch(/tolerance .* got 0/);
    expect(error(recoverDistribution(sampled, MLE, { ...setup, fit: { maxIterations: 0.5 } }))).toMatch(/got 0\.5/);
    const algorithm = 'magic' as unknown as 'em';
    expect(error(recoverDistribution(sampled, MLE, { ...setup, fit: { algorithm } }))).toMatch(/"magic"/);
  });

  it('B < 1 and fractional counts in the bootstrap', () => {
    const methods = parseMethodList('mle');
    const b0 = bootstrapEstimates(sampled, allMetrics, methods, setup, { seed: 1, replicates: 0 });
    expect(error(b0)).toMatch(/B must be an integer ≥ 1, got 0/);
    const half = singleRankData('S', [1, 2], [1.5, 2]);
    expect(error(bootstrapEstimates(half, allMetrics, methods, setup, { seed: 1 }))).toMatch(/whole, got 1\.5/);
  });

  it('parses the method family with canonical identifiers', () => {
    expect(parseMethodList('mle, wmle, wmle:ndcg:10, wmle:ap, mes, mes:0.001, bv-dist:0.1').map((m) => m.id)).toEqual([
      'mle',
      'wmle:ndcg:10',
      'wmle:ap:10',
      'mes:0.001',
      'bv-dist:0.1',
    ]);
    expect(parseMethod('wmle:ap:5')).toEqual({ kind: 'wmle', id: 'wmle:ap:5', weight: 'ap', scale: 5 });
  });
});

describe('metrics from a distribution (eq 14)', () => {
  it('on the exact empirical P(R) of the toy example, eq 14 gives the exact metrics (eq 13)', () => {
    for (const data of TOY) {
      const pmf = new Float64Array(10_000);
      for (const r of data.ranks) pmf[r - 1] += 1 / data.ranks.length;
      for (const metric of allMetrics) {
        expect(metricFromDistribution(metric, pmf, 10_000)).toBeCloseTo(exactMetric(data, metric, 10_000), 14);
      }
    }
  });

  it('the curve over K is the cumulative sum: recall gives the CDF, precision the CDF / K', () => {
    const pmf = Float64Array.from([0.5, 0.25, 0.125, 0.125]);
    expect(Array.from(metricCurveFromDistribution('recall', pmf, 4))).toEqual([0.5, 0.75, 0.875, 1]);
    expect(Array.from(metricCurveFromDistribution('precision', pmf, 4))).toEqual([0.5, 0.375, 0.875 / 3, 0.25]);
    const ndcg3 = metricCurveFromDistribution('ndcg', pmf, 4)[2];
    expect(ndcg3).toBeCloseTo(metricFromDistribution(parseMetric('ndcg@3'), pmf, 4), 15);
  });
});

describe('estimates and groups', () => {
  it('bv-dist:γ estimates equal bv:γ estimates (eq 14 ∘ eq 15 = eq 25)', () => {
    for (const sampling of ['with-replacement', 'without-replacement'] as Sampling[]) {
      const s = { ...setup, sampling };
      const fitted = unwrap(recoverDistribution(sampled, parseMethod('bv-dist:0.1') as DistributionMethod, s));
      const viaDistribution = distributionMetrics(fitted, allMetrics);
      const viaVectors = estimateMetrics(sampled, allMetrics, parseMethodList('bv:0.1'), s).map((r) => r.estimate);
      viaDistribution.forEach((v, j) => expect(v).toBeCloseTo(viaVectors[j], 10));
      expect(fitted.distribution.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });

  it('estimateMetrics runs every method and agrees with recoverDistribution + eq 14', () => {
    const methods = parseMethodList('sampled,cls,bv:0.1,mle,wmle,mes,bv-dist:0.1');
    const rows = estimateMetrics(sampled, allMetrics, methods, setup);
    expect(rows).toHaveLength(methods.length * allMetrics.length);
    const mes = distributionMetrics(
      unwrap(recoverDistribution(sampled, parseMethod('mes') as DistributionMethod, setup)),
      allMetrics,
    );
    allMetrics.forEach((metric, j) =>
      expect(rows.find((r) => r.method === 'mes:0.001' && r.metric === metric.id)!.estimate).toBe(mes[j]),
    );
  });

  it('per-instance n, perUserN "separate": one fit per distinct n, mixed by weight', () => {
    const ranks = [1, 2, 2, 5, 1, 3, 9, 1];
    const ns = [500, 500, 500, 500, 800, 800, 800, 800];
    const separate = { ...setup, itemCount: 500, fit: { perUserN: 'separate' as const } };
    const mixed = unwrap(recoverDistribution(singleRankData('S', ranks, null, ns), MLE, separate));
    expect(mixed.perUserN).toBe('separate');
    // The default is the relative-position fit: pooled with replacement (pooledFit.ts); without replacement the
    // interpolated kernels (interpolatedKernel.ts), exact here since there are only two n.
    const pooled = unwrap(recoverDistribution(singleRankData('S', ranks, null, ns), MLE, { ...setup, itemCount: 500 }));
    expect(pooled.perUserN).toBe(setup.sampling === 'with-replacement' ? 'pooled' : 'shared');
    const without = { ...setup, sampling: 'without-replacement' as const, itemCount: 500 };
    expect(unwrap(recoverDistribution(singleRankData('S', ranks, null, ns), MLE, without)).perUserN).toBe(
      'interpolated',
    );
    const a = unwrap(recoverDistribution(singleRankData('S', ranks.slice(0, 4)), MLE, { ...setup, itemCount: 500 }));
    const b = unwrap(recoverDistribution(singleRankData('S', ranks.slice(4)), MLE, { ...setup, itemCount: 800 }));
    expect(mixed.groups.map((g) => g.itemCount)).toEqual([500, 800]);
    expect(mixed.distribution).toHaveLength(800);
    for (let r = 0; r < 800; r++) {
      expect(mixed.distribution[r]).toBeCloseTo(0.5 * (a.distribution[r] ?? 0) + 0.5 * b.distribution[r], 15);
    }
    const m = parseMetric('auc');
    const expected =
      0.5 * metricFromDistribution(m, a.distribution, 500) + 0.5 * metricFromDistribution(m, b.distribution, 800);
    expect(distributionMetrics(mixed, [m])[0]).toBeCloseTo(expected, 15);
    expect(mixed.logLikelihood).toBeCloseTo(a.logLikelihood! + b.logLikelihood!, 12);
  });

  it('the default fit is EM with a 1e-5 relative gain stop and a 10,000 iteration cap', () => {
    const explicit = { ...setup, fit: { algorithm: 'em' as const, tolerance: 1e-5, maxIterations: 10_000 } };
    expect(unwrap(recoverDistribution(sampled, MLE, setup))).toEqual(
      unwrap(recoverDistribution(sampled, MLE, explicit)),
    );
  });

  it('a histogram row with count c is c instances', () => {
    const expanded = unwrap(recoverDistribution(singleRankData('S', [1, 1, 1, 4, 4]), MLE, setup));
    const histogram = unwrap(recoverDistribution(singleRankData('S', [1, 4], [3, 2]), MLE, setup));
    expect(histogram.distribution).toEqual(expanded.distribution);
    expect(histogram.logLikelihood).toBeCloseTo(expanded.logLikelihood!, 13);
  });

  it('the kernel cache keeps the most recently used kernels within its budget', () => {
    const cache = new KernelCache(3 * 1000 * 21);
    const a = cache.get(1000, 20, 'with-replacement');
    cache.get(1001, 20, 'with-replacement');
    expect(cache.get(1000, 20, 'with-replacement')).toBe(a);
    cache.get(1002, 20, 'with-replacement');
    cache.get(1003, 20, 'with-replacement');
    expect(cache.size).toBeLessThan(4);
    expect(cache.get(1000, 20, 'with-replacement')).toBe(a); // used most recently before the evictions
  });

  it('the kernel gives the same products stored and streamed (the memory budget only changes speed)', () => {
    for (const sampling of ['with-replacement', 'without-replacement'] as Sampling[]) {
      const stored = new SampledRankKernel(700, 30, sampling);
      const streamed = new SampledRankKernel(700, 30, sampling, 0);
      expect(stored.stored && !streamed.stored).toBe(true);
      const pi = Float64Array.from({ length: 700 }, (_, r) => 1 / (r + 1));
      const c = Float64Array.from({ length: 31 }, (_, i) => Math.cos(i));
      expect(streamed.multiply(pi, new Float64Array(31))).toEqual(stored.multiply(pi, new Float64Array(31)));
      const a = streamed.multiplyTranspose(c, new Float64Array(700));
      const b = stored.multiplyTranspose(c, new Float64Array(700));
      a.forEach((v, r) => expect(v).toBeCloseTo(b[r], 15));
    }
  });
});

describe('bootstrap percentile intervals', () => {
  const users = singleRankData(
    'U',
    Array.from({ length: 400 }, (_, u) => 1 + ((u * 7919) % 21)),
  );

  it('are seeded: the same seed gives the same intervals', () => {
    const run = (seed: number) =>
      unwrap(
        bootstrapEstimates(users, parseMetricList('recall@10'), parseMethodList('sampled,mes'), setup, {
          seed,
          replicates: 30,
        }),
      );
    expect(run(3)).toEqual(run(3));
    expect(run(3)[1].low).not.toBe(run(4)[1].low);
  });

  it('for the mean of M(r̃), the 95% interval is ≈ ±1.96 standard errors (B = 2000)', () => {
    const metric = parseMetric('recall@10');
    const [row] = unwrap(
      bootstrapEstimates(users, [metric], parseMethodList('sampled'), setup, { seed: 9, replicates: 2000 }),
    );
    const hits = Array.from(users.ranks, (r) => (r <= 10 ? 1 : 0));
    const mean = hits.reduce((a: number, b) => a + b, 0) / hits.length;
    const se = Math.sqrt((mean * (1 - mean)) / hits.length);
    expect(row.estimate).toBeCloseTo(mean, 14);
    expect((row.high - row.low) / (2 * 1.96 * se)).toBeGreaterThan(0.9);
    expect((row.high - row.low) / (2 * 1.96 * se)).toBeLessThan(1.1);
    expect(row.low).toBeLessThan(mean);
    expect(row.high).toBeGreaterThan(mean);
  });

  it('a cancelled bootstrap returns no partial result', () => {
    let polls = 0;
    const result = bootstrapEstimates(users, parseMetricList('ap'), parseMethodList('mle'), setup, {
      seed: 1,
      replicates: 50,
      shouldStop: () => ++polls > 3,
    });
    expect(result).toEqual({ ok: false, error: 'the study was cancelled', cancelled: true });
  });
});

describe('studies with the rank-distribution methods', () => {
  const options = {
    recommenders: TOY,
    metrics: parseMetricList('recall@10,ap'),
    methods: parseMethodList('sampled,bv:0.1,mle,wmle,mes,bv-dist:0.1'),
    itemCount: 10_000,
    sampleSize: 99,
    sampling: 'with-replacement' as Sampling,
    repetitions: 3,
    seed: 2,
  };

  it('simulate reports every method, orderings and winners; bv-dist equals bv; seeded', () => {
    const study = simulate(options);
    expect(study.results).toHaveLength(3 * 2 * 6);
    expect(study.winners).toHaveLength(2 * 6);
    expect(study.winners.find((w) => w.metric === 'ap')!.winners).toEqual(['C']);
    for (const row of study.results.filter((r) => r.method === 'bv-dist:0.1')) {
      const bv = study.results.find(
        (r) => r.method === 'bv:0.1' && r.metric === row.metric && r.recommender === row.recommender,
      )!;
      expect(row.mean).toBeCloseTo(bv.mean, 12);
    }
    expect(simulate(options)).toEqual(study);
  });

  it('a cancelled study gives a cancelled result and no rows', () => {
    let polls = 0;
    expect(simulateResult({ ...options, shouldStop: () => ++polls > 2 })).toEqual({
      ok: false,
      error: 'the study was cancelled',
      cancelled: true,
    });
    expect(simulateResult({ ...options, repetitions: 0 })).toEqual({
      ok: false,
      error: 'repetitions must be an integer ≥ 1, got 0',
    });
  });

  it('Figure 2 data: averaged P̂ (pmf and CDF) next to the empirical P(R)', () => {
    const study = unwrap(
      rankDistributionStudy({
        recommender: TOY[2],
        methods: parseMethodList('mle,mes,bv-dist:0.1') as DistributionMethod[],
        itemCount: 10_000,
        sampleSize: 99,
        sampling: 'with-replacement',
        repetitions: 4,
        seed: 1,
        maxRank: 200,
      }),
    );
    expect(study.empirical.pmf[1]).toBe(0.2);
    expect(study.empirical.cdf[199]).toBe(0.2);
    for (const curve of study.estimates) {
      expect(curve.pmf).toHaveLength(200);
      expect(curve.cdf[199]).toBeCloseTo(
        curve.pmf.reduce((a, b) => a + b, 0),
        12,
      );
    }
  });
});
