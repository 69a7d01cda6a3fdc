/**
 * The hypergeometric law X ~ Hypergeometric(population N = pool, successes K = above, draws m) (Krichene & Rendle
 * section 4.4: m irrelevant items drawn uniformly without replacement; N = n − 1, K = r − 1 for one relevant item),
 * in every form law.ts asks for. Point values come from Loader's algorithm (special.ts, three binomial terms); rows,
 * columns and draws from the exact ratio P(k + 1)/P(k) = (K − k)(m − k)/((k + 1)(N − K − m + k + 1)) outward from
 * the mode.
 */
import { InputError } from '../errors.ts';
import type { RandomSource } from '../random.ts';
import { logBinomialPmf, logHypergeometricPmf } from '../special.ts';
import type { KernelColumn } from './law.ts';
import { rescale, HUGE, RowBase } from './rowBase.ts';

/** The mode of Hypergeometric(N, K, m). */
export function hypergeometricMode(m: number, K: number, N: number): number {
  const kMin = Math.max(0, m - (N - K));
  const kMax = Math.min(K, m);
  return Math.min(kMax, Math.max(kMin, Math.floor(((m + 1) * (K + 1)) / (N + 2))));
}

/**
 * The row by the same walk as BinomialRow.fillRaw (binomial.ts), with this law's support and ratio: the two loops
 * are kept apart on purpose, each with its ratio inline, as they are the hot path of every expected metric and fit.
 */
export class HypergeometricRow extends RowBase {
  fillRaw(above: number, pool: number): this {
    const m = this.sampleSize;
    const v = this.values;
    const K = above;
    const N = pool;
    if (m > N) throw new InputError(`m = ${m} exceeds the ${N} irrelevant items available without replacement`);
    const kMin = Math.max(0, m - (N - K));
    const kMax = Math.min(K, m);
    if (kMin === kMax) return this.point(kMin);
    const mode = Math.min(kMax, Math.max(kMin, Math.floor(((m + 1) * (K + 1)) / (N + 2))));
    const cut = this.relativeCutoff;
    v[mode] = 1;
    let sum = 1;
    let x = 1;
    let k = mode;
    while (k < kMax) {
      x *= ((K - k) * (m - k)) / ((k + 1) * (N - K - m + k + 1));
      if (x <= cut || x === 0) break;
      k++;
      v[k] = x;
      sum += x;
    }
    this.hi = k;
    x = 1;
    k = mode;
    while (k > kMin) {
      x *= (k * (N - K - m + k)) / ((K - k + 1) * (m - k + 1));
      if (x <= cut || x === 0) break;
      k--;
      v[k] = x;
      sum += x;
    }
    this.lo = k;
    this.total = sum;
    return this;
  }
}

/**
 * Column i of the hypergeometric kernel over K = r − 1: C(K, i) C(pool − K, m − i) / C(pool, m), by the exact ratio
 * p(K + 1)/p(K) = (K + 1)(pool − K − m + i)/((K + 1 − i)(pool − K)) from the column's mode, whose value comes from
 * Loader's saddle point, while above `cutoff` times the mode's value.
 */
export function hypergeometricColumn(i: number, pool: number, m: number, cutoff: number): KernelColumn {
  const kMin = i;
  const kMax = pool - (m - i);
  const ratio = (K: number) => ((K + 1) * (pool - K - m + i)) / ((K + 1 - i) * (pool - K));
  let mode = Math.min(kMax, Math.max(kMin, Math.round((i * pool) / m)));
  while (mode < kMax && ratio(mode) > 1) mode++;
  while (mode > kMin && ratio(mode - 1) < 1) mode--;
  const peak = Math.exp(logHypergeometricPmf(i, mode, pool - mode, m));
  const floor = cutoff * peak;
  // Entries K = kMin..kMax at scratch[K − kMin], filled outwards from the mode.
  const scratch = new Float64Array(kMax - kMin + 1);
  scratch[mode - kMin] = peak;
  let hi = mode;
  for (let x = peak; hi < kMax; hi++) {
    x *= ((hi + 1) * (pool - hi - m + i)) / ((hi + 1 - i) * (pool - hi));
    if (!(x > floor)) break;
    scratch[hi + 1 - kMin] = x;
  }
  let lo = mode;
  for (let x = peak; lo > kMin; lo--) {
    x *= ((lo - i) * (pool - lo + 1)) / (lo * (pool - lo + 1 - m + i));
    if (!(x > floor)) break;
    scratch[lo - 1 - kMin] = x;
  }
  return { lo, values: scratch.slice(lo - kMin, hi - kMin + 1) };
}

/**
 * E[1/(1 + X)] = (N + 1)(1 − q)/((m + 1)(K + 1)), q = P(Hyp(N + 1, K + 1, m + 1) = 0) (by C(K, x)/(x + 1) =
 * C(K + 1, x + 1)/(K + 1) and Vandermonde).
 */
export function hypergeometricReciprocal(K: number, N: number, m: number): number {
  const logQ = m + 1 > N - K ? -Infinity : logHypergeometricPmf(0, K + 1, N - K, m + 1);
  return ((N + 1) * -Math.expm1(logQ)) / ((m + 1) * (K + 1));
}

/** law.ts `prefix` for the hypergeometric law: p(x)/p(x₀) from x₀ = max(0, m − (N − K)), and log p(x₀). */
export function hypergeometricPrefix(K: number, N: number, m: number, terms: number, scaled: Float64Array): number {
  scaled.fill(0);
  if (terms === 0) return 0;
  const lowest = Math.max(0, m - (N - K));
  if (lowest >= terms) return -Infinity;
  const highest = Math.min(K, m);
  let value = 1;
  let shift = 0;
  for (let x = lowest; x < terms && x <= highest; x++) {
    if (x > lowest) value *= ((K - x + 1) * (m - x + 1)) / (x * (N - K - m + x));
    if (value > HUGE) [value, shift] = rescale(scaled, x, value, shift);
    scaled[x] = value;
  }
  return logHypergeometricPmf(lowest, K, N - K, m) + shift;
}

/**
 * out[i] = p(r̃ = i + 1 | θ) for i = 0..m at a real θ, K = θ(n − 1): each value costs O(m) directly, so all of them
 * are taken from one direct value near the largest (i ≈ mθ) by the ratio, valid for real K:
 *   p_{i+1}/p_i = (m − i)(K − i) / ((i + 1)(N − K − m + i + 1))
 * (O(m) per row instead of O(m²); relative error a few ulps per step), with a direct value wherever a ratio is not
 * usable (a zero or infinite factor), and zeros from two zeros in a row on (a zero factor, or underflow).
 */
export function hypergeometricBasisRow(theta: number, itemCount: number, m: number, out: Float64Array): void {
  const N = itemCount - 1;
  const K = Math.min(1, Math.max(0, theta)) * N;
  const start = Math.min(m, Math.max(0, Math.round(m * theta)));
  out[start] = basisValue(start, theta, itemCount, m);
  for (let i = start; i < m; i++) {
    const ratio = ((m - i) * (K - i)) / ((i + 1) * (N - K - m + i + 1));
    if (out[i] !== 0 && Number.isFinite(ratio)) out[i + 1] = out[i] * ratio;
    else if ((out[i + 1] = basisValue(i + 1, theta, itemCount, m)) === 0 && out[i] === 0) {
      // Two zeros in a row: a factor of every further term is zero, or the terms have underflowed.
      out.fill(0, i + 1, m + 1);
      break;
    }
  }
  for (let i = start; i > 0; i--) {
    const ratio = (i * (N - K - m + i)) / ((m - i + 1) * (K - i + 1));
    if (out[i] !== 0 && Number.isFinite(ratio)) out[i - 1] = out[i] * ratio;
    else if ((out[i - 1] = basisValue(i - 1, theta, itemCount, m)) === 0 && out[i] === 0) {
      out.fill(0, 0, i);
      break;
    }
  }
}

/**
 * p(r̃ = i + 1 | r) as a polynomial in θ = (r − 1)/(n − 1), at any real θ:
 * C(m,i) Π_{l<i} (K − l)/(N − l) · Π_{l<m−i} (N − K − l)/(N − i − l), N = n − 1, K = θN (a polynomial in K).
 */
function basisValue(i: number, theta: number, itemCount: number, m: number): number {
  const t = Math.min(1, Math.max(0, theta));
  const N = itemCount - 1;
  const K = t * N;
  let logAbs = logBinomialPmf(i, m, 0.5, 0.5) + m * Math.LN2;
  let sign = 1;
  for (let l = 0; l < i; l++) {
    const f = (K - l) / (N - l);
    if (f === 0) return 0;
    if (f < 0) sign = -sign;
    logAbs += Math.log(Math.abs(f));
  }
  for (let l = 0; l < m - i; l++) {
    const f = (N - K - l) / (N - i - l);
    if (f === 0) return 0;
    if (f < 0) sign = -sign;
    logAbs += Math.log(Math.abs(f));
  }
  return sign * Math.exp(logAbs);
}

/** P(X = mode) of Hypergeometric(population, successes, draws) (1 when X is certain). */
export function hypergeometricPmfAtMode(draws: number, successes: number, population: number): number {
  if (draws <= 0 || successes <= 0 || successes >= population) return 1;
  if (draws >= population) return 1;
  const mode = hypergeometricMode(draws, successes, population);
  return Math.exp(logHypergeometricPmf(mode, successes, population - successes, draws));
}

/**
 * A Hypergeometric(N, K, m) draw by exact inversion from the mode (binomial.ts binomialDraw's order). Draws beyond
 * the population take every item (an instance with k relevant items has only n − k irrelevant ones for m ≤ n − 1).
 */
export function hypergeometricDraw(random: RandomSource, m: number, K: number, N: number, atMode: number): number {
  if (m <= 0 || K <= 0) return 0;
  if (m >= N) return K;
  if (K >= N) return m;
  if (!(atMode > 0)) throw new Error(`P(mode) = ${atMode} for ${m} draws, ${K} of ${N}`);
  const kMin = Math.max(0, m - (N - K));
  const kMax = Math.min(K, m);
  if (kMin === kMax) return kMin;
  const mode = hypergeometricMode(m, K, N);
  // P(k + 1)/P(k) = (K − k)(m − k) / ((k + 1)(N − K − m + k + 1)).
  const ratioUp = (k: number) => ((K - k) * (m - k)) / ((k + 1) * (N - K - m + k + 1));
  for (;;) {
    let u = random.next() - atMode;
    if (u < 0) return mode;
    let lo = mode;
    let hi = mode;
    let down = lo > kMin ? atMode / ratioUp(lo - 1) : 0;
    let up = hi < kMax ? atMode * ratioUp(hi) : 0;
    while (down > 0 || up > 0) {
      if (up >= down) {
        u -= up;
        hi++;
        if (u < 0) return hi;
        up = hi < kMax ? up * ratioUp(hi) : 0;
      } else {
        u -= down;
        lo--;
        if (u < 0) return lo;
        down = lo > kMin ? down / ratioUp(lo - 1) : 0;
      }
    }
  }
}
