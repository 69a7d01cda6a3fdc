export type {
  BinomialSums,
  ColumnScratch,
  KernelColumn,
  LawId,
  LawLike,
  LawProperty,
  PmfRow,
  SampledRankLaw,
} from './law.ts';
export * from './registry.ts';
export { isConstant } from './blockSums.ts';
export { BinomialRow, binomialDraw, binomialPmfAtMode } from './binomial.ts';
