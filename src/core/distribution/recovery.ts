/**
 * The setup of a rank-distribution recovery and what it reports (recover.ts fits it; models/ build it): the fit
 * options, the learned P̂ with its diagnostics, per group of users sharing an n and for the whole recovery.
 */
import type { LikelihoodAlgorithm } from './defaults.ts';
import type { PerUserN } from './defaults.ts';
import type { LawLike } from '../law/index.ts';

export interface FitOptions {
  /**
   * mle/wmle: relative gain of one EM step (default 1e-5), or the certified bound with `newton`; mes: relative
   * primal–dual gap (default 1e-10).
   */
  readonly tolerance?: number;
  /** Iteration cap (default 10,000). */
  readonly maxIterations?: number;
  /** mle/wmle algorithm (default `em`, the paper's). */
  readonly algorithm?: LikelihoodAlgorithm;
  /**
   * Instances with their own n: `shared` fits one distribution of the relative position for all of them (shared.ts),
   * `separate` one distribution per distinct n (default `shared`).
   */
  readonly perUserN?: PerUserN;
  /**
   * mes on instances with their own n: Newton starts from the dual point of the first such fit held by the cache
   * (bootstrap replicates, which resample the same users, start from the point fit's; mes.ts `start`); the certified
   * stopping rule is unchanged,
   * and the result is the cold start's within the certificate's bound (mes.ts; ≈ 5e-7 in fact on MovieLens).
   */
  readonly warmStart?: boolean;
  /**
   * The nodes of n of the `interpolated` per-user-n model (recoverShared.ts), or null for every n exactly; absent: a
   * grid over the histograms' own n. A bootstrap gives every resample the grid of the data it draws from
   * (ties/sampledResampling.ts): the same model on every resample, and kernels the resamples share. Nodes that do not
   * cover the histograms' n are not used (their own grid is).
   */
  readonly itemCountNodes?: readonly number[] | null;
}

export interface DistributionSetup {
  readonly itemCount: number;
  readonly sampleSize: number;
  /** The law of the sampled rank (law/law.ts), or its id. */
  readonly sampling: LawLike;
  /** Prior p(R) of `bv-dist` (as for the corrections); uniform when absent. */
  readonly prior?: ArrayLike<number> | null;
  readonly fit?: FitOptions;
}

/** A learned P̂ with its fit's diagnostics, as a group of users and the whole recovery report it. */
export interface FittedDistribution {
  /** n: `distribution` covers R = 1..n (the largest n for the whole recovery). */
  readonly itemCount: number;
  /** P̂(R) at index R − 1 (for the whole recovery, the groups' mixture when instances have their own n). */
  readonly distribution: Float64Array;
  /** Σ_u log Σ_R P̂(R) p(r̃_u | R), eq 19 (null when P̂ gives an observed r̃ no positive probability: bv-dist). */
  readonly logLikelihood: number | null;
  /** The maximised objective: eq 19 (mle), eq 22 (wmle), eq 26 (mes, group-weighted mean); null for bv-dist. */
  readonly objective: number | null;
  /** Certified bound on objective* − objective, in the objective's units; null for bv-dist. */
  readonly gap: number | null;
  readonly iterations: number;
  readonly converged: boolean;
}

export interface GroupRecovery extends FittedDistribution {
  /** Total weight of the group's observations (instances, or relevant items). */
  readonly weight: number;
  /**
   * A fit over bins of ranks (binnedKernel.ts): the bins' first 0-based ranks (n at the end) and P̂ per bin, which
   * `distribution` spreads evenly within each bin; eq 14 reads it bin by bin.
   */
  readonly bins?: { readonly starts: Int32Array; readonly mass: Float64Array };
}

export interface Recovery extends FittedDistribution {
  readonly method: string;
  readonly groups: readonly GroupRecovery[];
  /** The model of per-instance n that produced the fit (`separate` when every instance has the same n). */
  readonly perUserN: PerUserN;
  /** `shared` fits: π̂ over the relative positions θ_R = (R − 1)/(N − 1), R = 1..itemCount; null otherwise. */
  readonly relative: Float64Array | null;
}
