/**
 * Correction vectors for many catalogue sizes n at once. Data whose instances carry their own n (MovieLens-1M:
 * 743 distinct n in 1,393..3,687) need M̂(r̃; n) of CLS or BV (Krichene & Rendle eqs 21–25) for every distinct n,
 * each an O(n·m + m³) solve (about 0.3 s at m = 100). The vectors vary smoothly with n (so do the kernel p(r̃ | r)
 * of eq 15 / section 4.4 in θ = (r − 1)/(n − 1), the uniform prior and the targets M(r) of eqs 7–13), so they are
 * solved exactly on nodes n_0 < … < n_K spaced geometrically by at most a relative step ρ (default 10%: 12 nodes for MovieLens) and
 * interpolated in between by the Lagrange polynomial through the 6 nearest nodes, applied to n·M̂ (the corrections
 * of top-heavy metrics scale about as 1/n; the product is flatter).
 * Accuracy (src/core/corrections/itemCountGrid.test.ts, against exact per-n vectors, MovieLens' range, m = 100, both sampling laws):
 * the expected corrected metric E[M̂(r̃) | r] is off by at most 1e-5 for every r (0.001 percentage points, far below
 * the Monte Carlo std of Table 3, ≥ 0.03 points); CLS has kinks in n where its active set changes, which alone reach
 * a few 1e-6. Only `cls` and `bv` with γ ≥ 10⁻³ (`bv-dist` alike) under the uniform prior and n ≥ 10·m are
 * interpolated; `ls` (a truncated SVD, not smooth in n), tiny γ, user priors and small n are solved exactly.
 */
import type { LawLike } from '../law/index.ts';
import { samplingLaw } from '../law/index.ts';
import type { Method } from './methods.ts';
import { extent } from '../extent.ts';

/**
 * Relative spacing of the nodes (n_{k+1}/n_k ≤ 1 + ρ). At 10% the largest error measured on MovieLens' range at
 * m = 100 is 2.9e-6 (BV 0.001 without replacement; CLS 2.3e-6), at m = 1,000 (BV 0.1, Recall@10) 5.3e-6: within the
 * 1e-5 bound with half the solves of 5%.
 */
export const ITEM_COUNT_STEP = 0.1;
/** Nodes of each interpolating polynomial (degree 5). */
const STENCIL = 6;
/** Smallest n/m at which vectors are interpolated. */
const MIN_RATIO = 10;

/**
 * The smallest n/m at which `method`'s vectors are interpolated: under a law smooth in n (law.ts
 * smoothInItemCount: with replacement) BV is smooth even for m close to n (E[M̂ | r] off by < 1e-6 at m = 1,000 on
 * MovieLens' 1,393..3,687, < 1e-8 at m = 100 on 150..300); CLS (kinks) and BV under the other laws (without
 * replacement) need n ≥ 10·m.
 */
export function minimumItemCountRatio(method: Method, sampling: LawLike): number {
  return samplingLaw(sampling).smoothInItemCount && method.kind !== 'cls' ? 0 : MIN_RATIO;
}
/** Smallest γ whose BV vectors are interpolated. */
const SMALLEST_GAMMA = 1e-3;

/** True when the vectors of `method` may be interpolated in n (uniform prior only). */
export function interpolableInItemCount(method: Method, uniformPrior: boolean): boolean {
  if (!uniformPrior) return false;
  if (method.kind === 'cls') return true;
  return (method.kind === 'bv' || method.kind === 'bv-dist') && method.gamma >= SMALLEST_GAMMA;
}

/**
 * Integer nodes from min to max (both included), geometrically spaced with ratio at most 1 + step.
 * Example: itemCountNodes(1000, 1100, 0.05) → [1000, 1049, 1100].
 */
export function itemCountNodes(min: number, max: number, step = ITEM_COUNT_STEP): number[] {
  if (max <= min) return [min];
  const intervals = Math.max(1, Math.ceil(Math.log(max / min) / Math.log(1 + step)));
  const nodes = new Set<number>();
  for (let k = 0; k <= intervals; k++) nodes.add(Math.round(min * (max / min) ** (k / intervals)));
  return [...nodes].sort((a, b) => a - b);
}

/**
 * The plan for a set of distinct n: the nodes to solve exactly, or null when every n is solved instead: no more
 * distinct n than nodes, too few nodes for the stencil, or n < 10·m somewhere (where m is a sizeable share of n the
 * vectors vary faster with n: at m = 100, n = 150..300 the interpolation is off by ~5e-4; from n ≥ 10·m by < 1e-7
 * in every case tried; such small n are cheap to solve anyway).
 */
export function interpolationNodes(
  itemCounts: readonly number[],
  sampleSize: number,
  step = ITEM_COUNT_STEP,
  minRatio = MIN_RATIO,
): number[] | null {
  if (itemCounts.length === 0) return null;
  const [min, max] = extent(itemCounts);
  if (min < minRatio * sampleSize) return null;
  const nodes = itemCountNodes(min, max, step);
  return nodes.length < STENCIL || itemCounts.length <= nodes.length ? null : nodes;
}

/**
 * M̂(·; n) from the exact vectors at the nodes: Σ_a ℓ_a(n) n_a M̂(·; n_a) / n over the 6 nodes nearest to n
 * (ℓ_a the Lagrange basis polynomials on those nodes). `atNode(a)` gives the vectors of node a, one per metric.
 */
export function interpolateInItemCount(
  nodes: readonly number[],
  atNode: (index: number) => readonly Float64Array[],
  itemCount: number,
): Float64Array[] {
  const exact = nodes.indexOf(itemCount);
  if (exact >= 0) return atNode(exact).map((v) => Float64Array.from(v));
  let interval = 0;
  while (interval + 2 < nodes.length && nodes[interval + 1] < itemCount) interval++;
  const start = Math.max(0, Math.min(interval - STENCIL / 2 + 1, nodes.length - STENCIL));
  const stencil = nodes.slice(start, start + STENCIL);
  const weights = stencil.map((na, a) => {
    let l = 1;
    stencil.forEach((nb, b) => {
      if (b !== a) l *= (itemCount - nb) / (na - nb);
    });
    return (l * na) / itemCount;
  });
  const first = atNode(start);
  return first.map((_, t) => {
    const out = new Float64Array(first[t].length);
    weights.forEach((w, a) => {
      const v = atNode(start + a)[t];
      for (let i = 0; i < out.length; i++) out[i] += w * v[i];
    });
    return out;
  });
}
