export type { SampledHistogram } from './histogram.ts';
export { sampledHistograms } from './histogram.ts';
export { SampledRankKernel, KernelCache, STORED_KERNEL_LIMIT } from './kernel.ts';
export type { LikelihoodFit, LikelihoodFitOptions } from './em.ts';
export * from './mle.ts';
export type { EntropyFit, EntropyFitOptions, EntropyKernel } from './mes.ts';
export type { ColumnKernel } from './likelihood.ts';
export type { PerUserN, SharedFit, SharedGroupFit, SharedMethod, SharedSettings } from './shared.ts';
export { PER_USER_N, fitShared } from './shared.ts';
export { fitPooled, poolHistograms } from './pooledFit.ts';
export type { KernelGroup } from './stackedKernel.ts';
export { ColumnCache } from './columnCache.ts';
export { StackedKernel } from './stackedKernel.ts';
export type { PooledGroup } from './pooledKernel.ts';
export { PooledKernel } from './pooledKernel.ts';
export { PooledKernelCache } from './pooledKernelCache.ts';
export { mapRank, pullBack, pushForward } from './rankMap.ts';
export { drawTrueRanks, recoveredTop } from './recoveredRanks.ts';
export { fitMaximalEntropy, mesEntropyWeight } from './mes.ts';
export { bvDistribution, bvSystem } from './bvDistribution.ts';
export {
  metricCurveFromDistribution,
  metricFromDistribution,
  sharedDistributionMetrics,
} from './metricsFromDistribution.ts';
export type { DistributionSetup, FitOptions, FittedDistribution, GroupRecovery, Recovery } from './recover.ts';
export {
  checkDistributionSetup,
  defaultPerUserN,
  distributionMetrics,
  recoverDistribution,
  recoverFromHistograms,
} from './recover.ts';
export type { KernelStores } from './distributionCache.ts';
export { DistributionCache, kernelStores } from './distributionCache.ts';
export { sharedItemCountNodes } from './recoverShared.ts';
export { BINNED_FROM } from './binnedKernel.ts';
