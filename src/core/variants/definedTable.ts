/**
 * Krichene & Rendle's Tables 1–2 (expectedTable.ts) under the definitions a reader chose: each metric read as a
 * variant of Tamm et al. (choice.ts) and tied items ordered by a tie rule (ties/tieRule.ts). Without a choice and
 * a rule it is expectedMetricsTable itself, the same numbers.
 *   exact     the variant's value over the users, under the tie rule (random: the exact expectation);
 *   sampled   E and standard deviation of the variant on the m + 1 sampled items (eq 16) where the variant is a
 *             function of the rank of one relevant item (every user has one); null otherwise, since no sampled
 *             law of a set of relevant items is derived for it.
 */
import { InputError } from '../errors.ts';
import type { MetricSummary } from '../expected.ts';
import { expectedSampledMetrics } from '../expected.ts';
import { expectedMetricsTable } from '../expectedTable.ts';
import type { Metric } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { isSingleRelevant, itemCountOf, validateRankData } from '../rankData.ts';
import { BULK_CUTOFF, samplingLaw, validateSamplingSetup } from '../law/index.ts';
import type { SamplingSetup } from '../setup.ts';
import { Adder } from '../special.ts';
import { exactMetricUnderTies } from '../ties/exactMetric.ts';
import { withTieRule } from '../ties/resolveTies.ts';
import type { TieRule } from '../ties/tieRule.ts';
import { userRanksOf } from '../ties/userRanks.ts';
import type { VariantChoice } from './choice.ts';
import { chosenVariant, isDefaultVariant, variantAtRank, variantCutoff } from './choice.ts';
import type { MetricVariant } from './variant.ts';

/** The reader's definitions: a variant per metric kind and a tie rule; absent, Krichene & Rendle's and the file's. */
export interface Definitions {
  readonly variants?: VariantChoice;
  readonly ties?: TieRule;
}

/** A table cell: the sampled value is null where it is not defined for the chosen variant and data. */
export interface DefinedSummary {
  readonly exact: number;
  readonly sampledMean: number | null;
  readonly sampledStd: number | null;
}

/**
 * The exact value of every metric for one recommender under `definitions` (the exact column of definedMetricsTable,
 * without the sampled expectations): what the intervals over users recompute on each resample.
 */
export function definedExactMetrics(
  data: RankData,
  metrics: readonly Metric[],
  itemCount: number,
  definitions: Definitions = {},
): number[] {
  const { ties, variants } = definitions;
  validateRankData(data, itemCount);
  let users: ReturnType<typeof userRanksOf> | null = null;
  return metrics.map((metric) => {
    if (isDefaultVariant(metric.kind, variants)) return exactMetricUnderTies(data, metric, itemCount, ties);
    users ??= userRanksOf(data, itemCount, ties);
    const variant = chosenVariant(metric.kind, variants);
    return variant.value(users, { cutoff: variantCutoff(metric, largestItemCount(data, itemCount)) });
  });
}

/** out[recommender][metric] under `definitions`; expectedMetricsTable's numbers without any. */
export function definedMetricsTable(
  recommenders: readonly RankData[],
  metrics: readonly Metric[],
  setup: SamplingSetup,
  definitions: Definitions = {},
): DefinedSummary[][] {
  const { ties, variants } = definitions;
  if (ties === undefined && metrics.every((m) => isDefaultVariant(m.kind, variants))) {
    return expectedMetricsTable(recommenders, metrics, setup);
  }
  const { itemCount, sampleSize, sampling } = setup;
  validateSamplingSetup(itemCount, sampleSize, sampling);
  return recommenders.map((data) => {
    const exact = definedExactMetrics(data, metrics, itemCount, definitions);
    const ordered = orderedOrNull(data, ties);
    const defaults = metrics.filter((m) => isDefaultVariant(m.kind, variants));
    const sampledDefaults = ordered ? expectedSampledMetrics(ordered, defaults, itemCount, sampleSize, sampling) : [];
    return metrics.map((metric, j) => {
      const d = defaults.indexOf(metric);
      if (d >= 0) {
        const sampled: Partial<MetricSummary> = sampledDefaults[d] ?? {};
        return { exact: exact[j], sampledMean: sampled.sampledMean ?? null, sampledStd: sampled.sampledStd ?? null };
      }
      const variant = chosenVariant(metric.kind, variants);
      const sampled = ordered && isSingleRelevant(ordered) ? sampledVariant(ordered, variant, metric, setup) : null;
      return { exact: exact[j], sampledMean: sampled?.mean ?? null, sampledStd: sampled?.std ?? null };
    });
  });
}

/** The data the sampled expectation sees under the rule; null when the rule has no such form (random, |R| > 1). */
function orderedOrNull(data: RankData, ties: TieRule | undefined): RankData | null {
  try {
    return withTieRule(data, ties);
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

function largestItemCount(data: RankData, itemCount: number): number {
  if (!data.itemCounts) return itemCount;
  let largest = 0;
  for (const n of data.itemCounts) largest = Math.max(largest, n);
  return largest;
}

/**
 * E[v(r̃)] and its standard deviation over the draw of the m irrelevant items, for one relevant item per instance
 * (as expected.ts does for Krichene & Rendle's metrics): v is the variant on the m + 1 sampled items, per grade.
 */
function sampledVariant(
  data: RankData,
  variant: MetricVariant,
  metric: Metric,
  { itemCount, sampleSize, sampling }: SamplingSetup,
): { mean: number; std: number } {
  const m = sampleSize;
  const law = samplingLaw(sampling);
  const row = law.row(m, BULK_CUTOFF);
  const curves = new Map<number, Float64Array>();
  const curveOf = (grade: number) => {
    let curve = curves.get(grade);
    if (!curve) {
      curve = new Float64Array(m + 1);
      for (let x = 0; x <= m; x++) curve[x] = variantAtRank(variant, metric, x + 1, m + 1, grade);
      curves.set(grade, curve);
    }
    return curve;
  };
  const mean = new Adder();
  const variance = new Adder();
  let weight = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const n = itemCountOf(data, i, itemCount);
    validateSamplingSetup(n, m, law);
    const j = data.offsets[i];
    const values = curveOf(data.relevance ? data.relevance[j] : 1);
    row.fill(data.ranks[j] - 1, n - 1);
    const p = row.values;
    let e = 0;
    for (let x = row.lo; x <= row.hi; x++) e += p[x] * values[x];
    let v = 0;
    for (let x = row.lo; x <= row.hi; x++) v += p[x] * (values[x] - e) ** 2;
    const w = data.weights[i];
    mean.add(w * e);
    variance.add(w * v);
    weight += w;
  }
  return { mean: +mean / weight, std: Math.sqrt(+variance) / weight };
}
