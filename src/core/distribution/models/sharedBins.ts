/**
 * The per-user-n fits (shared.ts) over bins of the reference ranks R = 1..N from BINNED_FROM on (binnedKernel.ts):
 * EM on the users' kernel columns averaged over each bin (columnCache.ts's binned ColumnCache), from each bin's
 * share of the ranks, and MES on the pooled kernel's rows averaged over each bin (pooledKernel.ts), each bin's size
 * the base measure of its entropy (mes.ts); both spread back over the ranks (spreadBins).
 */
import type { SampledRankLaw } from '../../law/index.ts';
import { BINNED_FROM } from '../kernels/binned.ts';
import { binShares, binSizes } from '../kernels/bins.ts';
import { InterpolatedKernel } from '../kernels/interpolated.ts';
import { STORED_KERNEL_LIMIT } from '../defaults.ts';
import type { PooledKernel } from '../kernels/pooled.ts';
import type { ColumnCache } from '../kernels/columnCache.ts';
import { StackedKernel } from '../kernels/stacked.ts';
import type { EntropyKernel, KernelGroup, PooledGroup } from '../contracts.ts';

/** The bins of the reference ranks when the fit runs on them (a binned cache, N ≥ BINNED_FROM), else null. */
export function sharedBins(reference: number, cache: ColumnCache | undefined): Int32Array | null {
  return cache?.binned && reference >= BINNED_FROM ? cache.bins(reference) : null;
}

/**
 * The likelihood's kernel over the bins, with EM's start (each bin's share of the ranks): interpolated between node
 * columns, or the groups' own columns where they fit the store (StackedKernel does not stream binned columns).
 * Null when they would not: EM then runs over every rank.
 */
export function binnedLikelihoodKernel(
  reference: number,
  groups: readonly KernelGroup[],
  law: SampledRankLaw,
  nodes: readonly number[] | null,
  cache: ColumnCache,
  bins: Int32Array,
): { kernel: InterpolatedKernel | StackedKernel; start: Float64Array } | null {
  const columns = groups.reduce((s, g) => s + g.observed.length, 0);
  if (!nodes && columns * (bins.length - 1) > STORED_KERNEL_LIMIT) return null;
  const kernel = nodes
    ? new InterpolatedKernel(reference, groups, law, nodes, cache)
    : new StackedKernel(reference, groups, law, undefined, cache);
  return { kernel, start: binShares(bins) };
}

/**
 * The pooled kernel averaged over the bins (PooledKernel.binned), as MES's kernel over them: each bin's size the base
 * measure of its entropy (mes.ts `sizes`); the fit is spread back over the ranks (models/model.ts fitOn).
 */
export function pooledOverBins(kernel: PooledKernel, groups: readonly PooledGroup[], bins: Int32Array): EntropyKernel {
  const binned = kernel.binned(bins, groups);
  return {
    itemCount: binned.itemCount,
    sizes: binSizes(bins),
    restrict: (indices: Int32Array) => binned.restrict(indices),
    moments: (indices: Int32Array) => binned.moments(indices),
  };
}
