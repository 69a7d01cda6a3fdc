/**
 * The fits' default settings, in a module of their own so that the page can show them (the estimator settings) without
 * pulling the fits themselves into its bundle.
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
