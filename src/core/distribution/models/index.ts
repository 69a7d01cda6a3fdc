/**
 * The models of the users' catalogue sizes (README.md), by name: one entry point each, taking the histograms of the
 * sampled ranks (one per distinct (n, m)) to a Recovery. recover.ts chooses among them; `separate` is the fit of data
 * with one n whatever the model asked.
 */
import type { DistributionMethod } from '../../corrections/methods.ts';
import type { PerUserN } from '../defaults.ts';
import {
  DEFAULT_ENTROPY_TOLERANCE,
  DEFAULT_LIKELIHOOD_ALGORITHM,
  DEFAULT_LIKELIHOOD_TOLERANCE,
  DEFAULT_MAX_ITERATIONS,
} from '../defaults.ts';
import type { SampledHistogram } from '../histogram.ts';
import type { DistributionSetup, FitOptions, Recovery } from '../recovery.ts';
import type { DistributionCache } from '../store.ts';
import type { FitSettings } from './model.ts';
import { recoverShared } from './perUserN.ts';
import { recoverSeparate } from './separate.ts';

export type ModelRecovery = (
  histograms: readonly SampledHistogram[],
  method: DistributionMethod,
  setup: DistributionSetup,
  cache: DistributionCache,
  settings: FitSettings,
) => Recovery;

export const MODELS: Readonly<Record<PerUserN, ModelRecovery>> = {
  separate: recoverSeparate,
  shared: (histograms, method, setup, cache, settings) =>
    recoverShared(histograms, method, setup, cache, 'shared', settings),
  interpolated: (histograms, method, setup, cache, settings) =>
    recoverShared(histograms, method, setup, cache, 'interpolated', settings),
  pooled: (histograms, method, setup, cache, settings) =>
    recoverShared(histograms, method, setup, cache, 'pooled', settings),
};

/** The fit options with their defaults (the entropy fit's tolerance for mes, the likelihood's for the others). */
export function fitSettings(method: DistributionMethod, fit: FitOptions = {}): FitSettings {
  const tolerance = method.kind === 'mes' ? DEFAULT_ENTROPY_TOLERANCE : DEFAULT_LIKELIHOOD_TOLERANCE;
  return {
    tolerance: fit.tolerance ?? tolerance,
    maxIterations: fit.maxIterations ?? DEFAULT_MAX_ITERATIONS,
    algorithm: fit.algorithm ?? DEFAULT_LIKELIHOOD_ALGORITHM,
  };
}
