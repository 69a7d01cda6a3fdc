/**
 * The computations behind the page, written against the worker API so that they run in the worker in the app and
 * inline in tests. Plain data in, plain data out.
 */
import type { Definitions, RankData, SamplingSetup } from '../core/index.ts';
import type { RecommenderInput } from '../figures/resultsTable.ts';
import type { AsyncApi } from './workerBridge.ts';
import { withRankSources } from './rankUpload.ts';

export interface NamedData {
  readonly name: string;
  readonly data: RankData;
  /** What the table shows in its "Predicted ranks" column. */
  readonly ranksText: string;
}

export interface TableRequest extends SamplingSetup {
  readonly recommenders: readonly NamedData[];
  readonly metrics: readonly string[];
  /** The chosen variants and tie rule; absent: Krichene & Rendle's definitions and the rank column. */
  readonly definitions?: Definitions;
}

/**
 * Exact metric, expected sampled metric and its std for every recommender and metric (Tables 1 and 2), under the
 * chosen definitions.
 */
/** A sampled value of the table job, null where the chosen variant has none (NaN in the job's table). */
const defined = (value: number) => (Number.isNaN(value) ? null : value);

export async function computeTable(api: AsyncApi, request: TableRequest): Promise<RecommenderInput[]> {
  const { itemCount, sampleSize, sampling, metrics, definitions } = request;
  const table = await api.expectedTable(
    await withRankSources(api, {
      recommenders: request.recommenders,
      metrics,
      itemCount,
      sampleSize,
      sampling,
      ...(definitions ? { definitions } : {}),
    }),
  );
  return request.recommenders.map(({ name, ranksText }, i) => ({
    name,
    ranksText,
    results: Object.fromEntries(
      metrics.map((id, j) => [
        id,
        { exact: table.exact[i][j], sampledMean: defined(table.mean[i][j]), sampledStd: defined(table.std[i][j]) },
      ]),
    ),
  }));
}
