/** The study job (Tables 3–4 and the results' simulation table) passes a tie rule to core simulate. */
import { describe, expect, it } from 'vitest';
import { exactMetricUnderTies, parseMetric, singleRankData } from '../src/core/index.ts';
import { studyTables } from './study.ts';

describe('the study under a tie rule', () => {
  it('passes the rule to the simulation: its exact values are exactMetricUnderTies', () => {
    const data = {
      ...singleRankData('T', [3, 20, 7]),
      ties: { low: Float64Array.from([1, 5, 7]), high: Float64Array.from([12, 30, 7]) },
    };
    const request = {
      recommenders: [data],
      metrics: ['recall@10', 'auc'],
      methods: ['sampled'],
      itemCount: 100,
      sampleSize: 20,
      sampling: 'with-replacement' as const,
      prior: { kind: 'uniform' as const },
      repeats: 5,
      seed: 1,
    };
    for (const ties of ['optimistic', 'pessimistic', 'random'] as const) {
      const result = studyTables({ ...request, ties });
      for (const id of request.metrics) {
        const row = result.results.find((r) => r.metric === id)!;
        expect(row.exact).toBeCloseTo(exactMetricUnderTies(data, parseMetric(id), 100, ties), 14);
      }
    }
  });
});
