/**
 * Three readings of HitRate@K (Tamm et al. section 4.2): 1 when any relevant item is in the top K (RePlay,
 * DaisyRec, RecBole, Elliot, NeuRec, rs_metrics: 0.475 in Table 1); the number of hits (DL RS Evaluation's 1.15,
 * K times Precision@K, not bounded by 1); and the "recall-based" HR@K = #hits/|GT| of the paper that DL RS
 * Evaluation's own paper cites for the definition (CoupledCF; TriRank's HitRate too), which is Recall@K.
 * Under random ties P(any hit) = 1 − Π over tie groups of P(no hit in the group) (ties/expectation.ts).
 */
import { noHitProbability } from '../ties/expectation.ts';
import { expectedHits } from './precisionRecall.ts';
import { perUserVariant } from './variant.ts';

export const hitRateAny = perUserVariant(
  {
    id: 'hitrate',
    metric: 'hitrate',
    label: 'HitRate@K (any hit)',
    formula: String.raw`\mathrm{HR@K}(u) = \mathbb{1}\left[\,|R_u \cap \mathrm{top}_K(u)| > 0\,\right]`,
    libraries: ['RePlay', 'DaisyRec', 'RecBole', 'Elliot', 'NeuRec', 'rs_metrics'],
    usesCutoff: true,
  },
  (user, { cutoff }) => 1 - noHitProbability(user, cutoff),
);

export const hitRateCount = perUserVariant(
  {
    id: 'hitrate-count',
    metric: 'hitrate',
    label: 'HitRate@K (hits counted)',
    formula: String.raw`\mathrm{HR@K}(u) = |R_u \cap \mathrm{top}_K(u)|`,
    libraries: ['DL RS Evaluation'],
    note: 'the average number of hits, K × Precision@K; exceeds 1 when users have several relevant items',
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedHits(user, cutoff),
);

export const hitRateRecall = perUserVariant(
  {
    id: 'hitrate-recall',
    metric: 'hitrate',
    label: 'HitRate@K (recall reading)',
    formula: String.raw`\mathrm{HR@K}(u) = \frac{|R_u \cap \mathrm{top}_K(u)|}{|R_u|}`,
    libraries: [],
    note: 'the formula of TriRank and CoupledCF, cited for HitRate by DL RS Evaluation’s paper: Recall@K under another name',
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedHits(user, cutoff) / user.relevantCount,
);
