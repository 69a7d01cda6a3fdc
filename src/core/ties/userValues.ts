/**
 * The exact metrics under chosen definitions (variants/definedTable.ts: definedExactMetrics) on bootstrap resamples
 * of the users (compare.ts), without recomputing them on each resample. Under the random tie rule a user's value is
 * an expectation over its tie range (expectation.ts), which costs the length of the range (MovieLens Z: about 2,600
 * users tied over ~3,000 positions); most metrics are a (weighted) mean of per-user values, so each user's value is
 * computed once, from the user alone, and a resample's value is the weighted sum over the rows drawn:
 *   mean               Σ_i c_i v_i / Σ_i c_i (Krichene & Rendle's metrics and every per-user variant);
 *   relevant-weighted  Σ_i c_i |R_i| v_i / Σ_i c_i |R_i| over the users with a relevant and an irrelevant item, 0
 *                      without any (RecBole's GAUC, variants/auc.ts);
 *   pooled             recomputed on the resample (SAUC stacks every user's pairs into one problem),
 * c_i being the number of times row i's users were drawn. The same numbers as recomputing, up to rounding.
 */
import type { ResampleValues } from '../compare.ts';
import type { Metric } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { validateRankData } from '../rankData.ts';
import { variantById } from '../variants/catalog.ts';
import { chosenVariant, isDefaultVariant } from '../variants/choice.ts';
import type { Definitions } from '../variants/definedTable.ts';
import { definedExactMetrics } from '../variants/definedTable.ts';

/** How a metric's value over the users combines them (see the module's comment). */
export type UserPooling = 'mean' | 'relevant-weighted' | 'pooled';

/**
 * The pooling of `metric` under the chosen definitions (its own variant, `ap@10:ap-k`, or the choice's), for data
 * with or without a per-user n. Krichene & Rendle's metrics are means over the users.
 */
export function userPooling(metric: Metric, definitions: Definitions = {}, perUserItemCounts = false): UserPooling {
  if (!metric.variant && isDefaultVariant(metric.kind, definitions.variants)) return 'mean';
  const variant = metric.variant ? variantById(metric.variant) : chosenVariant(metric.kind, definitions.variants);
  if (variant.id === 'sauc') return 'pooled';
  // An untruncated variant that reads K is evaluated at K = the users' largest n (definedTable.ts), which a resample
  // of users with their own n may change: recomputed.
  if (metric.cutoff === null && variant.usesCutoff && perUserItemCounts) return 'pooled';
  return variant.id === 'gauc-recbole' ? 'relevant-weighted' : 'mean';
}

/** Row i of the data as one user (weight 1), its grades and tie range kept. */
function oneUser(data: RankData, i: number): RankData {
  const lo = data.offsets[i];
  const hi = data.offsets[i + 1];
  return {
    name: data.name,
    offsets: Int32Array.of(0, hi - lo),
    ranks: data.ranks.slice(lo, hi),
    weights: Float64Array.of(1),
    itemCounts: data.itemCounts ? data.itemCounts.slice(i, i + 1) : null,
    relevance: data.relevance ? data.relevance.slice(lo, hi) : null,
    ties: data.ties ? { low: data.ties.low.slice(lo, hi), high: data.ties.high.slice(lo, hi) } : null,
  };
}

/**
 * Each row's weight and weighted value for every metric that is not pooled: weight[j][i] and product[j][i] =
 * weight × the value of one user of row i (its tie range averaged over under the random rule); null for a pooled
 * metric.
 */
export interface UserValueTable {
  readonly weight: readonly (Float64Array | null)[];
  readonly product: readonly (Float64Array | null)[];
}

export function userValueTable(
  data: RankData,
  metrics: readonly Metric[],
  itemCount: number,
  definitions: Definitions = {},
): UserValueTable {
  validateRankData(data, itemCount);
  const pooling = metrics.map((metric) => userPooling(metric, definitions, data.itemCounts !== null));
  const separable = metrics.filter((_, j) => pooling[j] !== 'pooled');
  const rows = data.weights.length;
  const weight = pooling.map((p) => (p === 'pooled' ? null : new Float64Array(rows)));
  const product = pooling.map((p) => (p === 'pooled' ? null : new Float64Array(rows)));
  for (let i = 0; i < rows && separable.length > 0; i++) {
    const values = definedExactMetrics(oneUser(data, i), separable, itemCount, definitions);
    const relevant = data.offsets[i + 1] - data.offsets[i];
    const n = data.itemCounts ? data.itemCounts[i] : itemCount;
    let k = 0;
    pooling.forEach((p, j) => {
      if (p === 'pooled') return;
      const w = p === 'mean' ? 1 : relevant > 0 && relevant < n ? relevant : 0;
      weight[j]![i] = w;
      product[j]![i] = w * values[k++];
    });
  }
  return { weight, product };
}

/** The value of every metric on the resample that drew row i draws[i] times (pooled metrics: NaN). */
export function resampledValues(table: UserValueTable, draws: Float64Array): number[] {
  return table.weight.map((weight, j) => {
    const product = table.product[j];
    if (!weight || !product) return NaN;
    let sum = 0;
    let total = 0;
    for (let i = 0; i < draws.length; i++) {
      const c = draws[i];
      if (c === 0) continue;
      sum += c * product[i];
      total += c * weight[i];
    }
    return total > 0 ? sum / total : 0;
  });
}

/**
 * definedExactMetrics on the data and on every resample of the users (for compare.ts jointBootstrap): the point
 * values as definedExactMetrics computes them, each resample's from the per-user values of userValueTable (pooled
 * metrics recomputed on the resample).
 */
export function definedExactResampling(
  metrics: readonly Metric[],
  itemCount: number,
  definitions: Definitions = {},
): ResampleValues {
  const tables: { table: UserValueTable; pooled: Metric[] }[] = [];
  return {
    point(data, r) {
      const table = userValueTable(data, metrics, itemCount, definitions);
      tables[r] = { table, pooled: metrics.filter((_, j) => !table.weight[j]) };
      return definedExactMetrics(data, metrics, itemCount, definitions);
    },
    replicate(draws, resampled, r) {
      const { table, pooled } = tables[r];
      const values = resampledValues(table, draws);
      if (pooled.length === 0) return values;
      const again = definedExactMetrics(resampled(), pooled, itemCount, definitions);
      let k = 0;
      return values.map((v, j) => (table.weight[j] ? v : again[k++]));
    },
  };
}
