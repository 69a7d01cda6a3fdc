/**
 * Learning the rank distribution P(R), R = 1..n, from sampled ranks (Jin et al. 2021): the entry point shared by
 * the worker, the CLI (`recover`, `estimate`) and the studies. Bad input gives an error result naming the value.
 * Per-instance n, three models (`FitOptions.perUserN`):
 *  - `pooled` (the default with replacement): the same relative-position distribution on the one kernel
 *    Bin(r̃ − 1; m, θ_R) that every user shares under sampling with replacement (pooledFit.ts: a single-n fit on the
 *    pooled histogram; its estimates differ from `shared` by at most 2e-4 relative on MovieLens, tested);
 *  - `interpolated` (the default without replacement): as `shared`, with each user's kernel interpolated linearly
 *    in n between nodes 10% apart (interpolatedKernel.ts; within 3e-4 relative of `shared` on MovieLens, tested);
 *  - `shared`: one distribution of the relative position θ_R = (R − 1)/(N − 1) shared by every user, each user
 *    keeping its own n in the likelihood and in eq 14 (shared.ts; mle, wmle, mes, and bv-dist on the pooled
 *    kernel; the prior is then over the ranks 1..N of the largest n). estimateMetrics' `bv-dist` keeps reading the
 *    per-n `bv` vectors, the exact per-user BV estimate (linear, so per-n groups lose nothing), which differs
 *    slightly from eq 14 on the pooled bv-dist P̂.
 *  - `separate`: one fit per distinct n (histogram.ts); statistically poor with few users per n, kept to compare.
 * The defaults hold everywhere (the CLI, estimateMetrics, the studies, Figure 7); `defaultPerUserN` says which.
 * Either way each group g of users with the same n reports its own rank distribution P̂_g over 1..n_g, the reported
 * distribution is the groups' mixture by weight (on 1..largest n), and metrics mix the groups' eq 14 estimates, each
 * with its own n. With a single n both models are the same fit.
 */
import type { DistributionMethod } from '../corrections/methods.ts';
import type { Metric } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import type { Result } from '../result.ts';
import { fail, ok } from '../result.ts';
import type { LawLike } from '../law/index.ts';
import { lawRefusal } from '../estimators.ts';
import { samplingLaw } from '../law/index.ts';
import { DistributionCache } from './store.ts';
import type { SampledHistogram } from './histogram.ts';
import { checkSetup, sampledHistograms } from './histogram.ts';
import { fitSettings, MODELS } from './models/index.ts';
import {
  binnedMetric,
  metricFromDistribution,
  MetricTables,
  sharedDistributionMetrics,
} from './metricsFromDistribution.ts';
import type { PerUserN } from './defaults.ts';
import { LIKELIHOOD_ALGORITHMS, PER_USER_N } from './defaults.ts';
import type { DistributionSetup, GroupRecovery, Recovery } from './recovery.ts';

/** Validates the setup, the fit options and the method's parameters; null when fine. */
export function checkDistributionSetup(method: DistributionMethod, setup: DistributionSetup): string | null {
  const bad = checkSetup(setup.itemCount, setup.sampleSize, setup.sampling) ?? lawRefusal(method, setup.sampling);
  if (bad) return bad;
  const fit = setup.fit ?? {};
  if (fit.tolerance !== undefined && !(fit.tolerance > 0 && fit.tolerance < 1)) {
    return `tolerance must be a number in (0, 1), got ${fit.tolerance}`;
  }
  if (fit.maxIterations !== undefined && !(Number.isSafeInteger(fit.maxIterations) && fit.maxIterations >= 1)) {
    return `max iterations must be an integer ≥ 1, got ${fit.maxIterations}`;
  }
  if (fit.algorithm !== undefined && !LIKELIHOOD_ALGORITHMS.includes(fit.algorithm)) {
    return `unknown algorithm "${fit.algorithm}": expected ${LIKELIHOOD_ALGORITHMS.join(', ')}`;
  }
  if (fit.perUserN !== undefined && !PER_USER_N.includes(fit.perUserN)) {
    return `unknown per-user n model "${String(fit.perUserN)}": expected ${PER_USER_N.join(', ')}`;
  }
  if (fit.perUserN === 'pooled' && !samplingLaw(setup.sampling).dependsOnRelativePositionOnly) {
    return `the pooled per-user n model needs sampling with replacement (${samplingLaw(setup.sampling).label} the law of r̃ depends on n): use shared or separate`;
  }
  switch (method.kind) {
    case 'mes':
      return method.eta > 0 && Number.isFinite(method.eta) ? null : `mes: η must be > 0, got ${method.eta}`;
    case 'wmle':
      if (method.weight !== 'ndcg' && method.weight !== 'ap') {
        return `wmle: the weight must be ndcg or ap, got "${String(method.weight)}"`;
      }
      return method.scale > 0 && Number.isFinite(method.scale) ? null : `wmle: C must be > 0, got ${method.scale}`;
    case 'bv-dist':
      return method.gamma > 0 && method.gamma <= 1 ? null : `bv-dist: γ must be in (0, 1], got ${method.gamma}`;
    default:
      return null;
  }
}

/** P̂(R) from one recommender's sampled ranks, with the fit's diagnostics. */
export function recoverDistribution(
  sampled: RankData,
  method: DistributionMethod,
  setup: DistributionSetup,
  cache = new DistributionCache(),
): Result<Recovery> {
  const bad = checkDistributionSetup(method, setup);
  if (bad) return fail(bad);
  const histograms = sampledHistograms(sampled, setup.itemCount, setup.sampleSize, setup.sampling);
  if (!histograms.ok) return histograms;
  return ok(recoverFromHistograms(histograms.value, method, setup, cache));
}

/** The same from histograms already validated (studies build them while sampling). */
export function recoverFromHistograms(
  histograms: readonly SampledHistogram[],
  method: DistributionMethod,
  setup: DistributionSetup,
  cache = new DistributionCache(),
): Recovery {
  const model = setup.fit?.perUserN ?? defaultPerUserN(setup.sampling);
  // Data with one (n, m) are one group: every model is then the separate fit.
  const chosen = distinctSetups(histograms, setup) > 1 ? model : 'separate';
  return MODELS[chosen](histograms, method, setup, cache, fitSettings(method, setup.fit));
}

/**
 * `pooled` under a law that depends on n only through θ = (r − 1)/(n − 1) (law.ts; with replacement: one kernel fits
 * every n), `interpolated` otherwise (without replacement the law depends on n, smoothly: each user's kernel is
 * interpolated between nodes of n 10% apart).
 */
export function defaultPerUserN(sampling: LawLike): PerUserN {
  return samplingLaw(sampling).dependsOnRelativePositionOnly ? 'pooled' : 'interpolated';
}

function distinctSetups(histograms: readonly SampledHistogram[], setup: DistributionSetup): number {
  return new Set(histograms.map((h) => `${h.itemCount}|${h.sampleSize ?? setup.sampleSize}`)).size;
}

/**
 * Eq 14 for every metric: the groups' Σ_R P̂(R) M(R; n) mixed by their weights. `tables`: what eq 14 keeps across
 * fits (the store's, DistributionCache.metricTables; a fresh one gives the same numbers, building its tables anew).
 */
export function distributionMetrics(
  recovery: Recovery,
  metrics: readonly Metric[],
  tables: MetricTables = new MetricTables(),
): number[] {
  if (recovery.relative) {
    return sharedDistributionMetrics(recovery.relative, recovery.itemCount, recovery.groups, metrics, tables);
  }
  const total = recovery.groups.reduce((s, g) => s + g.weight, 0);
  const metricOf = (metric: Metric, g: GroupRecovery) =>
    g.bins
      ? binnedMetric(metric, g.bins.starts, g.bins.mass, tables)
      : metricFromDistribution(metric, g.distribution, g.itemCount);
  return metrics.map((metric) => recovery.groups.reduce((s, g) => s + (g.weight / total) * metricOf(metric, g), 0));
}
