/**
 * Corrections for testing many pairs at once, as adjusted p-values (a hypothesis is rejected at level α when its
 * adjusted p-value is ≤ α), the definitions of R's p.adjust and statsmodels' multipletests:
 *
 * - bonferroni: min(1, m·p).
 * - holm (Holm 1979, step-down): with p_(1) ≤ … ≤ p_(m), p̃_(i) = max_{j ≤ i} min(1, (m − j + 1) p_(j)).
 * - bh (Benjamini & Hochberg 1995, step-up, false discovery rate): p̃_(i) = min_{j ≥ i} min(1, m p_(j) / j).
 * - none: p itself.
 *
 * Tested on the published examples: Holm's four hypotheses (Wikipedia, "Holm–Bonferroni method", Example) and
 * Benjamini & Hochberg's fifteen p-values (their §4.1: Bonferroni rejects 3 at 0.05, BH 4).
 */
export type PCorrection = 'none' | 'bonferroni' | 'holm' | 'bh';
export const P_CORRECTIONS: readonly PCorrection[] = ['none', 'bonferroni', 'holm', 'bh'];
export const P_CORRECTION_LABELS: Record<PCorrection, string> = {
  none: 'no correction',
  bonferroni: 'Bonferroni',
  holm: 'Holm',
  bh: 'Benjamini–Hochberg',
};

export function adjustPValues(pValues: readonly number[], correction: PCorrection): number[] {
  const m = pValues.length;
  if (correction === 'none') return [...pValues];
  if (correction === 'bonferroni') return pValues.map((p) => Math.min(1, m * p));
  const order = pValues.map((_, i) => i).sort((i, j) => pValues[i] - pValues[j] || i - j);
  const adjusted = new Array<number>(m);
  if (correction === 'holm') {
    let running = 0;
    order.forEach((index, rank) => {
      running = Math.max(running, Math.min(1, (m - rank) * pValues[index]));
      adjusted[index] = running;
    });
    return adjusted;
  }
  let running = 1;
  for (let rank = m - 1; rank >= 0; rank--) {
    const index = order[rank];
    running = Math.min(running, Math.min(1, (m * pValues[index]) / (rank + 1)));
    adjusted[index] = running;
  }
  return adjusted;
}
