/**
 * Metrics from a rank distribution (Jin et al. 2021 eq 14): metric@K = Σ_{R ≤ K} P̂(R) M(R), for every metric of
 * metrics.ts (eqs 7–13 of Krichene & Rendle). For P̂ the exact empirical distribution P(R) (eq 13) this is the
 * exact metric; for an estimate it is the metric's estimate. The cumulative sums give every K at once: the CDF of
 * P̂ is Recall@K for all K.
 * Example: metricFromDistribution(parseMetric('recall@2'), [0.5, 0.25, 0.25], 3) === 0.75.
 */
import type { Metric, MetricKind } from '../metrics.ts';
import { metricAtRank } from '../metrics.ts';
import { Adder } from '../special.ts';

/** Σ_{R ≤ min(K, n)} P̂(R) M(R) with M of eqs 7–13 (AUC uses every R). `distribution[R − 1]` = P̂(R). */
export function metricFromDistribution(metric: Metric, distribution: ArrayLike<number>, itemCount: number): number {
  const last = Math.min(metric.cutoff ?? itemCount, itemCount, distribution.length);
  const sum = new Adder();
  for (let r = 1; r <= last; r++) {
    const p = distribution[r - 1];
    if (p !== 0) sum.add(p * metricAtRank(metric, r, itemCount));
  }
  return +sum;
}

/**
 * metric@K for K = 1..n at index K − 1 (cumulative sums of eq 14): recall gives the CDF, precision the CDF / K,
 * `ap` and `ndcg` their truncated versions; `auc` gives Σ_{R ≤ K} P̂(R)(n − R)/(n − 1) (Jin's AUC@K, eq 2–3).
 */
export function metricCurveFromDistribution(
  kind: MetricKind,
  distribution: ArrayLike<number>,
  itemCount: number,
): Float64Array {
  const n = Math.min(itemCount, distribution.length);
  const out = new Float64Array(n);
  const sum = new Adder();
  const untruncated: Metric = { id: kind, kind: kind === 'precision' ? 'recall' : kind, cutoff: null };
  for (let r = 1; r <= n; r++) {
    sum.add(distribution[r - 1] * metricAtRank(untruncated, r, itemCount));
    out[r - 1] = kind === 'precision' ? +sum / r : +sum;
  }
  return out;
}
