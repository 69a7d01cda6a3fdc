/**
 * Paired significance tests on per-user values (issue 33): Student's paired t-test, Wilcoxon's signed-rank test and
 * Fisher's randomization (sign-flip permutation) test, each two-sided, as scipy and ranx run them:
 *
 * - t: scipy.stats.ttest_rel(a, b) (scipy/stats/_stats_py.py, ttest_rel → _ttest_finish): t = mean(d) / (sd(d)/√n)
 *   with d = a − b, sd with n − 1, p = P(|T_{n−1}| ≥ |t|). ranx's paired_student_t_test calls it
 *   (ranx/statistical_tests/paired_student_t_test.py:15).
 * - wilcoxon: scipy.stats.wilcoxon(a, b) with its defaults (zero_method "wilcox", correction False, method "auto";
 *   scipy/stats/_morestats.py, wilcoxon, scipy 1.10): the statistic T = min(W+, W−) over the non-zero differences'
 *   ranks of |d| (average ranks for ties); exact when n ≤ 50 and no difference is zero, else the normal approximation
 *   with the tie correction and no continuity correction. One departure: where |d| has ties scipy 1.10's exact branch
 *   truncates a half-integer W+ (int(r_plus)); we take the normal approximation there, as scipy ≥ 1.11 does.
 * - randomization: Fisher's randomization test as ranx runs it (ranx/statistical_tests/fisher_randomization_test.py:
 *   15–48, after Smucker et al., CIKM 2007): each user's pair of values swapped with probability 1/2, the statistic
 *   |mean(a) − mean(b)|; the p-value the share of relabellings at least as extreme. Exact over all 2^n relabellings
 *   for n ≤ 20; otherwise B seeded random ones with p = (1 + b)/(1 + B) (Phipson & Smyth, 2010), never 0 where ranx's
 *   b/B can be.
 *
 * Every pair of recommenders compared on one metric shares the users: values are aligned by user beforehand.
 */
import { normalUpper, signedRankNull, studentTwoSided } from './distributions.ts';
import { createRandom } from '../random.ts';

export type SignificanceTest = 't' | 'wilcoxon' | 'randomization';
export const SIGNIFICANCE_TESTS: readonly SignificanceTest[] = ['t', 'wilcoxon', 'randomization'];
export const SIGNIFICANCE_TEST_LABELS: Record<SignificanceTest, string> = {
  t: "paired Student's t-test",
  wilcoxon: 'Wilcoxon signed-rank test',
  randomization: "Fisher's randomization test",
};

export interface PairedTestResult {
  /** t; Wilcoxon's T = min(W+, W−); the randomization test's mean difference a − b. */
  statistic: number;
  pValue: number;
  /** How the p-value was found: 'exact', 'normal approximation', 'Monte Carlo', 't distribution'. */
  method: string;
  /** Users counted (Wilcoxon: the non-zero differences). */
  n: number;
}

/** Up to this many users the randomization test enumerates every relabelling. */
export const EXACT_RANDOMIZATION_MAX = 20;
/** Wilcoxon's exact null up to this many users (scipy's method 'auto'). */
export const EXACT_WILCOXON_MAX = 50;

function differences(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  if (a.length !== b.length) throw new Error(`paired test: ${a.length} values against ${b.length}`);
  const d = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) d[i] = a[i] - b[i];
  return d;
}

/**
 * scipy's ttest_rel. Where every difference is equal scipy returns NaN; we say what the data say: all zero, no
 * difference (t = 0, p = 1); all the same non-zero value, t = ±∞ and p = 0.
 */
export function pairedTTest(a: ArrayLike<number>, b: ArrayLike<number>): PairedTestResult {
  const d = differences(a, b);
  const n = d.length;
  if (n < 2) throw new Error(`paired t-test: needs at least 2 users, got ${n}`);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += d[i];
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (d[i] - mean) ** 2;
  const sd = Math.sqrt(ss / (n - 1));
  if (sd === 0) {
    if (mean === 0) return { statistic: 0, pValue: 1, method: 't distribution', n };
    return { statistic: mean > 0 ? Infinity : -Infinity, pValue: 0, method: 't distribution', n };
  }
  const t = mean / (sd / Math.sqrt(n));
  return { statistic: t, pValue: studentTwoSided(t, n - 1), method: 't distribution', n };
}

/** Average ranks (1-based) of the values, ties sharing their mean rank; also the tie groups' sizes. */
function averageRanks(values: Float64Array): { ranks: Float64Array; ties: number[] } {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => values[i] - values[j]);
  const ranks = new Float64Array(n);
  const ties: number[] = [];
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]] === values[order[i]]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]] = rank;
    if (j > i) ties.push(j - i + 1);
    i = j + 1;
  }
  return { ranks, ties };
}

/** scipy's wilcoxon(a, b) with its defaults (see the file's header for the one departure). */
export function wilcoxonTest(a: ArrayLike<number>, b: ArrayLike<number>): PairedTestResult {
  const all = differences(a, b);
  if (all.length === 0) throw new Error('Wilcoxon signed-rank test: no users');
  let zeros = 0;
  for (const v of all) if (v === 0) zeros++;
  // Every difference zero: scipy raises; there is no evidence of a difference.
  if (zeros === all.length) return { statistic: 0, pValue: 1, method: 'no non-zero difference', n: 0 };
  const d = zeros > 0 ? all.filter((v) => v !== 0) : all;
  const abs = d.map(Math.abs);
  const { ranks, ties } = averageRanks(abs);
  let plus = 0;
  let minus = 0;
  for (let i = 0; i < d.length; i++) {
    if (d[i] > 0) plus += ranks[i];
    else minus += ranks[i];
  }
  const T = Math.min(plus, minus);
  const count = d.length;
  if (all.length <= EXACT_WILCOXON_MAX && zeros === 0 && ties.length === 0) {
    const pmf = signedRankNull(count);
    const wPlus = Math.round(plus);
    let pValue: number;
    if (wPlus === (pmf.length - 1) / 2) pValue = 1;
    else {
      let less = 0;
      for (let s = 0; s <= wPlus; s++) less += pmf[s];
      let greater = 0;
      for (let s = wPlus; s < pmf.length; s++) greater += pmf[s];
      pValue = Math.min(1, 2 * Math.min(less, greater));
    }
    return { statistic: T, pValue, method: 'exact', n: count };
  }
  const mean = (count * (count + 1)) / 4;
  let variance = count * (count + 1) * (2 * count + 1);
  for (const t of ties) variance -= 0.5 * t * (t * t - 1);
  const se = Math.sqrt(variance / 24);
  const z = (T - mean) / se;
  return { statistic: T, pValue: Math.min(1, 2 * normalUpper(Math.abs(z))), method: 'normal approximation', n: count };
}

export interface RandomizationOptions {
  /** Random relabellings when n > EXACT_RANDOMIZATION_MAX (ranx's default is 1,000). */
  permutations?: number;
  seed?: number;
}

export const DEFAULT_PERMUTATIONS = 10_000;

/**
 * Counts of relabellings at least as extreme as the observed |Σ d|, tolerating rounding (a sum of the same values in
 * another order may differ in its last bits: scipy's permutation_test compares within a relative 1e-14 too).
 */
function atLeast(observed: number): number {
  return Math.abs(observed) * (1 - 1e-12) - 1e-300;
}

/** Fisher's randomization test of one pair (the table's version shares its relabellings across pairs). */
export function randomizationTest(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options: RandomizationOptions = {},
): PairedTestResult {
  return randomizationTests([a, b], [[0, 1]], options)[0];
}

/**
 * Fisher's randomization test of many pairs over the same users, with the same relabellings for every pair: a
 * relabelling flips a sign s_u per user, and Σ_u s_u (a_u − b_u) = S_a(s) − S_b(s) with S_x(s) = Σ_u s_u x_u, so one
 * pass per relabelling over each recommender's values (not each pair's) serves all the pairs. Each pair's test is the
 * usual one; only their dependence differs from drawing each pair's relabellings apart.
 */
export function randomizationTests(
  values: readonly ArrayLike<number>[],
  pairs: readonly (readonly [number, number])[],
  options: RandomizationOptions = {},
): PairedTestResult[] {
  const users = values[0]?.length ?? 0;
  for (const v of values) {
    if (v.length !== users) throw new Error(`randomization test: ${v.length} values against ${users}`);
  }
  if (users === 0) throw new Error('randomization test: no users');
  const k = values.length;
  const observed = pairs.map(([i, j]) => {
    let s = 0;
    for (let u = 0; u < users; u++) s += values[i][u] - values[j][u];
    return s;
  });
  const thresholds = observed.map(atLeast);
  const counts = new Float64Array(pairs.length);
  const exact = users <= EXACT_RANDOMIZATION_MAX;
  const total = exact ? 2 ** users : Math.max(1, Math.floor(options.permutations ?? DEFAULT_PERMUTATIONS));
  const random = createRandom(options.seed ?? 42);
  // Each recommender's sum under a relabelling is its total less twice the sum of the flipped users: per block of 4
  // users, the 16 sums of its subsets are tabled once, so a relabelling costs users/4 look-ups per recommender (blocks
  // of 8 take half the look-ups but their tables leave the cache: 5 times slower at 6,040 users and 10 recommenders).
  const blocks = Math.ceil(users / 4);
  const tables = values.map((v) => subsetSums(v, blocks));
  const totals = values.map((v) => {
    let s = 0;
    for (let u = 0; u < users; u++) s += v[u];
    return s;
  });
  const words = Math.ceil(users / 32);
  const bits = new Uint32Array(words);
  const sums = new Float64Array(k);
  for (let r = 0; r < total; r++) {
    if (exact) bits[0] = r;
    else for (let w = 0; w < words; w++) bits[w] = Math.floor(random.next() * 4294967296) >>> 0;
    for (let m = 0; m < k; m++) {
      const table = tables[m];
      let flipped = 0;
      for (let block = 0; block < blocks; block++) {
        flipped += table[(block << 4) | ((bits[block >>> 3] >>> ((block & 7) << 2)) & 15)];
      }
      sums[m] = totals[m] - 2 * flipped;
    }
    for (let p = 0; p < pairs.length; p++) {
      if (Math.abs(sums[pairs[p][0]] - sums[pairs[p][1]]) >= thresholds[p]) counts[p]++;
    }
  }
  return pairs.map((_, p) => ({
    statistic: observed[p] / users,
    pValue: exact ? counts[p] / total : (counts[p] + 1) / (total + 1),
    method: exact ? 'exact' : 'Monte Carlo',
    n: users,
  }));
}

/** For each block of 4 users, the sums of the values over each of the 16 subsets of the block (bit i: user 4b + i). */
function subsetSums(v: ArrayLike<number>, blocks: number): Float64Array {
  const table = new Float64Array(blocks * 16);
  for (let block = 0; block < blocks; block++) {
    const base = block << 4;
    for (let mask = 1; mask < 16; mask++) {
      const low = 31 - Math.clz32(mask & -mask);
      const user = block * 4 + low;
      table[base | mask] = table[base | (mask & (mask - 1))] + (user < v.length ? v[user] : 0);
    }
  }
  return table;
}

export function pairedTest(
  test: SignificanceTest,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options: RandomizationOptions = {},
): PairedTestResult {
  if (test === 't') return pairedTTest(a, b);
  if (test === 'wilcoxon') return wilcoxonTest(a, b);
  return randomizationTest(a, b, options);
}
