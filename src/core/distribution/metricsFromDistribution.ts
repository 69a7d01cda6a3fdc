/**
 * Metrics from a rank distribution (Jin et al. 2021 eq 14): metric@K = Σ_{R ≤ K} P̂(R) M(R), for every metric of
 * metrics.ts (eqs 7–13 of Krichene & Rendle). For P̂ the exact empirical distribution P(R) (eq 13) this is the
 * exact metric; for an estimate it is the metric's estimate. The cumulative sums give every K at once: the CDF of
 * P̂ is Recall@K for all K.
 * Example: metricFromDistribution(parseMetric('recall@2'), [0.5, 0.25, 0.25], 3) === 0.75.
 */
import type { Metric, MetricKind } from '../metrics.ts';
import { metricAtRank, metricCurve } from '../metrics.ts';
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

/**
 * Eq 14 for users who share one distribution π̂ of the relative position (shared.ts, pooledFit.ts), read straight
 * off π̂: metric = Σ_g (W_g / W) Σ_R π̂_R Σ_r A_g(r | R) M(r; n_g), the same value as mixing the groups' P̂_g = A_g π̂
 * without building them. AUC needs no rank map at all: the map keeps the mean, E[r − 1 | R] = θ_R (n_g − 1), so
 * every group's AUC is 1 − Σ_R π̂_R θ_R (eq 7); a metric with cut-off K visits only the R whose ranks reach K.
 */
export function sharedDistributionMetrics(
  relative: ArrayLike<number>,
  reference: number,
  groups: readonly { readonly itemCount: number; readonly weight: number }[],
  metrics: readonly Metric[],
): number[] {
  const total = groups.reduce((s, g) => s + g.weight, 0);
  const span = reference - 1;
  return metrics.map((metric) => {
    if (metric.kind === 'auc') {
      const sum = new Adder();
      for (let R0 = 0; R0 < reference; R0++) sum.add(relative[R0] * (R0 / span));
      return 1 - +sum;
    }
    // Every metric but AUC has M(r) independent of n (eqs 8–13), cut off at min(K, n): one table for all groups.
    // Not so a variant without cut-off that reads K as n (AP@K / K, Elliot's AP@K): a table per group.
    const perGroup = metric.atRank !== undefined && metric.cutoff === null;
    const values = perGroup ? null : metricCurve(metric, reference, reference);
    const sum = new Adder();
    for (const g of groups) {
      const n = g.itemCount;
      const last = Math.min(metric.cutoff ?? n, n);
      // Over the whole list, a group's weights over R are kept (the bootstrap reads the same n's on every resample).
      const kept = last === n ? carriedMetric(metric, reference, n, () => values ?? metricCurve(metric, n, n)) : null;
      const value = kept
        ? dot(relative, kept)
        : groupMetric(relative, reference, n, last, values ?? metricCurve(metric, n, n));
      sum.add((g.weight / total) * value);
    }
    return +sum;
  });
}

/** Σ_R M(·) carried onto the reference ranks, by metric, reference and n (carriedMetric), up to CARRIED_LIMIT doubles. */
const carried = new Map<string, Float64Array>();
let carriedEntries = 0;
const CARRIED_LIMIT = 4_000_000;

/**
 * T(R) = Σ_r A(r | R) M(r) over the reference ranks R for a group of n ranks and a metric over the whole list (what
 * groupMetric sums against π̂, kept so that a dot product does it next time: MovieLens's AP over 743 n took 10 ms a
 * fit); null once the kept tables hold CARRIED_LIMIT doubles.
 */
function carriedMetric(metric: Metric, reference: number, n: number, values: () => Float64Array): Float64Array | null {
  const key = `${metric.id}|${metric.kind}|${metric.cutoff}|${reference}|${n}`;
  let table = carried.get(key);
  if (table) return table;
  if (carriedEntries + reference > CARRIED_LIMIT) return null;
  table = new Float64Array(reference);
  const curve = values();
  // groupMetric's walk, writing each R's carried value instead of summing it against π̂.
  const span = reference - 1;
  const perSpan = 1 / span;
  const step = n - 1;
  let below = 0;
  let rest = 0;
  for (let R0 = 0; R0 < reference && below < n; R0++) {
    const here = curve[below];
    const f = rest * perSpan;
    table[R0] = rest === 0 ? here : (1 - f) * here + f * (below + 1 < n ? curve[below + 1] : 0);
    rest += step;
    const carry = rest >= span && below < step ? 1 : 0;
    rest -= carry * span;
    below += carry;
  }
  carried.set(key, table);
  carriedEntries += reference;
  return table;
}

function dot(x: ArrayLike<number>, y: Float64Array): number {
  let s0 = 0;
  let s1 = 0;
  let k = 0;
  for (; k + 1 < y.length; k += 2) {
    s0 += x[k] * y[k];
    s1 += x[k + 1] * y[k + 1];
  }
  for (; k < y.length; k++) s0 += x[k] * y[k];
  return s0 + s1;
}

/**
 * Σ_R π̂_R Σ_r A(r | R) M(r) for one group of n ranks, M(r) = values[r − 1] cut off after `last` (rankMap.ts: the
 * reference rank R sits x = (R − 1)(n − 1)/(N − 1) items down, between ⌊x⌋ + 1 and ⌊x⌋ + 2, tracked as the exact
 * fraction rest / span). Since n ≤ N, x moves by less than one rank per R: the carry into ⌊x⌋ is computed without a
 * branch (a data-dependent branch taken on a fraction (n − 1)/(N − 1) of the R mispredicts often; about 2× faster).
 */
function groupMetric(relative: ArrayLike<number>, reference: number, n: number, last: number, values: Float64Array) {
  const span = reference - 1;
  const perSpan = 1 / span;
  const step = n - 1;
  let v = 0;
  let below = 0;
  let rest = 0;
  for (let R0 = 0; R0 < reference && below < last; R0++) {
    const p = relative[R0];
    if (p !== 0) {
      const here = values[below];
      if (rest === 0) v += p * here;
      else {
        const f = rest * perSpan;
        v += p * ((1 - f) * here + f * (below + 1 < last ? values[below + 1] : 0));
      }
    }
    rest += step;
    const carry = rest >= span && below < step ? 1 : 0;
    rest -= carry * span;
    below += carry;
  }
  return v;
}
