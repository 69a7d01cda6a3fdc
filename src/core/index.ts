export * from './errors.ts';
export * from './metrics.ts';
export * from './sampling.ts';
export * from './rankData.ts';
export * from './expected.ts';
export * from './corrections/index.ts';
export { logBinomialPmf, logHypergeometricPmf, compensatedSum, Adder } from './special.ts';
