/**
 * Every pair of recommenders tested on every metric (issue 33), on per-user values aligned by user (userValues.ts):
 * the test's statistic and p-value, the p-value adjusted over the metric's family of pairs (corrections.ts: the
 * K(K−1)/2 pairs of one metric form a family, as in ranx's and Elliot's reports), and whether it is significant at α.
 */
import { InputError } from '../errors.ts';
import type { PCorrection } from './corrections.ts';
import { adjustPValues, P_CORRECTIONS } from './corrections.ts';
import type { PairedTestResult, SignificanceTest } from './tests.ts';
import { DEFAULT_PERMUTATIONS, pairedTTest, randomizationTests, SIGNIFICANCE_TESTS, wilcoxonTest } from './tests.ts';

export interface SignificanceOptions {
  readonly test: SignificanceTest;
  readonly correction: PCorrection;
  /** The level: significant when the adjusted p-value is ≤ α. */
  readonly alpha: number;
  /** The randomization test's relabellings past its exact limit, and their seed. */
  readonly permutations?: number;
  readonly seed?: number;
}

export const DEFAULT_SIGNIFICANCE: SignificanceOptions = {
  test: 't',
  correction: 'holm',
  alpha: 0.05,
  permutations: DEFAULT_PERMUTATIONS,
  seed: 42,
};

export interface SignificancePair {
  a: string;
  b: string;
  metric: string;
  test: SignificanceTest;
  /** t; Wilcoxon's T; the randomization test's mean difference a − b. */
  statistic: number;
  pValue: number;
  pAdjusted: number;
  significant: boolean;
  /** mean(a) − mean(b) over the paired users. */
  difference: number;
  /** Users paired. */
  users: number;
  /** How the p-value was found ('exact', 'normal approximation', 'Monte Carlo', 't distribution'). */
  method: string;
}

export function validateSignificanceOptions(options: SignificanceOptions): void {
  if (!SIGNIFICANCE_TESTS.includes(options.test)) {
    throw new InputError(`unknown test "${options.test}": expected ${SIGNIFICANCE_TESTS.join(', ')}`);
  }
  if (!P_CORRECTIONS.includes(options.correction)) {
    throw new InputError(`unknown correction "${options.correction}": expected ${P_CORRECTIONS.join(', ')}`);
  }
  if (!(options.alpha > 0 && options.alpha < 1)) {
    throw new InputError(`the level α must lie strictly between 0 and 1, got ${options.alpha}`);
  }
  const b = options.permutations ?? DEFAULT_PERMUTATIONS;
  if (!Number.isSafeInteger(b) || b < 1 || b > 10_000_000) {
    throw new InputError(`permutations must be an integer from 1 to 10,000,000, got ${b}`);
  }
}

/**
 * values[recommender][metric]: each recommender's per-user values of each metric, aligned by user (the same length
 * for all). Pairs in the order (0, 1), (0, 2), …, (1, 2), … per metric.
 */
export function significancePairs(
  names: readonly string[],
  metrics: readonly string[],
  values: readonly (readonly Float64Array[])[],
  options: SignificanceOptions,
): SignificancePair[] {
  validateSignificanceOptions(options);
  if (names.length < 2) throw new InputError(`a paired test needs at least 2 recommenders, got ${names.length}`);
  const users = values[0]?.[0]?.length ?? 0;
  if (users < 2) throw new InputError(`a paired test needs at least 2 shared users, got ${users}`);
  const index: (readonly [number, number])[] = [];
  for (let a = 0; a < names.length; a++) for (let b = a + 1; b < names.length; b++) index.push([a, b]);
  const out: SignificancePair[] = [];
  metrics.forEach((metric, t) => {
    const columns = values.map((v) => v[t]);
    const results: PairedTestResult[] =
      options.test === 'randomization'
        ? randomizationTests(columns, index, { permutations: options.permutations, seed: options.seed })
        : index.map(([a, b]) =>
            options.test === 't' ? pairedTTest(columns[a], columns[b]) : wilcoxonTest(columns[a], columns[b]),
          );
    const adjusted = adjustPValues(
      results.map((r) => r.pValue),
      options.correction,
    );
    index.forEach(([a, b], p) => {
      let difference = 0;
      for (let u = 0; u < users; u++) difference += columns[a][u] - columns[b][u];
      out.push({
        a: names[a],
        b: names[b],
        metric,
        test: options.test,
        statistic: results[p].statistic,
        pValue: results[p].pValue,
        pAdjusted: adjusted[p],
        significant: adjusted[p] <= options.alpha,
        difference: difference / users,
        users,
        method: results[p].method,
      });
    });
  });
  return out;
}
