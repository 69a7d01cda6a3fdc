/**
 * Choosing a definition for each of Krichene & Rendle's metrics (metrics.ts: auc, precision@K, recall@K, ap[@K],
 * ndcg[@K]) among the variants of Tamm et al. (catalog.ts) that read the same name: Recall@K as HitRate@K, AP@K as
 * MRR@K, and so on. The default of each kind is Krichene & Rendle's own (eqs 2–6), so a choice that names no
 * variant gives the explorer's numbers unchanged. AUC's variants on the top K (GAUC@K, LAUC@K) need a cut-off that
 * `auc` does not have, so they are not offered for it.
 */
import { InputError } from '../errors.ts';
import type { Metric, MetricKind } from '../metrics.ts';
import { metricAtRank } from '../metrics.ts';
import { variantById, METRIC_VARIANTS } from './catalog.ts';
import type { MetricVariant, VariantMetric } from './variant.ts';

/** Krichene & Rendle's reading of each metric kind, as a variant id. */
export const DEFAULT_VARIANTS: Readonly<Record<MetricKind, string>> = {
  auc: 'gauc',
  precision: 'precision',
  recall: 'recall',
  ap: 'ap-min',
  ndcg: 'ndcg',
};

/** The variant families a metric kind may be read as (each family reads one kind: kindOfReading). */
const READINGS: Readonly<Record<MetricKind, readonly VariantMetric[]>> = {
  auc: ['auc'],
  precision: ['precision'],
  recall: ['recall', 'hitrate'],
  ap: ['ap', 'mrr'],
  ndcg: ['ndcg'],
};

/** The metric kind a variant family reads, READINGS inverted: `hitrate` → `recall`, `mrr` → `ap`. */
export function kindOfReading(metric: VariantMetric): MetricKind {
  const kinds = (Object.keys(READINGS) as MetricKind[]).filter((kind) => READINGS[kind].includes(metric));
  if (kinds.length !== 1) throw new Error(`the variant family "${metric}" reads ${kinds.length} metric kinds`);
  return kinds[0];
}

/** The chosen variant id of each metric kind that does not use Krichene & Rendle's definition. */
export type VariantChoice = Readonly<Partial<Record<MetricKind, string>>>;

/** The variants that may define a metric kind, Krichene & Rendle's first. */
export function variantsFor(kind: MetricKind): MetricVariant[] {
  const offered = METRIC_VARIANTS.filter((v) => READINGS[kind].includes(v.metric) && !(kind === 'auc' && v.usesCutoff));
  const first = offered.find((v) => v.id === DEFAULT_VARIANTS[kind])!;
  return [first, ...offered.filter((v) => v !== first)];
}

/** The variant that defines `kind` under `choice` (Krichene & Rendle's when the choice names none). */
export function chosenVariant(kind: MetricKind, choice: VariantChoice | undefined): MetricVariant {
  return variantById(choice?.[kind] ?? DEFAULT_VARIANTS[kind]);
}

/** True when `kind` is read as Krichene & Rendle define it. */
export function isDefaultVariant(kind: MetricKind, choice: VariantChoice | undefined): boolean {
  return chosenVariant(kind, choice).id === DEFAULT_VARIANTS[kind];
}

/** Checks a choice: each id a variant offered for its kind; throws an InputError naming the kind and the id. */
export function validateVariantChoice(choice: VariantChoice): void {
  for (const [kind, id] of Object.entries(choice) as [MetricKind, string][]) {
    if (!(kind in DEFAULT_VARIANTS)) throw new InputError(`no metric "${kind}" has variants`);
    const offered = variantsFor(kind).map((v) => v.id);
    if (!offered.includes(id)) {
      throw new InputError(`"${id}" is not a definition of ${kind}: expected one of ${offered.join(', ')}`);
    }
  }
}

/** The cut-off a variant is evaluated at for `metric` on `itemCount` items: K, or every position for AP and NDCG. */
export function variantCutoff(metric: Metric, itemCount: number): number {
  return metric.cutoff ?? itemCount;
}

/**
 * The variant's value for one user whose one relevant item is at `rank` of `itemCount` items, with grade `grade`
 * (1 for binary data): the function of the rank that the expected sampled metric and the corrections need.
 */
export function variantAtRank(
  variant: MetricVariant,
  metric: Metric,
  rank: number,
  itemCount: number,
  grade = 1,
): number {
  const user = { itemCount, weight: 1, relevantCount: 1, groups: [{ low: rank, high: rank, grades: [grade] }] };
  return variant.value([user], { cutoff: variantCutoff(metric, itemCount) });
}

/**
 * True when, for one relevant item per user, the variant is the same function of the rank as Krichene & Rendle's
 * metric (checked at every rank of a catalogue of `itemCount` items, to 1e-12): then the corrections of section 5,
 * which are built for that function, estimate the variant too. Example: HitRate@K (any hit) is Recall@K for one
 * relevant item; AP@K / K is not AP@K.
 */
export function sameAsKricheneRendle(variant: MetricVariant, metric: Metric, itemCount: number): boolean {
  for (let rank = 1; rank <= itemCount; rank++) {
    const own = variantAtRank(variant, metric, rank, itemCount);
    if (Math.abs(own - metricAtRank(metric, rank, itemCount)) > 1e-12) return false;
  }
  return true;
}
