export * from './variant.ts';
export * from './catalog.ts';
export { expectedHits } from './precisionRecall.ts';
export { expectedPrecisionSum } from './averagePrecision.ts';
export { expectedDcg, gainOf, idealGradedDcg } from './ndcg.ts';
export type { Gain } from './ndcg.ts';
export { userAuc } from './auc.ts';
export { userAucAtCutoff } from './aucAtCutoff.ts';
