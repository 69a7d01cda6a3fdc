/**
 * The fast paths of the corrections' solves (issue 13) against the former slow ones, kept in test/slowSolves.ts:
 * moments from mirrored rows and H(i, j) by its ratio recurrence (binomialSums.ts, moments.ts), and the Cholesky
 * factorisation on the envelope (cholesky.ts, solve.ts), on the n of MovieLens-1M's users (the NCF-sampled file:
 * 1,393..3,687 items each) at the m of Table 3 and of Figure 6's largest point, both sampling laws.
 */
import { describe, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { ncfSampledRanks } from '../../../test/movielens.ts';
import { denseMoments, denseSolveSymmetricMany, rowByRowMoments } from '../../../test/slowSolves.ts';
import { metricCurve, parseMetric } from '../metrics.ts';
import { extent } from '../extent.ts';
import { distinctItemCounts } from '../rankData.ts';
import type { Sampling } from '../law/index.ts';
import { CorrectionKernel, correctionVectors } from './correction.ts';
import { kernelMoments, normalisedPrior } from './moments.ts';

const metrics = ['recall@10', 'ndcg@10', 'ap'].map(parseMetric);

/** The smallest, a middle and the largest n of the MovieLens users. */
function movielensItemCounts(): number[] {
  const counts = [...distinctItemCounts(ncfSampledRanks('with-replacement'))].sort((a, b) => a - b);
  const [smallest, largest] = extent(counts);
  return [smallest, counts[Math.floor(counts.length / 2)], largest];
}

describe('binomial-law kernel moments', () => {
  it('equal the former row-by-row moments (H(i, j) from logarithms) to 1e-12 relative, 1e-15 of the largest', () => {
    for (const [n, m] of [
      [3706, 99],
      [1393, 300],
    ]) {
      const targets = metrics.map((metric) => metricCurve(metric, n));
      const prior = normalisedPrior(n);
      const fast = kernelMoments(targets, prior, n, m, 'with-replacement');
      const slow = rowByRowMoments(targets, prior, n, m);
      const largest = Math.max(...slow.gram);
      expectClose(fast.gram, slow.gram, { absolute: 1e-15 * largest, relative: 1e-12 }, `gram, n = ${n}`);
      expectClose(fast.mass, slow.mass, { relative: 1e-12 }, `mass, n = ${n}`);
      // Recall@10's h_i at large i come from the rows' far tails, which the fast pass cuts at 1e-18 of the mode.
      fast.cross.forEach((h, t) =>
        expectClose(h, slow.cross[t], { absolute: 1e-15 * Math.max(...slow.cross[t]), relative: 1e-12 }, `cross ${t}`),
      );
    }
  });
});

describe('kernel moments without replacement (compressed system: Gauss rule by tridiagonal QL, basis rows by ratio)', () => {
  it('equal the moments summed row by row from exact hypergeometric rows (G, c to 1e-11, h to 1e-9 of the largest)', () => {
    // h = Bᵀf carries the projection of M on degree-m polynomials: Recall@10's is off by 2.3e-10 of the largest h at
    // m = 300, n = 3,706, with the former dense eigendecomposition and direct basis values as well.
    for (const [n, m] of [
      [3706, 300],
      [1393, 99],
    ]) {
      const targets = metrics.map((metric) => metricCurve(metric, n));
      const prior = normalisedPrior(n);
      const fast = kernelMoments(targets, prior, n, m, 'without-replacement');
      const slow = denseMoments(targets, prior, n, m, 'without-replacement');
      expectClose(fast.gram, slow.gram, 1e-11 * Math.max(...slow.gram), `gram, n = ${n}, m = ${m}`);
      expectClose(fast.mass, slow.mass, 1e-11 * Math.max(...slow.mass), `mass, n = ${n}, m = ${m}`);
      fast.cross.forEach((h, t) => expectClose(h, slow.cross[t], 1e-9 * Math.max(...slow.cross[t]), `cross ${t}`));
    }
  });
});

describe('BV vectors (eq 25) on the fast paths equal the former dense solves', () => {
  const cases: [Sampling, number][] = [
    ['with-replacement', 100],
    ['without-replacement', 100],
    ['with-replacement', 1000],
  ];
  for (const [sampling, m] of cases) {
    it(`${sampling}, m = ${m}, MovieLens users' n, γ = 0.1, 0.01, 0.001: within 1e-9`, () => {
      const itemCounts = m === 1000 ? [1393] : movielensItemCounts();
      for (const n of itemCounts) {
        const setup = { itemCount: n, sampleSize: m, sampling };
        const kernel = new CorrectionKernel(metrics, setup);
        const moments =
          sampling === 'with-replacement' ? rowByRowMoments(kernel.targets, kernel.prior, n, m) : kernel.moments();
        const { gram, mass, size } = moments;
        for (const gamma of [0.1, 0.01, 0.001]) {
          const system = new Float64Array(size * size);
          for (let k = 0; k < system.length; k++) system[k] = (1 - gamma) * gram[k];
          for (let i = 0; i < size; i++) system[i * size + i] += gamma * mass[i];
          const slow = denseSolveSymmetricMany(system, moments.cross);
          const fast = correctionVectors(metrics, { ...setup, method: 'bv', gamma }, kernel);
          fast.forEach((v, t) => expectClose(v, slow[t], 1e-9, `n = ${n}, γ = ${gamma}, ${metrics[t].id}`));
        }
      }
    });
  }
});
