/**
 * The per-user-n models of recover.ts that fit one distribution of the relative position for every user (`shared`,
 * `interpolated`, `pooled`; shared.ts, pooledFit.ts) as a Recovery: each group's P̂_g = A_g π̂, mixed by weight,
 * built only when asked for. MES warm-starts from the previous fit's dual point when the options ask for it.
 */
import { samplingLaw } from '../../law/index.ts';
import { itemCountNodes } from '../../corrections/itemCountGrid.ts';
import type { DistributionMethod } from '../../corrections/methods.ts';
import type { SampledHistogram } from '../histogram.ts';
import type { EntropyDual } from '../fits/mes.ts';
import { fitPooled } from './pooled.ts';
import type { DistributionCache } from '../store.ts';
import type { DistributionSetup, GroupRecovery, Recovery } from '../recovery.ts';
import type { SharedGroupFit } from './shared.ts';
import type { PerUserN } from '../defaults.ts';
import { fitShared } from './shared.ts';
import type { FitSettings } from './model.ts';

/**
 * The nodes of n of the `interpolated` model: a geometric grid 10% apart over the groups' n (corrections/
 * itemCountGrid.ts), or null when it would not have fewer nodes than there are distinct n (then every n is exact).
 */
export function sharedItemCountNodes(itemCounts: Iterable<number>): number[] | null {
  const distinct = [...new Set(itemCounts)];
  const nodes = itemCountNodes(Math.min(...distinct), Math.max(...distinct));
  return nodes.length < distinct.length ? nodes : null;
}

/** The given nodes (FitOptions.itemCountNodes) where they increase and cover the histograms' n, else their own. */
function kernelNodes(histograms: readonly SampledHistogram[], given: readonly number[] | null | undefined) {
  const own = () => sharedItemCountNodes(histograms.map((h) => h.itemCount));
  if (given === undefined) return own();
  if (given === null) return null;
  const increasing =
    given.length >= 2 && given.every((v, k) => Number.isSafeInteger(v) && (k === 0 || v > given[k - 1]));
  const covers =
    increasing && histograms.every((h) => h.itemCount >= given[0] && h.itemCount <= given[given.length - 1]);
  return covers ? [...given] : own();
}

/** A group of a shared fit as a GroupRecovery, reading its P̂_g and log-likelihood from the fit's group when asked. */
class GroupOfShared implements GroupRecovery {
  readonly itemCount: number;
  readonly weight: number;
  readonly objective = null;
  readonly gap = null;
  constructor(
    private readonly group: SharedGroupFit,
    readonly iterations: number,
    readonly converged: boolean,
  ) {
    this.itemCount = group.itemCount;
    this.weight = group.weight;
  }

  get logLikelihood(): number | null {
    return this.group.logLikelihood;
  }

  get distribution(): Float64Array {
    return this.group.distribution;
  }
}

/** The shared relative-position fit (shared.ts) as a Recovery: each group's P̂_g = A_g π̂, mixed by weight. */
export function recoverShared(
  histograms: readonly SampledHistogram[],
  method: DistributionMethod,
  setup: DistributionSetup,
  cache: DistributionCache,
  model: Exclude<PerUserN, 'separate'>,
  fitSettings: FitSettings,
): Recovery {
  const fit = setup.fit ?? {};
  const mes = method.kind === 'mes';
  const settings = {
    sampleSize: setup.sampleSize,
    sampling: setup.sampling,
    ...fitSettings,
    prior: setup.prior,
    itemCountNodes: model === 'interpolated' ? kernelNodes(histograms, fit.itemCountNodes) : null,
    entropyStart: null as EntropyDual | null,
  };
  const startKey = `${method.id}|${setup.itemCount}|${samplingLaw(setup.sampling).id}|${model}`;
  if (mes && fit.warmStart) settings.entropyStart = cache.entropyStarts.get(startKey) ?? null;
  const shared = (model === 'pooled' ? fitPooled : fitShared)(
    histograms,
    method,
    settings,
    cache.pooledKernels,
    cache.columns,
    cache.binnedColumns,
  );
  // The first fit's dual point stays the start of all later ones (the bootstrap's point fit: every resample then
  // starts from the same point, so slices of the resamples computed apart give the same values as one run).
  if (mes && fit.warmStart && shared.dual && !cache.entropyStarts.has(startKey)) {
    cache.entropyStarts.set(startKey, shared.dual);
  }
  const groups = shared.groups.map((g) => new GroupOfShared(g, shared.iterations, shared.converged));
  // The groups' P̂_g and their mixture are built only when asked for (eq 14 reads π̂ directly): for hundreds of
  // distinct n they cost more than the fit.
  let mixture: Float64Array | null = null;
  const mixed = () => {
    if (mixture) return mixture;
    const total = shared.groups.reduce((s, g) => s + g.weight, 0);
    mixture = new Float64Array(shared.itemCount);
    for (const g of shared.groups) {
      const p = g.distribution;
      const w = g.weight / total;
      for (let r = 0; r < p.length; r++) mixture[r] += w * p[r];
    }
    return mixture;
  };
  return {
    method: method.id,
    itemCount: shared.itemCount,
    get distribution() {
      return mixed();
    },
    get logLikelihood() {
      return shared.logLikelihood;
    },
    objective: shared.objective,
    gap: shared.gap,
    iterations: shared.iterations,
    converged: shared.converged,
    groups,
    perUserN: model,
    relative: shared.relative,
  };
}
