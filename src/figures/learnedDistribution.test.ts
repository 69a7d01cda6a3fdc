import { describe, expect, it } from 'vitest';
import { createRandom, exactMetric, parseMetric, singleRankData } from '../core/index.ts';
import { distributionCurves } from './data/distributionCurves.ts';
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
