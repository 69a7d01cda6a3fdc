export * from './protocol.ts';
export * from './presets.ts';
export type { ProtocolInstances } from './instances.ts';
export { protocolInstances } from './instances.ts';
export type { MonteCarloSummary } from './monteCarlo.ts';
export { monteCarloExpectation } from './monteCarlo.ts';
export type { LiteralUser } from './literal.ts';
export { literalEvaluation } from './literal.ts';
