/**
 * The two goodness-of-fit tests the sampler audit reports, with their p-values:
 * - Kolmogorov–Smirnov against the uniform law on [0, 1] (of randomized probability integral transforms): the
 *   statistic D = sup |F_N(u) − u| and its exact p-value for N ≤ 1,000 by Marsaglia, Tsang & Wang's matrix power
 *   ("Evaluating Kolmogorov's distribution", J. Stat. Softw. 8(18), 2003), beyond from the Kolmogorov distribution
 *   with Stephens' correction, Q_KS((√N + 0.12 + 0.11/√N) D), Q_KS(λ) = 2 Σ_{j ≥ 1} (−1)^{j−1} exp(−2 j² λ²)
 *   (Stephens 1970; within 0.003 of the exact p at N = 1,000, less beyond).
 * - Pearson's χ² of observed against expected counts, p = Q(df/2, χ²/2), Q the regularized upper incomplete gamma
 *   function (series below a + 1, Lentz's continued fraction above; Numerical Recipes §6.2), to ~1e-14.
 * Both checked against scipy.stats (kstwo is exact: the correction's error is stated in the test).
 */
import { InputError } from '../errors.ts';

export interface TestResult {
  readonly statistic: number;
  readonly pValue: number;
}

/** KS test of `values` (in [0, 1]) against the uniform law. */
export function ksUniform(values: ArrayLike<number>): TestResult {
  const n = values.length;
  if (n === 0) throw new InputError('the uniformity test needs at least one value');
  const sorted = Float64Array.from(values).sort();
  let d = 0;
  for (let i = 0; i < n; i++) {
    const u = sorted[i];
    d = Math.max(d, (i + 1) / n - u, u - i / n);
  }
  if (n <= EXACT_KS_SIZE) return { statistic: d, pValue: Math.min(1, Math.max(0, 1 - kolmogorovCdf(n, d))) };
  const root = Math.sqrt(n);
  return { statistic: d, pValue: kolmogorovQ((root + 0.12 + 0.11 / root) * d) };
}

/** Largest N whose KS p-value is computed exactly. */
const EXACT_KS_SIZE = 1000;

/**
 * P(D_N < d) exactly (Marsaglia, Tsang & Wang 2003): with k = ⌈N d⌉, h = k − N d and the (2k − 1)-square matrix H,
 * P = N!/N^N · (H^N)_{k,k}; the power by squaring, its entries rescaled by 1e140 whenever they grow past 1e140 (the
 * exponent kept apart), so that nothing overflows.
 */
export function kolmogorovCdf(n: number, d: number): number {
  if (d <= 0) return 0;
  if (d >= 1) return 1;
  const k = Math.floor(n * d) + 1;
  const m = 2 * k - 1;
  const h = k - n * d;
  const H = new Float64Array(m * m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) H[i * m + j] = i - j + 1 < 0 ? 0 : 1;
  for (let i = 0; i < m; i++) {
    H[i * m] -= h ** (i + 1);
    H[(m - 1) * m + i] -= h ** (m - i);
  }
  H[(m - 1) * m] += 2 * h - 1 > 0 ? (2 * h - 1) ** m : 0;
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < m; j++) {
      if (i - j + 1 > 0) for (let g = 1; g <= i - j + 1; g++) H[i * m + j] /= g;
    }
  }
  const [Q, eQ] = matrixPower(H, m, n);
  let s = Q[(k - 1) * m + (k - 1)];
  let exponent = eQ;
  for (let i = 1; i <= n; i++) {
    s = (s * i) / n;
    if (s < 1e-140) {
      s *= 1e140;
      exponent -= 140;
    }
  }
  return s * 10 ** exponent;
}

/** A^power (m × m) as [values, base-10 exponent], by squaring with rescaling. */
function matrixPower(A: Float64Array, m: number, power: number): [Float64Array, number] {
  if (power === 1) return [Float64Array.from(A), 0];
  const [half, e] = matrixPower(A, m, Math.floor(power / 2));
  let V = multiply(half, half, m);
  let exponent = 2 * e;
  if (power % 2 === 1) V = multiply(A, V, m);
  if (V[Math.floor(m / 2) * m + Math.floor(m / 2)] > 1e140) {
    for (let i = 0; i < V.length; i++) V[i] *= 1e-140;
    exponent += 140;
  }
  return [V, exponent];
}

function multiply(A: Float64Array, B: Float64Array, m: number): Float64Array {
  const C = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let l = 0; l < m; l++) {
      const a = A[i * m + l];
      if (a === 0) continue;
      for (let j = 0; j < m; j++) C[i * m + j] += a * B[l * m + j];
    }
  }
  return C;
}

/** Q_KS(λ) = P(K > λ) of the Kolmogorov distribution. */
export function kolmogorovQ(lambda: number): number {
  if (lambda < 0.2) return 1;
  let sum = 0;
  let sign = 1;
  for (let j = 1; j <= 100; j++) {
    const term = sign * Math.exp(-2 * j * j * lambda * lambda);
    sum += term;
    if (Math.abs(term) < 1e-16 * Math.abs(sum)) break;
    sign = -sign;
  }
  return Math.min(1, Math.max(0, 2 * sum));
}

/** Pearson's χ² of observed against expected counts (bins with zero expectation must be empty), df = bins − 1 − fitted. */
export function chiSquareTest(observed: ArrayLike<number>, expected: ArrayLike<number>, fitted = 0): TestResult {
  let statistic = 0;
  let bins = 0;
  for (let b = 0; b < observed.length; b++) {
    if (expected[b] === 0) {
      if (observed[b] !== 0) return { statistic: Infinity, pValue: 0 };
      continue;
    }
    statistic += (observed[b] - expected[b]) ** 2 / expected[b];
    bins++;
  }
  const df = bins - 1 - fitted;
  if (df < 1) throw new InputError(`the χ² test needs at least ${2 + fitted} bins with an expected count, got ${bins}`);
  return { statistic, pValue: chiSquareSurvival(statistic, df) };
}

/** P(χ²_df > x) = Q(df/2, x/2). */
export function chiSquareSurvival(x: number, df: number): number {
  if (!(x > 0)) return 1;
  return regularizedGammaQ(df / 2, x / 2);
}

/** log Γ(x) for x > 0 (Lanczos, g = 7, 9 coefficients: ~1e-15 relative). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const g = 7;
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let a = c[0];
  const t = z + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Q(a, x) = Γ(a, x)/Γ(a), the regularized upper incomplete gamma function. */
export function regularizedGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    // P by its series Σ x^n / (a (a + 1) … (a + n)); Q = 1 − P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.max(0, 1 - sum * front);
  }
  // Q by its continued fraction (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, front * h);
}
