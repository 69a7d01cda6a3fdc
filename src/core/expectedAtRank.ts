/**
 * The expected sampled metric of one relevant item, E[M(r̃) | r] (Krichene & Rendle eq 16), in O(K) or O(1)
 * instead of a sum over the whole law of r̃ = 1 + X (sampling.ts: X ~ Binomial(m, θ), θ = (r − 1)/(n − 1), with
 * replacement, eq 15; X ~ Hypergeometric(N = n − 1, K = r − 1, m) without, section 4.4), whose window grows as √m:
 * - AUC on the sample is (m − X)/m (eq 7 with m + 1 items), so E = 1 − E[X]/m = 1 − θ under both laws;
 * - a metric with a cut-off c (Recall@c, Prec@c, AP@c, NDCG@c) is zero beyond r̃ = c: E = Σ_{x<c} p(x) M(1 + x),
 *   p(0) in log space (special.ts, Loader) and the pmf ratio recurrence upwards;
 * - AP = 1/r̃ (eq 12) has a closed form: with replacement E[1/(1 + X)] = (1 − (1 − θ)^{m+1})/((m + 1)θ) (from
 *   C(m, x)/(x + 1) = C(m + 1, x + 1)/(m + 1)); without, by C(K, x)/(x + 1) = C(K + 1, x + 1)/(K + 1) and
 *   Vandermonde, E = (N + 1)(1 − q)/((m + 1)(K + 1)) with q = P(Hyp(N + 1, K + 1, m + 1) = 0).
 * Untruncated NDCG has no short form: `null` (sum over the law instead).
 * Example: expectedSampledAtRank(parseMetric('auc'), 11, 101, 10, 'with-replacement') ≈ 0.9.
 */
import type { Metric } from './metrics.ts';
import { metricAtRank } from './metrics.ts';
import type { Sampling } from './sampling.ts';
import { logBinomialPmf, logHypergeometricPmf } from './special.ts';

export function expectedSampledAtRank(
  metric: Metric,
  trueRank: number,
  itemCount: number,
  sampleSize: number,
  sampling: Sampling,
): number | null {
  const m = sampleSize;
  const N = itemCount - 1;
  const K = trueRank - 1;
  if (K <= 0) return metricAtRank(metric, 1, m + 1);
  if (metric.kind === 'auc') return (N - K) / N;
  const withReplacement = sampling === 'with-replacement';
  if (metric.kind === 'ap' && metric.cutoff === null) {
    if (withReplacement) {
      const theta = K / N;
      return -Math.expm1((m + 1) * Math.log1p(-theta)) / ((m + 1) * theta);
    }
    const logQ = m + 1 > N - K ? -Infinity : logHypergeometricPmf(0, K + 1, N - K, m + 1);
    return ((N + 1) * -Math.expm1(logQ)) / ((m + 1) * (K + 1));
  }
  if (metric.cutoff === null) return null;
  const last = Math.min(metric.cutoff, m + 1) - 1;
  let sum = 0;
  if (withReplacement) {
    const p = K / N;
    const q = (N - K) / N;
    if (q === 0) return last === m ? metricAtRank(metric, m + 1, m + 1) : 0;
    const logOdds = Math.log(p / q);
    let logP = logBinomialPmf(0, m, p, q);
    for (let x = 0; x <= last; x++) {
      if (x > 0) logP += Math.log((m - x + 1) / x) + logOdds;
      sum += Math.exp(logP) * metricAtRank(metric, x + 1, m + 1);
    }
    return sum;
  }
  const lowest = Math.max(0, m - (N - K));
  if (lowest > last) return 0;
  let logP = logHypergeometricPmf(lowest, K, N - K, m);
  for (let x = lowest; x <= Math.min(last, K); x++) {
    if (x > lowest) logP += Math.log(((K - x + 1) * (m - x + 1)) / (x * (N - K - m + x)));
    sum += Math.exp(logP) * metricAtRank(metric, x + 1, m + 1);
  }
  return sum;
}
