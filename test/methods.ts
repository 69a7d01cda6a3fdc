/** The estimation methods the tests fit with, parsed once. */
import { parseMethod, type DistributionMethod } from '../src/core/index.ts';

/** The maximum-likelihood fit of P(R) (src/core/distribution/mle.ts: `mle`, eq 19 of Jin et al. 2021). */
export const MLE = parseMethod('mle') as DistributionMethod;
