/**
 * Precision@K and Recall@K, the two metrics every library of Tamm et al.'s Table 1 computes alike (section 4.1:
 * 0.058 and 0.096 in all ten rows), and the Recall with denominator min(K, |R|) of Mult-VAE (Liang et al. 2018),
 * a paper's reading that no library there implements (Tamm et al. section 5). The hit count h = |R ∩ top_K| is
 * linear in the items' positions, so its expectation over tied orders is exact.
 */
import { expectedItemSum } from '../ties/expectation.ts';
import type { UserRanks } from '../ties/userRanks.ts';
import { perUserVariant, TAMM_LIBRARIES } from './variant.ts';

/** E[h], the expected number of relevant items at positions ≤ K. */
export function expectedHits(user: UserRanks, cutoff: number): number {
  return expectedItemSum(user, () => 1, cutoff);
}

export const precision = perUserVariant(
  {
    id: 'precision',
    metric: 'precision',
    label: 'Precision@K',
    formula: String.raw`\mathrm{Precision@K}(u) = \frac{|R_u \cap \mathrm{top}_K(u)|}{K}`,
    libraries: TAMM_LIBRARIES,
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedHits(user, cutoff) / cutoff,
);

export const recall = perUserVariant(
  {
    id: 'recall',
    metric: 'recall',
    label: 'Recall@K',
    formula: String.raw`\mathrm{Recall@K}(u) = \frac{|R_u \cap \mathrm{top}_K(u)|}{|R_u|}`,
    libraries: TAMM_LIBRARIES,
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedHits(user, cutoff) / user.relevantCount,
);

export const recallMin = perUserVariant(
  {
    id: 'recall-min',
    metric: 'recall',
    label: 'Recall@K / min(K, |R|)',
    formula: String.raw`\mathrm{Recall@K}(u) = \frac{|R_u \cap \mathrm{top}_K(u)|}{\min(K, |R_u|)}`,
    libraries: [],
    note: 'Mult-VAE (Liang et al. 2018), a paper’s reading: it reaches 1 when |R| > K; no library of Table 1 computes it',
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedHits(user, cutoff) / Math.min(cutoff, user.relevantCount),
);
