import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import { createRandom, exactMetric, parseMetric, singleRankData, type RankData } from '../core/index.ts';
import { distributionCurves } from '../../workers/figures/distributionCurves.ts';
import { distributionMethodLabel, learnedDistributionPlot } from './learnedDistributionPlot.ts';

// A seeded recommender over n = 500 items, top heavy: ranks ⌈500^U⌉.
const random = createRandom(3);
const ranks = Array.from({ length: 400 }, () => Math.ceil(500 ** random.next()));
const data = singleRankData('T', ranks);

describe('Figure 7 (Jin et al. 2021 Figure 2) on a seeded recommender', () => {
  const curves = distributionCurves({
    recommenders: [data],
    methods: ['bv-dist:0.1', 'mle', 'mes'],
    itemCount: 500,
    sampleSize: 49,
    sampling: 'with-replacement',
    repeats: 2,
    seed: 1,
    maxRank: 60,
  });

  it('compares with the empirical P(R), whose CDF at K is the exact Recall@K (eq 13)', () => {
    const [study] = curves.studies;
    for (const k of [1, 10, 60]) {
      expect(study.empirical.cdf[k - 1]).toBeCloseTo(exactMetric(data, parseMetric(`recall@${k}`), 500), 12);
    }
    expect(study.estimates.map((e) => e.method)).toEqual(['bv-dist:0.1', 'mle', 'mes:0.001']);
    for (const e of study.estimates) {
      expect(e.pmf.length).toBe(60);
      expect(e.cdf[59]).toBeGreaterThan(0);
      expect(e.cdf[59]).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('refuses a method that is not a distribution estimator', () => {
    expect(() =>
      distributionCurves({
        recommenders: [data],
        methods: ['cls'],
        itemCount: 500,
        sampleSize: 49,
        sampling: 'with-replacement',
        repeats: 1,
        seed: 1,
        maxRank: 10,
      }),
    ).toThrow(/does not estimate a rank distribution/);
  });

  it('draws the pmf above the CDF for each recommender, with the empirical curve first in the legend', () => {
    const figure = learnedDistributionPlot({
      curves,
      itemCount: 500,
      sampleSize: 49,
      samplingLabel: 'sampled with replacement',
    });
    expect(figure.panels.map((p) => p.title)).toEqual(['T: rank distribution P̂(R)', 'T: CDF, i.e. Recall@K']);
    expect(figure.legend.map((l) => l.label)).toEqual(['empirical P(R)', 'BV γ = 0.1', 'MLE', 'MES']);
    expect(figure.caption).toMatch(/T: Recall@10 empirical 0\.\d{3}, estimated BV γ = 0\.1 0\.\d{3}, MLE/);
    expect(distributionMethodLabel('wmle:ndcg:10')).toBe('WMLE');
  });
});

describe('Figure 7 with per-user n (an n column)', () => {
  // 1,500 users with n uniform on 200..800: the same relative positions (a head and a uniform tail) in catalogues
  // of very different sizes.
  const random = createRandom(5);
  const itemCounts = Array.from({ length: 1500 }, () => 200 + random.nextInt(601));
  const ranks = itemCounts.map((n) =>
    random.next() < 0.5
      ? Math.min(n, 1 + Math.floor(-Math.log(1 - random.next()) * 0.02 * (n - 1)))
      : 1 + random.nextInt(n),
  );
  const data: RankData = singleRankData('U', ranks, null, itemCounts);
  const request = {
    recommenders: [data],
    methods: ['mle'],
    itemCount: 800,
    sampleSize: 29,
    sampling: 'without-replacement' as const,
    repeats: 2,
    seed: 1,
    maxRank: 20,
  };

  it('fits every user with its own n by default (one shared fit), and says so; globalN drops the n column', () => {
    const own = distributionCurves(request);
    expect(own.userItemCounts).toEqual([{ smallest: 200, largest: 800, distinct: new Set(itemCounts).size }]);
    const global = distributionCurves({ ...request, globalN: true });
    expect(global.userItemCounts).toEqual([null]);
    // Recall@10 = the CDF at 10 of the average P̂ lands near the empirical one (measured 0.331 vs 0.337).
    const empirical = own.studies[0].empirical.cdf[9];
    expectClose(own.studies[0].estimates[0].cdf[9], empirical, { relative: 0.05 }, 'CDF at 10');
    // The caption names the users' own n, not the settings' single n.
    const caption = (curves: typeof own) =>
      learnedDistributionPlot({ curves, itemCount: 800, sampleSize: 29, samplingLabel: 'sampled without replacement' })
        .caption;
    expect(caption(own)).toContain("without replacement, each user's own n from 200 to 800)");
    expect(caption(global)).toContain('without replacement, n = 800)');
  });
});
