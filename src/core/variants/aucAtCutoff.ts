/**
 * AUC on the top K only (Tamm et al. section 4.6, Table 2).
 *   GAUC@K  the AUC of each user's list of L = min(K, n) recommendations, relevant items below K ignored, averaged
 *           over users (RePlay's RocAuc@K; DL RS Evaluation cuts the list before its AUC: 0.283). With h hits in
 *           the list, 1 − Σ_hits (r_(t) − t) / (h (L − h)); 0 without a hit, 1 when every item of the list is a hit.
 *   LAUC@K  Elliot's limited AUC: each hit's share of the user's n − |R| irrelevant items below it, summed over
 *           the hits and divided by min(K, |R|) (0.112). Elliot's code divides by n − |R| + 1.
 * GAUC@K is non-linear in h; its expectation under random ties conditions on the hits of the one tie group that
 * straddles K (ties/expectation.ts: hitLaw). LAUC@K is affine in each hit's index t among the relevant items.
 */
import { expectedIndexedSum, hitLaw } from '../ties/expectation.ts';
import type { UserRanks } from '../ties/userRanks.ts';
import { perUserVariant } from './variant.ts';

/** E[GAUC@K(u)]. */
export function userAucAtCutoff(user: UserRanks, cutoff: number): number {
  const length = Math.min(cutoff, user.itemCount);
  const law = hitLaw(user, length);
  let total = 0;
  law.extra.forEach((p, x) => {
    if (p === 0) return;
    const h = law.sureHits + x;
    if (h === 0) return;
    if (h === length) {
      total += p;
      return;
    }
    const rankSum = law.sureRankSum + x * law.extraMeanRank;
    total += p * (1 - (rankSum - (h * (h + 1)) / 2) / (h * (length - h)));
  });
  return total;
}

export const gaucAtCutoff = perUserVariant(
  {
    id: 'gauc@k',
    metric: 'auc',
    label: 'GAUC@K (AUC within the top K)',
    formula: String.raw`\mathrm{AUC@K}(u) = 1 - \frac{\sum_{t=1}^{h_u} (r_{(t)} - t)}{h_u\,(\min(K, n_u) - h_u)},\quad h_u = |R_u \cap \mathrm{top}_K(u)|`,
    libraries: ['RePlay', 'DL RS Evaluation'],
    note: 'r_(t): the t-th hit’s rank; 0 without a hit, 1 when the whole list is hits; relevant items below K are ignored',
    usesCutoff: true,
  },
  (user, { cutoff }) => userAucAtCutoff(user, cutoff),
);

export const laucAtCutoff = perUserVariant(
  {
    id: 'lauc@k',
    metric: 'auc',
    label: 'LAUC@K (limited AUC)',
    formula: String.raw`\mathrm{LAUC@K}(u) = \frac{1}{\min(K, |R_u|)} \sum_{t:\ r_{(t)} \le K} \frac{n_u - |R_u| - (r_{(t)} - t)}{n_u - |R_u|}`,
    libraries: ['Elliot'],
    note: 'r_(t): the rank of the t-th relevant item; Elliot’s code divides by n − |R| + 1',
    usesCutoff: true,
  },
  (user, { cutoff }) => {
    const negatives = user.itemCount - user.relevantCount;
    if (negatives <= 0 || user.relevantCount === 0) return 0;
    const sum = expectedIndexedSum(
      user,
      (rank) => negatives - rank,
      () => 1,
      cutoff,
    );
    return sum / (negatives * Math.min(cutoff, user.relevantCount));
  },
);
