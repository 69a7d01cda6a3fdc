/**
 * NDCG@K and DCG@K (Tamm et al. section 4.5). DCG@K(u) = Σ over hits of gain(rel_i)/log(r_i + 1), divided by the
 * ideal DCG, the DCG of the relevant items sorted by grade at positions 1, 2, …:
 *   binary        gain 1, log₂, ideal over min(K, |R|) items (Beta RecSys, RecBole, RePlay, DaisyRec,
 *                 MS Recommenders, NeuRec, rs_metrics: 0.093 in Table 1; Krichene & Rendle's eq 6);
 *   exponential   gain 2^rel − 1, log₂, ideal over min(K, |R|) (Elliot: 0.09);
 *   linear        gain rel (trec_eval, scikit-learn's ndcg_score, ranx's Järvelin variant; not in Table 1);
 *   DL RS         gain 2^rel − 1 and the natural log, ideal over all |R| relevant items (DL RS Evaluation: 0.08).
 *                 The base of the log cancels in the ratio (1/ln x = 1/(ln 2 · log₂ x)); what lowers this value is
 *                 the ideal DCG over all |R| items instead of min(K, |R|) (its code: ideal_dcg = dcg(sorted
 *                 relevance) of every test item, DCG of the top K), which Tamm et al. attribute to the log.
 *   DCG           binary DCG without the normalisation (OpenRec: 0.463, a bug per Tamm et al.).
 * Without grades every relevant item has grade 1, so the graded variants equal the binary one. The DCG is linear
 * in the items, so its expectation over tied orders is exact; the ideal DCG does not depend on the order.
 */
import { expectedItemSum } from '../ties/expectation.ts';
import type { UserRanks } from '../ties/userRanks.ts';
import { perUserVariant, type MetricVariant } from './variant.ts';

export type Gain = 'binary' | 'exponential' | 'linear';

export function gainOf(gain: Gain, grade: number): number {
  return gain === 'binary' ? 1 : gain === 'exponential' ? 2 ** grade - 1 : grade;
}

const LOG: Record<'log2' | 'ln', (x: number) => number> = { log2: Math.log2, ln: Math.log };

/** E[DCG@K] under the tie rule of `user`: Σ over relevant items of gain/log(r + 1) at positions ≤ K. */
export function expectedDcg(user: UserRanks, cutoff: number, gain: Gain, log: 'log2' | 'ln' = 'log2'): number {
  const logOf = LOG[log];
  return expectedItemSum(user, (rank, grade) => gainOf(gain, grade) / logOf(rank + 1), cutoff);
}

/** The ideal DCG: the `count` best grades at positions 1..count. */
export function idealGradedDcg(user: UserRanks, count: number, gain: Gain, log: 'log2' | 'ln' = 'log2'): number {
  const gains = user.groups.flatMap((g) => g.grades.map((grade) => gainOf(gain, grade))).sort((a, b) => b - a);
  let s = 0;
  for (let j = 0; j < Math.min(count, gains.length); j++) s += gains[j] / LOG[log](j + 2);
  return s;
}

function ndcg(user: UserRanks, cutoff: number, gain: Gain, log: 'log2' | 'ln', idealCount: number): number {
  const ideal = idealGradedDcg(user, idealCount, gain, log);
  return ideal > 0 ? expectedDcg(user, cutoff, gain, log) / ideal : 0;
}

const DCG_BINARY = String.raw`\sum_{i \in R_u,\ r_i \le K} \frac{1}{\log_2(r_i + 1)}`;

/** How a graded NDCG reads: its gain, its log and whether the ideal DCG is over min(K, |R|) or all |R| items. */
interface GradedReading {
  readonly gain: 'exponential' | 'linear';
  readonly log: 'log2' | 'ln';
  readonly idealOverAll: boolean;
}

const GAIN_TEX = {
  exponential: (index: string) => String.raw`2^{\mathrm{rel}_${index}} - 1`,
  linear: (index: string) => String.raw`\mathrm{rel}_${index}`,
};
const LOG_TEX = { log2: String.raw`\log_2`, ln: String.raw`\ln` };

/** A graded NDCG@K variant: its formula and its value both follow from the reading. */
function gradedNdcg(
  spec: Pick<MetricVariant, 'id' | 'label' | 'short' | 'libraries' | 'note'>,
  { gain, log, idealOverAll }: GradedReading,
): MetricVariant {
  const [gainTex, logTex] = [GAIN_TEX[gain], LOG_TEX[log]];
  const idealCount = idealOverAll ? '|R_u|' : String.raw`\min(K, |R_u|)`;
  return perUserVariant(
    {
      id: spec.id,
      metric: 'ndcg',
      label: spec.label,
      ...(spec.short ? { short: spec.short } : {}),
      formula:
        String.raw`\mathrm{NDCG@K}(u) = \frac{1}{\mathrm{IDCG}(u)} \sum_{i \in R_u,\ r_i \le K} \frac{${gainTex('i')}}{${logTex}(r_i + 1)},\quad ` +
        String.raw`\mathrm{IDCG}(u) = \sum_{j=1}^{${idealCount}} \frac{${gainTex('{(j)}')}}{${logTex}(j + 1)}`,
      libraries: spec.libraries,
      note: spec.note,
      usesCutoff: true,
    },
    (user, { cutoff }) =>
      ndcg(user, cutoff, gain, log, idealOverAll ? user.relevantCount : Math.min(cutoff, user.relevantCount)),
  );
}

export const ndcgBinary = perUserVariant(
  {
    id: 'ndcg',
    metric: 'ndcg',
    label: 'NDCG@K (binary)',
    formula: String.raw`\mathrm{NDCG@K}(u) = \frac{${DCG_BINARY}}{${String.raw`\sum_{j=1}^{\min(K, |R_u|)} \frac{1}{\log_2(j + 1)}`}}`,
    libraries: ['Beta RecSys', 'RecBole', 'RePlay', 'DaisyRec', 'MS Recommenders', 'NeuRec', 'rs_metrics'],
    note: 'Krichene & Rendle’s eq 6 (the explorer’s ndcg@K); relevance grades are ignored',
    usesCutoff: true,
  },
  (user, { cutoff }) => ndcg(user, cutoff, 'binary', 'log2', Math.min(cutoff, user.relevantCount)),
);

export const ndcgExponential = gradedNdcg(
  { id: 'ndcg-exp', label: 'NDCG@K (gain 2^rel − 1)', libraries: ['Elliot'], note: 'rel_(j): the j-th largest grade' },
  { gain: 'exponential', log: 'log2', idealOverAll: false },
);

export const ndcgLinear = gradedNdcg(
  {
    id: 'ndcg-linear',
    label: 'NDCG@K (gain rel)',
    libraries: [],
    note: 'Järvelin & Kekäläinen’s gain, as in trec_eval, scikit-learn’s ndcg_score and ranx; no library of Table 1',
  },
  { gain: 'linear', log: 'log2', idealOverAll: false },
);

export const ndcgDlrs = gradedNdcg(
  {
    id: 'ndcg-ln-all',
    label: 'NDCG@K (gain 2^rel − 1, ln, ideal over all |R|)',
    short: 'NDCG@K, ln, ideal over |R|',
    libraries: ['DL RS Evaluation'],
    note: 'the log base cancels in the ratio; the ideal DCG over all |R| items (not min(K, |R|)) makes it lower when |R| > K',
  },
  { gain: 'exponential', log: 'ln', idealOverAll: true },
);

export const dcgBinary = perUserVariant(
  {
    id: 'dcg',
    metric: 'ndcg',
    label: 'DCG@K (binary, not normalised)',
    short: 'DCG@K',
    formula: String.raw`\mathrm{DCG@K}(u) = ${DCG_BINARY}`,
    libraries: ['OpenRec'],
    note: 'the normalisation is missing (a bug per Tamm et al.); not bounded by 1',
    usesCutoff: true,
  },
  (user, { cutoff }) => expectedDcg(user, cutoff, 'binary'),
);
