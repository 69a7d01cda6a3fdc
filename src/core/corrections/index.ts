export * from './methods.ts';
export * from './correction.ts';
export { kernelMoments, normalisedPrior } from './moments.ts';
export type { KernelMoments } from './moments.ts';
export { constrainedLeastSquares } from './cls.ts';
export { solveSymmetric } from './solve.ts';
export { leastSquaresCorrections } from './leastSquares.ts';
