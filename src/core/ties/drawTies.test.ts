/**
 * The random tie rule in the Monte Carlo study: each repetition draws a uniformly random order of every tie group
 * (drawTies.ts), so the mean of a study's estimates converges to the exact expectation the rest of the project
 * computes; optimistic and pessimistic are the study of the resolved ranks, draw for draw.
 */
import { describe, expect, it } from 'vitest';
import { expectedSampledMetric } from '../expected.ts';
import { parseMethod } from '../estimators.ts';
import { parseMetric } from '../metrics.ts';
import { createRandom } from '../random.ts';
import { groupedRankData, singleRankData } from '../rankData.ts';
import { simulate } from '../simulate.ts';
import { TieOrderDraw } from './drawTies.ts';
import { exactMetricUnderTies } from './exactMetric.ts';
import { spreadRandomTies } from './randomMixture.ts';
import { resolveTies } from './resolveTies.ts';

describe('TieOrderDraw', () => {
  it('one relevant item in a tie group takes each of its positions equally often', () => {
    const data = { ...singleRankData('T', [5, 2]), ties: { low: Float64Array.of(3, 2), high: Float64Array.of(7, 2) } };
    const draw = new TieOrderDraw(data);
    const random = createRandom(7);
    const counts = new Map<number, number>();
    const N = 20_000;
    for (let t = 0; t < N; t++) {
      const drawn = draw.draw(random);
      expect(drawn.ranks[1]).toBe(2); // the untied user stays
      expect(drawn.ties).toBeNull();
      counts.set(drawn.ranks[0], (counts.get(drawn.ranks[0]) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([3, 4, 5, 6, 7]);
    // Binomial(N, 1/5): σ = 57; 5σ bounds.
    for (const c of counts.values()) expect(Math.abs(c - N / 5)).toBeLessThan(5 * Math.sqrt((N * 4) / 25));
  });

  it('two relevant items in a group of four positions take each of the six pairs equally often, ascending', () => {
    const data = {
      ...groupedRankData('T', [[11, 12]], null, null),
      ties: { low: Float64Array.of(10, 10), high: Float64Array.of(13, 13) },
    };
    const draw = new TieOrderDraw(data);
    const random = createRandom(3);
    const counts = new Map<string, number>();
    const N = 12_000;
    for (let t = 0; t < N; t++) {
      const [a, b] = draw.draw(random).ranks;
      expect(a).toBeLessThan(b);
      counts.set(`${a},${b}`, (counts.get(`${a},${b}`) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const c of counts.values()) expect(Math.abs(c - N / 6)).toBeLessThan(5 * Math.sqrt((N * 5) / 36));
  });
});

describe('simulate under a tie rule', () => {
  // Three users among n = 60; two tie over a range; m = 9 with replacement.
  const data = {
    ...singleRankData('A', [4, 20, 33], null, null),
    ties: { low: Float64Array.of(4, 15, 30), high: Float64Array.of(4, 24, 45) },
  };
  const other = singleRankData('B', [10, 12, 30], null, null);
  const metrics = ['ap', 'recall@3'].map(parseMetric);
  const base = {
    recommenders: [data, other],
    metrics,
    methods: [parseMethod('sampled')],
    itemCount: 60,
    sampleSize: 9,
    sampling: 'with-replacement' as const,
    seed: 11,
  };

  it('optimistic and pessimistic: the study of the resolved ranks, draw for draw', () => {
    for (const rule of ['optimistic', 'pessimistic'] as const) {
      const withRule = simulate({ ...base, repetitions: 50, ties: rule });
      const resolved = simulate({ ...base, recommenders: [resolveTies(data, rule), other], repetitions: 50 });
      expect(withRule.results).toEqual(resolved.results);
    }
  });

  it('random: exact values are the exact expectation, the mean estimate converges to the expected sampled metric', () => {
    const study = simulate({ ...base, repetitions: 20_000, ties: 'random' });
    const spread = spreadRandomTies(data);
    metrics.forEach((metric) => {
      const row = study.results.find((r) => r.recommender === 'A' && r.metric === metric.id)!;
      expect(row.exact).toBe(exactMetricUnderTies(data, metric, 60, 'random'));
      const expected = expectedSampledMetric(spread, metric, 60, 9, 'with-replacement').sampledMean;
      // The mean of 20,000 repetitions: within 5 standard errors.
      expect(Math.abs(row.mean - expected)).toBeLessThan((5 * row.std) / Math.sqrt(20_000));
    });
    // Without the rule the tie ranges are ignored: another answer.
    const plain = simulate({ ...base, repetitions: 10 });
    expect(plain.results[0].exact).not.toBe(study.results[0].exact);
  });
});
