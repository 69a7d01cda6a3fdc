/**
 * Krichene & Rendle Tables 1–2 for every recommender and metric: the exact metric (eq 1) and the mean and standard
 * deviation of the sampled metric over the draw of the m irrelevant items (eq 16), analytic (expected.ts). The one
 * implementation behind the page's results table, the Tables tab and the CLI's `expected`.
 */
import type { MetricSummary } from './expected.ts';
import { expectedSampledMetrics } from './expected.ts';
import type { Metric } from './metrics.ts';
import type { RankData } from './rankData.ts';
import { validateRankData } from './rankData.ts';
import { validateSamplingSetup } from './law/index.ts';
import type { SamplingSetup } from './setup.ts';

/**
 * out[recommender][metric] for n, m and the sampling law of `setup` (its prior plays no part); throws an InputError
 * naming the recommender or the setting when the setup or a recommender's data are invalid.
 */
export function expectedMetricsTable(
  recommenders: readonly RankData[],
  metrics: readonly Metric[],
  setup: SamplingSetup,
): MetricSummary[][] {
  const { itemCount, sampleSize, sampling } = setup;
  validateSamplingSetup(itemCount, sampleSize, sampling);
  return recommenders.map((data) => {
    validateRankData(data, itemCount);
    return expectedSampledMetrics(data, metrics, itemCount, sampleSize, sampling);
  });
}
