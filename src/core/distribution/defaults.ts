/**
 * The fits' default settings and the binned kernel's bounds (binnedKernel.ts), in a module of their own that imports
 * nothing, so that the page can show them (the estimator settings, the estimates' caption) without pulling the fits,
 * the kernels or their WebAssembly into its bundle (e2e/bundle.test.mjs checks it).
 */
export type LikelihoodAlgorithm = 'em' | 'squarem' | 'newton';
export const LIKELIHOOD_ALGORITHMS: readonly LikelihoodAlgorithm[] = ['em', 'squarem', 'newton'];
export const DEFAULT_LIKELIHOOD_ALGORITHM: LikelihoodAlgorithm = 'em';

/** Default relative tolerance of the likelihood fits (EM: gain of one step; Newton: certified bound). */
export const DEFAULT_LIKELIHOOD_TOLERANCE = 1e-5;
/** Default tolerance of the maximal-entropy fit (relative primal–dual gap). */
export const DEFAULT_ENTROPY_TOLERANCE = 1e-10;
/** Default iteration cap of every fit. */
export const DEFAULT_MAX_ITERATIONS = 10_000;

/** Ranks R ≤ BIN_ALONE keep their own rows in the binned kernel (below R = 667, ⌊BIN_SHARE · R⌋ ≤ 1 anyway). */
export const BIN_ALONE = 300;
/** Beyond, a bin of the binned kernel holds ⌊BIN_SHARE · R⌋ ranks (at least one). */
export const BIN_SHARE = 0.003;
/** Catalogues (or reference catalogues of users with their own n) of at least this many items are fitted on bins. */
export const BINNED_FROM = 3000;

/** Largest number of stored kernel entries (doubles); beyond it rows are recomputed on every product. */
export const STORED_KERNEL_LIMIT = 2 ** 24;

/**
 * How users with their own n are fitted: one relative-position distribution on one kernel for all users (`pooled`,
 * with replacement only: pooledFit.ts), with each user's kernel interpolated between nodes of n 10% apart
 * (`interpolated`: interpolatedKernel.ts), or with each user's exact kernel (`shared`); or one fit per distinct n
 * (`separate`).
 */
export type PerUserN = 'pooled' | 'interpolated' | 'shared' | 'separate';

export const PER_USER_N: readonly PerUserN[] = ['pooled', 'interpolated', 'shared', 'separate'];
