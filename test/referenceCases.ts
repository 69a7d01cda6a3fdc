/**
 * Helpers shared by the tests that read test/fixtures/reference/metric_cases.json (src/core/metrics.test.ts under
 * Krichene & Rendle's definitions, src/core/variants/metricCases.test.ts under Tamm et al.'s variants): the harness
 * that reads the cases and turns a case's input into ranks, not the oracle.
 */
import { readFileSync } from 'node:fs';

/** One case of metric_cases.json. */
export interface ReferenceCase {
  id: string;
  source: { repo: string } | string;
  metric: string;
  k: number | null;
  input: Record<string, unknown> & { type: string };
  expected: number;
  tolerance?: number;
  definition: string;
}

/** A file of test/fixtures/reference/ as text: metric_cases.json, and the qrels and run files its cases name. */
export function referenceFile(path: string): string {
  return readFileSync(new URL(`fixtures/reference/${path}`, import.meta.url), 'utf8');
}

/** The cases of metric_cases.json. */
export const REFERENCE_CASES: readonly ReferenceCase[] = (
  JSON.parse(referenceFile('metric_cases.json')) as { cases: ReferenceCase[] }
).cases;

/** The repository (or the name) of a case's source. */
export function sourceOf(c: ReferenceCase): string {
  return typeof c.source === 'string' ? c.source : c.source.repo;
}

/** Best-first order of `scores`: score descending, ties by docno descending (trec_eval's rule). */
export function orderByScore(scores: Record<string, number>): string[] {
  return Object.keys(scores).sort((a, b) => scores[b] - scores[a] || (a < b ? 1 : a > b ? -1 : 0));
}

/** Some p distinct ranks in 1..n with the given sum (a user's AUC, eq 2, depends on the ranks only through it). */
export function ranksWithSum(n: number, p: number, sum: number): number[] {
  const ranks = Array.from({ length: p }, (_, i) => i + 1);
  let excess = sum - (p * (p + 1)) / 2;
  for (let i = p - 1; i >= 0 && excess > 0; i--) {
    const room = n - (p - 1 - i) - ranks[i];
    const step = Math.min(room, excess);
    ranks[i] += step;
    excess -= step;
  }
  if (excess !== 0) throw new Error(`no ${p} ranks in 1..${n} sum to ${sum}`);
  return ranks;
}
