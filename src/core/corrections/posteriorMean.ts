/**
 * The posterior mean of Krichene & Rendle eq 26, M̂(r̃) = Σ_r p(r | r̃) M(r) = Σ_r p(r) p(r̃|r) M(r) / Σ_r p(r) p(r̃|r)
 * (BV with γ = 1), summed over the exact kernel rows: both sums have non-negative terms, so each entry is a weighted
 * average of M over the prior's support and lies in the metric's range (clamped to it against rounding). O(n·w) for
 * rows of w entries. Used where the compressed system is not accurate (conditioning.ts); elsewhere eq 26 comes from
 * the kernel moments h_i / c_i, clamped the same way.
 */
import type { LawLike } from '../law/index.ts';
import { samplingLaw } from '../law/index.ts';
import { ROW_CUTOFF } from './rowSystem.ts';

export function posteriorMean(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
  sampling: LawLike,
): Float64Array[] {
  const size = sampleSize + 1;
  const mass = new Float64Array(size);
  const cross = targets.map(() => new Float64Array(size));
  const row = samplingLaw(sampling).row(sampleSize, ROW_CUTOFF);
  for (let r = 0; r < itemCount; r++) {
    const pr = prior[r];
    if (!(pr > 0)) continue;
    row.fill(r, itemCount - 1);
    const v = row.values;
    for (let i = row.lo; i <= row.hi; i++) mass[i] += pr * v[i];
    targets.forEach((target, t) => {
      const weight = pr * target[r];
      const h = cross[t];
      for (let i = row.lo; i <= row.hi; i++) h[i] += weight * v[i];
    });
  }
  return cross.map((h, t) => clampToRange(ratios(h, mass), metricRange(targets[t], prior)));
}

/** h_i / c_i, and 0 where c_i = 0 (a sampled rank the prior never produces: clampToRange moves it into the range). */
export function ratios(cross: Float64Array, mass: Float64Array): Float64Array {
  return cross.map((v, i) => (mass[i] > 0 ? v / mass[i] : 0));
}

/** [min, max] of M(r) over the ranks the prior gives weight to (all of 1..n for the uniform prior). */
export function metricRange(target: Float64Array, prior: Float64Array | null): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let r = 0; r < target.length; r++) {
    if (prior && !(prior[r] > 0)) continue;
    lo = Math.min(lo, target[r]);
    hi = Math.max(hi, target[r]);
  }
  return [lo, hi];
}

/** x with every entry moved into [lo, hi] (in place). */
export function clampToRange(x: Float64Array, [lo, hi]: readonly [number, number]): Float64Array {
  for (let i = 0; i < x.length; i++) x[i] = Math.min(hi, Math.max(lo, x[i]));
  return x;
}
