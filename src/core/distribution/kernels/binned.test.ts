/**
 * The binned kernel of the EM fits on large catalogues: its products are those of the kernel whose every row is its
 * bin's mean row (checked against that kernel written out, to 1e-13), and MLE, WMLE and MES on it stay within 1e-6
 * (relative) of the fits on every row at n = 50,000, m = 100, under both laws (the largest difference measured on
 * eight data sets: 5.6e-7; binnedKernel.ts).
 */
import { describe, expect, it } from 'vitest';
import { BinnedKernel, BINNED_FROM, BIN_ALONE, BIN_SHARE, binnedEntropyKernel } from './binned.ts';
import { rankBins } from './bins.ts';
import { SampledRankKernel } from './rows.ts';
import { fitLikelihood } from '../fits/mle.ts';
import { fitMaximalEntropy } from '../fits/mes.ts';
import { metricFromDistribution } from '../metricsFromDistribution.ts';
import { DistributionCache } from '../store.ts';
import { recoverDistribution } from '../recover.ts';
import type { DistributionMethod } from '../../corrections/methods.ts';
import { parseMethod } from '../../estimators.ts';
import { singleRankData } from '../../rankData.ts';
import { unwrap } from '../../result.ts';
import { parseMetricList } from '../../metrics.ts';
import { createRandom } from '../../random.ts';
import type { Sampling } from '../../law/index.ts';

describe('rankBins', () => {
  it('keeps the top ranks alone, then bins of ⌊share · R⌋ ranks, covering 0..n − 1 once', () => {
    const starts = rankBins(50_000);
    expect(starts[0]).toBe(0);
    expect(starts[starts.length - 1]).toBe(50_000);
    for (let b = 0; b < starts.length - 1; b++) {
      const R = starts[b] + 1;
      const width = starts[b + 1] - starts[b];
      if (starts[b + 1] === 50_000) expect(width).toBeLessThanOrEqual(Math.max(1, Math.floor(R * BIN_SHARE)));
      else expect(width).toBe(R <= BIN_ALONE ? 1 : Math.max(1, Math.floor(R * BIN_SHARE)));
    }
    expect(starts.length - 1).toBeLessThan(50_000 / 8);
  });
});

/** The kernel with each row replaced by its bin's mean row, written out: rows[r0][i]. */
function expanded(kernel: SampledRankKernel, starts: Int32Array): Float64Array[] {
  const rows: Float64Array[] = [];
  const row = new Float64Array(kernel.size);
  for (let b = 0; b < starts.length - 1; b++) {
    const mean = new Float64Array(kernel.size);
    for (let r0 = starts[b]; r0 < starts[b + 1]; r0++) {
      kernel.column(r0, row);
      row.forEach((v, i) => (mean[i] += v / (starts[b + 1] - starts[b])));
    }
    for (let r0 = starts[b]; r0 < starts[b + 1]; r0++) rows.push(mean);
  }
  return rows;
}

function close(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  for (let k = 0; k < expected.length; k++) {
    expect(Math.abs(actual[k] - expected[k])).toBeLessThanOrEqual(tolerance * Math.max(1e-300, Math.abs(expected[k])));
  }
}

describe('BinnedKernel products', () => {
  for (const sampling of ['with-replacement', 'without-replacement'] as const) {
    it(`are those of the kernel of bin-mean rows over the observed columns (${sampling})`, () => {
      const n = 600;
      const m = 20;
      const kernel = new SampledRankKernel(n, m, sampling);
      const starts = rankBins(n, 30, 0.02);
      const binned = new BinnedKernel(kernel, starts);
      const rows = expanded(kernel, starts);
      const indices = Int32Array.of(0, 1, 2, 4, 7, 11, 20);
      const products = binned.restrict(indices);
      const random = createRandom(3);
      const pi = Float64Array.from({ length: n }, () => random.next());
      const c = Float64Array.from(indices, () => random.next());
      const q = Float64Array.from(indices, (i) => rows.reduce((s, row, r) => s + pi[r] * row[i], 0));
      const D = Float64Array.from(rows, (row) => Array.from(indices).reduce((s, i, k) => s + c[k] * row[i], 0));
      close(products.multiply(pi, new Float64Array(indices.length)), q, 1e-13);
      close(products.multiplyTranspose(c, new Float64Array(n)), D, 1e-13);
      const next = new Float64Array(n);
      const qNext = new Float64Array(indices.length);
      const { maxD, sum } = products.emStep(pi, c, next, qNext);
      const expectedNext = Float64Array.from(pi, (p, r) => p * D[r]);
      close(next, expectedNext, 1e-13);
      close(
        qNext,
        Float64Array.from(indices, (i) => rows.reduce((s, row, r) => s + expectedNext[r] * row[i], 0)),
        1e-13,
      );
      expect(maxD).toBeCloseTo(Math.max(...D), 13);
      expect(sum).toBeCloseTo(
        expectedNext.reduce((s, v) => s + v, 0),
        12,
      );
      const column = products.column(250, new Float64Array(indices.length));
      close(
        column,
        Float64Array.from(indices, (i) => rows[250][i]),
        1e-15,
      );
    });
  }
});

/** Recall@10, NDCG@10, AP and AUC of π̂ (eq 14). */
function metrics(pi: Float64Array): number[] {
  return parseMetricList('recall@10,ndcg@10,ap,auc').map((metric) => metricFromDistribution(metric, pi, pi.length));
}

describe('MLE and WMLE on the binned kernel', () => {
  const n = 50_000;
  const m = 100;
  for (const sampling of ['with-replacement', 'without-replacement'] as Sampling[]) {
    it(`stay within 1e-6 of the fits on every row, n = 50,000, m = 100 (${sampling})`, () => {
      // 1,000 users' sampled ranks skewed to the top, as the pasted-ranks benchmark's.
      const random = createRandom(11);
      const counts = new Float64Array(m + 1);
      for (let u = 0; u < 1000; u++) counts[Math.min(m, Math.floor((m + 1) * random.next() ** 3))]++;
      const kernel = new SampledRankKernel(n, m, sampling);
      const binned = new BinnedKernel(kernel);
      const settings = { tolerance: 1e-5, maxIterations: 10_000, algorithm: 'em' as const, sampleWeights: null };
      const wmle = Float64Array.from({ length: m + 1 }, (_, i) => 1 / Math.log2(i + 2));
      for (const sampleWeights of [null, wmle]) {
        const exact = fitLikelihood(kernel, counts, { ...settings, sampleWeights });
        const approximate = fitLikelihood(binned, counts, { ...settings, sampleWeights });
        expect(approximate.iterations).toBe(exact.iterations);
        const [a, e] = [metrics(approximate.distribution), metrics(exact.distribution)];
        e.forEach((v, k) => expect(Math.abs(a[k] - v) / v).toBeLessThan(1e-6));
      }
    });
  }

  for (const [sampling, n] of [
    ['with-replacement', 50_000],
    ['without-replacement', BINNED_FROM],
  ] as const) {
    it(`MES over the bins stays within 1e-6 of MES on every row (${sampling}, n = ${n})`, () => {
      const m = 100;
      const random = createRandom(13);
      const counts = new Float64Array(m + 1);
      for (let u = 0; u < 1000; u++) counts[Math.min(m, Math.floor((m + 1) * random.next() ** 3))]++;
      const cache = new DistributionCache();
      const kernel = cache.kernels.get(n, m, sampling);
      const options = { tolerance: 1e-10, maxIterations: 10_000 };
      const exact = fitMaximalEntropy(kernel, counts, 0.001, options);
      const bins = cache.binnedKernel(kernel)!;
      const binned = fitMaximalEntropy(binnedEntropyKernel(kernel, bins), counts, 0.001, options);
      expect(binned.converged).toBe(true);
      expect(binned.distribution.length).toBe(bins.bins);
      const [a, e] = [metrics(bins.expand(binned.distribution)), metrics(exact.distribution)];
      e.forEach((v, k) => expect(Math.abs(a[k] - v) / v).toBeLessThan(1e-6));
    });
  }

  for (const sampling of ['with-replacement', 'without-replacement'] as const) {
    it(`MES over the bins (their sizes the base measure) is MES over the ranks on the binned products (${sampling})`, () => {
      const n = 3000;
      const m = 30;
      const kernel = new SampledRankKernel(n, m, sampling);
      const binned = new BinnedKernel(kernel, rankBins(n, 100, 0.02));
      const random = createRandom(21);
      const counts = new Float64Array(m + 1);
      for (let u = 0; u < 400; u++) counts[Math.min(m, Math.floor((m + 1) * random.next() ** 2))]++;
      const options = { tolerance: 1e-12, maxIterations: 100 };
      // Over the ranks: every product through the bins, the moments of every row at π (constant within a bin).
      const overRanks = fitMaximalEntropy(
        {
          itemCount: n,
          restrict: (indices) => binned.restrict(indices),
          moments: (indices) => kernel.moments(indices),
        },
        counts,
        0.001,
        options,
      );
      const overBins = fitMaximalEntropy(binnedEntropyKernel(kernel, binned), counts, 0.001, options);
      expect(overBins.distribution.length).toBe(binned.bins);
      expect(overBins.iterations).toBe(overRanks.iterations);
      close(binned.expand(overBins.distribution), overRanks.distribution, 1e-9);
      for (const key of ['objective', 'entropy', 'distance'] as const) {
        expect(Math.abs(overBins[key] - overRanks[key])).toBeLessThan(1e-12 * Math.max(1, Math.abs(overRanks[key])));
      }
      // The log-likelihood of a π per bin through the bins' rows is that of the spread π on every row.
      const spread = binned.expand(overBins.distribution);
      const q = kernel.multiply(spread, new Float64Array(m + 1));
      const want = counts.reduce((s, c, i) => (c > 0 ? s + c * Math.log(q[i]) : s), 0);
      expect(Math.abs(binned.logLikelihood(overBins.distribution, counts)! - want)).toBeLessThan(
        1e-12 * Math.abs(want),
      );
    });
  }

  it('is what recover.ts fits with the paper’s EM from BINNED_FROM items on; SQUAREM fits every row', () => {
    const m = 20;
    const random = createRandom(5);
    const data = singleRankData(
      'A',
      Array.from({ length: 300 }, () => 1 + Math.floor((m + 1) * random.next() ** 2)),
    );
    const counts = new Float64Array(m + 1);
    data.ranks.forEach((r) => counts[r - 1]++);
    const setup = { itemCount: BINNED_FROM, sampleSize: m, sampling: 'with-replacement' as const };
    const cache = new DistributionCache();
    const kernel = cache.kernels.get(BINNED_FROM, m, 'with-replacement');
    const settings = { tolerance: 1e-5, maxIterations: 10_000, sampleWeights: null };
    const mle = parseMethod('mle') as DistributionMethod;
    const em = unwrap(recoverDistribution(data, mle, setup, cache));
    const binned = fitLikelihood(new BinnedKernel(kernel), counts, { ...settings, algorithm: 'em' });
    // Fitted over the bins (the same iterates bin by bin, up to rounding), spread back over the ranks.
    expect(em.iterations).toBe(binned.iterations);
    close(em.distribution, binned.distribution, 1e-12);
    const squarem = unwrap(recoverDistribution(data, mle, { ...setup, fit: { algorithm: 'squarem' } }, cache));
    const exact = fitLikelihood(kernel, counts, { ...settings, algorithm: 'squarem' });
    expect(squarem.distribution).toEqual(exact.distribution);
  });

  it('is what recover.ts fits from BINNED_FROM items on, and not below', () => {
    const cache = new DistributionCache();
    const large = cache.kernels.get(BINNED_FROM, 20, 'with-replacement');
    const small = cache.kernels.get(BINNED_FROM - 1, 20, 'with-replacement');
    const binned = cache.binnedKernel(large);
    expect(binned).toBeInstanceOf(BinnedKernel);
    expect(cache.binnedKernel(large)).toBe(binned);
    expect(cache.binnedKernel(small)).toBeNull();
  });
});
