/**
 * AUC over the full ranking (Tamm et al. section 4.6, Table 2). A user's AUC is the share of (relevant,
 * irrelevant) pairs in the right order, Krichene & Rendle's eq 2:
 *   AUC(u) = (Σ_i (n_u − r_i) − C(|R_u|, 2)) / (|R_u| (n_u − |R_u|)),
 * linear in the ranks, so its expectation over tied orders is its value at each range's midpoint.
 *   GAUC        the users' mean (OpenRec's AUC, Elliot's GAUC: 0.705); 0 for a user without a relevant or an
 *               irrelevant item, as those libraries assign.
 *   RecBole     weighted by |R_u|, users with no relevant or no irrelevant item skipped (RecBole's GAUC: 0.858).
 *               Elliot's AUC (0.688) averages the same per-relevant-item terms over all relevant items, the same
 *               weighting (its code divides by n − |R| + 1 where this uses the n − |R| irrelevant items).
 *   SAUC        every user's pairs stacked into one classification problem (Beta RecSys, RecBole's AUC,
 *               MS Recommenders: 0.687). It needs scores comparable across users, which rank files do not have:
 *               here an item's score is minus its rank (rank-calibrated scores), so a relevant item at rank r
 *               beats every user's irrelevant items below r, and ties across users count ½.
 */
import { expectedRankSum } from '../ties/expectation.ts';
import type { UserRanks } from '../ties/userRanks.ts';
import type { MetricVariant } from './variant.ts';
import { perUserVariant } from './variant.ts';

const AUC_U = String.raw`\mathrm{AUC}(u) = \frac{\sum_{i \in R_u} (n_u - r_i) - \binom{|R_u|}{2}}{|R_u|\,(n_u - |R_u|)}`;

/** E[AUC(u)] (eq 2), or null for a user without a relevant or an irrelevant item. */
export function userAuc(user: UserRanks): number | null {
  const p = user.relevantCount;
  const n = user.itemCount;
  if (p === 0 || p >= n) return null;
  return (p * n - expectedRankSum(user) - (p * (p - 1)) / 2) / (p * (n - p));
}

export const gauc = perUserVariant(
  {
    id: 'gauc',
    metric: 'auc',
    label: 'GAUC (mean over users)',
    formula: String.raw`\mathrm{GAUC} = \frac{1}{|U|} \sum_{u \in U} \mathrm{AUC}(u),\quad ${AUC_U}`,
    libraries: ['OpenRec (AUC)', 'Elliot (GAUC)'],
    note: 'Krichene & Rendle’s AUC (eq 2, the explorer’s auc)',
    usesCutoff: false,
  },
  (user) => userAuc(user) ?? 0,
);

export const gaucRecBole: MetricVariant = {
  id: 'gauc-recbole',
  metric: 'auc',
  label: 'GAUC weighted by |R|',
  formula: String.raw`\mathrm{GAUC} = \frac{\sum_{u:\ 0 < |R_u| < n_u} |R_u|\, \mathrm{AUC}(u)}{\sum_{u:\ 0 < |R_u| < n_u} |R_u|},\quad ${AUC_U}`,
  libraries: ['RecBole (GAUC)', 'Elliot (AUC)'],
  note: 'users without a relevant or an irrelevant item are skipped; Elliot’s AUC averages per relevant item, the same weighting',
  usesCutoff: false,
  value(users) {
    let sum = 0;
    let weight = 0;
    for (const user of users) {
      const auc = userAuc(user);
      if (auc === null) continue;
      sum += user.weight * user.relevantCount * auc;
      weight += user.weight * user.relevantCount;
    }
    return weight > 0 ? sum / weight : 0;
  },
};

export const sauc: MetricVariant = {
  id: 'sauc',
  metric: 'auc',
  label: 'SAUC (pairs of all users stacked)',
  short: 'SAUC',
  formula: String.raw`\mathrm{SAUC} = \frac{\sum_{u, v \in U} \sum_{i \in R_u} \sum_{j \notin R_v} \left(\mathbb{1}[r_i < r_j] + \tfrac{1}{2}\mathbb{1}[r_i = r_j]\right)}{\left(\sum_{u} |R_u|\right) \left(\sum_{v} (n_v - |R_v|)\right)}`,
  libraries: ['Beta RecSys', 'RecBole (AUC)', 'MS Recommenders'],
  note: 'needs scores comparable across users; here the score is minus the rank',
  usesCutoff: false,
  value: stackedAuc,
};

/**
 * SAUC with score = −rank. For a relevant item at rank r, the items of user v below it (ties ½) number
 * (n_v − r)_+ + ½[n_v ≥ r]; summed over v this is G(r). Subtracting the relevant items among them leaves the
 * irrelevant ones, and over all pairs of the P relevant items Σ_{i,j} (1[r_i < r_j] + ½·1[r_i = r_j]) = P²/2
 * whatever the ranks, so the numerator is Σ_i G(r_i) − P²/2: linear in the items, hence exact under random ties
 * with the mean of G over each range (prefix sums of G over 1..max n).
 */
function stackedAuc(users: readonly UserRanks[]): number {
  let maxN = 0;
  for (const user of users) maxN = Math.max(maxN, user.itemCount);
  // above[r] = Σ_{v: n_v ≥ r} w_v and aboveN[r] = Σ_{v: n_v ≥ r} w_v n_v, by suffix sums.
  const above = new Float64Array(maxN + 2);
  const aboveN = new Float64Array(maxN + 2);
  let positives = 0;
  let negatives = 0;
  for (const user of users) {
    above[user.itemCount] += user.weight;
    aboveN[user.itemCount] += user.weight * user.itemCount;
    positives += user.weight * user.relevantCount;
    negatives += user.weight * (user.itemCount - user.relevantCount);
  }
  for (let r = maxN - 1; r >= 1; r--) {
    above[r] += above[r + 1];
    aboveN[r] += aboveN[r + 1];
  }
  // prefix[r] = Σ_{s ≤ r} G(s), G(s) = aboveN[s] − (s − ½) above[s].
  const prefix = new Float64Array(maxN + 1);
  for (let r = 1; r <= maxN; r++) prefix[r] = prefix[r - 1] + aboveN[r] - (r - 0.5) * above[r];
  let numerator = (-positives * positives) / 2;
  for (const user of users) {
    for (const group of user.groups) {
      const mean = (prefix[group.high] - prefix[group.low - 1]) / (group.high - group.low + 1);
      numerator += user.weight * group.grades.length * mean;
    }
  }
  return numerator / (positives * negatives);
}
