/**
 * A metric read under a chosen definition, for every computation on the rank of ONE relevant item: the expected
 * sampled metric (Krichene & Rendle eq 16), the corrections of their section 5 (eqs 20–26), the metrics read off a
 * rank distribution (Jin et al. eq 14), and the figures built on them. Its id carries the variant after a colon,
 * `ap@10:ap-k` (DaisyRec's AP@K / K), so that worker requests, cache keys and labels stay plain strings; an id
 * without a colon is Krichene & Rendle's metric, as before.
 *
 * For one relevant item most of Tamm et al.'s readings are Krichene & Rendle's function of the rank (HitRate@K is
 * Recall@K, MRR@K is AP@K, NDCG's gains and log bases cancel): the metric then only carries the variant's name, and
 * every fast path of the core keeps working. The readings that are another function of the rank (AP@K / K,
 * Elliot's AP@K) carry it as `atRank`, which metricAtRank uses.
 */
import { InputError } from '../errors.ts';
import type { Metric } from '../metrics.ts';
import { metricAtRank, parseMetric } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { isSingleRelevant } from '../rankData.ts';
import type { VariantChoice } from './choice.ts';
import {
  chosenVariant,
  isDefaultVariant,
  sameAsKricheneRendle,
  variantAtRank,
  variantCutoff,
  variantsFor,
} from './choice.ts';
import type { MetricVariant } from './variant.ts';

/** Ranks checked to decide whether a reading is Krichene & Rendle's function of one item's rank (choice.ts). */
const SAME_CHECK_ITEMS = 500;

/** `ap@10` under a choice naming `ap-k` for AP → `ap@10:ap-k`; the id as it is when the choice is theirs. */
export function definedMetricId(id: string, choice: VariantChoice | undefined): string {
  const metric = parseMetric(id);
  if (isDefaultVariant(metric.kind, choice)) return metric.id;
  return `${metric.id}:${chosenVariant(metric.kind, choice).id}`;
}

/**
 * Metric ids read under a choice for the computations on one relevant item's rank (the figures, the estimates from
 * sampled ranks, the summary): each through definedMetricId when every data set has one relevant item per instance;
 * as they are otherwise, those computations keeping Krichene & Rendle's metrics of sets of items.
 */
export function definedMetricIds(
  ids: readonly string[],
  choice: VariantChoice | undefined,
  data: readonly RankData[],
): string[] {
  if (!choice || !data.every(isSingleRelevant)) return [...ids];
  return ids.map((id) => definedMetricId(id, choice));
}

/**
 * Parses `ap@10` or `ap@10:ap-k` (a variant offered for the metric's kind, choice.ts); throws an InputError naming
 * the text. The metric computes the variant's value for one relevant item (`atRank`) where it differs from
 * Krichene & Rendle's.
 */
export function parseDefinedMetric(text: string): Metric {
  const colon = text.indexOf(':');
  const metric = parseMetric(colon < 0 ? text : text.slice(0, colon));
  if (colon < 0) return metric;
  const id = text.slice(colon + 1).trim();
  const variant = variantsFor(metric.kind).find((v) => v.id === id);
  if (!variant) {
    const offered = variantsFor(metric.kind).map((v) => v.id);
    throw new InputError(
      `metric "${text}": "${id}" is not a definition of ${metric.kind}: expected one of ${offered.join(', ')}`,
    );
  }
  if (isDefaultVariant(metric.kind, { [metric.kind]: id })) return metric;
  const defined: Metric = { ...metric, id: `${metric.id}:${id}`, variant: id };
  if (sameFunction(variant, metric)) return defined;
  return { ...defined, atRank: oneItemValue(variant, metric) };
}

/** Whether the variant is Krichene & Rendle's function of the rank for `metric`, checked once per pair (choice.ts). */
function sameFunction(variant: MetricVariant, metric: Metric): boolean {
  const key = `${variant.id}|${metric.id}`;
  let same = sameChecked.get(key);
  if (same === undefined) sameChecked.set(key, (same = sameAsKricheneRendle(variant, metric, SAME_CHECK_ITEMS)));
  return same;
}

/** The checks made so far: one per (variant, metric id), a few hundred at most (metric@K for every K of a figure). */
const sameChecked = new Map<string, boolean>();

/** M(r) of the variant for one relevant item of grade 1: its fast form, or its value on such a user. */
function oneItemValue(variant: MetricVariant, metric: Metric): (rank: number, itemCount: number) => number {
  const fast = variant.oneItem;
  if (fast) return (rank, itemCount) => fast(rank, variantCutoff(metric, itemCount));
  return (rank, itemCount) => variantAtRank(variant, metric, rank, itemCount);
}

/**
 * metric@K for K = 1..maxRank read off a rank distribution (Jin et al. eq 14) for a metric under a reading that is
 * another function of the rank (`ap:ap-k`, `ap:ap-elliot`): out[K − 1] = Σ_{R ≤ K} P̂(R) M_K(R), the reading at
 * cut-off K. O(maxRank²): the figures read K ≤ a few hundred. `distribution[R − 1]` = P̂(R) on `itemCount` items.
 */
export function definedCurveFromDistribution(
  id: string,
  distribution: ArrayLike<number>,
  itemCount: number,
  maxRank: number,
): Float64Array {
  const base = parseDefinedMetric(id);
  const out = new Float64Array(Math.min(maxRank, itemCount, distribution.length));
  for (let K = 1; K <= out.length; K++) {
    const metric = parseDefinedMetric(`${base.kind}@${K}${base.variant ? `:${base.variant}` : ''}`);
    let sum = 0;
    for (let R = 1; R <= K; R++) sum += distribution[R - 1] * metricAtRank(metric, R, itemCount);
    out[K - 1] = sum;
  }
  return out;
}
