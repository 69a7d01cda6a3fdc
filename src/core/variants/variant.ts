/**
 * A metric variant: one of the definitions that recommender-system libraries compute under a common name
 * (Tamm, Damdinov & Vasilev, "Quality Metrics in Recommender Systems: Do We Calculate Metrics Consistently?",
 * RecSys 2021, section 4 and Table 1). Each variant has an id, a label, its formula in LaTeX (for KaTeX), the
 * libraries the paper names for it, and a value: the mean over one recommender's users, computed from the ranks of
 * the relevant items (and their grades, for graded NDCG), with ties broken by a tie rule (ties/tieRule.ts) — for
 * `random` the exact expectation over a random order of the tied items.
 */
import type { UserRanks } from '../ties/userRanks.ts';

/** The metric a variant is a reading of. */
export type VariantMetric = 'precision' | 'recall' | 'hitrate' | 'mrr' | 'ap' | 'ndcg' | 'auc';

export interface VariantContext {
  /** The cut-off K of the @K variants. */
  readonly cutoff: number;
}

export interface MetricVariant {
  /** Stable identifier, e.g. `ap-min` (CLI, JSON, links). */
  readonly id: string;
  readonly metric: VariantMetric;
  /** A short human label, e.g. `AP@K / min(K, |R|)`. */
  readonly label: string;
  /** A shorter one for figure titles and axes, where the label is long (`Elliot’s AP@K`); absent: the label. */
  readonly short?: string;
  /** The per-user formula (or the aggregate, for AUCs that pool users), LaTeX for KaTeX. */
  readonly formula: string;
  /** Libraries Tamm et al. name for this reading (Table 1, section 4); empty for a reading found only in papers. */
  readonly libraries: readonly string[];
  /** Where the reading comes from when no library is named, and any caveat of the rank-only computation. */
  readonly note?: string;
  /** Whether the value depends on K. */
  readonly usesCutoff: boolean;
  /** The value over the users of one recommender. */
  value(users: readonly UserRanks[], context: VariantContext): number;
  /**
   * The value of one user with one relevant item (grade 1) at `rank`, for the variants that are another function
   * of that rank than Krichene & Rendle's (the same number as `value` on that user; tested): a fast path for
   * curves over millions of ranks. `cutoff` is K, or n for the untruncated metric.
   */
  readonly oneItem?: (rank: number, cutoff: number) => number;
}

/** The users' mean of a per-user value, each weighted by the number of users it stands for. */
export function userMean(users: readonly UserRanks[], perUser: (user: UserRanks) => number): number {
  let sum = 0;
  let weight = 0;
  for (const user of users) {
    sum += user.weight * perUser(user);
    weight += user.weight;
  }
  return sum / weight;
}

/** A per-user variant: the value is the users' mean of `perUser`. */
export function perUserVariant(
  spec: Omit<MetricVariant, 'value'>,
  perUser: (user: UserRanks, context: VariantContext) => number,
): MetricVariant {
  return { ...spec, value: (users, context) => userMean(users, (user) => perUser(user, context)) };
}

/** The ten libraries of Tamm et al.'s Table 1. */
export const TAMM_LIBRARIES = [
  'RePlay',
  'DL RS Evaluation',
  'DaisyRec',
  'Beta RecSys',
  'RecBole',
  'Elliot',
  'OpenRec',
  'MS Recommenders',
  'NeuRec',
  'rs_metrics',
] as const;
