/**
 * The map A_n from the ranks R = 1..N of a reference catalogue to the ranks r = 1..n of a user's own catalogue at
 * the same relative position θ_R = (R − 1)/(N − 1) (Jin et al. 2021 eq 17): the user's rank would have
 * x = θ_R (n − 1) items above it, which is split between the neighbouring whole ranks (linear interpolation):
 *   A_n(r | R) = 1 − f  at r = 1 + ⌊x⌋,   f  at r = 2 + ⌊x⌋,   f = x − ⌊x⌋.
 * Ranks 1 and N map to 1 and n, and A_n is the identity when n = N. x is tracked as an exact integer fraction
 * (R − 1)(n − 1) / (N − 1), so the map has no rounding drift.
 * Example: N = 5, n = 3: R = 1..5 ↦ rank 1, ½·1 + ½·2, 2, ½·2 + ½·3, 3.
 */

/** out[r − 1] = Σ_R A_n(r | R) π_R for r = 1..n (the user's rank distribution under π); returns out. */
export function pushForward(
  pi: ArrayLike<number>,
  reference: number,
  itemCount: number,
  out: Float64Array,
): Float64Array {
  out.fill(0, 0, itemCount);
  const span = reference - 1;
  const step = itemCount - 1;
  let below = 0;
  let rest = 0;
  for (let R0 = 0; R0 < reference; R0++) {
    const p = pi[R0];
    if (rest === 0) out[below] += p;
    else {
      const f = rest / span;
      out[below] += (1 - f) * p;
      out[below + 1] += f * p;
    }
    rest += step;
    while (rest >= span && below < itemCount - 1) {
      rest -= span;
      below++;
    }
  }
  return out;
}

/** out[R − 1] += Σ_r A_n(r | R) v[r − 1] for R = 1..N (the transpose of pushForward, accumulated); returns out. */
export function pullBack(v: ArrayLike<number>, reference: number, itemCount: number, out: Float64Array): Float64Array {
  const span = reference - 1;
  const step = itemCount - 1;
  let below = 0;
  let rest = 0;
  for (let R0 = 0; R0 < reference; R0++) {
    if (rest === 0) out[R0] += v[below];
    else {
      const f = rest / span;
      out[R0] += (1 - f) * v[below] + f * v[below + 1];
    }
    rest += step;
    while (rest >= span && below < itemCount - 1) {
      rest -= span;
      below++;
    }
  }
  return out;
}

/** The user rank index ⌊x⌋ (0-based) and weight f of the next one for reference rank index R0. */
export function mapRank(R0: number, reference: number, itemCount: number): { below: number; f: number } {
  const span = reference - 1;
  const x = R0 * (itemCount - 1);
  const below = Math.floor(x / span);
  return { below, f: (x - below * span) / span };
}

/**
 * `fields` with a `distribution` read on first use (a cached getter) from `make`: the groups of a shared fit carry
 * their P̂_g = A_g π̂ this way, so that a caller that only reads metrics (eq 14 straight off π̂) never builds them.
 */
export function withLazyDistribution<T extends object>(
  fields: T,
  make: () => Float64Array,
): T & { readonly distribution: Float64Array } {
  let value: Float64Array | null = null;
  return Object.defineProperty(fields, 'distribution', {
    get: () => (value ??= make()),
    enumerable: true,
  }) as T & { readonly distribution: Float64Array };
}

/**
 * `fields` with `key` read on first use (a cached, enumerable getter) from `make`: the per-user-n MES and bv-dist fits
 * carry their log-likelihoods this way (shared.ts), so that a bootstrap replicate, which reads metrics only, never
 * builds the per-group kernel they need.
 */
export function withLazyField<T extends object, K extends string, V>(
  fields: T,
  key: K,
  make: () => V,
): T & { readonly [k in K]: V } {
  let value: { v: V } | null = null;
  return Object.defineProperty(fields, key, {
    get: () => (value ??= { v: make() }).v,
    enumerable: true,
  }) as T & { readonly [k in K]: V };
}
