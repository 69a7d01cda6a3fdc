/**
 * One rank distribution shared by users who each have their own catalogue size n_u (and sample size m_u): Jin et
 * al. 2021's estimators with their relative position θ_R = (R − 1)/(N − 1) (eq 17) as the shared quantity.
 *
 * Model. π is a distribution over the ranks R = 1..N of a reference catalogue, N = the largest n_u: the relative
 * position of the held-out item is θ_R with probability π_R, for every user. User u's own true rank is θ_R carried
 * onto its catalogue, r ~ A_u(· | R) (rankMap.ts: x = θ_R (n_u − 1) items above it, split between ⌊x⌋ and ⌊x⌋ + 1),
 * and its sampled rank r̃_u follows the sampling law of its own (n_u, m_u) (eq 16 with replacement; hypergeometric
 * without):
 *   p_u(r̃ | R) = Σ_r A_u(r | R) p(r̃ | r; n_u, m_u).
 * With replacement p_u(r̃ | R) is, up to the interpolation, Bin(r̃ − 1; m_u, θ_R) for every n_u (eq 16–17: the
 * kernel does not depend on n_u at all); without replacement it depends on n_u through the hypergeometric law,
 * weakly once n_u ≫ m_u. Both are used exactly here.
 *
 * mle / wmle. The log-likelihood of eq 19 with the per-user kernels, weighted as in eq 22:
 *   ℓ(π) = Σ_u w(r̃_u) log Σ_R π_R p_u(r̃_u | R),
 * concave in π as before, maximised by the same EM (eq 20/21 with p_u: π_R ← π_R Σ_u (w_u / W) p_u(r̃_u | R) / q_u,
 * eq 23 for the weights), SQUAREM or Newton (mle.ts). Users sharing (n, m, r̃) share a term, so the kernel's columns
 * are the observed (n, m, r̃) triples (stackedKernel.ts), at most one per user.
 * mes. Eq 25's distance between the empirical law P̃ of the sampled ranks over all users and the law of the sampled
 * rank of a user drawn from the data, q̄ = K̄ π with K̄ = Σ_g (W_g / W) p_g (pooledKernel.ts): the data are one
 * sample of that mixture, and per-n empirical laws (a few users each) would be far too noisy to match. Eq 26–27 are
 * then solved as for one n (mes.ts).
 * bv-dist. Eq 15 on the same pooled kernel and pooled P̃ (bvDistribution.ts), with the prior over R = 1..N; its
 * P̂ may be negative, as for one n.
 * eq 14. Each user's metric is read off its own rank distribution A_u π̂ with its own n_u:
 *   metric@K = Σ_g (W_g / W) Σ_r (A_g π̂)_r M(r; n_g);
 * the reported P̂(R), R = 1..N, is Σ_g (W_g / W) A_g π̂: the distribution of the true rank of a user drawn from the
 * data, comparable with the empirical P(R) of the true ranks (eq 13).
 * When every user has the same n = N and m this is exactly the single-n estimator (A = identity, K̄ = K).
 */
import type { PooledGroup } from '../contracts.ts';
import { bvDistributionPooled } from '../fits/bvDistribution.ts';
import type { EntropyDual } from '../fits/mes.ts';
import { wmleWeights, type LikelihoodAlgorithm, type WmleWeight } from '../fits/mle.ts';
import { observedIndices, type SampledHistogram } from '../histogram.ts';
import type { ColumnCache } from '../kernels/columnCache.ts';
import { InterpolatedKernel, nodeShares } from '../kernels/interpolated.ts';
import type { PooledKernel } from '../kernels/pooled.ts';
import { PooledKernelCache } from '../kernels/pooledCache.ts';
import { pushForward, withLazyField } from '../kernels/rankMap.ts';
import { StackedKernel } from '../kernels/stacked.ts';
import { binnedLikelihoodKernel, pooledOverBins, sharedBins } from './sharedBins.ts';
import { samplingLaw, type LawLike } from '../../law/index.ts';
import type { FitModel, FittedMethod } from './model.ts';
import { fitOn } from './model.ts';

/** The estimators a shared fit takes (model.ts FittedMethod). */
export type SharedMethod = FittedMethod;

export interface SharedSettings {
  readonly sampleSize: number;
  /** The law of the sampled rank (law/law.ts), or its id. */
  readonly sampling: LawLike;
  readonly tolerance: number;
  readonly maxIterations: number;
  readonly algorithm: LikelihoodAlgorithm;
  /** bv-dist's prior p(R) over the reference ranks R = 1..N (uniform when absent). */
  readonly prior?: ArrayLike<number> | null;
  /**
   * Nodes of n (sorted, spanning the groups' n) between which the groups' kernels are interpolated
   * (interpolatedKernel.ts: the `interpolated` model); absent: each group's exact kernel.
   */
  readonly itemCountNodes?: readonly number[] | null;
  /** mes: Newton's start, the dual point of a nearby fit (mes.ts); absent: μ = 0. */
  readonly entropyStart?: EntropyDual | null;
}

export interface SharedGroupFit {
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly weight: number;
  /** A_g π̂ over the group's ranks 1..n_g. */
  readonly distribution: Float64Array;
  /** Σ over the group's users of log p_g(r̃_u | π̂) (eq 19's terms), null when one is −∞. */
  readonly logLikelihood: number | null;
}

export interface SharedFit {
  /** The reference catalogue size N (the largest n). */
  readonly itemCount: number;
  /** π̂ over R = 1..N: the distribution of the relative position θ_R. */
  readonly relative: Float64Array;
  readonly groups: readonly SharedGroupFit[];
  readonly logLikelihood: number | null;
  /** eq 19 / 22 (mle, wmle: sums over users), eq 26 (mes); null for bv-dist. */
  readonly objective: number | null;
  readonly gap: number | null;
  readonly iterations: number;
  readonly converged: boolean;
  /** mes: the dual point of the fit (a start for the next, `SharedSettings.entropyStart`). */
  readonly dual?: EntropyDual;
}

/**
 * A group of a shared fit, its P̂_g and log-likelihood computed on first read. A class, its getters on the prototype:
 * a fit makes hundreds of groups (one per distinct n), and a bootstrap reads none of these two on its resamples
 * (getters in an object literal made two closures per group, and defineProperty a slow dictionary object).
 */
class LazySharedGroup implements SharedGroupFit {
  private own: Float64Array | null = null;
  constructor(
    readonly itemCount: number,
    readonly sampleSize: number,
    readonly weight: number,
    private readonly relative: Float64Array,
    private readonly reference: number,
    private readonly logs: () => (number | null)[],
    private readonly index: number,
  ) {}

  get distribution(): Float64Array {
    return (this.own ??= pushForward(this.relative, this.reference, this.itemCount, new Float64Array(this.itemCount)));
  }

  get logLikelihood(): number | null {
    return this.logs()[this.index];
  }
}

/** Fits one π̂ over the relative positions on histograms of users with their own (n, m) (at least one histogram). */
export function fitShared(
  histograms: readonly SampledHistogram[],
  method: SharedMethod,
  settings: SharedSettings,
  pooledKernels: PooledKernelCache = new PooledKernelCache(),
  columns?: ColumnCache,
  binnedColumns?: ColumnCache,
): SharedFit {
  const reference = Math.max(...histograms.map((h) => h.itemCount));
  const sampleSizes = histograms.map((h) => h.sampleSize ?? settings.sampleSize);
  const law = samplingLaw(settings.sampling);
  const observed = histograms.map((h) => observedIndices(h.counts));
  const kernelGroups = histograms.map((h, g) => ({
    itemCount: h.itemCount,
    sampleSize: sampleSizes[g],
    observed: observed[g],
  }));
  const nodes = settings.itemCountNodes ?? null;
  // The per-group kernel: the likelihood fits need it; mes and bv-dist only for the log-likelihoods, read lazily.
  let stackedKernel: StackedKernel | InterpolatedKernel | null = null;
  const stacked = () =>
    (stackedKernel ??= nodes
      ? new InterpolatedKernel(reference, kernelGroups, law, nodes, columns)
      : new StackedKernel(reference, kernelGroups, law, undefined, columns));
  // The counts of the stacked columns (g, i), group after group.
  const counts = new Float64Array(observed.reduce((s, o) => s + o.length, 0));
  let column = 0;
  for (let g = 0; g < histograms.length; g++) {
    for (const i of observed[g]) counts[column++] = histograms[g].counts[i];
  }
  // The pooled kernel K̄ and the pooled counts of MES and bv-dist (eq 25 matches the law of a user drawn from the data).
  let pooledSpace: { kernel: PooledKernel; counts: Float64Array; groups: readonly PooledGroup[] } | null = null;
  const pooledOnes = () => {
    if (pooledSpace) return pooledSpace;
    const total = histograms.reduce((s, h) => s + h.total, 0);
    const pooled = new Float64Array(Math.max(...sampleSizes) + 1);
    for (const h of histograms) for (let i = 0; i < h.counts.length; i++) pooled[i] += h.counts[i];
    const own = histograms.map((h, g) => ({
      itemCount: h.itemCount,
      sampleSize: sampleSizes[g],
      share: h.total / total,
    }));
    const groups = nodes ? nodeShares(own, nodes) : own;
    return (pooledSpace = { kernel: pooledKernels.get(reference, groups, law), counts: pooled, groups });
  };
  const model: FitModel = {
    // The papers' code has one m; with users of several m, the pooled law's (the largest) scales MES's E.
    sampleSize: Math.max(...sampleSizes),
    entropyStart: settings.entropyStart ?? null,
    likelihood(binned) {
      // The paper's EM from BINNED_FROM reference ranks on: over bins of them (sharedBins.ts), spread back.
      const bins = binned ? sharedBins(reference, binnedColumns) : null;
      const over =
        bins && binnedColumns && binnedLikelihoodKernel(reference, kernelGroups, law, nodes, binnedColumns, bins);
      if (!over || !bins) return { kernel: stacked(), counts, bins: null };
      return { kernel: over.kernel, counts, bins, start: over.start };
    },
    likelihoodWeights: (weight, scale) => columnWeights({ weight, scale }, sampleSizes, observed),
    entropy() {
      const { kernel, counts: pooled, groups } = pooledOnes();
      // From BINNED_FROM reference ranks on, over bins of them (sharedBins.ts).
      const bins = sharedBins(reference, binnedColumns);
      if (!bins) return { kernel, counts: pooled, bins: null };
      return { kernel: pooledOverBins(kernel, groups, bins), counts: pooled, bins };
    },
    bvDistribution(gamma) {
      const { kernel, counts: pooled } = pooledOnes();
      return bvDistributionPooled(kernel, pooled, gamma, settings.prior);
    },
  };
  const fit = fitOn(model, method, settings);
  const relative = fit.distribution;
  // Read lazily (the bootstrap's resamples read only the metrics).
  let logs: (number | null)[] | null = null;
  const groupLogs = () => (logs ??= groupLogLikelihoods(stacked(), relative, counts));
  const groups = histograms.map(
    (h, g) => new LazySharedGroup(h.itemCount, sampleSizes[g], h.total, relative, reference, groupLogs, g),
  );
  const { objective, gap, iterations, converged, dual } = fit;
  return withLazyField(
    { itemCount: reference, relative, groups, objective, gap, iterations, converged, dual },
    'logLikelihood',
    () => {
      const all = groupLogs();
      return all.some((v) => v === null) ? null : all.reduce((s: number, v) => s + (v as number), 0);
    },
  );
}

/** Each group's Σ_i counts_i log q_i, q = K π (its columns of the stacked kernel); null when an observed q_i ≤ 0. */
function groupLogLikelihoods(
  kernel: StackedKernel | InterpolatedKernel,
  pi: Float64Array,
  counts: Float64Array,
): (number | null)[] {
  const q = kernel.multiply(pi, new Float64Array(kernel.size));
  return kernel.groups.map((_, g) => {
    let sum = 0;
    for (let j = kernel.offsets[g]; j < kernel.offsets[g + 1]; j++) {
      if (!(q[j] > 0)) return null;
      sum += counts[j] * Math.log(q[j]);
    }
    return sum;
  });
}

/** eq 22's w(r̃) of every kernel column (group after group, its observed r̃), one table per distinct m. */
function columnWeights(
  method: { readonly weight: WmleWeight; readonly scale: number },
  sampleSizes: readonly number[],
  observed: readonly Int32Array[],
): Float64Array {
  const tables = new Map<number, Float64Array>();
  const out = new Float64Array(observed.reduce((s, o) => s + o.length, 0));
  let k = 0;
  observed.forEach((columns, g) => {
    const m = sampleSizes[g];
    let w = tables.get(m);
    if (!w) tables.set(m, (w = wmleWeights(method.weight, method.scale, m)));
    for (const i of columns) out[k++] = w[i];
  });
  return out;
}
