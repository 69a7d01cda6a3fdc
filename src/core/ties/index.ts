export * from './tieRule.ts';
export * from './userRanks.ts';
export * from './expectation.ts';
export * from './resolveTies.ts';
export * from './exactMetric.ts';
export * from './randomMixture.ts';
export * from './drawTies.ts';
export * from './userValues.ts';
