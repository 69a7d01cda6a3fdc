/**
 * The expected sampled metric of one relevant item, E[M(r̃) | r] (Krichene & Rendle eq 16), in O(K) or O(1)
 * instead of a sum over the whole law of r̃ = 1 + X (law/: X ~ Binomial(m, θ), θ = (r − 1)/(n − 1), with
 * replacement, eq 15; X ~ Hypergeometric(N = n − 1, K = r − 1, m) without, section 4.4), whose window grows as √m:
 * - AUC on the sample is (m − X)/m (eq 7 with m + 1 items), so E = 1 − E[X]/m = 1 − θ under both laws;
 * - a metric with a cut-off c (Recall@c, Prec@c, AP@c, NDCG@c) is zero beyond r̃ = c: E = Σ_{x<c} p(x) M(1 + x),
 *   p(0) in log space (special.ts, Loader) and the pmf ratio recurrence upwards;
 * - AP = 1/r̃ (eq 12) has a closed form, the law's expectedReciprocal: with replacement E[1/(1 + X)] =
 *   (1 − (1 − θ)^{m+1})/((m + 1)θ) (from C(m, x)/(x + 1) = C(m + 1, x + 1)/(m + 1)); without, by
 *   C(K, x)/(x + 1) = C(K + 1, x + 1)/(K + 1) and Vandermonde, E = (N + 1)(1 − q)/((m + 1)(K + 1)) with
 *   q = P(Hyp(N + 1, K + 1, m + 1) = 0).
 * Untruncated NDCG, and a reading of another definition without cut-off (variants/definedMetric.ts), have no short
 * form: `null` (sum over the law instead).
 * Example: expectedSampledAtRank(parseMetric('auc'), 11, 101, 10, 'with-replacement') ≈ 0.9.
 */
import type { Metric } from './metrics.ts';
import { metricAtRank } from './metrics.ts';
import type { LawLike, SampledRankLaw } from './law/index.ts';
import { samplingLaw } from './law/index.ts';

export function expectedSampledAtRank(
  metric: Metric,
  trueRank: number,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): number | null {
  const closed = closedForm(metric, trueRank - 1, itemCount - 1, sampleSize, samplingLaw(sampling));
  if (closed !== null) return closed;
  if (metric.cutoff === null) return null;
  const out = new Float64Array(1);
  new ExpectedAtRankBatch([metric], sampleSize, sampling).evaluate(trueRank, itemCount, out);
  return out[0];
}

/**
 * E[M(r̃) | r] for rank 1 (r̃ = 1 surely), AUC and untruncated AP, with K = r − 1 of the N = n − 1 other items above
 * the relevant one; null for the other metrics.
 */
function closedForm(metric: Metric, K: number, N: number, m: number, law: SampledRankLaw): number | null {
  if (K <= 0) return metricAtRank(metric, 1, m + 1);
  if (metric.atRank) return null;
  if (metric.kind === 'auc') return (N - K) / N;
  if (metric.kind !== 'ap' || metric.cutoff !== null) return null;
  return law.expectedReciprocal(K, N, m);
}

/** AUC and untruncated AP in Krichene & Rendle's reading: E[M(r̃) | r] in closed form (closedForm). */
function hasClosedForm(metric: Metric): boolean {
  return !metric.atRank && (metric.kind === 'auc' || (metric.kind === 'ap' && metric.cutoff === null));
}

/**
 * E[M(r̃) | r] of several metrics at one (m, law), for many (r, n): the values M(1 + x) a cut-off metric takes on
 * the sample are tabulated once, and the law's first terms p(0..c − 1) are computed once per rank for all metrics
 * by the pmf ratio recurrence (the law's prefix), scaled by the first term p(x₀) (kept as a logarithm, so that
 * nothing underflows):
 * E = p(x₀) Σ_x (p(x)/p(x₀)) M(1 + x). The same values as expectedSampledAtRank to rounding; the sweeps of
 * Figures 2 and 6 evaluate millions of (instance, m) pairs.
 * Example: new ExpectedAtRankBatch([auc, recall10], 100, 'with-replacement').evaluate(11, 1001, out).
 */
export class ExpectedAtRankBatch {
  /** M(1 + x) for x < the metric's cut-off (and ≤ m), per metric; null for AUC and AP (closed forms). */
  private readonly tables: (Float64Array | null)[];
  private readonly terms: number;
  /** p(x)/p(x₀) for x₀ ≤ x < terms (zero below x₀). */
  private readonly scaled: Float64Array;
  /** The law of the sampled rank (law/law.ts). */
  readonly law: SampledRankLaw;

  constructor(
    readonly metrics: readonly Metric[],
    readonly sampleSize: number,
    sampling: LawLike,
  ) {
    this.law = samplingLaw(sampling);
    const m = sampleSize;
    this.tables = metrics.map((metric) => {
      if (hasClosedForm(metric)) return null;
      if (metric.cutoff === null)
        throw new RangeError(`${metric.id} has no short form (untruncated NDCG or a variant)`);
      const last = Math.min(metric.cutoff, m + 1);
      return Float64Array.from({ length: last }, (_, x) => metricAtRank(metric, x + 1, m + 1));
    });
    this.terms = Math.max(0, ...this.tables.map((t) => t?.length ?? 0));
    this.scaled = new Float64Array(this.terms);
  }

  /** Whether every metric has a short form (untruncated NDCG has none). */
  static supports(metrics: readonly Metric[]): boolean {
    return metrics.every((metric) => metric.cutoff !== null || hasClosedForm(metric));
  }

  /** Writes E[M_t(r̃) | r] for true rank `trueRank` among `itemCount` items into out[t]. */
  evaluate(trueRank: number, itemCount: number, out: Float64Array): void {
    const { metrics, tables, sampleSize: m, law, scaled } = this;
    const log0 = law.prefix(trueRank - 1, itemCount - 1, m, this.terms, scaled);
    const first = Math.exp(log0);
    for (let t = 0; t < metrics.length; t++) {
      const table = tables[t];
      if (table === null) {
        out[t] = closedForm(metrics[t], trueRank - 1, itemCount - 1, m, law)!;
        continue;
      }
      let sum = 0;
      for (let x = 0; x < table.length; x++) sum += scaled[x] * table[x];
      // p(x₀) may underflow where the sum still matters (m θ large, x small): combine the logarithms then.
      out[t] = sum === 0 || log0 === -Infinity ? 0 : first > 0 ? first * sum : Math.exp(log0 + Math.log(sum));
    }
  }
}
