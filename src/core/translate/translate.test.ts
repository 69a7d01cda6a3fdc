/**
 * Translation on the shipped MovieLens ranks: from the NCF-sampled ranks (99 negatives) to the full catalogue, the
 * MLE's interval covers the exact metric of the true ranks; to m′ = 999, it covers the expected sampled metric at 999
 * computed from the true ranks (eq 16); the pairs say whether the order holds; the refusals name their reason.
 */
import { describe, expect, it } from 'vitest';
import { movielensTrueRanks, ncfSampledRanks, NCF_SAMPLED_SETUP } from '../../../test/movielens.ts';
import { parseMethodList } from '../estimators.ts';
import { exactMetric } from '../expected.ts';
import { expectedMetricsTable } from '../expectedTable.ts';
import { parseMetric, parseMetricList } from '../metrics.ts';
import { translate, translatedMetric } from './translate.ts';

const setup = { ...NCF_SAMPLED_SETUP, sampling: 'without-replacement' as const };
const sampled = ncfSampledRanks('without-replacement');
const truth = movielensTrueRanks();
const metrics = parseMetricList('recall@10');
const methods = parseMethodList('sampled,mle');

describe('translating sampled ranks', () => {
  it('to the full catalogue: the MLE interval covers the exact Recall@10 of X, Y and Z', () => {
    const result = translate(sampled, metrics, methods, setup, { target: { kind: 'exact' }, replicates: 20, seed: 3 });
    if (!result.ok) throw new Error(String(result.error));
    for (const [r, data] of truth.entries()) {
      const exact = exactMetric(data, metrics[0], 3706);
      const mle = result.value.estimates.find((e) => e.recommender === data.name && e.method === 'mle')!;
      expect(mle.low!).toBeLessThanOrEqual(exact);
      expect(mle.high!).toBeGreaterThanOrEqual(exact);
      const naive = result.value.estimates.find((e) => e.recommender === data.name && e.method === 'sampled')!;
      expect(naive.value, `${sampled[r].name}: the sampled metric is far above the exact one`).toBeGreaterThan(
        2 * exact,
      );
    }
    expect(result.value.sentence).toMatch(
      /^Over the full catalogue, X's Recall@10 is about 0\.0\d\d \[0\.\d+, 0\.\d+\] \(MLE\)/,
    );
  });

  it('to m′ = 999: the MLE interval covers the expected sampled Recall@10 at 999 of the true ranks', () => {
    const target = { kind: 'sampled' as const, sampleSize: 999, sampling: 'without-replacement' as const };
    const result = translate(sampled, metrics, methods, setup, { target, replicates: 20, seed: 4 });
    if (!result.ok) throw new Error(String(result.error));
    const wanted = expectedMetricsTable(truth, metrics, {
      itemCount: 3706,
      sampleSize: 999,
      sampling: 'without-replacement',
    });
    truth.forEach((data, r) => {
      const mle = result.value.estimates.find((e) => e.recommender === data.name && e.method === 'mle')!;
      expect(mle.m).toBe(999);
      expect(mle.low!).toBeLessThanOrEqual(wanted[r][0].sampledMean);
      expect(mle.high!).toBeGreaterThanOrEqual(wanted[r][0].sampledMean);
    });
    // The sampled metrics at 99 put X first; at 999 the MLE does not: the order X > Y does not hold.
    const xy = result.value.pairs.find((p) => p.a === 'X' && p.b === 'Y' && p.method === 'mle')!;
    expect(xy.orderHolds).toBe(false);
    expect(result.value.sentence).toMatch(/^With 999 negatives sampled without replacement, X's Recall@10 would be/);
  });

  it('the translated metric is eq 16 at m′: its value at each true rank, and the exact metric unchanged', () => {
    const metric = parseMetric('ndcg@10');
    expect(translatedMetric(metric, { kind: 'exact' })).toBe(metric);
    const t = translatedMetric(metric, { kind: 'sampled', sampleSize: 999, sampling: 'with-replacement' });
    const one = expectedMetricsTable(
      [
        {
          name: 'one',
          offsets: Int32Array.of(0, 1),
          ranks: Float64Array.of(40),
          weights: Float64Array.of(1),
          itemCounts: null,
        },
      ],
      [metric],
      { itemCount: 3000, sampleSize: 999, sampling: 'with-replacement' },
    );
    expect(t.atRank!(40, 3000)).toBeCloseTo(one[0][0].sampledMean, 14);
  });

  it('refuses what cannot be translated, naming the reason', () => {
    const bad = translate(sampled, metrics, methods, setup, {
      target: { kind: 'sampled', sampleSize: 0, sampling: 'with-replacement' },
      replicates: 0,
      seed: 1,
    });
    expect(bad.ok ? '' : bad.error).toBe('m′ must be an integer ≥ 1, got 0');
  });
});
