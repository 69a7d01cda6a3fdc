/**
 * Curves over the true rank r for the figures: E[v(r̃) | r] for vectors v over sampled ranks (the sampled metric,
 * eq 16, Figure 3; a corrected metric M̂, Figure 4 right), evaluated on a grid of ranks that holds every rank of the
 * top `dense` and thins out beyond, so that a curve over n = 10⁶ ranks costs a few thousand kernel rows.
 */
import {
  BULK_CUTOFF,
  samplingLaw,
  metricAtRank,
  parseDefinedMetric,
  sampledMetricVector,
  validateSamplingSetup,
  type Sampling,
  type SamplingSetup,
} from '../../src/core/index.ts';

/**
 * Ranks 1..min(dense, maxRank), then about `sparse` more spread evenly both on a linear and on a log axis up to
 * maxRank (always included). Example: rankGrid(5, 3, 2) → [1, 2, 3, 5].
 */
export function rankGrid(maxRank: number, dense = 2000, sparse = 1500): Float64Array {
  const set = new Set<number>();
  for (let r = 1; r <= Math.min(dense, maxRank); r++) set.add(r);
  if (maxRank > dense) {
    const half = Math.ceil(sparse / 2);
    for (let i = 0; i <= half; i++) {
      set.add(Math.round(dense + ((maxRank - dense) * i) / half));
      set.add(Math.round(dense * (maxRank / dense) ** (i / half)));
    }
  }
  set.add(maxRank);
  return Float64Array.from([...set].filter((r) => r >= 1 && r <= maxRank)).sort();
}

/** E[v(r̃) | r] at each rank of `ranks`, for each vector v (v[r̃ − 1], length m + 1). */
export function expectedAtRanks(
  vectors: readonly Float64Array[],
  ranks: ArrayLike<number>,
  itemCount: number,
  sampleSize: number,
  sampling: Sampling,
): Float64Array[] {
  validateSamplingSetup(itemCount, sampleSize, sampling);
  const row = samplingLaw(sampling).row(sampleSize, BULK_CUTOFF);
  const outs = vectors.map(() => new Float64Array(ranks.length));
  for (let i = 0; i < ranks.length; i++) {
    row.fillRaw(ranks[i] - 1, itemCount - 1);
    const p = row.values;
    const inv = 1 / row.total;
    for (let t = 0; t < vectors.length; t++) {
      const v = vectors[t];
      let s = 0;
      for (let x = row.lo; x <= row.hi; x++) s += p[x] * v[x];
      outs[t][i] = s * inv;
    }
  }
  return outs;
}

/** n and the sampling law; several m at once. */
export interface SampledCurvesRequest extends Pick<SamplingSetup, 'itemCount' | 'sampling'> {
  readonly metrics: readonly string[];
  readonly sampleSizes: readonly number[];
  /** Largest true rank drawn (the zoom); every rank up to `dense` is computed exactly. */
  readonly maxRank: number;
  readonly dense?: number;
}

export interface SampledCurves {
  readonly metrics: readonly string[];
  readonly sampleSizes: readonly number[];
  readonly ranks: Float64Array;
  /** exact[metric][i] = M(ranks[i]). */
  readonly exact: Float64Array[];
  /** sampled[m index][metric][i] = E[M(r̃) | r = ranks[i]] with m = sampleSizes[m index]. */
  readonly sampled: Float64Array[][];
}

/** Figure 3's data: the exact metric and the expected sampled metric for several m, over true ranks. */
export function sampledCurves(request: SampledCurvesRequest): SampledCurves {
  const { itemCount, sampleSizes, sampling } = request;
  const metrics = request.metrics.map(parseDefinedMetric);
  const ranks = rankGrid(Math.min(request.maxRank, itemCount), request.dense ?? 2000);
  const exact = metrics.map((metric) => Float64Array.from(ranks, (r) => metricAtRank(metric, r, itemCount)));
  const sampled = sampleSizes.map((m) =>
    expectedAtRanks(
      metrics.map((metric) => sampledMetricVector(metric, m)),
      ranks,
      itemCount,
      m,
      sampling,
    ),
  );
  return { metrics: metrics.map((m) => m.id), sampleSizes: [...sampleSizes], ranks, exact, sampled };
}
