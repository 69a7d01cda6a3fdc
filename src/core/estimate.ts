/**
 * Estimates of exact metrics from sampled ranks r̃ ∈ 1..m+1: the mean over instances of M̂(r̃), where M̂ is the
 * sampled metric itself (`sampled`) or a correction vector (section 5). Instances with their own n get the
 * correction computed exactly for that n (one vector per distinct n, cached). Instances with several relevant items
 * are handled as the paper's conclusion suggests: `sampled` computes the set metric on the sample (eqs 2–6 with
 * m + k items), and a correction treats each relevant item as an independent single-item instance.
 * The rank-distribution methods of Jin et al. 2021 (`mle`, `wmle`, `mes`) fit P̂(R) on the histogram of the sampled
 * ranks and apply eq 14; instances with their own n share one fit of the relative position (R − 1)/(N − 1), each
 * keeping its n in eq 14 (distribution/recover.ts: `pooled` by default with replacement, `shared` without;
 * `setup.fit.perUserN: 'separate'` fits every distinct n on its own instead);
 * `bv-dist:γ` needs no fit: eq 14 applied to its P̂ (eq 15) is exactly the `bv:γ` estimate, by linearity, so it uses
 * the bv vectors (exact per n).
 */
import type { CorrectionSetup } from './corrections/correction.ts';
import { CorrectionKernel, correctionVectors } from './corrections/correction.ts';
import {
  interpolableInItemCount,
  interpolateInItemCount,
  interpolationNodes,
  ITEM_COUNT_STEP,
  minimumItemCountRatio,
} from './corrections/itemCountGrid.ts';
import type { Method } from './corrections/methods.ts';
import { sampledHistograms } from './distribution/histogram.ts';
import type { FitOptions } from './distribution/recovery.ts';
import { sharedItemCountNodes } from './distribution/models/perUserN.ts';
import { DistributionCache } from './distribution/store.ts';
import {
  checkDistributionSetup,
  distributionMetrics,
  recoverFromHistograms,
  defaultPerUserN,
} from './distribution/recover.ts';
import { InputError } from './errors.ts';
import { estimatorOf, isDistributionMethod, lawRefusal } from './estimators.ts';
import { sampledMetricVector } from './expected.ts';
import type { Metric } from './metrics.ts';
import { metricOfRanks } from './metrics.ts';
import type { RankData } from './rankData.ts';
import { itemCountOf, validateRankData } from './rankData.ts';
import { unwrap } from './result.ts';
import { validateSamplingSetup } from './law/index.ts';

/** The setup of the estimates: the corrections' (n, m, sampling, prior) and the distribution fits' options. */
export interface EstimateSetup extends CorrectionSetup {
  readonly fit?: FitOptions;
  /**
   * How the corrections of many distinct per-instance n are obtained (`prepare`): `exact` solves every n (the
   * default), `interpolated` solves a geometric grid of n and interpolates in between (itemCountGrid.ts, error
   * bounded there).
   */
  readonly itemCountVectors?: 'exact' | 'interpolated';
}

/** Caches estimator vectors M̂ per (method, n): out[metric][r̃ − 1], and the kernels of the distribution fits. */
export class EstimatorVectors {
  private readonly cache = new Map<string, Float64Array[]>();
  /** The last n's shared system and moments (CLS and every BV γ at that n reuse them). */
  private kernel: CorrectionKernel | null = null;
  /** How many correction solves (method, n) were run, and the interpolation nodes of the last `prepare`. */
  solves = 0;
  nodes: number[] | null = null;
  /** `distributions`: the fits' kernels, own by default (a worker passes one over its shared KernelStores). */
  constructor(
    readonly metrics: readonly Metric[],
    readonly setup: EstimateSetup,
    readonly distributions = new DistributionCache(),
  ) {}

  /**
   * Eq 14 estimates of every metric from a fitted P̂ (mle, wmle, mes), one per metric; `options` in place of the
   * setup's fit options (a bootstrap resample's: ties/sampledResampling.ts).
   */
  fitted(method: Method, sampled: RankData, options: FitOptions | undefined = this.setup.fit): number[] {
    if (!isDistributionMethod(method)) throw new Error(`${method.id} is not a rank-distribution method`);
    const bad = lawRefusal(method, this.setup.sampling) ?? checkDistributionSetup(method, this.setup);
    if (bad) throw new InputError(bad);
    const { itemCount, sampleSize, sampling } = this.setup;
    const histograms = unwrap(sampledHistograms(sampled, itemCount, sampleSize, sampling));
    const fit = { ...options, perUserN: options?.perUserN ?? defaultPerUserN(sampling) };
    const recovery = recoverFromHistograms(histograms, method, { ...this.setup, fit }, this.distributions);
    return distributionMetrics(recovery, this.metrics, this.distributions.metricTables);
  }

  /**
   * Computes the vectors of every vector method in `methods` for every n in `itemCounts` (n outermost, so the
   * methods share each n's system and moments), interpolating in n where setup.itemCountVectors is `interpolated`
   * and it pays (itemCountGrid.ts). Later `get` calls read them from the cache.
   */
  prepare(methods: readonly Method[], itemCounts: Iterable<number>): void {
    const { distinct, vectorMethods, plans, solved } = this.plan(methods, itemCounts);
    this.nodes = plans.size > 0 ? [...plans.values()][0] : null;
    for (const n of [...solved].sort((a, b) => a - b)) {
      for (const method of vectorMethods) {
        const nodes = plans.get(method);
        if (nodes && !nodes.includes(n)) continue;
        this.get(method, n);
      }
    }
    for (const [method, nodes] of plans) {
      const atNode = (a: number) => this.get(method, nodes[a]);
      for (const n of distinct) {
        const key = `${method.id}|${n}`;
        if (!this.cache.has(key)) this.cache.set(key, interpolateInItemCount(nodes, atNode, n));
      }
    }
  }

  /** How many correction solves `prepare(methods, itemCounts)` runs (for progress reports). */
  plannedSolves(methods: readonly Method[], itemCounts: Iterable<number>): number {
    const { distinct, vectorMethods, plans } = this.plan(methods, itemCounts);
    return vectorMethods.reduce((s, method) => s + (plans.get(method)?.length ?? distinct.length), 0);
  }

  /** The distinct n, the methods with vectors, the interpolation nodes of each method that has them, every n solved. */
  private plan(methods: readonly Method[], itemCounts: Iterable<number>) {
    const distinct = [...new Set(itemCounts)].sort((a, b) => a - b);
    const vectorMethods = methods.filter((method) => !needsFit(method) && method.kind !== 'sampled');
    const { sampleSize, sampling, prior } = this.setup;
    const interpolate = this.setup.itemCountVectors === 'interpolated';
    const plans = new Map<Method, number[]>();
    for (const method of vectorMethods) {
      if (!interpolate || !interpolableInItemCount(method, !prior)) continue;
      const ratio = minimumItemCountRatio(method, sampling);
      const nodes = interpolationNodes(distinct, sampleSize, ITEM_COUNT_STEP, ratio);
      if (nodes) plans.set(method, nodes);
    }
    const solved = new Set(distinct);
    for (const nodes of plans.values()) nodes.forEach((n) => solved.add(n));
    return { distinct, vectorMethods, plans, solved };
  }

  get(method: Method, itemCount: number): Float64Array[] {
    const { sampleSize, sampling } = this.setup;
    validateSamplingSetup(itemCount, sampleSize, sampling);
    // The sampled metric M(r̃) on m + 1 items does not depend on n: one vector per metric serves every n (a sweep
    // over MovieLens's 744 distinct n built 744 identical vectors at each m it visited).
    const key = method.kind === 'sampled' ? method.id : `${method.id}|${itemCount}`;
    let vectors = this.cache.get(key);
    if (!vectors) {
      const refused = lawRefusal(method, sampling);
      if (refused) throw new InputError(refused);
      const prior = itemCount === this.setup.itemCount ? this.setup.prior : truncatePrior(this.setup.prior, itemCount);
      if (method.kind === 'sampled') {
        vectors = this.metrics.map((metric) => sampledMetricVector(metric, sampleSize));
      } else if (method.kind === 'mle' || method.kind === 'wmle' || method.kind === 'mes') {
        throw new Error(`${method.id} has no estimator vector: it fits P̂ on the whole sample (use fitted)`);
      } else {
        const bv = method.kind === 'bv' || method.kind === 'bv-dist';
        const setup = { itemCount, sampleSize, sampling, prior };
        if (this.kernel?.setup.itemCount !== itemCount) this.kernel = new CorrectionKernel(this.metrics, setup);
        this.solves++;
        vectors = correctionVectors(
          this.metrics,
          {
            ...setup,
            method: method.kind === 'bv-dist' ? 'bv' : method.kind,
            gamma: bv ? method.gamma : undefined,
          },
          this.kernel,
        );
      }
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
  setup: EstimateSetup,
  cache = new EstimatorVectors(metrics, setup),
): EstimateResult[] {
  const m = setup.sampleSize;
  validateRankData(sampled, setup.itemCount, m);
  const out: EstimateResult[] = [];
  for (const method of methods) {
    if (needsFit(method)) {
      const values = cache.fitted(method, sampled, setup.fit);
      metrics.forEach((metric, j) => out.push({ metric: metric.id, method: method.id, estimate: values[j] }));
      continue;
    }
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

/** True for the methods that fit P̂ on the whole sample (mle, wmle, mes) rather than average a vector M̂(r̃). */
export function needsFit(method: Method): boolean {
  return estimatorOf(method).fits;
}

/**
 * The setup for the bootstrap resamples of `data`: the per-user-n fits interpolate on the grid of n of the data
 * themselves (FitOptions.itemCountNodes), the point estimate's, not on one of each resample's own n range (a
 * resample without the data's smallest or largest n had other nodes, hence another model and kernels of its own to
 * build). Unchanged without per-instance n or with nodes given.
 */
export function resampleSetup(setup: EstimateSetup, data: RankData): EstimateSetup {
  if (!data.itemCounts || data.itemCounts.length === 0 || setup.fit?.itemCountNodes !== undefined) return setup;
  return { ...setup, fit: { ...setup.fit, itemCountNodes: sharedItemCountNodes(data.itemCounts) } };
}
