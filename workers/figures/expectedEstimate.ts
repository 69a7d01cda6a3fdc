/**
 * The expected value, over the sampling of the m irrelevant items, of an estimator of a recommender's metric:
 * the sampled metric itself (eq 16 averaged over instances: core expectedSampledMetric), or a corrected metric
 * M̂(r̃) of section 5, E[M̂] = Σ_i w_i Σ_r̃ p(r̃ | r_i) M̂(r̃) / Σ_i w_i. Instances with several relevant items count
 * each item as its own instance, as the study (core simulate) does for corrections.
 */
import {
  EstimatorVectors,
  ExpectedAtRankBatch,
  expectedSampledMetric,
  isSingleRelevant,
  itemCountOf,
  metricAtRank,
  parseMethod,
  samplingLaw,
  singleRankData,
  type CorrectionSetup,
  type LawLike,
  type Metric,
  type PmfRow,
  type RankData,
  type SampledRankLaw,
} from '../../src/core/index.ts';

/** The corrections' setup (n, m, the sampling law, p(r) as a vector: null is uniform, the paper's choice), and: */
export interface EstimatorSetup extends CorrectionSetup {
  /**
   * Compute the corrections for the global n even where instances have their own n (one solve instead of one per
   * distinct n; their sampling still uses their own n). The study's "single-n reading"; default false.
   */
  readonly globalCorrection?: boolean;
  /** Sum the sampled metric over the whole law of r̃ even where core expectedSampledAtRank has a short form. */
  readonly exactSampled?: boolean;
}

/** E[estimate] of every metric for one recommender under `method` (`sampled`, `rank-estimate`, `cls`, `bv:0.1`…). */
export function expectedEstimates(
  data: RankData,
  metrics: readonly Metric[],
  method: string,
  setup: EstimatorSetup,
  cache: EstimatorVectors = new EstimatorVectors(metrics, setup),
): number[] {
  const { itemCount, sampleSize: m, sampling } = setup;
  const parsed = parseMethod(method);
  if (parsed.kind === 'sampled' && !isSingleRelevant(data)) {
    return metrics.map((metric) => expectedSampledMetric(data, metric, itemCount, m, sampling).sampledMean);
  }
  if (parsed.kind === 'sampled' && !setup.exactSampled && metrics.length > 1) {
    // The metrics with a short form (expectedAtRank.ts) apart from those read on each row's window.
    const short = metrics.filter((metric) => ExpectedAtRankBatch.supports([metric]));
    if (short.length > 0 && short.length < metrics.length) {
      const long = metrics.filter((metric) => !short.includes(metric));
      const fast = expectedEstimates(data, short, method, setup);
      let own = longVectors.get(cache);
      if (!own) longVectors.set(cache, (own = new EstimatorVectors(long, setup)));
      const slow = expectedEstimates(data, long, method, setup, own);
      return metrics.map((metric) =>
        short.includes(metric) ? fast[short.indexOf(metric)] : slow[long.indexOf(metric)],
      );
    }
  }
  const sums = new Float64Array(metrics.length);
  let weight = 0;
  if (parsed.kind === 'sampled' && !setup.exactSampled && ExpectedAtRankBatch.supports(metrics)) {
    // O(K) per instance (expectedAtRank.ts) instead of a window of the law that grows as √m.
    const batch = new ExpectedAtRankBatch(metrics, m, sampling);
    const out = new Float64Array(metrics.length);
    for (let i = 0; i < data.weights.length; i++) {
      const w = data.weights[i];
      batch.evaluate(data.ranks[i], itemCountOf(data, i, itemCount), out);
      for (let t = 0; t < out.length; t++) sums[t] += w * out[t];
      weight += w;
    }
    return Array.from(sums, (s) => s / weight);
  }
  const row = rowFor(m, sampling);
  // The sampled metric as m + 1 vectors (shared through the cache) when there are enough instances to pay for
  // them; else read on each row's window only (m may be 10⁶ in a sweep over a handful of instances).
  const onTheFly = parsed.kind === 'sampled' && m + 1 > 64 * data.weights.length;
  for (let i = 0; i < data.weights.length; i++) {
    const n = itemCountOf(data, i, itemCount);
    const vectors = onTheFly ? null : cache.get(parsed, setup.globalCorrection ? itemCount : n);
    const lo = data.offsets[i];
    const k = data.offsets[i + 1] - lo;
    for (let j = 0; j < k; j++) {
      row.fill(data.ranks[lo + j] - (j + 1), n - k);
      const p = row.values;
      for (let t = 0; t < metrics.length; t++) {
        let e = 0;
        if (vectors) {
          const v = vectors[t];
          for (let x = row.lo; x <= row.hi; x++) e += p[x] * v[x];
        } else {
          for (let x = row.lo; x <= row.hi; x++) e += p[x] * metricAtRank(metrics[t], x + 1, m + 1);
        }
        sums[t] += data.weights[i] * e;
      }
      weight += data.weights[i];
    }
  }
  return Array.from(sums, (s) => s / weight);
}

/** The vectors of the metrics without a short form, per cache of all the metrics (shared as that cache is). */
const longVectors = new WeakMap<EstimatorVectors, EstimatorVectors>();

let lastRow: { law: SampledRankLaw; row: PmfRow } | null = null;

/**
 * Rows are cut where p(r̃ | r) falls below 10⁻¹⁶ of its mode: what is left out changes an expectation of values in
 * [0, 1] by less than double precision resolves, and the rows are half as long as with the core's 10⁻³⁰.
 */
const FIGURE_CUTOFF = 1e-16;

/** A row of the law for (m, law), reused across calls (its arrays have m + 1 entries). */
function rowFor(m: number, sampling: LawLike): PmfRow {
  const law = samplingLaw(sampling);
  if (!lastRow || lastRow.row.sampleSize !== m || lastRow.law !== law)
    lastRow = { law, row: law.row(m, FIGURE_CUTOFF) };
  return lastRow.row;
}

/**
 * The largest m of a sweep: n − 1 (the paper's axis; with replacement any m is possible), or without replacement the
 * smallest n_i − k_i over the instances.
 */
export function largestSampleSize(recommenders: readonly RankData[], itemCount: number, sampling: LawLike): number {
  const law = samplingLaw(sampling);
  let max = itemCount - 1;
  if (!Number.isFinite(law.maxSampleSize(itemCount))) return Math.max(1, max);
  for (const data of recommenders) {
    for (let i = 0; i < data.weights.length; i++) {
      // An instance with k relevant items has n − k irrelevant ones to draw from: the law's largest m for them.
      const k = data.offsets[i + 1] - data.offsets[i];
      max = Math.min(max, law.maxSampleSize(itemCountOf(data, i, itemCount) - k + 1));
    }
  }
  return Math.max(1, max);
}

/**
 * About `count` integer sample sizes from 1 to `max`, evenly spaced on a log axis, always containing 1, max and the
 * powers of ten and `extra` values in between. Example: sampleSizeGrid(100, 5) → [1, 3, 10, 32, 100].
 */
export function sampleSizeGrid(max: number, count: number, extra: readonly number[] = []): number[] {
  const set = new Set<number>([1, max]);
  for (let i = 0; i < count; i++) set.add(Math.round(max ** (i / Math.max(1, count - 1))));
  for (let p = 10; p < max; p *= 10) set.add(p);
  for (const e of extra) if (e >= 1 && e <= max) set.add(Math.round(e));
  return [...set].sort((a, b) => a - b);
}

/**
 * One instance per distinct (rank, n) with the summed weight, for data with one relevant item per instance
 * (expectations are linear in the instances, so nothing changes but the work). Other data are returned as they are.
 */
export function compactSingle(data: RankData): RankData {
  if (!isSingleRelevant(data)) return data;
  const weights = new Map<string, number>();
  for (let i = 0; i < data.weights.length; i++) {
    const key = `${data.ranks[i]}|${data.itemCounts ? data.itemCounts[i] : 0}`;
    weights.set(key, (weights.get(key) ?? 0) + data.weights[i]);
  }
  if (weights.size === data.weights.length) return data;
  const ranks: number[] = [];
  const counts: number[] = [];
  const itemCounts: number[] = [];
  for (const [key, w] of weights) {
    const [r, n] = key.split('|').map(Number);
    ranks.push(r);
    itemCounts.push(n);
    counts.push(w);
  }
  return singleRankData(data.name, ranks, counts, data.itemCounts ? itemCounts : null);
}
