/**
 * Exact metrics of a recommender's instances (eq 1), and the expectation and spread of the sampled metric
 * (eq 16), computed analytically from the law of r̃ | r (law/).
 */
import type { Metric } from './metrics.ts';
import { metricAtRank, metricTerm } from './metrics.ts';
import type { RankData } from './rankData.ts';
import { itemCountOf, validateRankData } from './rankData.ts';
import type { LawLike } from './law/index.ts';
import { BULK_CUTOFF, samplingLaw, validateSamplingSetup } from './law/index.ts';
import { Adder } from './special.ts';
import type { ProtocolInstances } from './protocol/instances.ts';
import { protocolInstances } from './protocol/instances.ts';
import { UNIFORM_PROTOCOL } from './protocol/protocol.ts';

export interface MetricSummary {
  /** The exact metric, averaged over instances (eq 1). */
  exact: number;
  /** E[average of M(r̃)] over the sampling of the m irrelevant items (eq 16 averaged over instances). */
  sampledMean: number;
  /** Standard deviation of the instance-averaged sampled metric over sampling repetitions (Table 2's ±). */
  sampledStd: number;
  /** The Monte Carlo standard error of sampledMean, where a protocol's law has no closed form (absent: exact). */
  sampledSe?: number;
}

/** The exact metric averaged over instances (weights are counts), eq 1. */
export function exactMetric(data: RankData, metric: Metric, itemCount: number): number {
  validateRankData(data, itemCount);
  const sum = new Adder();
  let weight = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const n = itemCountOf(data, i, itemCount);
    const lo = data.offsets[i];
    const k = data.offsets[i + 1] - lo;
    let value = 0;
    for (let j = 0; j < k; j++) value += metricTerm(metric, j + 1, data.ranks[lo + j], k, n);
    sum.add(data.weights[i] * value);
    weight += data.weights[i];
  }
  return +sum / weight;
}

/**
 * The sampled metric as a vector over sampled ranks: out[r̃ − 1] = M(r̃) on a sample of m + 1 items
 * (AUC on the sample is (m + 1 − r̃)/m).
 */
export function sampledMetricVector(metric: Metric, sampleSize: number): Float64Array {
  const out = new Float64Array(sampleSize + 1);
  for (let i = 1; i <= sampleSize + 1; i++) out[i - 1] = metricAtRank(metric, i, sampleSize + 1);
  return out;
}

/**
 * Exact value, expected sampled value and its standard deviation over sampling repetitions (analytic).
 * For an instance with k relevant items, the j-th has r̃_j = j + X_j with X_j from a pool of n − k irrelevant items
 * of which r_j − j rank above it, and every metric is a sum of per-item terms (metrics.ts: metricTerm), so the
 * expectation is exact. The variance of such an instance adds the per-item variances (the items' sampled ranks are
 * treated as independent; exact for k = 1, an approximation otherwise). Instances are sampled independently, so the
 * variance of the average is Σ w_i Var_i / W².
 */
export function expectedSampledMetric(
  data: RankData,
  metric: Metric,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): MetricSummary {
  return expectedSampledMetrics(data, [metric], itemCount, sampleSize, sampling)[0];
}

/**
 * expectedSampledMetric for several metrics at once: each kernel row (the law of one item's sampled rank) is filled
 * once and serves every metric, with each metric's sums in the same order as alone (the same numbers).
 */
export function expectedSampledMetrics(
  data: RankData,
  metrics: readonly Metric[],
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): MetricSummary[] {
  const protocol = { ...UNIFORM_PROTOCOL, sampling: samplingLaw(sampling).id };
  return expectedOfInstances(protocolInstances(data, protocol, itemCount, sampleSize), metrics, itemCount);
}

/**
 * The exact metric and the expected sampled metric with its standard deviation over sampling repetitions, under a
 * protocol whose laws are known in closed form (protocol/instances.ts: every layout but the pooled one): item j of
 * instance i has sampled rank j + X_j with X_j's law the instances' row, each metric the sum of its items' terms
 * (eqs 2–6; one item: M(r̃) itself). The variance treats the items of an instance as independent (exact for one).
 */
export function expectedOfInstances(
  instances: ProtocolInstances,
  metrics: readonly Metric[],
  itemCount: number,
): MetricSummary[] {
  if (!instances.exact) throw new Error('these instances have no closed-form law: take a Monte Carlo expectation');
  const { data, law } = instances;
  const singlesByDraws = new Map<number, Float64Array[]>();
  const means = metrics.map(() => new Adder());
  const variances = metrics.map(() => new Adder());
  const e = new Float64Array(metrics.length);
  const v = new Float64Array(metrics.length);
  let scratch = new Float64Array(instances.largestSampleSize + 1);
  let weight = 0;
  for (let i = 0; i < data.weights.length; i++) {
    const n = itemCountOf(data, i, itemCount);
    const lo = data.offsets[i];
    const k = data.offsets[i + 1] - lo;
    const m = instances.drawsOf(i);
    if (law) validateSamplingSetup(n, m, law);
    const row = instances.rowOf(i);
    let singles = singlesByDraws.get(m);
    if (!singles) singlesByDraws.set(m, (singles = metrics.map((metric) => sampledMetricVector(metric, m))));
    if (scratch.length < m + 1) scratch = new Float64Array(m + 1);
    e.fill(0);
    v.fill(0);
    for (let j = 1; j <= k; j++) {
      // fill() is fillRaw() and p[x] *= 1/total: a single item's sweeps apply that product as they read the row.
      instances.fill(row, i, j - 1);
      const p = row.values;
      const hi = row.hi;
      const scale = 1 / row.total;
      if (k === 1) {
        addSingleItemMoments(p, scale, row.lo, hi, singles, e, v);
        continue;
      }
      for (let x = row.lo; x <= hi; x++) p[x] *= scale;
      for (let t = 0; t < metrics.length; t++) {
        // One relevant item: the metric's vector over r̃ (the common case, a tight loop); several: eq 2–6's terms.
        const values = k === 1 ? singles[t] : termVector(metrics[t], j, k, m, row.lo, hi, scratch);
        let e1 = 0;
        for (let x = row.lo; x <= hi; x++) e1 += p[x] * values[x];
        // Second pass Σ p (M − E)²: the one-pass E[M²] − E² loses digits when the variance is tiny next to E².
        let v1 = 0;
        for (let x = row.lo; x <= hi; x++) {
          const d = values[x] - e1;
          v1 += p[x] * d * d;
        }
        e[t] += e1;
        v[t] += v1;
      }
    }
    const w = data.weights[i];
    for (let t = 0; t < metrics.length; t++) {
      means[t].add(w * e[t]);
      variances[t].add(w * v[t]);
    }
    weight += w;
  }
  return metrics.map((metric, t) => ({
    exact: exactMetric(instances.exactData, metric, itemCount),
    sampledMean: +means[t] / weight,
    sampledStd: Math.sqrt(+variances[t]) / weight,
  }));
}

/**
 * e[t] += Σ_x p[x] M_t[x] and v[t] += Σ_x p[x] (M_t[x] − that sum)² over x = lo..hi for every vector M_t, with
 * p[x] = raw[x]·scale, four vectors per sweep of the row (four scalar sums side by side), in one sweep: with d = M − c
 * for a shift c = M_t at the middle of the window, E = c + Σ p d and Var = Σ p d² − (Σ p d)². The shift keeps the
 * difference free of the cancellation of E[M²] − E² (d and Σ p d are of the order of the row's spread), so both
 * agree with the two-pass sums to about 1e-16 of E (expected.test.ts: 1e-12).
 */
function addSingleItemMoments(
  raw: Float64Array,
  scale: number,
  lo: number,
  hi: number,
  vectors: readonly Float64Array[],
  e: Float64Array,
  v: Float64Array,
): void {
  const middle = (lo + hi) >> 1;
  for (let start = 0; start < vectors.length; start += 4) {
    const count = Math.min(4, vectors.length - start);
    const a0 = vectors[start];
    const a1 = count > 1 ? vectors[start + 1] : a0;
    const a2 = count > 2 ? vectors[start + 2] : a0;
    const a3 = count > 3 ? vectors[start + 3] : a0;
    const c0 = a0[middle];
    const c1 = a1[middle];
    const c2 = a2[middle];
    const c3 = a3[middle];
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let q0 = 0;
    let q1 = 0;
    let q2 = 0;
    let q3 = 0;
    for (let x = lo; x <= hi; x++) {
      const px = raw[x] * scale;
      const d0 = a0[x] - c0;
      const d1 = a1[x] - c1;
      const d2 = a2[x] - c2;
      const d3 = a3[x] - c3;
      const w0 = px * d0;
      const w1 = px * d1;
      const w2 = px * d2;
      const w3 = px * d3;
      s0 += w0;
      s1 += w1;
      s2 += w2;
      s3 += w3;
      q0 += w0 * d0;
      q1 += w1 * d1;
      q2 += w2 * d2;
      q3 += w3 * d3;
    }
    e[start] += c0 + s0;
    v[start] += Math.max(0, q0 - s0 * s0);
    if (count > 1) {
      e[start + 1] += c1 + s1;
      v[start + 1] += Math.max(0, q1 - s1 * s1);
    }
    if (count > 2) {
      e[start + 2] += c2 + s2;
      v[start + 2] += Math.max(0, q2 - s2 * s2);
    }
    if (count > 3) {
      e[start + 3] += c3 + s3;
      v[start + 3] += Math.max(0, q3 - s3 * s3);
    }
  }
}

/** The j-th of k relevant items' metric terms (metrics.ts: metricTerm) at sampled positions j + x, x = lo..hi, into out[x]. */
function termVector(metric: Metric, j: number, k: number, m: number, lo: number, hi: number, out: Float64Array) {
  for (let x = lo; x <= hi; x++) out[x] = metricTerm(metric, j, j + x, k, m + k);
  return out;
}

/**
 * E[v(r̃) | r] for r = 1..maxRank for each vector v over sampled ranks (v[r̃ − 1]), e.g. the sampled metric
 * (Figure 3) or a corrected metric M̂ (Figure 4, right). One pass over r, each row shared by all vectors.
 */
export function expectedOfVectors(
  vectors: readonly Float64Array[],
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
  maxRank = itemCount,
): Float64Array[] {
  validateSamplingSetup(itemCount, sampleSize, sampling);
  const row = samplingLaw(sampling).row(sampleSize, BULK_CUTOFF);
  const outs = vectors.map(() => new Float64Array(maxRank));
  // Vectors are taken four at a time with scalar accumulators (padding with zeros): one sweep over a kernel row
  // feeds four expectations, which is several times faster in V8 than an inner loop over the vectors.
  const zero = new Float64Array(sampleSize + 1);
  for (let start = 0; start < vectors.length; start += 4) {
    const v0 = vectors[start];
    const v1 = vectors[start + 1] ?? zero;
    const v2 = vectors[start + 2] ?? zero;
    const v3 = vectors[start + 3] ?? zero;
    const o0 = outs[start];
    const o1 = outs[start + 1] ?? null;
    const o2 = outs[start + 2] ?? null;
    const o3 = outs[start + 3] ?? null;
    for (let r = 1; r <= maxRank; r++) {
      row.fillRaw(r - 1, itemCount - 1);
      const p = row.values;
      const hi = row.hi;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let x = row.lo; x <= hi; x++) {
        const px = p[x];
        s0 += px * v0[x];
        s1 += px * v1[x];
        s2 += px * v2[x];
        s3 += px * v3[x];
      }
      const inv = 1 / row.total;
      o0[r - 1] = s0 * inv;
      if (o1) o1[r - 1] = s1 * inv;
      if (o2) o2[r - 1] = s2 * inv;
      if (o3) o3[r - 1] = s3 * inv;
    }
  }
  return outs;
}

/** The expected sampled metric E[M(r̃) | r] for r = 1..maxRank, one array per metric (eq 16, Figure 3). */
export function expectedCurve(
  metrics: readonly Metric[],
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
  maxRank = itemCount,
): Float64Array[] {
  const vectors = metrics.map((metric) => sampledMetricVector(metric, sampleSize));
  return expectedOfVectors(vectors, itemCount, sampleSize, sampling, maxRank);
}
