/**
 * The exact-row system (rowSystem.ts) satisfies the identity of the minimal-bias problem (Krichene & Rendle eqs
 * 21–23) for every vector: ‖R x − f‖² + minimalBias = Σ_r p(r)(E[x|r] − M(r))², the right side summed row by row from
 * the definition (correctionObjective), and its mass Rᵀ(Qᵀ√p) is c_i = Σ_r p(r) p(i|r). Its vectors against the
 * dense extended-precision reference: correction.largeM.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { createRandom } from '../random.ts';
import { metricCurve, parseMetric } from '../metrics.ts';
import type { Sampling } from '../law/index.ts';
import { sampledRankPmf } from '../law/index.ts';
import { correctionObjective } from './correction.ts';
import { normalisedPrior } from './moments.ts';
import { rowSystem } from './rowSystem.ts';

const SETTINGS: [number, number, Sampling, number][] = [
  [50, 80, 'with-replacement', 0], // n < m + 1: R has rank n
  [300, 150, 'without-replacement', 0],
  [1000, 300, 'with-replacement', 0.7],
  [200, 199, 'without-replacement', 0], // m = n − 1: the kernel is the identity
  [2000, 40, 'without-replacement', 1.2],
];

describe('the exact-row system', () => {
  for (const [n, m, sampling, a] of SETTINGS) {
    const weights = a ? Float64Array.from({ length: n }, (_, r) => (r + 1) ** -a) : null;
    const prior = normalisedPrior(n, weights);
    const metrics = ['ap', 'recall@10'].map(parseMetric);
    const targets = metrics.map((metric) => metricCurve(metric, n));
    const label = `n = ${n}, m = ${m}, ${sampling}${a ? `, p(r) ∝ r^-${a}` : ''}`;

    it(`${label}: ‖R x − f‖² + minimalBias is the bias of x summed row by row (1e-12 relative), for random x`, () => {
      const system = rowSystem(targets, prior, n, m, sampling);
      const size = m + 1;
      const random = createRandom(n + m);
      for (let trial = 0; trial < 4; trial++) {
        const x = Float64Array.from({ length: size }, () => random.next() - 0.3);
        metrics.forEach((metric, t) => {
          let square = system.minimalBias[t];
          for (let k = 0; k < system.rows; k++) {
            let s = -system.rhs[t][k];
            for (let i = 0; i < size; i++) s += system.basis[k * size + i] * x[i];
            square += s * s;
          }
          const { bias } = correctionObjective(metric, x, { itemCount: n, sampleSize: m, sampling, prior: weights });
          expectClose(square, bias, { relative: 1e-12, absolute: 1e-16 }, `${metric.id}, trial ${trial}`);
        });
      }
    });

    it(`${label}: Rᵀ(Qᵀ√p) is the mass c_i = Σ_r p(r) p(i|r) (1e-13 relative)`, () => {
      const system = rowSystem(targets, prior, n, m, sampling);
      const size = m + 1;
      const mass = new Float64Array(size);
      for (let r = 1; r <= n; r++) {
        const row = sampledRankPmf(r, n, m, sampling);
        for (let i = 0; i < size; i++) mass[i] += prior[r - 1] * row[i];
      }
      const compressed = new Float64Array(size);
      for (let k = 0; k < system.rows; k++) {
        for (let i = 0; i < size; i++) compressed[i] += system.basis[k * size + i] * system.rootWeights[k];
      }
      expectClose(compressed, mass, { relative: 1e-13, absolute: 1e-16 * Math.max(...mass) }, 'mass');
      expect(system.degree).toBe(Math.min(m, n - 1));
    });
  }
});
