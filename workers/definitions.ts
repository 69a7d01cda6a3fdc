/**
 * The Definitions view's numbers (src/app/DefinitionsSection.tsx): every variant of Tamm et al.'s catalogue for each
 * recommender (core variants/catalog.ts: variantValues), whether the sampled value and the corrections can follow
 * each variant (core variants/choice.ts), and, when the data carry tie ranges, Recall@K and AUC under each tie rule
 * side by side (core ties/exactMetric.ts). Plain data out: a variant's value function stays here.
 */
import {
  DEFAULT_VARIANTS,
  exactMetricUnderTies,
  isSingleRelevant,
  kindOfReading,
  METRIC_VARIANTS,
  parseMetric,
  sameAsKricheneRendle,
  variantValues,
  type RankData,
  type TieRule,
  type VariantMetric,
} from '../src/core/index.ts';

export interface DefinitionsRequest {
  readonly recommenders: readonly RankData[];
  readonly itemCount: number;
  /** The cut-off K of the @K variants. */
  readonly cutoff: number;
  readonly ties?: TieRule;
}

/** How far the sampled evaluation follows a variant. */
export type SampledSupport =
  /** One relevant item per user and the same function of its rank as Krichene & Rendle's metric. */
  | 'same'
  /** One relevant item per user: the expected sampled value follows the variant, the corrections do not. */
  | 'expected-only'
  /** Several relevant items per user: neither. */
  | 'none';

export interface VariantRow {
  readonly id: string;
  readonly metric: VariantMetric;
  readonly label: string;
  readonly formula: string;
  readonly libraries: readonly string[];
  readonly note: string | null;
  /** The value for each recommender (null where its data are invalid for the variant). */
  readonly values: readonly (number | null)[];
  readonly sampled: SampledSupport;
}

export interface TieComparison {
  readonly recommender: string;
  /** Users whose relevant item ties with others (a range wider than one position). */
  readonly tiedUsers: number;
  /** Recall@K and AUC under optimistic, random and pessimistic ties (in that order). */
  readonly recall: readonly number[];
  readonly auc: readonly number[];
}

export interface DefinitionsResult {
  /** The recommenders' names, in the order of the values. */
  readonly recommenders: readonly string[];
  readonly variants: readonly VariantRow[];
  /** Per recommender: why its values are missing, or null. */
  readonly problems: readonly (string | null)[];
  /** Null when no recommender's data carry a tie range. */
  readonly ties: readonly TieComparison[] | null;
}

/** The order of the tie comparison's columns: the best case, the expectation, the worst case. */
export const TIE_COLUMNS: readonly TieRule[] = ['optimistic', 'random', 'pessimistic'];

/** The same-function check runs on a catalogue of at most this many items (the variants differ at small ranks). */
const CHECK_ITEMS = 500;

export function definitionsTable(request: DefinitionsRequest): DefinitionsResult {
  const { itemCount, cutoff, ties } = request;
  const data = request.recommenders;
  const problems: (string | null)[] = data.map(() => null);
  const values = data.map((d, i) => {
    try {
      return variantValues(d, { cutoff, itemCount, ties }).map((v) => v.value);
    } catch (error) {
      problems[i] = (error as Error).message;
      return null;
    }
  });
  const single = data.every(isSingleRelevant);
  const checkItems = Math.min(itemCount, CHECK_ITEMS);
  const variants = METRIC_VARIANTS.map((variant, j): VariantRow => {
    const kind = kindOfReading(variant.metric);
    const metric = parseMetric(kind === 'auc' ? 'auc' : `${kind}@${Math.min(cutoff, checkItems)}`);
    const same = variant.id === DEFAULT_VARIANTS[kind] || sameAsKricheneRendle(variant, metric, checkItems);
    return {
      id: variant.id,
      metric: variant.metric,
      label: variant.label,
      formula: variant.formula,
      libraries: variant.libraries,
      note: variant.note ?? null,
      values: values.map((own) => own?.[j] ?? null),
      sampled: variant.id === DEFAULT_VARIANTS[kind] || (single && same) ? 'same' : single ? 'expected-only' : 'none',
    };
  });
  return { recommenders: data.map((d) => d.name), variants, problems, ties: tieComparison(data, itemCount, cutoff) };
}

function tiedUsers(data: RankData): number {
  const ties = data.ties;
  if (!ties) return 0;
  let count = 0;
  for (let i = 0; i < data.weights.length; i++) {
    let tied = false;
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) tied ||= ties.low[j] < ties.high[j];
    if (tied) count += data.weights[i];
  }
  return count;
}

function tieComparison(data: readonly RankData[], itemCount: number, cutoff: number): TieComparison[] | null {
  if (!data.some((d) => tiedUsers(d) > 0)) return null;
  const recall = parseMetric(`recall@${cutoff}`);
  const auc = parseMetric('auc');
  return data.map((d) => ({
    recommender: d.name,
    tiedUsers: tiedUsers(d),
    recall: TIE_COLUMNS.map((rule) => exactMetricUnderTies(d, recall, itemCount, rule)),
    auc: TIE_COLUMNS.map((rule) => exactMetricUnderTies(d, auc, itemCount, rule)),
  }));
}
