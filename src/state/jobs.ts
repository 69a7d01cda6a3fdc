/**
 * The computations behind the page, written against the worker API so that they run in the worker in the app and
 * inline in tests. Plain data in, plain data out.
 */
import type { Sampling } from '../core/index.ts';
import type { MetricColumn, RecommenderInput } from '../figures/resultsTable.ts';
import type { AsyncComputeApi } from './computeClient.ts';

export interface Recommender {
  readonly name: string;
  /** 1-based rank of the relevant item in each evaluation instance. */
  readonly ranks: readonly number[];
}

export interface TableRequest {
  readonly recommenders: readonly Recommender[];
  readonly metrics: readonly MetricColumn[];
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
}

/** Exact metric, expected sampled metric and its std for every recommender and metric (Tables 1 and 2). */
export async function computeTable(api: AsyncComputeApi, request: TableRequest): Promise<RecommenderInput[]> {
  const { itemCount, sampleSize, sampling } = request;
  await api.validateSamplingSetup(itemCount, sampleSize, sampling);
  const metrics = await Promise.all(request.metrics.map((column) => api.parseMetric(column.id)));
  return Promise.all(
    request.recommenders.map(async (recommender) => {
      const data = await api.singleRankData(recommender.name, recommender.ranks);
      await api.validateRankData(data, itemCount);
      const summaries = await Promise.all(
        metrics.map((metric) => api.expectedSampledMetric(data, metric, itemCount, sampleSize, sampling)),
      );
      const results = Object.fromEntries(request.metrics.map((column, j) => [column.id, summaries[j]]));
      return { name: recommender.name, ranks: recommender.ranks, results };
    }),
  );
}

/** M(r) for r = 1..n, one curve per metric (Figure 1). */
export async function computeCurves(
  api: AsyncComputeApi,
  metrics: readonly MetricColumn[],
  itemCount: number,
): Promise<Float64Array[]> {
  const parsed = await Promise.all(metrics.map((column) => api.parseMetric(column.id)));
  return Promise.all(parsed.map((metric) => api.metricCurve(metric, itemCount)));
}
