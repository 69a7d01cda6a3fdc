/**
 * The contracts between the three roles of this folder (README.md): the kernels (kernels/) implement them, the fits
 * (fits/) are written against them only, and the models (models/) hand the one to the other. The sampling kernel
 * is K(i | r) = p(r̃ = i + 1 | r) (../law/), or its per-user-n, pooled and binned forms (Jin et al. 2021 eqs 16–18):
 *   q = K π,      q_i = Σ_r π_r K(i | r)          (the law of r̃ under the rank distribution π, eq 18)
 *   D = Kᵀ c,     D_r = Σ_i c_i K(i | r)          (the EM / gradient sum of eq 21)
 */
import type { SampledRankLaw } from '../law/index.ts';

/**
 * The products of a kernel over a set of columns (sampled-rank indices; all m + 1 of them, or the observed ones):
 * vectors indexed by column have length `size`, vectors indexed by true rank (the kernel's rows) have length
 * `itemCount`. Every kernel implementation passes kernels/conformance.test.ts.
 */
export interface KernelProducts {
  readonly itemCount: number;
  readonly size: number;
  /** out = K π over the columns (eq 18). */
  multiply(pi: Float64Array, out: Float64Array): Float64Array;
  /** out[r − 1] = Σ_columns c · p(· | r) (the sum of eq 21). */
  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array;
  /**
   * One fused EM step (eq 21) in a single pass over the rows: D_r = Σ c p(· | r) (c = P̃ / q at π), next_r = π_r D_r
   * and qNext = K next. Returns max_r D_r (at π) and Σ_r next_r (1 up to rounding; the caller divides by it).
   */
  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number };
  /** The column entries of row r0 = r − 1, p(· | r), into out (zeros outside the window). */
  column(r0: number, out: Float64Array): Float64Array;
}

/**
 * A kernel whose columns are the sampled outcomes of the likelihood's terms (fits/likelihood.ts): the m + 1 sampled
 * ranks of one catalogue (kernels/rows.ts SampledRankKernel), or the (group, sampled rank) pairs of users with their
 * own n (kernels/stacked.ts, kernels/interpolated.ts), or the bins of either (kernels/binned.ts).
 */
export interface ColumnKernel {
  /** Rows of π (n, or the bins). */
  readonly itemCount: number;
  restrict(indices: Int32Array): KernelProducts;
}

/** C = K diag(π) Kᵀ over a set of columns, row-major (d × d): the second moments of the kernel under π. */
export interface GramProducts {
  compute(pi: Float64Array): Float64Array;
}

/**
 * What the maximal-entropy fit (fits/mes.ts) needs of a kernel: products over the observed sampled ranks and the
 * second moments K diag(π) Kᵀ, over its rows: the ranks, or bins of ranks that share one row (kernels/binned.ts),
 * each standing for `sizes` ranks.
 */
export interface EntropyKernel extends ColumnKernel {
  /**
   * Ranks per row, the base measure of the entropy: π(μ) puts size_b · exp(−(Kᵀμ)_b / η) on row b (the mass of its
   * ranks together) and H(π) = −Σ_b π_b log(π_b / size_b), H over the ranks. Absent: one rank per row.
   */
  readonly sizes?: Float64Array;
  moments(indices: Int32Array): GramProducts;
}

/** A kernel with all its m + 1 columns and their second moments (the pooled kernel of fits/bvDistribution.ts). */
export interface MomentKernel extends EntropyKernel {
  readonly size: number;
}

/** The single-n kernel as the corrections see it (fits/bvDistribution.ts bvSystem): n, m and the law. */
export interface LawKernel {
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly law: SampledRankLaw;
}

/**
 * A single-n kernel whose weighted Gram matrix can be accumulated over its rows (kernels/secondMoments.ts): the law
 * with Σ_r w_r p(i | r) p(j | r) over given columns.
 */
export interface GramKernel extends LawKernel {
  weightedGram(weight: Float64Array, indices: Int32Array): Float64Array;
}

/** Rows stored over windows: row r holds columns lo[r] … of values[offsets[r] .. offsets[r + 1]). */
export interface RowWindows {
  readonly lo: Int32Array;
  readonly offsets: Int32Array;
  readonly values: Float64Array;
}

/** Users sharing a catalogue size and a sample size, and the sampled-rank indices (r̃ − 1) observed among them. */
export interface KernelGroup {
  readonly itemCount: number;
  readonly sampleSize: number;
  /** Sorted, distinct, in 0..sampleSize. */
  readonly observed: Int32Array;
}

/** Users sharing a catalogue size and a sample size, with their share W_g / W of the observations (kernels/pooled.ts). */
export interface PooledGroup {
  readonly itemCount: number;
  readonly sampleSize: number;
  /** The group's share W_g / W of the observations. */
  readonly share: number;
}
