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
