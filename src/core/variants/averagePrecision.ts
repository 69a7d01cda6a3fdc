/**
 * AP@K, the user's term of MAP@K (Tamm et al. section 4.4): the sum of Precision@r_i over the hits, divided by
 *   K          (DaisyRec: 0.023 in Table 1),
 *   |R|        (Beta RecSys, MS Recommenders, rs_metrics: 0.032; the area under the precision–recall curve),
 *   min(K, |R|) (RecBole, RePlay, DL RS Evaluation: 0.039; Krichene & Rendle's eq 5),
 * and Elliot's mean of Precision@j over all positions j = 1..K, relevant or not (0.073). Precision@r_i = t/r_i
 * for the t-th relevant item, a term affine in t (ties/expectation.ts: expectedIndexedSum); Elliot's reading is
 * Σ_i (H_K − H_{r_i − 1})/K with H the harmonic numbers (summed as tails), linear in the items. NeuRec's 0.003 comes from a bug in
 * its cumulative denominator (section 4.4) and is not a definition, so it is not listed.
 */
import { expectedIndexedSum, expectedItemSum } from '../ties/expectation.ts';
import type { UserRanks } from '../ties/userRanks.ts';
import { perUserVariant } from './variant.ts';

/** E[Σ over hits of Precision@r_i] = E[Σ_t t/r_(t)] over the relevant items at positions ≤ K. */
export function expectedPrecisionSum(user: UserRanks, cutoff: number): number {
  return expectedIndexedSum(
    user,
    () => 0,
    (rank) => 1 / rank,
    cutoff,
  );
}

const SUM = String.raw`\sum_{i \in R_u,\ r_i \le K} \mathrm{Prec@}r_i(u)`;
const PREC = String.raw`\mathrm{Prec@}j(u) = \frac{|\{i \in R_u : r_i \le j\}|}{j}`;

export const apK = perUserVariant(
  {
    id: 'ap-k',
    metric: 'ap',
    label: 'AP@K / K',
    formula: String.raw`\mathrm{AP@K}(u) = \frac{1}{K} ${SUM},\quad ${PREC}`,
    libraries: ['DaisyRec'],
    note: 'lowers the value of users with fewer than K relevant items even for a perfect ranking',
    usesCutoff: true,
    oneItem: (rank, cutoff) => (rank <= cutoff ? 1 / rank / cutoff : 0),
  },
  (user, { cutoff }) => expectedPrecisionSum(user, cutoff) / cutoff,
);

export const apR = perUserVariant(
  {
    id: 'ap-r',
    metric: 'ap',
    label: 'AP@K / |R|',
    formula: String.raw`\mathrm{AP@K}(u) = \frac{1}{|R_u|} ${SUM},\quad ${PREC}`,
    libraries: ['Beta RecSys', 'MS Recommenders', 'rs_metrics'],
    note: 'cannot reach 1 when |R| > K',
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedPrecisionSum(user, cutoff) / user.relevantCount,
);

export const apMin = perUserVariant(
  {
    id: 'ap-min',
    metric: 'ap',
    label: 'AP@K / min(K, |R|)',
    formula: String.raw`\mathrm{AP@K}(u) = \frac{1}{\min(K, |R_u|)} ${SUM},\quad ${PREC}`,
    libraries: ['RecBole', 'RePlay', 'DL RS Evaluation'],
    note: 'Krichene & Rendle’s eq 5 (the explorer’s ap@K)',
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedPrecisionSum(user, cutoff) / Math.min(cutoff, user.relevantCount),
);

/**
 * The tail sums T(r) = Σ_{j=r}^{K} 1/j = H_K − H_{r−1} at index r (T(K + 1) = 0), summed from K down so that no
 * difference of harmonic numbers cancels (the last table is kept: one K is asked for all users in turn).
 */
let tailTable = { cutoff: 0, sums: new Float64Array(2) };
function tailSums(cutoff: number): Float64Array {
  if (tailTable.cutoff === cutoff) return tailTable.sums;
  const sums = new Float64Array(cutoff + 2);
  for (let j = cutoff; j >= 1; j--) sums[j] = sums[j + 1] + 1 / j;
  tailTable = { cutoff, sums };
  return sums;
}

export const apElliot = perUserVariant(
  {
    id: 'ap-elliot',
    metric: 'ap',
    label: 'AP@K, mean of Prec@j over all j ≤ K',
    short: 'Elliot’s AP@K',
    formula: String.raw`\mathrm{AP@K}(u) = \frac{1}{K} \sum_{j=1}^{K} \mathrm{Prec@}j(u),\quad ${PREC}`,
    libraries: ['Elliot'],
    note: 'drops the indicator of relevance at position j (its documentation says min(K, |R|) with the indicator)',
    usesCutoff: true,
    oneItem: (rank, cutoff) => (rank > cutoff ? 0 : tailSums(cutoff)[rank] / cutoff),
  },
  (user, { cutoff }) => {
    const tail = tailSums(cutoff);
    return expectedItemSum(user, (rank) => tail[rank], cutoff) / cutoff;
  },
);
