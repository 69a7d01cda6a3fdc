export type { ColumnKernel, EntropyKernel, KernelGroup, PooledGroup } from './contracts.ts';
export type { SampledHistogram } from './histogram.ts';
export { sampledHistograms } from './histogram.ts';
export { SampledRankKernel, KernelCache } from './kernels/rows.ts';
export { STORED_KERNEL_LIMIT } from './defaults.ts';
export type { LikelihoodFit, LikelihoodFitOptions } from './fits/em.ts';
export * from './fits/mle.ts';
export type { EntropyFit, EntropyFitOptions } from './fits/mes.ts';
export type { SharedFit, SharedGroupFit, SharedMethod, SharedSettings } from './models/shared.ts';
export type { PerUserN } from './defaults.ts';
export { fitShared } from './models/shared.ts';
export { PER_USER_N } from './defaults.ts';
export { fitPooled, poolHistograms } from './models/pooled.ts';
export { ColumnCache } from './kernels/columnCache.ts';
export { StackedKernel } from './kernels/stacked.ts';
export { PooledKernel } from './kernels/pooled.ts';
export { PooledKernelCache } from './kernels/pooledCache.ts';
export { mapRank, pullBack, pushForward } from './kernels/rankMap.ts';
export { drawTrueRanks, recoveredTop } from './recoveredRanks.ts';
export { fitMaximalEntropy, mesEntropyWeight } from './fits/mes.ts';
export { bvDistribution, bvSystem } from './fits/bvDistribution.ts';
export {
  metricCurveFromDistribution,
  metricFromDistribution,
  sharedDistributionMetrics,
} from './metricsFromDistribution.ts';
export type { DistributionSetup, FitOptions, FittedDistribution, GroupRecovery, Recovery } from './recovery.ts';
export {
  checkDistributionSetup,
  defaultPerUserN,
  distributionMetrics,
  recoverDistribution,
  recoverFromHistograms,
} from './recover.ts';
export type { KernelStores } from './store.ts';
export { DistributionCache, kernelStores } from './store.ts';
export { sharedItemCountNodes } from './models/perUserN.ts';
export { BINNED_FROM } from './defaults.ts';
