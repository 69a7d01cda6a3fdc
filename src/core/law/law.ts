/**
 * The law of the sampled rank r̃ given the true rank (Krichene & Rendle 2020, section 4.3): the one concept every
 * computation of the explorer varies with. A sampled evaluation draws m irrelevant items; each that ranks above a
 * relevant item pushes it down by one, so the j-th relevant item of an instance with |R| = k relevant items has
 * r̃_j = j + X_j, X_j the number of drawn items above it. A law says how X is distributed for an item with `above`
 * of the `pool` irrelevant items ranked above it (one relevant item: above = r − 1, pool = n − 1), and offers every
 * form of that distribution the computations need: the pmf at a point, a reusable row over sampled ranks, a column
 * over true ranks, the short forms of the expected metrics, the polynomial in r behind the corrections, and a seeded
 * draw. Its properties (below) say which estimators and fast paths hold under it; the estimator registry reads them.
 * registry.ts lists the laws; README.md says how to add one.
 */
import type { RandomSource } from '../random.ts';

/** The ids of the laws, as the CLI, the links and the app write them. */
export type LawId = 'with-replacement' | 'without-replacement';

/** A law, or its id: what the core's functions accept where a sampling law is meant. */
export type LawLike = LawId | SampledRankLaw;

/**
 * What an estimator may assume of the law (the estimator registry's `requires`, estimators.ts):
 * - `rankDetermined`: the law of r̃ is a function of the instance's true rank, n and m alone (a law of
 *   popularity-biased negatives also needs the item's popularity), so it has a column over the true ranks and the
 *   corrections and fits can be tabulated over r (Krichene & Rendle section 5, Jin et al. eqs 16–19);
 * - `polynomialInRank`: p(r̃ = i + 1 | r) is a polynomial of degree ≤ m in r, which the corrections' exact compressed
 *   system rests on (corrections/polynomialSystem.ts);
 * - `linearMeanInRank`: E[r̃ − 1 | r] = m (r − 1)/(n − 1), so the rank estimate of eq 20 is unbiased.
 */
export type LawProperty = 'rankDetermined' | 'polynomialInRank' | 'linearMeanInRank';

/**
 * A reusable row of the law p(· | r): after `fill`, values[k] = P(X = k) for k in [lo, hi] (zero-based successes, so
 * the sampled rank is offset + k), and the row sums to 1. Entries outside [lo, hi] are stale: read only the window.
 * Rows are computed by the exact ratio recurrence outward from the mode, then normalised, so a row costs a few flops
 * per entry and never overflows; with `relativeCutoff` > 0 it stops where the pmf falls below that fraction of its
 * mode (BULK_CUTOFF = 1e-30 changes no sum of bounded terms in double precision), which keeps large-m rows short.
 */
export interface PmfRow {
  readonly values: Float64Array;
  readonly lo: number;
  readonly hi: number;
  /** Sum of the unnormalised row left by `fillRaw` (1 after `fill`). */
  readonly total: number;
  readonly sampleSize: number;
  /** Fills the row for a relevant item with `above` of the `pool` irrelevant items ranked above it. */
  fill(above: number, pool: number): this;
  /**
   * Like `fill` but leaves the row proportional to the pmf (its mode is 1) and its sum in `total`: hot loops divide
   * their accumulated sums by `total` once instead of normalising every entry.
   */
  fillRaw(above: number, pool: number): this;
}

/** One column of the law over the true ranks: values[k] = p(r̃ = i + 1 | r = lo + k + 1) for a fixed index i. */
export interface KernelColumn {
  /** Index r − 1 of the column's first stored entry. */
  readonly lo: number;
  readonly values: Float64Array;
}

/**
 * What the columns of one law share across calls (a table of logarithms for the binomial law): owned by the caller,
 * who keeps it as long as it likes (a fit's cache), so that the core holds no mutable state of its own.
 */
export interface ColumnScratch {
  /** log K for K = 0..length − 1 (log 0 = −∞). */
  logs: Float64Array;
}

/**
 * The sums g(s) = Σ_r p(r) Bin(s; 2m, θ_r), g_M(s) = Σ_r p(r) M(r) Bin(s; 2m, θ_r), s = 0..2m, from which a law with
 * the product identity gives every moment of the corrections (corrections/moments.ts).
 */
export interface BinomialSums {
  /** g(s), s = 0..2m. */
  readonly g: Float64Array;
  /** g_M(s) for each target. */
  readonly gTargets: Float64Array[];
}

export interface SampledRankLaw {
  readonly id: LawId;
  /** The law in words for captions and tables: "with replacement". */
  readonly label: string;
  /** Draws are independent, so a list may hold an item twice (with replacement). */
  readonly drawsRepeat: boolean;
  /** Which of the properties estimators may require hold under this law. */
  readonly holds: Readonly<Record<LawProperty, boolean>>;

  /**
   * p(r̃ | r) depends on n only through θ = (r − 1)/(n − 1) (Jin et al. eqs 16–18): users with their own n share one
   * kernel over θ, so the `pooled` per-user-n model is exact (distribution/pooledFit.ts) and the default.
   */
  readonly dependsOnRelativePositionOnly: boolean;
  /**
   * p(i | r) p(j | r) = H(i, j) · Bin(i + j; 2m, θ_r) exactly, H(i, j) = C(m,i)C(m,j)/C(2m,i+j): the corrections'
   * moments come from the sums of `binomialSums`, and the maximal-entropy Newton step's second moments in O(n·m).
   * Where it does not hold the second moments are accumulated over the rows, or the binomial identity stands in for
   * them as an approximation of the Hessian (distribution/secondMoments.ts).
   */
  readonly productIdentity: boolean;
  /**
   * The corrections' vectors (other than CLS) vary smoothly in n however large m is next to n, so they may be
   * interpolated in n from any n/m (corrections/itemCountGrid.ts); otherwise only from n ≥ 10·m.
   */
  readonly smoothInItemCount: boolean;

  /** The largest m that n items admit (Infinity: any). */
  maxSampleSize(itemCount: number): number;
  /** log P(X = x) for `draws` items drawn with `above` of the `pool` irrelevant items above the relevant one. */
  logPmf(x: number, above: number, pool: number, draws: number): number;
  /** A reusable row of the law for m = sampleSize (PmfRow). */
  row(sampleSize: number, relativeCutoff?: number): PmfRow;
  /** A scratch for `column` of pools up to `pool`, grown from `previous` when given (null: the law needs none). */
  columnScratch(pool: number, previous?: ColumnScratch | null): ColumnScratch | null;
  /**
   * Column i of the kernel, p(r̃ = i + 1 | r) over r = 1..n, over the window where it is above `cutoff` times its
   * largest value (its entries agree with the rows to rounding). `scratch` from columnScratch (made anew
   * when null and the law needs one).
   */
  column(
    index: number,
    itemCount: number,
    sampleSize: number,
    scratch: ColumnScratch | null,
    cutoff: number,
  ): KernelColumn;

  /**
   * E[1/(1 + X)] for K = r − 1 ≥ 1 of N = n − 1 other items above the relevant one and m draws: the expected sampled
   * AP (eq 12) in closed form (expectedAtRank.ts).
   */
  expectedReciprocal(K: number, N: number, m: number): number;
  /**
   * p(x)/p(x₀) for x < terms into `scaled` (zero below x₀, x₀ the smallest value of X), K = r − 1 of N = n − 1 items
   * above, m draws; returns log p(x₀) (the ratios rescaled past 1e200, whose logarithm is added), −∞ when the law
   * has no mass below `terms` (expectedAtRank.ts's short forms of cut-off metrics).
   */
  prefix(K: number, N: number, m: number, terms: number, scaled: Float64Array): number;
  /**
   * out[i] = p(r̃ = i + 1 | θ) for i = 0..m at a real θ = (r − 1)/(n − 1) ∈ [0, 1]: under both uniform laws p(i | r) is
   * a polynomial of degree m in r, evaluated here between the integers (the Gauss nodes of
   * corrections/polynomialSystem.ts).
   */
  basisRow(theta: number, itemCount: number, m: number, out: Float64Array): void;
  /** The sums of the product identity (null when the law has none, `productIdentity` false). */
  binomialSums(
    targets: readonly Float64Array[],
    prior: Float64Array | null,
    itemCount: number,
    sampleSize: number,
  ): BinomialSums | null;

  /** P(X = mode) for `draws` items with `successes` of `population` above (1 when X is certain). */
  pmfAtMode(draws: number, successes: number, population: number): number;
  /**
   * A draw of X by exact inversion from the mode (rankDraw.ts): how many of `draws` items sampled from `population`
   * fall among `successes` of them. `atMode` is pmfAtMode's value, for callers that draw one law again and again.
   */
  draw(random: RandomSource, draws: number, successes: number, population: number, atMode?: number): number;
}
