/**
 * The `pooled` model of users with their own catalogue size n_u, for sampling with replacement: every user's sampled
 * rank at relative position θ_R = (R − 1)/(N − 1) follows Bin(r̃ − 1; m, θ_R) whatever its n (Jin et al. 2021,
 * eqs 16–18: the kernel depends on θ only), so all users share one kernel, the single-n kernel at n = N, and the fit
 * is the single-n fit on the pooled histogram of r̃ (one per distinct m, stacked when there are several). Eq 14 then
 * reads each user's metric off its own n through the rank map A_u (rankMap.ts), as in the `shared` model.
 *
 * The `shared` model (shared.ts) instead carries θ_R onto each user's integer ranks first, p_u(r̃ | R) =
 * Σ_r A_u(r | R) Bin(r̃ − 1; m, (r − 1)/(n_u − 1)): a linear interpolation of Bin(·; m, θ) between θ-grid points
 * 1/(n_u − 1) apart, which differs from Bin(r̃ − 1; m, θ_R) by at most h²/8 · |∂²Bin/∂θ²| (h = 1/(n_u − 1); about
 * 6e-4 in probability at the top ranks of MovieLens, where n_u ≈ 1,400). On the NCF-sampled MovieLens ranks the two
 * models' estimates differ by at most 2e-4 relative (tested), a hundred times below their bootstrap spread, while the
 * pooled fit costs one single-n fit over m + 1 columns instead of one column per observed (n, r̃): 10–20 times faster.
 * Without replacement the hypergeometric law depends on n itself, so only `shared` and `separate` apply there.
 */
import type { DistributionMethod } from '../../corrections/methods.ts';
import { BinomialRow } from '../../law/index.ts';
import type { SampledHistogram } from '../histogram.ts';
import { pushForward, withLazyDistribution } from '../kernels/rankMap.ts';
import type { SharedFit, SharedMethod, SharedSettings } from './shared.ts';
import { fitShared } from './shared.ts';
import type { PooledKernelCache } from '../kernels/pooledCache.ts';
import type { ColumnCache } from '../kernels/columnCache.ts';

/** The pooled histograms: one per distinct m, all at the reference catalogue size N (the largest n). */
export function poolHistograms(histograms: readonly SampledHistogram[], sampleSize: number): SampledHistogram[] {
  const reference = Math.max(...histograms.map((h) => h.itemCount));
  const byM = new Map<number, Float64Array>();
  for (const h of histograms) {
    const m = h.sampleSize ?? sampleSize;
    let counts = byM.get(m);
    if (!counts) byM.set(m, (counts = new Float64Array(m + 1)));
    h.counts.forEach((c, i) => (counts[i] += c));
  }
  return [...byM.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([m, counts]) => ({
      itemCount: reference,
      counts,
      total: counts.reduce((s, c) => s + c, 0),
      ...(m === sampleSize ? {} : { sampleSize: m }),
    }));
}

/**
 * Fits π̂ over R = 1..N on the pooled histograms, then gives every original group (users with the same n and m) its
 * own P̂_g = A_g π̂ and its share of the log-likelihood (eq 19 with the shared kernel).
 */
export function fitPooled(
  histograms: readonly SampledHistogram[],
  method: DistributionMethod & SharedMethod,
  settings: SharedSettings,
  pooledKernels: PooledKernelCache,
  columns: ColumnCache,
  binnedColumns?: ColumnCache,
): SharedFit {
  const pooled = poolHistograms(histograms, settings.sampleSize);
  const fit = fitShared(pooled, method, settings, pooledKernels, columns, binnedColumns);
  const reference = fit.itemCount;
  // The pooled groups' log-likelihoods split by the original groups: q_m = K_{N,m} π̂ at each observed r̃.
  const logOf = new Map<number, Float64Array | null>();
  fit.groups.forEach((g, k) => {
    const counts = pooled[k].counts;
    const q = new Float64Array(counts.length);
    logOf.set(g.sampleSize, logColumn(g.distribution, reference, g.sampleSize, q) ? q : null);
  });
  const groups = histograms.map((h) => {
    const m = h.sampleSize ?? settings.sampleSize;
    const logs = logOf.get(m) ?? null;
    let logLikelihood: number | null = 0;
    h.counts.forEach((c, i) => {
      if (c === 0 || logLikelihood === null) return;
      logLikelihood = logs && Number.isFinite(logs[i]) ? logLikelihood + c * logs[i] : null;
    });
    return withLazyDistribution({ itemCount: h.itemCount, sampleSize: m, weight: h.total, logLikelihood }, () =>
      pushForward(fit.relative, reference, h.itemCount, new Float64Array(h.itemCount)),
    );
  });
  return { ...fit, groups };
}

/**
 * log q(r̃) for r̃ = 1..m + 1 with q(r̃) = Σ_R P̂(R) Bin(r̃ − 1; m, θ_R) over R = 1..N (the single-n kernel at n = N,
 * rows by the core's exact ratio recurrence), into out; false when P̂ has no positive entry.
 */
function logColumn(pi: Float64Array, reference: number, m: number, out: Float64Array): boolean {
  out.fill(0);
  let any = false;
  const row = new BinomialRow(m);
  for (let R0 = 0; R0 < reference; R0++) {
    const p = pi[R0];
    if (!(p > 0)) continue;
    any = true;
    row.fill(R0, reference - 1);
    for (let i = row.lo; i <= row.hi; i++) out[i] += p * row.values[i];
  }
  for (let i = 0; i <= m; i++) out[i] = Math.log(out[i]);
  return any;
}
