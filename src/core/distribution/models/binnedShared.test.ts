/**
 * The per-user-n EM on bins of the reference ranks (shared.ts with a binned ColumnCache, from BINNED_FROM reference
 * ranks on): its columns are the bin means of the carried columns (to 1e-13), and MLE and WMLE on them stay within
 * 5e-6 (relative) of EM over every reference rank run for as many steps, on users with their own n near MovieLens's,
 * interpolated (without replacement) or pooled (with); with its stopping rule, EM over every rank stops at the same
 * step or one apart (binnedKernel.ts: about one fit in a hundred). MES on the pooled kernel averaged over the same
 * bins stays within 1e-6 of MES on every rank (measured 7.5e-9 on the NCF-sampled MovieLens intervals).
 */
import { describe, expect, it } from 'vitest';
import { BINNED_FROM } from '../kernels/binned.ts';
import { rankBins, spreadBins } from '../kernels/bins.ts';
import { STORED_KERNEL_LIMIT } from '../defaults.ts';
import { ColumnCache } from '../kernels/columnCache.ts';
import { StackedKernel } from '../kernels/stacked.ts';
import { DistributionCache, kernelStores } from '../store.ts';
import { distributionMetrics, recoverDistribution } from '../recover.ts';
import { parseMethod } from '../../estimators.ts';
import { parseMetricList } from '../../metrics.ts';
import { createRandom } from '../../random.ts';
import { singleRankData } from '../../rankData.ts';
import { unwrap } from '../../result.ts';
import type { DistributionMethod } from '../../corrections/methods.ts';

const N = 3706;

describe('StackedKernel on a binned ColumnCache', () => {
  it('has one row per bin, the mean of the reference ranks’ rows (both products)', () => {
    const groups = [3000, 3400, N].map((itemCount, k) => ({
      itemCount,
      sampleSize: 99,
      observed: Int32Array.from({ length: 30 }, (_, j) => j * 3 + k),
    }));
    const binnedCache = new ColumnCache(STORED_KERNEL_LIMIT, true, true);
    const binned = new StackedKernel(N, groups, 'without-replacement', undefined, binnedCache);
    const every = new StackedKernel(N, groups, 'without-replacement');
    const bins = rankBins(N);
    expect(binned.itemCount).toBe(bins.length - 1);
    const random = createRandom(2);
    const perBin = Float64Array.from({ length: bins.length - 1 }, () => random.next());
    const q = binned.multiply(perBin, new Float64Array(binned.size));
    const want = every.multiply(spreadBins(perBin, bins), new Float64Array(every.size));
    want.forEach((v, j) => expect(Math.abs(q[j] - v)).toBeLessThanOrEqual(1e-13 * v));
    const c = Float64Array.from({ length: binned.size }, () => random.next());
    const D = binned.multiplyTranspose(c, new Float64Array(binned.itemCount));
    const full = every.multiplyTranspose(c, new Float64Array(N));
    for (let b = 0; b < bins.length - 1; b++) {
      let mean = 0;
      for (let r = bins[b]; r < bins[b + 1]; r++) mean += full[r];
      mean /= bins[b + 1] - bins[b];
      expect(Math.abs(D[b] - mean)).toBeLessThanOrEqual(1e-13 * mean);
    }
  });
});

describe('per-user-n EM on bins (interpolated kernels)', () => {
  // 3,000 users with n from 2,600 to 3,706, top-heavy relative positions, sampled without replacement with m = 99.
  const random = createRandom(9);
  const itemCounts = Int32Array.from({ length: 3000 }, () => 2600 + random.nextInt(N - 2600 + 1));
  const sampledRanks = Float64Array.from(itemCounts, () => 1 + Math.floor(100 * random.next() ** 2.5));
  const data = singleRankData('S', sampledRanks, null, itemCounts);
  const setup = { itemCount: N, sampleSize: 99, sampling: 'without-replacement' as const };
  const metrics = parseMetricList('recall@10,ndcg@10,ap,auc');
  /** The same caches with the binned columns turned off: EM over every reference rank. */
  const unbinned = () =>
    new DistributionCache({ ...kernelStores(), binnedColumns: new ColumnCache(STORED_KERNEL_LIMIT, true, false) });

  for (const [id, sampling, model] of [
    ['mle', 'without-replacement', 'interpolated'],
    ['wmle:ndcg:10', 'without-replacement', 'interpolated'],
    ['mle', 'with-replacement', 'pooled'],
  ] as const) {
    it(`${id}, ${model} (${sampling}): within 5e-6 of EM over every reference rank run as many steps`, () => {
      expect(N).toBeGreaterThanOrEqual(BINNED_FROM);
      const method = parseMethod(id) as DistributionMethod;
      const at = { ...setup, sampling };
      const binned = unwrap(recoverDistribution(data, method, at));
      expect(binned.perUserN).toBe(model);
      // EM over every rank with the paper's stopping rule stops at the same step or, where the stop test lies within
      // the approximation of its threshold, one step apart (here 14 and 15 steps with replacement) …
      const every = unwrap(recoverDistribution(data, method, at, unbinned()));
      expect(Math.abs(binned.iterations - every.iterations)).toBeLessThanOrEqual(1);
      // … and run for as many steps as the binned fit, it gives its metrics within 5e-6.
      const fit = { tolerance: 1e-12, maxIterations: binned.iterations };
      const steps = unwrap(recoverDistribution(data, method, { ...at, fit }, unbinned()));
      expect(steps.iterations).toBe(binned.iterations);
      expect(binned.relative).not.toEqual(steps.relative);
      const [a, e] = [distributionMetrics(binned, metrics), distributionMetrics(steps, metrics)];
      e.forEach((v, k) => expect(Math.abs(a[k] - v) / v).toBeLessThan(5e-6));
    });
  }

  it('mes on the pooled kernel over bins (their sizes the base measure) stays within 1e-6 of MES on every rank', () => {
    const mes = parseMethod('mes:0.001') as DistributionMethod;
    const binned = unwrap(recoverDistribution(data, mes, setup));
    const every = unwrap(recoverDistribution(data, mes, setup, unbinned()));
    expect(binned.converged).toBe(true);
    expect(binned.relative).not.toEqual(every.relative);
    const [a, e] = [distributionMetrics(binned, metrics), distributionMetrics(every, metrics)];
    e.forEach((v, k) => expect(Math.abs(a[k] - v) / v).toBeLessThan(1e-6));
  });

  it('SQUAREM and Newton fit every reference rank', () => {
    const mle = parseMethod('mle') as DistributionMethod;
    const fit = { algorithm: 'squarem' as const };
    const binned = unwrap(recoverDistribution(data, mle, { ...setup, fit }));
    const every = unwrap(recoverDistribution(data, mle, { ...setup, fit }, unbinned()));
    expect(binned.relative).toEqual(every.relative);
  });
});
