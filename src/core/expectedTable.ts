/**
 * Krichene & Rendle Tables 1–2 for every recommender and metric: the exact metric (eq 1) and the mean and standard
 * deviation of the sampled metric over the draw of the m irrelevant items (eq 16), analytic (expected.ts), under the
 * setup's sampling protocol (protocol/: by Monte Carlo where its law has no closed form, the pooled layout, with the
 * standard error of the mean). The one implementation behind the page's results table, the Tables tab and the CLI's
 * `expected`.
 */
import type { MetricSummary } from './expected.ts';
import { exactMetric, expectedOfInstances, expectedSampledMetrics } from './expected.ts';
import type { Metric } from './metrics.ts';
import type { RankData } from './rankData.ts';
import { massAboveOf, validateRankData } from './rankData.ts';
import { validateSamplingSetup } from './law/index.ts';
import type { ProtocolSetup } from './setup.ts';
import { protocolInstances } from './protocol/instances.ts';
import { monteCarloExpectation } from './protocol/monteCarlo.ts';
import { isUniformPerUser, protocolOf, validateProtocol } from './protocol/protocol.ts';

/** Monte Carlo evaluations behind a protocol's expectation where it has no closed form, and their seed. */
export const PROTOCOL_REPETITIONS = 200;
export const PROTOCOL_SEED = 1;

/**
 * out[recommender][metric] for n, m and the sampling protocol of `setup` (its prior plays no part); throws an
 * InputError naming the recommender or the setting when the setup or a recommender's data are invalid.
 */
export function expectedMetricsTable(
  recommenders: readonly RankData[],
  metrics: readonly Metric[],
  setup: ProtocolSetup,
): MetricSummary[][] {
  const { itemCount, sampleSize, sampling } = setup;
  validateSamplingSetup(itemCount, sampleSize, sampling);
  const protocol = protocolOf(sampling, setup.protocol);
  validateProtocol(protocol);
  return recommenders.map((data) => {
    validateRankData(data, itemCount);
    if (isUniformPerUser(protocol)) return expectedSampledMetrics(data, metrics, itemCount, sampleSize, sampling);
    const instances = protocolInstances(data, protocol, itemCount, sampleSize, massAboveOf(data, protocol.alpha));
    if (instances.exact) return expectedOfInstances(instances, metrics, itemCount);
    const drawn = monteCarloExpectation(instances, metrics, PROTOCOL_REPETITIONS, PROTOCOL_SEED);
    return metrics.map((metric, t) => ({ exact: exactMetric(instances.exactData, metric, itemCount), ...drawn[t] }));
  });
}
