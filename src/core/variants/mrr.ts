/**
 * MRR@K (Tamm et al. section 4.3): the reciprocal position of the first relevant item in the top K, 0 without a
 * hit (RePlay, DL RS Evaluation, RecBole, Elliot, NeuRec, rs_metrics: 0.186 in Table 1); and DaisyRec's sum of
 * the reciprocal positions of all hits (0.275), which can exceed 1 and equals the first reading when |R| = 1.
 */
import { expectedFirst, expectedItemSum } from '../ties/expectation.ts';
import { perUserVariant } from './variant.ts';

const reciprocal = (rank: number) => 1 / rank;

export const mrrFirst = perUserVariant(
  {
    id: 'mrr',
    metric: 'mrr',
    label: 'MRR@K (first hit)',
    formula: String.raw`\mathrm{MRR@K}(u) = \frac{1}{\min\{r_i : i \in R_u,\ r_i \le K\}}\ \ (0 \text{ without a hit})`,
    libraries: ['RePlay', 'DL RS Evaluation', 'RecBole', 'Elliot', 'NeuRec', 'rs_metrics'],
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedFirst(user, reciprocal, cutoff),
);

export const mrrSum = perUserVariant(
  {
    id: 'mrr-sum',
    metric: 'mrr',
    label: 'MRR@K (sum over hits)',
    formula: String.raw`\mathrm{MRR@K}(u) = \sum_{i \in R_u,\ r_i \le K} \frac{1}{r_i}`,
    libraries: ['DaisyRec'],
    note: 'not bounded by 1; equals MRR@K (first hit) when every user has one relevant item',
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedItemSum(user, reciprocal, cutoff),
);
