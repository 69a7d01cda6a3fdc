/**
 * What repeated rank-distribution fits share (bootstrap, studies, a worker's jobs): the kernels, which depend on
 * (n, m, law) and the groups' shares only (`KernelStores`, one set per worker), and per request the BV systems
 * (their prior) and MES's warm starts (`DistributionCache`). Used by recover.ts, recoverShared.ts and shared.ts.
 */
import { BINNED_FROM, BinnedKernel } from './kernels/binned.ts';
import { bvSystem } from './fits/bvDistribution.ts';
import type { SampledRankKernel } from './kernels/rows.ts';
import { KernelCache } from './kernels/rows.ts';
import { STORED_KERNEL_LIMIT } from './defaults.ts';
import type { EntropyDual } from './fits/mes.ts';
import { PooledKernelCache } from './kernels/pooledCache.ts';
import { ColumnCache } from './kernels/columnCache.ts';
import { KernelScratch } from './kernels/scratch.ts';
import { MetricTables } from './metricsFromDistribution.ts';

/**
 * The kernels of the fits, which depend on (n, m, law) and the groups' shares only, never on the data fitted or
 * the request: a worker keeps one set for all its jobs (workers/jobs.ts workerKernels), so that the groups of methods
 * of one data set, and its points and intervals, build them once. Each cache is bounded (least recently used dropped).
 */
export interface KernelStores {
  readonly kernels: KernelCache;
  /** Pooled kernels of the per-user-n MES and bv-dist, and the columns of the per-user-n likelihood (shared.ts). */
  readonly pooledKernels: PooledKernelCache;
  /** In a WebAssembly arena where it runs (columnCache.ts ColumnCache). */
  readonly columns: ColumnCache;
  /** The same columns averaged over bins of reference ranks, for the per-user-n EM on bins (shared.ts). */
  readonly binnedColumns: ColumnCache;
  /** The binned kernels of the stored kernels (kernels/binned.ts), by kernel. */
  readonly binnedKernels: WeakMap<SampledRankKernel, BinnedKernel>;
  /** What eq 14 keeps across fits (metricsFromDistribution.ts). */
  readonly metricTables: MetricTables;
}

/**
 * One set of stores: every cache of the fits, and the working memories their kernels share (kernels/scratch.ts). The
 * core keeps none of its own: whoever fits (a worker, the CLI, a study) holds the stores as long as it likes.
 */
export function kernelStores(): KernelStores {
  const scratch = new KernelScratch();
  return {
    kernels: new KernelCache(STORED_KERNEL_LIMIT, scratch),
    pooledKernels: new PooledKernelCache(4, scratch),
    columns: new ColumnCache(STORED_KERNEL_LIMIT, true),
    binnedColumns: new ColumnCache(STORED_KERNEL_LIMIT, true, true),
    binnedKernels: new WeakMap(),
    metricTables: new MetricTables(),
  };
}

/**
 * Kernels (`KernelStores`, own or shared) and BV systems shared by repeated fits (bootstrap, studies), and what
 * depends on the request: the BV systems (their prior) and MES's warm starts.
 */
export class DistributionCache {
  readonly kernels: KernelCache;
  readonly pooledKernels: PooledKernelCache;
  readonly columns: ColumnCache;
  readonly binnedColumns: ColumnCache;
  readonly metricTables: MetricTables;
  private readonly binnedKernels: WeakMap<SampledRankKernel, BinnedKernel>;
  private readonly systems = new Map<string, Float64Array>();
  /** The dual point of the first per-user-n mes fit by method, n and law (FitOptions.warmStart). */
  readonly entropyStarts = new Map<string, EntropyDual>();
  constructor(stores: KernelStores = kernelStores()) {
    this.kernels = stores.kernels;
    this.pooledKernels = stores.pooledKernels;
    this.columns = stores.columns;
    this.binnedColumns = stores.binnedColumns;
    this.binnedKernels = stores.binnedKernels;
    this.metricTables = stores.metricTables;
  }
  /** The kernel's rows averaged over bins of ranks (binnedKernel.ts) from BINNED_FROM stored items on, else null. */
  binnedKernel(kernel: SampledRankKernel): BinnedKernel | null {
    if (kernel.itemCount < BINNED_FROM || !kernel.stored) return null;
    let binned = this.binnedKernels.get(kernel);
    if (!binned) this.binnedKernels.set(kernel, (binned = new BinnedKernel(kernel)));
    return binned;
  }
  bvSystem(kernel: SampledRankKernel, gamma: number, prior: ArrayLike<number> | null): Float64Array {
    const key = `${kernel.itemCount}|${kernel.sampleSize}|${kernel.law.id}|${gamma}`;
    let system = this.systems.get(key);
    if (!system) this.systems.set(key, (system = bvSystem(kernel, gamma, prior)));
    return system;
  }
}
