/**
 * The data of the rank-distribution estimators: the empirical law P̃(r̃) of the sampled ranks (Jin et al. 2021,
 * eq 21: the estimators see the data only through it), one histogram per distinct catalogue size n.
 * Per-instance n: instances with their own n are grouped by n and every group is fitted on its own kernel
 * p(r̃ | r; n) (exact, one fit per distinct n); estimates mix the groups by their weights. An instance with several
 * relevant items contributes each item's own sampled rank among m + 1 items as an observation of weight = its
 * count (the approximation the corrections use too, Krichene & Rendle's conclusion).
 */
import type { RankData } from '../rankData.ts';
import { itemCountOf } from '../rankData.ts';
import type { Result } from '../result.ts';
import { fail, ok } from '../result.ts';
import type { LawLike } from '../law/index.ts';
import { LAWS, samplingLaw, unknownSampling } from '../law/index.ts';

export interface SampledHistogram {
  /** The catalogue size n of these observations. */
  readonly itemCount: number;
  /** counts[i] = total weight of observations with sampled rank r̃ = i + 1, i = 0..m. */
  readonly counts: Float64Array;
  /** Σ counts. */
  readonly total: number;
  /**
   * The sample size m of these observations when it differs from the setup's (counts then has m + 1 entries; e.g.
   * users whose sampled negatives held their own test item). Absent: the setup's m.
   */
  readonly sampleSize?: number;
}

/** Checks n, m, the sampling law and the instance count; null when fine, else the message naming the value. */
export function checkSetup(itemCount: number, sampleSize: number, sampling: LawLike): string | null {
  if (!Number.isSafeInteger(sampleSize) || sampleSize < 1) return `m must be an integer ≥ 1, got ${sampleSize}`;
  if (!Number.isSafeInteger(itemCount) || itemCount < 2) return `n must be an integer ≥ 2, got ${itemCount}`;
  if (typeof sampling === 'string' && !LAWS.some((law) => law.id === sampling))
    return unknownSampling(String(sampling));
  const law = samplingLaw(sampling);
  if (sampleSize > law.maxSampleSize(itemCount)) {
    return `n = ${itemCount} is smaller than m + 1 = ${sampleSize + 1}: sampling ${law.label} needs n ≥ m + 1`;
  }
  return null;
}

/** Groups sampled ranks by n into histograms (sorted by n), validating every rank and count. */
export function sampledHistograms(
  sampled: RankData,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): Result<SampledHistogram[]> {
  const m = sampleSize;
  const bad = checkSetup(itemCount, m, sampling);
  if (bad) return fail(bad);
  const groups = new Map<number, Float64Array>();
  let total = 0;
  for (let u = 0; u < sampled.weights.length; u++) {
    const n = itemCountOf(sampled, u, itemCount);
    const w = sampled.weights[u];
    if (!(w > 0) || !Number.isFinite(w)) return fail(`${instanceName(sampled, u)}: count must be positive, got ${w}`);
    let counts = groups.get(n);
    if (!counts) {
      // Each n is checked once, when its group is made.
      const badN = n === itemCount ? null : checkSetup(n, m, sampling);
      if (badN) return fail(`${instanceName(sampled, u)}: ${badN}`);
      groups.set(n, (counts = new Float64Array(m + 1)));
    }
    const lo = sampled.offsets[u];
    const k = sampled.offsets[u + 1] - lo;
    for (let t = lo; t < lo + k; t++) {
      // With k relevant items the ranks are among m + k items; the j-th item's own sampled rank among m + 1 items
      // is its position less the j relevant items above it (as estimate.ts does).
      const rank = sampled.ranks[t];
      const index = rank - 1 - (t - lo);
      if (!Number.isInteger(rank) || rank < 1 || rank > m + k || index < 0 || index > m) {
        return fail(`${instanceName(sampled, u)}: sampled rank ${rank} is outside 1..${m + k} (m = ${m})`);
      }
      counts[index] += w;
    }
    total += w;
  }
  if (!(total >= 2)) {
    return fail(`recommender "${sampled.name}" has ${total} instance${total === 1 ? '' : 's'}: at least 2 are needed`);
  }
  return ok(
    [...groups.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([n, counts]) => ({ itemCount: n, counts, total: sum(counts) })),
  );
}

/** Where a failure is, named only on failure (a bootstrap builds the histograms of thousands of users a resample). */
function instanceName(sampled: RankData, u: number): string {
  return `recommender "${sampled.name}", instance ${u + 1}`;
}

/** The indices i with values[i] > 0, ascending (a histogram's observed sampled ranks, a set of flags). */
export function observedIndices(values: ArrayLike<number>): Int32Array {
  let size = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > 0) size++;
  const out = new Int32Array(size);
  for (let i = 0, k = 0; i < values.length; i++) if (values[i] > 0) out[k++] = i;
  return out;
}

/** Σ values (a loop: `reduce` boxes every partial sum, and a bootstrap sums hundreds of histograms a resample). */
function sum(values: Float64Array): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s;
}
