/**
 * Corrected sampled metrics M̂(r̃), r̃ = 1..m+1 (Krichene & Rendle 2020, section 5). An estimate of the exact metric
 * from sampled ranks is the mean of M̂(r̃) over the instances.
 */
import { InputError } from '../errors.ts';
import type { Metric } from '../metrics.ts';
import { metricAtRank, metricCurve } from '../metrics.ts';
import type { LawLike } from '../law/index.ts';
import { BULK_CUTOFF, samplingLaw, validateSamplingSetup } from '../law/index.ts';
import { constrainedLeastSquares } from './cls.ts';
import { lawRefusal } from '../estimators.ts';
import { bvVectors, EXACT_MOMENT_ERROR } from './biasVariance.ts';
import type { CompressedCheck } from './conditioning.ts';
import { checkedPolynomialSystem, checkRowSystemWork, correctionSystem } from './conditioning.ts';
import type { CorrectionKind, Method } from './methods.ts';
import { leastSquaresSolve } from './leastSquares.ts';
import type { KernelMoments } from './moments.ts';
import { checkSystemSize, kernelMoments, normalisedPrior } from './moments.ts';
import type { PolynomialSystem } from './polynomialSystem.ts';
import { clampToRange, metricRange, posteriorMean, ratios } from './posteriorMean.ts';
import { rowSystem } from './rowSystem.ts';

export interface CorrectionSetup {
  readonly itemCount: number;
  readonly sampleSize: number;
  /** The law of the sampled rank (law/law.ts), or its id. */
  readonly sampling: LawLike;
  /** p(r) for r = 1..n, any positive scale (normalised here); uniform when absent (the paper's choice). */
  readonly prior?: ArrayLike<number> | null;
}

export interface CorrectionOptions extends CorrectionSetup {
  readonly method: CorrectionKind;
  /** γ of eq 24–25, in [0, 1]; used by `bv` only. */
  readonly gamma?: number;
}

/**
 * Rank-estimate correction (eq 20): M̂(r̃) = M(⌊1 + (n − 1)(r̃ − 1)/m⌋), the metric at the unbiased estimate of r,
 * rounded down as in the paper's experiments.
 */
export function rankEstimateVector(metric: Metric, itemCount: number, sampleSize: number): Float64Array {
  const out = new Float64Array(sampleSize + 1);
  for (let i = 1; i <= sampleSize + 1; i++) {
    const rank = Math.floor(1 + ((itemCount - 1) * (i - 1)) / sampleSize);
    out[i - 1] = metricAtRank(metric, rank, itemCount);
  }
  return out;
}

/**
 * What the corrections of one (n, m, sampling, prior) share, computed on first use: the targets M(r), the normalised
 * prior, the minimal-bias system (the compressed one of polynomialSystem.ts where it is accurate, the exact-row one of
 * rowSystem.ts otherwise: conditioning.ts) and the kernel moments (eqs 21–25). Passing one kernel to several
 * correctionVectors calls (CLS and BV for several γ at the same n) builds each only once.
 */
export class CorrectionKernel {
  readonly targets: Float64Array[];
  private priorValue: Float64Array | null;
  private checkValue: CompressedCheck | null = null;
  private systemValue: PolynomialSystem | null = null;
  private momentsValue: KernelMoments | null = null;
  private exactMomentsValue: KernelMoments | null = null;
  constructor(
    readonly metrics: readonly Metric[],
    readonly setup: CorrectionSetup,
  ) {
    validateSamplingSetup(setup.itemCount, setup.sampleSize, setup.sampling);
    // A given prior is checked here; the uniform one is built on first use (the binomial moments never need it).
    this.priorValue = setup.prior ? normalisedPrior(setup.itemCount, setup.prior) : null;
    this.targets = metrics.map((metric) => metricCurve(metric, setup.itemCount));
  }

  /** p(r) for r = 1..n, normalised. */
  get prior(): Float64Array {
    return (this.priorValue ??= normalisedPrior(this.setup.itemCount));
  }

  /** The compressed system and whether it is accurate (conditioning.ts). */
  compressed(): CompressedCheck {
    const { itemCount, sampleSize, sampling } = this.setup;
    return (this.checkValue ??= checkedPolynomialSystem(this.targets, this.prior, itemCount, sampleSize, sampling));
  }

  /** The minimal-bias system: the compressed one where accurate, else the exact-row one (or an InputError). */
  system(): PolynomialSystem {
    const { itemCount, sampleSize, sampling } = this.setup;
    return (this.systemValue ??= correctionSystem(
      this.targets,
      this.prior,
      itemCount,
      sampleSize,
      sampling,
      this.compressed(),
    ));
  }

  /** [min, max] of each target over the prior's support: the range of every posterior mean (eq 26). */
  ranges(): [number, number][] {
    const prior = this.setup.prior ? this.prior : null;
    return this.targets.map((target) => metricRange(target, prior));
  }

  moments(): KernelMoments {
    const { itemCount, sampleSize, sampling } = this.setup;
    // A law with the product identity needs no compressed system for its moments (moments.ts).
    const system = samplingLaw(sampling).productIdentity ? undefined : this.system();
    const prior = this.setup.prior ? this.prior : null;
    return (this.momentsValue ??= kernelMoments(this.targets, prior, itemCount, sampleSize, sampling, system));
  }

  /**
   * The relative error of `moments()`: EXACT_MOMENT_ERROR (the product identity's sums, or the exact-row system), or
   * the compressed system's where that is used.
   */
  momentError(): number {
    if (samplingLaw(this.setup.sampling).productIdentity || !this.compressed().accurate) return EXACT_MOMENT_ERROR;
    return Math.max(EXACT_MOMENT_ERROR, this.compressed().error);
  }

  /** Moments accurate to EXACT_MOMENT_ERROR: `moments()` where they are, else those of the exact-row system. */
  exactMoments(): KernelMoments {
    if (this.momentError() <= EXACT_MOMENT_ERROR) return this.moments();
    if (this.exactMomentsValue) return this.exactMomentsValue;
    const { itemCount, sampleSize, sampling } = this.setup;
    checkRowSystemWork(itemCount, sampleSize, sampling, this.compressed().error);
    const system = rowSystem(this.targets, this.prior, itemCount, sampleSize, sampling);
    const prior = this.setup.prior ? this.prior : null;
    return (this.exactMomentsValue = kernelMoments(this.targets, prior, itemCount, sampleSize, sampling, system));
  }
}

/**
 * Correction vectors for several metrics at once (shared kernel moments or minimal-bias system, checked by
 * conditioning.ts: the compressed system where accurate, the exact-row one otherwise):
 * - `ls`: minimal bias (eqs 21–23), solved by truncated SVD of the system (leastSquares.ts) because AᵀA is too
 *   ill-conditioned to invert in double precision;
 * - `cls`: the same restricted to non-increasing M̂ (section 5.2), by Lawson–Hanson on the system;
 * - `bv`: M̂ = ((1 − γ)AᵀA + γ diag(c))⁻¹Aᵀb (eq 25, biasVariance.ts: refused where its condition number leaves no
 *   vector determined to 1e-8); γ = 1 is the posterior mean of eq 26, within the metric's range; γ = 0 is `ls`.
 * `kernel` (for the same metrics, n, m, sampling and prior) lets several calls share their system and moments.
 * Throws an InputError when the exact-row system a size needs exceeds its budget (conditioning.ts).
 */
export function correctionVectors(
  metrics: readonly Metric[],
  options: CorrectionOptions,
  kernel?: CorrectionKernel,
): Float64Array[] {
  const { itemCount: n, sampleSize: m, sampling, method } = options;
  validateSamplingSetup(n, m, sampling);
  const refused = lawRefusal(
    { kind: method, id: method === 'bv' ? `bv:${options.gamma}` : method } as Method,
    sampling,
  );
  if (refused) throw new InputError(refused);
  if (method === 'rank-estimate') return metrics.map((metric) => rankEstimateVector(metric, n, m));
  const gamma = method === 'bv' ? (options.gamma ?? NaN) : 0;
  if (!(gamma >= 0 && gamma <= 1)) throw new InputError(`γ must be in [0, 1], got ${options.gamma}`);
  checkSystemSize(m, method);
  const shared = kernel ?? new CorrectionKernel(metrics, options);
  if (method === 'ls' || (method === 'bv' && gamma === 0)) return leastSquaresSolve(shared.system());
  if (method === 'cls') {
    const system = shared.system();
    return shared.targets.map((_, t) => constrainedLeastSquares(system, t).values);
  }
  if (gamma === 1) {
    // Eq 26: the posterior mean Σ_r p(r | r̃) M(r) = h_i / c_i, a weighted average of M: from the exact rows where the
    // compressed system (whose moments give it for a law without the product identity) is not accurate, clamped to
    // the range always.
    const ranges = shared.ranges();
    if (!samplingLaw(sampling).productIdentity && !shared.compressed().accurate) {
      return posteriorMean(shared.targets, shared.prior, n, m, sampling);
    }
    const { cross, mass } = shared.moments();
    return cross.map((h, t) => clampToRange(ratios(h, mass), ranges[t]));
  }
  const error = shared.momentError();
  const exact = error > EXACT_MOMENT_ERROR ? () => shared.exactMoments() : undefined;
  return bvVectors(shared.moments(), gamma, error, `n = ${n}, m = ${m}`, exact);
}

export function correctionVector(metric: Metric, options: CorrectionOptions): Float64Array {
  return correctionVectors([metric], options)[0];
}

export interface CorrectionObjective {
  /** Σ_r p(r) (E[M̂(r̃) | r] − M(r))², the objective of eq 21. */
  bias: number;
  /** Σ_r p(r) Var[M̂(r̃) | r], the variance term of eq 24. */
  variance: number;
}

/** Evaluates the bias and variance terms of eq 24 for any vector M̂ directly, row by row. */
export function correctionObjective(metric: Metric, vector: Float64Array, setup: CorrectionSetup): CorrectionObjective {
  const { itemCount: n, sampleSize: m, sampling } = setup;
  validateSamplingSetup(n, m, sampling);
  const prior = normalisedPrior(n, setup.prior);
  const row = samplingLaw(sampling).row(m, BULK_CUTOFF);
  let bias = 0;
  let variance = 0;
  for (let r = 1; r <= n; r++) {
    const pr = prior[r - 1];
    if (pr === 0) continue;
    row.fill(r - 1, n - 1);
    const v = row.values;
    let e1 = 0;
    for (let i = row.lo; i <= row.hi; i++) e1 += v[i] * vector[i];
    let v1 = 0;
    for (let i = row.lo; i <= row.hi; i++) v1 += v[i] * (vector[i] - e1) * (vector[i] - e1);
    const d = e1 - metricAtRank(metric, r, n);
    bias += pr * d * d;
    variance += pr * v1;
  }
  return { bias, variance };
}
