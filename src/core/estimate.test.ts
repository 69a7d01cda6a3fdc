import { describe, expect, it } from 'vitest';
import { EstimatorVectors } from './estimate.ts';
import { parseMethod } from './estimators.ts';
import { parseMetric } from './metrics.ts';
import { sampledMetricVector } from './expected.ts';

describe('EstimatorVectors', () => {
  const metrics = ['ndcg', 'ap', 'recall@10'].map(parseMetric);
  const sampled = parseMethod('sampled');

  it('builds the sampled metric M(r̃) on m + 1 items once for every n (it does not depend on n)', () => {
    const cache = new EstimatorVectors(metrics, { itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' });
    const first = cache.get(sampled, 1393);
    expect(cache.get(sampled, 3687)).toBe(first);
    metrics.forEach((metric, t) => expect(Array.from(first[t])).toEqual(Array.from(sampledMetricVector(metric, 99))));
  });

  it('still refuses an n too small for m without replacement, cached vector or not', () => {
    const cache = new EstimatorVectors(metrics, { itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' });
    cache.get(sampled, 1393);
    expect(() => cache.get(sampled, 50)).toThrow('m = 99 is larger than the n − 1 = 49 irrelevant items');
  });
});
