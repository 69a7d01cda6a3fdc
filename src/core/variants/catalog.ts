/**
 * Every variant of Tamm et al. (RecSys 2021), in the order of their Table 1 (HitRate, MAP, MRR, NDCG, Precision,
 * Recall, AUC), and their values for one recommender.
 */
import { InputError } from '../errors.ts';
import type { RankData } from '../rankData.ts';
import { validateRankData } from '../rankData.ts';
import type { TieRule } from '../ties/tieRule.ts';
import { userRanksOf } from '../ties/userRanks.ts';
import { apElliot, apK, apMin, apR } from './averagePrecision.ts';
import { gauc, gaucRecBole, sauc } from './auc.ts';
import { gaucAtCutoff, laucAtCutoff } from './aucAtCutoff.ts';
import { hitRateAny, hitRateCount, hitRateRecall } from './hitRate.ts';
import { mrrFirst, mrrSum } from './mrr.ts';
import { dcgBinary, ndcgBinary, ndcgDlrs, ndcgExponential, ndcgLinear } from './ndcg.ts';
import { precision, recall, recallMin } from './precisionRecall.ts';
import type { MetricVariant } from './variant.ts';

export const METRIC_VARIANTS: readonly MetricVariant[] = [
  hitRateAny,
  hitRateCount,
  hitRateRecall,
  apMin,
  apR,
  apK,
  apElliot,
  mrrFirst,
  mrrSum,
  ndcgBinary,
  ndcgExponential,
  ndcgLinear,
  ndcgDlrs,
  dcgBinary,
  precision,
  recall,
  recallMin,
  gauc,
  gaucRecBole,
  sauc,
  gaucAtCutoff,
  laucAtCutoff,
];

/** The variant with this id; throws an InputError listing the ids. */
export function variantById(id: string): MetricVariant {
  const variant = METRIC_VARIANTS.find((v) => v.id === id);
  if (!variant) {
    throw new InputError(
      `unknown metric variant "${id}": expected one of ${METRIC_VARIANTS.map((v) => v.id).join(', ')}`,
    );
  }
  return variant;
}

export interface VariantOptions {
  /** The cut-off K. */
  readonly cutoff: number;
  /** The catalogue size of instances without their own n. */
  readonly itemCount: number;
  /** How tied items are ordered; undefined: the rank column as it is. */
  readonly ties?: TieRule;
}

export interface VariantValue {
  readonly variant: MetricVariant;
  readonly value: number;
}

/**
 * The value of each variant (all of them by default) for one recommender. Validates the ranks against n (as the
 * exact metrics do) and K ≥ 1. Example: for one user whose relevant items are at ranks 1 and 3 of 10 and K = 2,
 * ap-k gives 1/2, ap-r 1/2 and ap-min 1 (hits: rank 1 only, Prec@1 = 1).
 */
export function variantValues(
  data: RankData,
  options: VariantOptions,
  variants: readonly MetricVariant[] = METRIC_VARIANTS,
): VariantValue[] {
  if (!Number.isSafeInteger(options.cutoff) || options.cutoff < 1) {
    throw new InputError(`the cut-off K must be a positive integer, got ${options.cutoff}`);
  }
  validateRankData(data, options.itemCount);
  if (data.relevance) validateGrades(data);
  const users = userRanksOf(data, options.itemCount, options.ties);
  return variants.map((variant) => ({ variant, value: variant.value(users, { cutoff: options.cutoff }) }));
}

function validateGrades(data: RankData): void {
  data.relevance!.forEach((grade, j) => {
    if (!(grade >= 0) || !Number.isFinite(grade)) {
      throw new InputError(
        `recommender "${data.name}": relevance grade ${grade} (item ${j + 1}) must be a finite number ≥ 0`,
      );
    }
  });
}
