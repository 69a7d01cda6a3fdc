/**
 * The rank-distribution estimators (Jin et al. 2021, src/core/distribution) against the independent numpy/scipy
 * reference test/fixtures/distribution.json (scripts/fixtures/distribution.py): dense scipy kernels, plain EM,
 * generic SLSQP solvers for the maximum of eqs 19/22 (a primal lower and a dual upper bound), L-BFGS-B on the
 * softmax parametrisation for eqs 24–27, np.linalg.solve for eq 15. Four cases, both sampling laws.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import {
  DistributionCache,
  kernelStores,
  SampledRankKernel,
  distributionMetrics,
  fitLikelihood,
  fitMaximalEntropy,
  parseMethod,
  parseMetricList,
  recoverDistribution,
  singleRankData,
  wmleWeights,
  type DistributionMethod,
  type Sampling,
} from '../index.ts';

interface Optimum {
  lower: number;
  upper: number;
  qStar: number[];
}
interface EmResult {
  iterations: number;
  logLikelihood: number;
  distribution: number[];
  metrics: Record<string, number>;
}
interface Case {
  name: string;
  n: number;
  m: number;
  sampling: Sampling;
  counts: number[];
  em: Record<string, number[]>;
  emGain: EmResult & { certificate: number };
  mleOptimum: Optimum;
  'wmle:ndcg:10': EmResult & { optimum: Optimum };
  'wmle:ap:5': EmResult;
  mes: Record<string, { objective: number; distribution: number[]; kkt: number; metrics: Record<string, number> }>;
  bvDist: Record<string, { distribution: number[]; metrics: Record<string, number> }>;
}

const { cases } = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/distribution.json', import.meta.url), 'utf8'),
) as {
  cases: Case[];
};
const metrics = parseMetricList('recall@10,ndcg@10,ap@10,auc');

/** Sampled ranks as a histogram (one row per observed r̃, count = its frequency). */
function histogramData(counts: number[]) {
  const ranks: number[] = [];
  const weights: number[] = [];
  counts.forEach((c, i) => c > 0 && (ranks.push(i + 1), weights.push(c)));
  return singleRankData('R', ranks, weights);
}

function recover(c: Case, method: string, fit = {}) {
  const result = recoverDistribution(
    histogramData(c.counts),
    parseMethod(method) as DistributionMethod,
    { itemCount: c.n, sampleSize: c.m, sampling: c.sampling, fit },
    new DistributionCache(),
  );
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function expectMetrics(recovery: ReturnType<typeof recover>, expected: Record<string, number>, tolerance: number) {
  distributionMetrics(recovery, metrics).forEach((value, j) =>
    expectClose(value, expected[metrics[j].id], tolerance, metrics[j].id),
  );
}

describe.each(cases)('rank-distribution estimators vs the scipy reference: $name', (c) => {
  const kernel = new SampledRankKernel(c.n, c.m, c.sampling);
  const counts = Float64Array.from(c.counts);
  const total = c.counts.reduce((s, x) => s + x, 0);

  it('EM is eq 21 step by step from uniform (1, 10 and 100 steps agree with numpy to 1e-13)', () => {
    for (const [steps, expected] of Object.entries(c.em)) {
      const fit = fitLikelihood(kernel, counts, {
        tolerance: 1e-300,
        maxIterations: Number(steps),
        algorithm: 'em',
      });
      expect(fit.iterations).toBe(Number(steps));
      expectClose(fit.distribution, expected, 1e-13, `EM after ${steps} steps`);
    }
  });

  it('mle (EM, gain < 1e-6) stops at the same iteration as numpy with the same P̂ and metrics', () => {
    const recovery = recover(c, 'mle', { tolerance: 1e-6, algorithm: 'em' });
    expect(recovery.iterations).toBe(c.emGain.iterations);
    expect(recovery.converged).toBe(true);
    // eq 19 in total: Σ_u log p(r̃_u), i.e. the per-instance value times the number of instances.
    expect(recovery.logLikelihood! / total).toBeCloseTo(c.emGain.logLikelihood, 12);
    expectClose(recovery.distribution, c.emGain.distribution, 1e-12, 'P̂');
    expectMetrics(recovery, c.emGain.metrics, 1e-12);
    // The certificate is the same quantity numpy computes, and it is not small: EM stops far from the maximum.
    expect(recovery.gap! / total).toBeCloseTo(c.emGain.certificate, 10);
    expect(recovery.logLikelihood! / total).toBeLessThan(c.mleOptimum.upper);
  });

  it('wmle (eq 23, NDCG and AP weights) follows numpy step by step', () => {
    for (const id of ['wmle:ndcg:10', 'wmle:ap:5'] as const) {
      const recovery = recover(c, id, { tolerance: 1e-6 });
      expect(recovery.iterations).toBe(c[id].iterations);
      expectClose(recovery.distribution, c[id].distribution, 1e-12, `P̂ of ${id}`);
      expectMetrics(recovery, c[id].metrics, 1e-12);
    }
  });

  it('mle with algorithm newton reaches the maximum of eq 19 that two scipy solvers bracket (1e-9 certified)', () => {
    const { lower, upper, qStar } = c.mleOptimum;
    expect(upper - lower).toBeLessThan(1e-12);
    const fit = fitLikelihood(kernel, counts, { tolerance: 1e-9, maxIterations: 1000, algorithm: 'newton' });
    expect(fit.converged).toBe(true);
    expect(fit.gap).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(fit.logLikelihood)));
    // In fact ℓ is at the scipy maximum to rounding, far inside the certified tolerance.
    expect(fit.logLikelihood).toBeGreaterThanOrEqual(upper - 1e-14);
    expect(fit.logLikelihood).toBeLessThanOrEqual(upper + 1e-14);
    // The certificate brackets the optimum too: ℓ ≤ ℓ* ≤ ℓ + gap.
    expect(fit.logLikelihood + fit.gap).toBeGreaterThanOrEqual(lower - 1e-14);
    // The optimal q = K π is unique (ℓ is strictly concave in q): ours matches the dual's P̃/v.
    const q = kernel.multiply(fit.distribution, new Float64Array(c.m + 1));
    c.counts.forEach((n, i) => n > 0 && expectClose(q[i], qStar[i], { relative: 1e-5 }, `q at r̃ = ${i + 1}`));
  });

  it('the weighted maximum (eq 22) is reached by newton too', () => {
    const { upper } = c['wmle:ndcg:10'].optimum;
    const fit = fitLikelihood(kernel, counts, {
      tolerance: 1e-12,
      maxIterations: 1000,
      algorithm: 'newton',
      sampleWeights: wmleWeights('ndcg', 10, c.m),
    });
    expect(fit.converged).toBe(true);
    expectClose(fit.logLikelihood, upper, 2e-12 * Math.max(1, Math.abs(upper)), 'weighted log-likelihood');
  });

  it('squarem and plain EM never pass the maximum and increase ℓ monotonically', () => {
    let previous = -Infinity;
    for (const maxIterations of [1, 5, 25, 125]) {
      const fit = fitLikelihood(kernel, counts, { tolerance: 1e-300, maxIterations, algorithm: 'squarem' });
      expect(fit.logLikelihood).toBeGreaterThanOrEqual(previous - 1e-15);
      expect(fit.logLikelihood).toBeLessThanOrEqual(c.mleOptimum.upper + 1e-14);
      previous = fit.logLikelihood;
    }
  });

  for (const eta of ['0.001', '0.01']) {
    it(`mes (η = ${eta}) reaches the scipy optimum of eq 26 and the same P̂`, () => {
      const reference = c.mes[eta];
      const fit = fitMaximalEntropy(kernel, counts, Number(eta), { tolerance: 1e-12, maxIterations: 100 });
      expect(fit.converged).toBe(true);
      // Ours is certified within gap of the maximum; L-BFGS-B's is a feasible point, so it cannot be higher.
      expect(fit.objective).toBeGreaterThanOrEqual(reference.objective - 1e-15);
      expect(fit.objective - reference.objective).toBeLessThan(1e-13);
      expect(fit.gap).toBeLessThanOrEqual(1e-12 * (Number(eta) * fit.entropy + fit.distance));
      // F is η-strongly concave in ℓ1 (Pinsker): ‖π − π*‖₁ ≤ √(2 (F* − F(π)) / η), with F* ≤ F(ours) + gap. So the
      // distance between the two P̂ is certified by the objectives alone (the reference stops at KKT ~1e-8).
      const slack = (f: number) => Math.sqrt((2 * Math.max(0, fit.objective + fit.gap - f)) / Number(eta));
      const bound = slack(fit.objective) + slack(reference.objective) + 1e-12;
      let l1 = 0;
      fit.distribution.forEach((p, r) => (l1 += Math.abs(p - reference.distribution[r])));
      expect(l1).toBeLessThanOrEqual(bound);
      expect(l1).toBeLessThan(1e-5);
      // Every metric of eq 14 is bounded by max |M| · ‖π − π'‖₁ ≤ ‖π − π'‖₁.
      expectMetrics(recover(c, `mes:${eta}`, { tolerance: 1e-12 }), reference.metrics, Math.max(l1, 1e-12));
    });
  }

  for (const gamma of ['0.1', '1']) {
    it(`bv-dist:${gamma} is eq 15 as numpy solves it densely`, () => {
      const reference = c.bvDist[gamma === '1' ? '1.0' : gamma];
      const recovery = recover(c, `bv-dist:${gamma}`);
      const scale = Math.max(...reference.distribution.map(Math.abs));
      expectClose(recovery.distribution, reference.distribution, 1e-8 * scale, 'P̂ (1e-8 of its largest entry)');
      expectMetrics(recovery, reference.metrics, 1e-9);
    });
  }
});

describe('DistributionCache over shared KernelStores (a worker’s jobs)', () => {
  it('shares the kernels, not what belongs to a request: the BV systems (their prior) and MES warm starts', () => {
    const stores = kernelStores();
    const [a, b] = [new DistributionCache(stores), new DistributionCache(stores)];
    expect(b.kernels).toBe(a.kernels);
    expect(b.pooledKernels).toBe(a.pooledKernels);
    expect(b.columns).toBe(a.columns);
    const kernel = a.kernels.get(500, 20, 'with-replacement');
    expect(b.kernels.get(500, 20, 'with-replacement')).toBe(kernel);
    const prior = Float64Array.from({ length: 500 }, (_, r) => 1 / (r + 1));
    a.bvSystem(kernel, 0.1, null);
    expect(b.bvSystem(kernel, 0.1, prior)).toEqual(new DistributionCache().bvSystem(kernel, 0.1, prior));
    a.entropyStarts.set('mes|500', { indices: Int32Array.of(0), mu: Float64Array.of(1) });
    expect(b.entropyStarts.size).toBe(0);
  });
});
