/**
 * The `separate` model: one fit per distinct (n, m), on the histogram of the users who share it (recover.ts calls it
 * for data with one n, and for every n with `perUserN: 'separate'`). The kernel is the law's own at that n
 * (kernels/rows.ts), or its rows averaged over bins from BINNED_FROM stored items on (kernels/binned.ts: the paper's
 * EM and MES run over the bins and are spread back); the log-likelihood and eq 14 are read through the same rows.
 */
import type { DistributionMethod } from '../../corrections/methods.ts';
import type { EntropyKernel } from '../contracts.ts';
import { bvDistribution } from '../fits/bvDistribution.ts';
import { wmleWeights } from '../fits/mle.ts';
import type { SampledHistogram } from '../histogram.ts';
import type { BinnedKernel } from '../kernels/binned.ts';
import { binnedEntropyKernel, logLikelihoodOf } from '../kernels/binned.ts';
import type { SampledRankKernel } from '../kernels/rows.ts';
import type { DistributionSetup, GroupRecovery, Recovery } from '../recovery.ts';
import type { DistributionCache } from '../store.ts';
import type { FitModel, FitSettings, FitSpace, ModelFit } from './model.ts';
import { fitOn } from './model.ts';

/** One histogram at one (n, m) as a FitModel. */
class SeparateModel implements FitModel {
  readonly sampleSize: number;
  readonly entropyStart = null;
  readonly kernel: SampledRankKernel;
  private readonly counts: Float64Array;

  constructor(
    histogram: SampledHistogram,
    private readonly setup: DistributionSetup,
    private readonly cache: DistributionCache,
  ) {
    this.sampleSize = histogram.sampleSize ?? setup.sampleSize;
    this.kernel = cache.kernels.get(histogram.itemCount, this.sampleSize, setup.sampling);
    this.counts = histogram.counts;
  }

  /** The kernel's rows averaged over bins (the store keeps them), from BINNED_FROM stored items on; else null. */
  binned(): BinnedKernel | null {
    return this.cache.binnedKernel(this.kernel);
  }

  likelihood(binned: boolean) {
    const over = binned ? this.binned() : null;
    if (!over) return { kernel: this.kernel, counts: this.counts, bins: null };
    return { kernel: over.binKernel(), counts: this.counts, bins: over.starts, start: over.shares() };
  }

  likelihoodWeights(weight: 'ndcg' | 'ap', scale: number): Float64Array {
    return wmleWeights(weight, scale, this.sampleSize);
  }

  entropy(): FitSpace<EntropyKernel> {
    // Over the bins of the binned kernel (its π(μ) is constant within a bin), spread back.
    const over = this.binned();
    if (!over) return { kernel: this.kernel, counts: this.counts, bins: null };
    return { kernel: binnedEntropyKernel(this.kernel, over), counts: this.counts, bins: over.starts };
  }

  bvDistribution(gamma: number): Float64Array {
    const { kernel, setup } = this;
    const prior = restrictPrior(setup.prior, kernel.itemCount, setup.itemCount);
    return bvDistribution(kernel, this.cache.bvSystem(kernel, gamma, prior), this.counts, prior);
  }

  /** Σ_users log q(r̃_u) of the fit (eq 19): its objective for mle, else through the kernel's (or bins') rows. */
  logLikelihood(fit: ModelFit): number | null {
    if (fit.objectiveIsLogLikelihood) return fit.objective;
    const over = fit.bins ? this.binned() : null;
    return over
      ? over.logLikelihood(fit.mass, this.counts)
      : logLikelihoodOf(this.kernel, fit.distribution, this.counts);
  }
}

/** The fit of one group of users sharing (n, m). */
export function fitSeparate(
  histogram: SampledHistogram,
  method: DistributionMethod,
  setup: DistributionSetup,
  cache: DistributionCache,
  settings: FitSettings,
): GroupRecovery {
  const model = new SeparateModel(histogram, setup, cache);
  const fit = fitOn(model, method, settings);
  const { distribution, objective, gap, iterations, converged } = fit;
  const logLikelihood = model.logLikelihood(fit);
  const group = { itemCount: histogram.itemCount, weight: histogram.total, distribution, logLikelihood };
  const bins = fit.bins ? { bins: { starts: fit.bins, mass: fit.mass } } : {};
  return { ...group, objective, gap, iterations, converged, ...bins };
}

/** A prior over 1..N restricted to 1..n (renormalised by the solve); as it is for the setup's own n. */
function restrictPrior(
  prior: ArrayLike<number> | null | undefined,
  itemCount: number,
  defaultItemCount: number,
): ArrayLike<number> | null {
  if (!prior || itemCount === defaultItemCount) return prior ?? null;
  return Float64Array.from({ length: itemCount }, (_, r) => (r < prior.length ? prior[r] : 0));
}

/**
 * Every group of users sharing (n, m) fitted on its own; the recovery's P̂ is the groups' mixture by weight (one
 * group: its own P̂), its log-likelihood and objective their sums (MES: the weighted mean of the groups' eq 26).
 */
export function recoverSeparate(
  histograms: readonly SampledHistogram[],
  method: DistributionMethod,
  setup: DistributionSetup,
  cache: DistributionCache,
  settings: FitSettings,
): Recovery {
  const groups = histograms.map((h) => fitSeparate(h, method, setup, cache, settings));
  const itemCount = Math.max(...groups.map((g) => g.itemCount));
  const total = groups.reduce((s, g) => s + g.weight, 0);
  // One group (one n): its P̂ is the mixture (0 + 1 · p = p).
  const distribution = groups.length === 1 ? groups[0].distribution : new Float64Array(itemCount);
  if (groups.length > 1) {
    for (const g of groups) {
      const share = g.weight / total;
      for (let r = 0; r < g.distribution.length; r++) distribution[r] += share * g.distribution[r];
    }
  }
  const sum = (pick: (g: GroupRecovery) => number | null): number | null =>
    groups.some((g) => pick(g) === null) ? null : groups.reduce((s, g) => s + (pick(g) as number), 0);
  const weightedMean = (pick: (g: GroupRecovery) => number | null): number | null => {
    const s = sum((g) => (pick(g) === null ? null : (pick(g) as number) * g.weight));
    return s === null ? null : s / total;
  };
  const perGroupMean = method.kind === 'mes';
  return {
    method: method.id,
    itemCount,
    distribution,
    logLikelihood: sum((g) => g.logLikelihood),
    objective: perGroupMean ? weightedMean((g) => g.objective) : sum((g) => g.objective),
    gap: perGroupMean ? weightedMean((g) => g.gap) : sum((g) => g.gap),
    iterations: groups.reduce((s, g) => s + g.iterations, 0),
    converged: groups.every((g) => g.converged),
    groups,
    perUserN: 'separate',
    relative: null,
  };
}
