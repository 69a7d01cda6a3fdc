/**
 * Estimates of exact metrics from sampled ranks r̃ ∈ 1..m+1: the mean over instances of M̂(r̃), where M̂ is the
 * sampled metric itself (`sampled`) or a correction vector (section 5). Instances with their own n get the
 * correction computed exactly for that n (one vector per distinct n, cached). Instances with several relevant items
 * are handled as the paper's conclusion suggests: `sampled` computes the set metric on the sample (eqs 2–6 with
 * m + k items), and a correction treats each relevant item as an independent single-item instance.
 */
import type { CorrectionSetup } from './corrections/correction.ts';
import { correctionVectors } from './corrections/correction.ts';
import type { Method } from './corrections/methods.ts';
import { InputError } from './errors.ts';
import { sampledMetricVector } from './expected.ts';
import type { Metric } from './metrics.ts';
import { metricOfRanks } from './metrics.ts';
import type { RankData } from './rankData.ts';
import { itemCountOf, validateRankData } from './rankData.ts';
import { validateSamplingSetup } from './sampling.ts';

/** Caches estimator vectors M̂ per (method, n): out[metric][r̃ − 1]. */
export class EstimatorVectors {
  private readonly cache = new Map<string, Float64Array[]>();
  constructor(
    readonly metrics: readonly Metric[],
    readonly setup: CorrectionSetup,
  ) {}

  get(method: Method, itemCount: number): Float64Array[] {
    const key = `${method.id}|${itemCount}`;
    let vectors = this.cache.get(key);
    if (!vectors) {
      const { sampleSize, sampling } = this.setup;
      validateSamplingSetup(itemCount, sampleSize, sampling);
      const prior = itemCount === this.setup.itemCount ? this.setup.prior : truncatePrior(this.setup.prior, itemCount);
      vectors =
        method.kind === 'sampled'
          ? this.metrics.map((metric) => sampledMetricVector(metric, sampleSize))
          : correctionVectors(this.metrics, {
              itemCount,
              sampleSize,
              sampling,
              prior,
              method: method.kind,
              gamma: method.kind === 'bv' ? method.gamma : undefined,
            });
      this.cache.set(key, vectors);
    }
    return vectors;
  }
}

/** A prior over 1..N restricted to 1..n (renormalised later); null stays null (uniform on 1..n). */
function truncatePrior(prior: ArrayLike<number> | null | undefined, itemCount: number): Float64Array | null {
  if (!prior) return null;
  return Float64Array.from({ length: itemCount }, (_, r) => (r < prior.length ? prior[r] : 0));
}

export interface EstimateResult {
  metric: string;
  method: string;
  estimate: number;
}

/** Estimates of every metric under every method from one set of sampled ranks. */
export function estimateMetrics(
  sampled: RankData,
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: CorrectionSetup,
  cache = new EstimatorVectors(metrics, setup),
): EstimateResult[] {
  const m = setup.sampleSize;
  validateRankData(sampled, setup.itemCount, m);
  const out: EstimateResult[] = [];
  for (const method of methods) {
    const sums = new Float64Array(metrics.length);
    let weight = 0;
    for (let i = 0; i < sampled.weights.length; i++) {
      const n = itemCountOf(sampled, i, setup.itemCount);
      const lo = sampled.offsets[i];
      const k = sampled.offsets[i + 1] - lo;
      const w = sampled.weights[i];
      if (k > 1 && method.kind === 'sampled') {
        const ranks = sampled.ranks.subarray(lo, lo + k);
        metrics.forEach((metric, j) => (sums[j] += w * metricOfRanks(metric, ranks, m + k)));
        weight += w;
        continue;
      }
      const vectors = cache.get(method, n);
      for (let t = lo; t < lo + k; t++) {
        // The item's own sampled rank among m + 1 items: its position less the relevant items above it.
        const index = sampled.ranks[t] - 1 - (t - lo);
        if (index < 0 || index > m) throw new InputError(`sampled rank ${sampled.ranks[t]} is outside 1..${m + k}`);
        for (let j = 0; j < metrics.length; j++) sums[j] += w * vectors[j][index];
      }
      weight += w * k;
    }
    metrics.forEach((metric, j) => out.push({ metric: metric.id, method: method.id, estimate: sums[j] / weight }));
  }
  return out;
}

export function estimateMetric(sampled: RankData, metric: Metric, method: Method, setup: CorrectionSetup): number {
  return estimateMetrics(sampled, [metric], [method], setup)[0].estimate;
}
