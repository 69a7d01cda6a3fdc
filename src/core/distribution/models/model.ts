/**
 * A model of the users' catalogue sizes (README.md: separate, shared, interpolated, pooled) as what each family of
 * estimators fits on, and the one place where an estimator meets a model (`fitOn`): the estimator decides which fit
 * runs (fits/: EM, SQUAREM or Newton for mle and wmle, eqs 19–23; the dual Newton of MES, eqs 24–27; the one solve of
 * bv-dist, eq 15), the model which kernel it runs on (over every rank, or over bins of ranks from BINNED_FROM on,
 * spread back), with which counts, and how its log-likelihood is read.
 */
import type { MesScale } from '../../corrections/methods.ts';
import type { ColumnKernel, EntropyKernel } from '../contracts.ts';
import type { LikelihoodAlgorithm } from '../defaults.ts';
import { spreadBins } from '../kernels/bins.ts';
import type { EntropyDual } from '../fits/mes.ts';
import { fitMaximalEntropy, mesEntropyWeight } from '../fits/mes.ts';
import type { WmleWeight } from '../fits/mle.ts';
import { fitLikelihood } from '../fits/mle.ts';

/** An estimator of the rank distribution as the fits see it: corrections/methods.ts DistributionMethod without its id. */
export type FittedMethod =
  | { readonly kind: 'mle' }
  | { readonly kind: 'wmle'; readonly weight: WmleWeight; readonly scale: number }
  | { readonly kind: 'mes'; readonly eta: number; readonly scale?: MesScale }
  | { readonly kind: 'bv-dist'; readonly gamma: number };

/** A fit's kernel, the counts over its columns, and the bins its rows stand for (null: one row per rank). */
export interface FitSpace<K> {
  readonly kernel: K;
  readonly counts: Float64Array;
  /** The bins of ranks the kernel's rows are (their first 0-based ranks, n at the end): the fit is spread back. */
  readonly bins: Int32Array | null;
  /** EM's start over the kernel's rows (each bin's share of the ranks: EM from uniform over the ranks, in bins). */
  readonly start?: Float64Array;
}

export interface FitModel {
  /** The largest m of the model's users (MES's η in Jin et al.'s code scale, mesEntropyWeight). */
  readonly sampleSize: number;
  /** mle, wmle: the kernel over the observed columns; over bins when `binned` and the model bins (EM only). */
  likelihood(binned: boolean): FitSpace<ColumnKernel>;
  /** wmle: eq 22's w(r̃) of every column of the likelihood's kernel. */
  likelihoodWeights(weight: 'ndcg' | 'ap', scale: number): Float64Array;
  /** mes: the kernel (over bins where the model bins) and the counts it matches. */
  entropy(): FitSpace<EntropyKernel>;
  /** mes: Newton's start, the dual point of a nearby fit; null: μ = 0. */
  readonly entropyStart: EntropyDual | null;
  /** bv-dist: eq 15's P̂ over the ranks. */
  bvDistribution(gamma: number): Float64Array;
}

/** The fit's stopping rule and algorithm (recovery.ts FitOptions with their defaults resolved). */
export interface FitSettings {
  readonly tolerance: number;
  readonly maxIterations: number;
  readonly algorithm: LikelihoodAlgorithm;
}

export interface ModelFit {
  /** P̂ over the ranks (spread back from the bins where the fit ran on them). */
  readonly distribution: Float64Array;
  /** The fit over its kernel's rows: the bins' masses, or `distribution` itself. */
  readonly mass: Float64Array;
  readonly bins: Int32Array | null;
  /** eq 19 / 22 summed over the users (mle, wmle), eq 26 (mes); null for bv-dist. */
  readonly objective: number | null;
  readonly gap: number | null;
  readonly iterations: number;
  readonly converged: boolean;
  /** mle: the objective is the log-likelihood itself (wmle's is weighted, mes's and bv-dist's are not one). */
  readonly objectiveIsLogLikelihood: boolean;
  /** mes: the dual point (a start for the next fit). */
  readonly dual?: EntropyDual;
}

/** Fits `method` on `model`: the dispatch of every estimator over every model, written once. */
export function fitOn(model: FitModel, method: FittedMethod, settings: FitSettings): ModelFit {
  const { tolerance, maxIterations } = settings;
  if (method.kind === 'mes') {
    const space = model.entropy();
    const eta = mesEntropyWeight(method.eta, method.scale, model.sampleSize);
    const fit = fitMaximalEntropy(space.kernel, space.counts, eta, {
      tolerance,
      maxIterations,
      start: model.entropyStart,
    });
    const { objective, gap, iterations, converged, dual } = fit;
    const distribution = space.bins ? spreadBins(fit.distribution, space.bins) : fit.distribution;
    const common = { objective, gap, iterations, converged, dual, objectiveIsLogLikelihood: false };
    return { distribution, mass: fit.distribution, bins: space.bins, ...common };
  }
  if (method.kind === 'bv-dist') {
    const distribution = model.bvDistribution(method.gamma);
    const common = { objective: null, gap: null, iterations: 0, converged: true, objectiveIsLogLikelihood: false };
    return { distribution, mass: distribution, bins: null, ...common };
  }
  // The paper's EM runs over the bins where the model has them (from their shares of the ranks: the same iterates
  // bin by bin); Newton and SQUAREM, which report the maximiser itself, on every row.
  const space = model.likelihood(settings.algorithm === 'em');
  const sampleWeights = method.kind === 'wmle' ? model.likelihoodWeights(method.weight, method.scale) : null;
  const fit = fitLikelihood(space.kernel, space.counts, { ...settings, sampleWeights, start: space.start });
  const distribution = space.bins ? spreadBins(fit.distribution, space.bins) : fit.distribution;
  return {
    distribution,
    mass: fit.distribution,
    bins: space.bins,
    objective: fit.logLikelihood * fit.totalWeight,
    gap: fit.gap * fit.totalWeight,
    iterations: fit.iterations,
    converged: fit.converged,
    objectiveIsLogLikelihood: !sampleWeights,
  };
}
