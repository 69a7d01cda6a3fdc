/**
 * Special functions for exact discrete probabilities, after C. Loader, "Fast and Accurate Computation of
 * Binomial Probabilities" (2000), the algorithm behind R's dbinom/dhyper and scipy's binom/hypergeom pmfs.
 * Everything is evaluated in log space, so probabilities far below 1e-308 keep their exponent.
 */

/** Stirling's error log(n!) − log(√(2π n)(n/e)^n) for integer n ≥ 0 (exact table for n ≤ 15, verified with
 * 50-digit decimal arithmetic; asymptotic series above, as in Loader 2000). */
const STIRLERR_TABLE = [
  0, 0.08106146679532726, 0.0413406959554093, 0.02767792568499834, 0.020790672103765093, 0.016644691189821193,
  0.013876128823070748, 0.01189670994589177, 0.010411265261972096, 0.009255462182712733, 0.00833056343336287,
  0.007573675487951841, 0.00694284010720953, 0.006408994188004207, 0.0059513701127588475, 0.005554733551962801,
];
const S0 = 1 / 12;
const S1 = 1 / 360;
const S2 = 1 / 1260;
const S3 = 1 / 1680;
const S4 = 1 / 1188;

export function stirlerr(n: number): number {
  if (n <= 15) return STIRLERR_TABLE[n];
  const nn = n * n;
  if (n > 500) return (S0 - S1 / nn) / n;
  if (n > 80) return (S0 - (S1 - S2 / nn) / nn) / n;
  if (n > 35) return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
  return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
}

/** Deviance term x·log(x/np) + np − x, computed without cancellation when x ≈ np (Loader 2000). */
export function bd0(x: number, np: number): number {
  if (Math.abs(x - np) < 0.1 * (x + np)) {
    let v = (x - np) / (x + np);
    let s = (x - np) * v;
    let ej = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j++) {
      ej *= v;
      const s1 = s + ej / (2 * j + 1);
      if (s1 === s) return s1;
      s = s1;
    }
    return s;
  }
  return x * Math.log(x / np) + np - x;
}

const LN_2PI = Math.log(2 * Math.PI);

/**
 * log of the binomial pmf C(size, x) p^x q^(size−x), with q = 1 − p passed separately so that p close to 1 keeps
 * its precision. Integer x, size ≥ 0. Returns −Infinity outside the support.
 */
export function logBinomialPmf(x: number, size: number, p: number, q: number): number {
  if (x < 0 || x > size) return -Infinity;
  if (p === 0) return x === 0 ? 0 : -Infinity;
  if (q === 0) return x === size ? 0 : -Infinity;
  if (x === 0) {
    if (size === 0) return 0;
    return p < 0.1 ? -bd0(size, size * q) - size * p : size * Math.log(q);
  }
  if (x === size) {
    return q < 0.1 ? -bd0(size, size * p) - size * q : size * Math.log(p);
  }
  const lc = stirlerr(size) - stirlerr(x) - stirlerr(size - x) - bd0(x, size * p) - bd0(size - x, size * q);
  const lf = LN_2PI + Math.log(x) + Math.log1p(-x / size);
  return lc - 0.5 * lf;
}

/**
 * log of the hypergeometric pmf: x successes in `draws` draws without replacement from a population with
 * `successes` successes and `failures` failures (R's dhyper via three binomial terms, Loader 2000).
 */
export function logHypergeometricPmf(x: number, successes: number, failures: number, draws: number): number {
  if (x < 0 || x > successes || draws - x > failures || draws - x < 0) return -Infinity;
  if (draws === 0) return x === 0 ? 0 : -Infinity;
  const total = successes + failures;
  const p = draws / total;
  const q = (total - draws) / total;
  return (
    logBinomialPmf(x, successes, p, q) + logBinomialPmf(draws - x, failures, p, q) - logBinomialPmf(draws, total, p, q)
  );
}

/** Neumaier-compensated sum of a[lo..hi] (inclusive). */
export function compensatedSum(a: ArrayLike<number>, lo = 0, hi = a.length - 1): number {
  let sum = 0;
  let c = 0;
  for (let i = lo; i <= hi; i++) {
    const x = a[i];
    const t = sum + x;
    c += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return sum + c;
}

/** A running compensated sum (d3-array's Adder idea, Neumaier variant). */
export class Adder {
  private sum = 0;
  private c = 0;
  add(x: number): this {
    const t = this.sum + x;
    this.c += Math.abs(this.sum) >= Math.abs(x) ? this.sum - t + x : x - t + this.sum;
    this.sum = t;
    return this;
  }
  valueOf(): number {
    return this.sum + this.c;
  }
}
