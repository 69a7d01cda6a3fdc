import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { rowByRowSums } from '../../../test/slowSolves.ts';
import { metricCurve, parseMetric } from '../metrics.ts';
import { binomialSums } from './binomialSums.ts';
import { normalisedPrior } from '../corrections/moments.ts';

/** Both sums against the former row-by-row pass (a full, normalised KernelRow for every rank; test/slowSolves.ts). */
function expectSameSums(n: number, m: number, prior: Float64Array, ids = ['ap', 'recall@10', 'auc']): void {
  const targets = ids.map((id) => metricCurve(parseMetric(id), n));
  const fast = binomialSums(targets, prior, n, m);
  const slow = rowByRowSums(targets, prior, n, m);
  // Relative to the largest entry: the mirrored rows and interleaved chains round differently (a few ulps).
  const close = (a: Float64Array, b: Float64Array, what: string) =>
    expectClose(a, b, { absolute: 1e-14 * Math.max(...b), relative: 1e-12 }, what);
  close(fast.g, slow.g, `g, n = ${n}, m = ${m}`);
  fast.gTargets.forEach((g, t) => close(g, slow.gTargets[t], `g_M ${t}, n = ${n}, m = ${m}`));
}

describe('binomialSums (one pass over the ranks with mirrored rows)', () => {
  it('equals the row-by-row sums under the uniform prior (every row mirrored), n even and odd', () => {
    for (const [n, m] of [
      [1000, 20],
      [1001, 20],
      [5000, 100],
      [150, 100],
      [3, 5],
    ]) {
      expectSameSums(n, m, normalisedPrior(n));
    }
  });

  it('equals them with one target or none (terms added as they are computed, two pairs of rows at a time)', () => {
    for (const n of [3000, 3001]) {
      expectSameSums(n, 60, normalisedPrior(n), ['ndcg']);
      expectSameSums(n, 60, normalisedPrior(n), []);
      // Mirrored pairs whose neighbours have other weights: one pair at a time.
      const tent = Float64Array.from({ length: n }, (_, r) => Math.min(r + 1, n - r));
      expectSameSums(n, 60, normalisedPrior(n, tent), ['ap']);
    }
  });

  it('equals them under priors with no mirrored pairs, some pairs, and zeros', () => {
    const n = 2001;
    expectSameSums(
      n,
      50,
      normalisedPrior(
        n,
        Float64Array.from({ length: n }, (_, r) => (r + 1) ** -0.5),
      ),
    );
    expectSameSums(
      n,
      50,
      normalisedPrior(
        n,
        Float64Array.from({ length: n }, (_, r) => Math.min(r + 1, n - r)),
      ),
    );
    expectSameSums(
      n,
      50,
      normalisedPrior(
        n,
        Float64Array.from({ length: n }, (_, r) => (r % 3 === 0 ? 1 : 0)),
      ),
    );
  });

  it('sums each row to its mass: Σ_s g(s) = 1 and Σ_s g_M(s) = Σ_r p(r) M(r)', () => {
    const n = 10_000;
    const target = metricCurve(parseMetric('ndcg'), n);
    const { g, gTargets } = binomialSums([target], normalisedPrior(n), n, 300);
    expectClose(
      g.reduce((a, b) => a + b),
      1,
      1e-13,
    );
    expect(gTargets[0].reduce((a, b) => a + b)).toBeCloseTo(target.reduce((a, b) => a + b) / n, 14);
  });
});
