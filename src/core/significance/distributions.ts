/**
 * The distributions the significance tests need: Student's t (through the regularized incomplete beta function,
 * Lentz's continued fraction, Numerical Recipes §6.4), the standard normal (erfc by its continued fraction and series,
 * W. J. Cody's rational approximations' accuracy, ~1e-15), and the exact null law of Wilcoxon's signed-rank statistic
 * (the count of subsets of 1..n with each sum). Checked against scipy.stats (significance.test.ts).
 */
import { logGamma } from '../audit/tests.ts';

/** I_x(a, b), the regularized incomplete beta function. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The continued fraction converges fast for x < (a + 1)/(a + b + 2); use the symmetry otherwise.
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10_000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/** P(|T| ≥ |t|) for Student's t with ν degrees of freedom (two-sided). */
export function studentTwoSided(t: number, nu: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? NaN : 0;
  return regularizedBeta(nu / (nu + t * t), nu / 2, 0.5);
}

/** erfc(x) to ~1e-15 relative: a Taylor series of erf near 0, a continued fraction beyond. */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    // erf(x) = 2/√π Σ (−1)^n x^(2n+1) / (n! (2n + 1))
    let term = x;
    let sum = x;
    const x2 = x * x;
    for (let n = 1; n < 200; n++) {
      term *= -x2 / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // erfc(x) = exp(−x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + …)))) by Lentz.
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}

/** P(Z ≥ z) of the standard normal. */
export function normalUpper(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/**
 * The exact null law of Wilcoxon's W+ = Σ of the ranks 1..n with a positive sign, each sign a fair coin: counts[s] of
 * the 2^n sign patterns with W+ = s, as probabilities (a dynamic programme over the ranks, O(n³)).
 */
export function signedRankNull(n: number): Float64Array {
  const max = (n * (n + 1)) / 2;
  let p = new Float64Array(max + 1);
  p[0] = 1;
  for (let k = 1; k <= n; k++) {
    const next = new Float64Array(max + 1);
    for (let s = 0; s <= max; s++) {
      if (p[s] === 0) continue;
      next[s] += 0.5 * p[s];
      next[s + k] += 0.5 * p[s];
    }
    p = next;
  }
  return p;
}
