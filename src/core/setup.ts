/**
 * The vocabulary every computation shares, in the core so that the CLI, the workers, the figures and the page speak
 * it alike: the sampling setup (n, m, the sampling law, the prior of the corrections) and the prior as a description
 * that crosses a worker boundary or a link in a few bytes, made into p(r) only where it is used.
 */
import type { ProtocolShape } from './protocol/protocol.ts';
import type { RankData } from './rankData.ts';
import type { Sampling } from './law/index.ts';

/**
 * The prior p(r) of the corrections (Krichene & Rendle 2020 eqs 21–25) and of Jin et al.'s `bv-dist`: uniform (the
 * papers' choice), a power law p(r) ∝ r^−a, or explicit weights on 1..n (a prior file, any positive scale).
 */
export type PriorSpec =
  | { readonly kind: 'uniform' }
  | { readonly kind: 'power'; readonly exponent: number }
  | { readonly kind: 'weights'; readonly weights: ArrayLike<number> };

export const UNIFORM_PRIOR: PriorSpec = { kind: 'uniform' };

/** n items, m sampled irrelevant items per instance, the sampling law, and the prior (uniform when absent). */
export interface SamplingSetup {
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
  readonly prior?: PriorSpec;
}

/** A sampling setup under a protocol (protocol/protocol.ts; its draws are the setup's `sampling`). */
export interface ProtocolSetup extends SamplingSetup {
  /** The protocol's layout and negatives: Krichene & Rendle's per-user uniform negatives when absent. */
  readonly protocol?: ProtocolShape | null;
}

/**
 * Recommenders' data (R: rank data, or a worker's references to uploaded data) and metric ids, with the sampling
 * setup: what the results table, the Tables tab's tables and studies and the estimates send to their worker jobs.
 */
export interface MetricsRequest<R = RankData> extends SamplingSetup {
  readonly recommenders: readonly R[];
  /** Metric ids as the CLI writes them (`auc`, `ndcg@10`, …). */
  readonly metrics: readonly string[];
}

/**
 * p(r) on r = 1..n, or null for the uniform prior (the core's default). Example: priorVector({kind: 'power',
 * exponent: 1}, 3) → [1, 1/2, 1/3]; weights shorter than n give weight 0 to the ranks they do not list.
 */
export function priorVector(prior: PriorSpec | null | undefined, itemCount: number): Float64Array | null {
  if (!prior || prior.kind === 'uniform') return null;
  if (prior.kind === 'power') {
    if (prior.exponent === 0) return null;
    const p = new Float64Array(itemCount);
    for (let r = 1; r <= itemCount; r++) p[r - 1] = r ** -prior.exponent;
    return p;
  }
  const p = new Float64Array(itemCount);
  const count = Math.min(itemCount, prior.weights.length);
  for (let i = 0; i < count; i++) p[i] = prior.weights[i];
  return p;
}

/** "uniform prior p(r) = 1/n", "prior p(r) ∝ r^−2", "the prior of the file": for captions and methods sentences. */
export function priorText(prior: PriorSpec | null | undefined): string {
  if (!prior || prior.kind === 'uniform' || (prior.kind === 'power' && prior.exponent === 0))
    return 'uniform prior p(r) = 1/n';
  if (prior.kind === 'power') return `prior p(r) ∝ r^−${prior.exponent}`;
  return 'the prior p(r) of the prior file';
}
