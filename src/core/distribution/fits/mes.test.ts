/**
 * MES as Jin et al.'s published code scales it (mes.ts, `mes:η:code`): their cvxpy objective
 * Σ (Aᵀx − P̃)² P̃ · (m + 1) − η Σ entr(x), against the independent scipy reference test/fixtures/mes-code-scale.json
 * (scripts/fixtures/mes_code_scale.py: that objective written literally on a dense scipy kernel, L-BFGS-B on the
 * softmax parametrisation polished by Newton on the KKT system to a KKT residual below 1e-14).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../../test/expectClose.ts';
import { ncfSampledRanks, NCF_SAMPLED_SETUP } from '../../../../test/movielens.ts';
import {
  bootstrapEstimates,
  DistributionCache,
  distributionMetrics,
  fitMaximalEntropy,
  SampledRankKernel,
  mesEntropyWeight,
  parseMethod,
  parseMetricList,
  recoverDistribution,
  singleRankData,
  type DistributionMethod,
  type Sampling,
} from '../../index.ts';

interface Fit {
  distribution: number[];
  kkt: number;
  metrics: Record<string, number>;
}
interface Case {
  name: string;
  n: number;
  m: number;
  sampling: Sampling;
  counts: number[];
  fits: Record<string, Fit>;
}

const { cases } = JSON.parse(
  readFileSync(new URL('../../../../test/fixtures/mes-code-scale.json', import.meta.url), 'utf8'),
) as { cases: Case[] };
const metrics = parseMetricList('recall@10,ndcg@10');

function recover(c: Case, method: string) {
  const ranks: number[] = [];
  const weights: number[] = [];
  c.counts.forEach((count, i) => count > 0 && (ranks.push(i + 1), weights.push(count)));
  const result = recoverDistribution(
    singleRankData('R', ranks, weights),
    parseMethod(method) as DistributionMethod,
    { itemCount: c.n, sampleSize: c.m, sampling: c.sampling, fit: { tolerance: 1e-13 } },
    new DistributionCache(),
  );
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('MES scaled as the papers’ code scales it', () => {
  it('weighs the entropy by η / (m + 1): mesEntropyWeight(0.01, code, 99) = 1e-4; paper leaves η', () => {
    expect(mesEntropyWeight(0.01, 'code', 99)).toBeCloseTo(1e-4, 18);
    expect(mesEntropyWeight(0.01, 'paper', 99)).toBe(0.01);
    expect(mesEntropyWeight(0.01, undefined, 99)).toBe(0.01);
  });

  describe.each(cases)('$name against the scipy reference', (c) => {
    for (const [gamma, reference] of Object.entries(c.fits)) {
      it(`mes:${gamma}:code gives the code's minimiser within 1e-9 (ℓ1) and its metrics`, () => {
        expect(reference.kkt).toBeLessThan(1e-13);
        const recovery = recover(c, `mes:${gamma}:code`);
        expect(recovery.converged).toBe(true);
        expectClose(recovery.distribution, reference.distribution, 1e-9, 'P̂');
        distributionMetrics(recovery, metrics).forEach((value, j) =>
          expectClose(value, reference.metrics[metrics[j].id], 1e-9, metrics[j].id),
        );
      });
    }

    it('mes:η:code is the paper-scaled mes at η / (m + 1), not at η', () => {
      const [gamma] = Object.keys(c.fits);
      const code = recover(c, `mes:${gamma}:code`).distribution;
      const paper = recover(c, `mes:${Number(gamma) / (c.m + 1)}`).distribution;
      expectClose(code, paper, 1e-12, 'same problem');
      const unscaled = recover(c, `mes:${gamma}`).distribution;
      let l1 = 0;
      unscaled.forEach((p, r) => (l1 += Math.abs(p - code[r])));
      expect(l1).toBeGreaterThan(1e-3);
    });
  });
});

describe('MES warm starts (FitOptions.warmStart: Newton from the first fit’s dual point, the bootstrap’s point fit)', () => {
  // Both fits stop on the certified relative gap (1e-10 by default), so each is within √(2 · gap / η) (ℓ1) of the
  // unique maximiser, and so of each other: that is the documented bound (≈ 4e-5 here). What they differ by in fact is
  // the cold fit's own distance to the maximiser, about 5e-7 in Recall@10 on these replicates.
  it('give the cold start’s bootstrap intervals within 1e-6 on the NCF-sampled MovieLens ranks', () => {
    const [data] = ncfSampledRanks('without-replacement');
    const setup = { ...NCF_SAMPLED_SETUP, sampling: 'without-replacement' as const };
    const metrics = parseMetricList('recall@10,ndcg@10,ap');
    const methods = [parseMethod('mes')];
    const run = (warmStart: boolean) => {
      const withFit = { ...setup, fit: { warmStart } };
      const result = bootstrapEstimates(data, metrics, methods, withFit, { replicates: 6, seed: 3 });
      if (!result.ok) throw new Error(result.error);
      return result.value;
    };
    const cold = run(false);
    const warm = run(true);
    warm.forEach((row, j) => {
      for (const key of ['estimate', 'low', 'high'] as const) {
        expectClose(row[key], cold[j][key], 1e-6, `${row.metric} ${key}`);
      }
    });
  });

  it('stop within the certified bound of the cold fit, in fewer Newton steps', () => {
    const c = cases[0];
    const eta = 0.001;
    const counts = Float64Array.from(c.counts);
    const kernel = new SampledRankKernel(c.n, c.m, c.sampling);
    const options = { tolerance: 1e-10, maxIterations: 100 };
    const first = fitMaximalEntropy(kernel, counts, eta, options);
    const nearby = counts.map((x, i) => (i % 3 === 0 ? x + 1 : x));
    const cold = fitMaximalEntropy(kernel, nearby, eta, options);
    const warm = fitMaximalEntropy(kernel, nearby, eta, { ...options, start: first.dual });
    expect(warm.converged).toBe(true);
    expect(warm.iterations).toBeLessThan(cold.iterations);
    let l1 = 0;
    warm.distribution.forEach((p, r) => (l1 += Math.abs(p - cold.distribution[r])));
    const bound = Math.sqrt((2 * warm.gap) / eta) + Math.sqrt((2 * cold.gap) / eta);
    expect(l1).toBeLessThanOrEqual(bound);
    expect(l1).toBeLessThan(1e-6);
  });
});
