export * from './agreement.ts';
export * from './leaderboard.ts';
export { sampledValues, truncation } from './sampledValues.ts';
export type { SampledValues, SampledValuesRequest } from './sampledValues.ts';
export { distinctHitsLaw, truncatedLaws } from './truncatedLaws.ts';
