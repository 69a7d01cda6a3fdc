/**
 * The condition bound of eq 25's scaled system (biasVariance.ts) against its condition number from ml-matrix's
 * symmetric eigendecomposition, and the refusal where no double-precision vector is determined.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { metricCurve, parseMetric } from '../metrics.ts';
import type { Sampling } from '../law/index.ts';
import { bvMatrix, bvVectors, conditionBound } from './biasVariance.ts';
import { kernelMoments, normalisedPrior } from './moments.ts';

function conditionNumber(system: Float64Array, size: number): number {
  const scaled = new Matrix(size, size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const d = Math.sqrt(system[i * size + i] * system[j * size + j]);
      scaled.set(i, j, system[i * size + j] / d);
    }
  }
  const values = new EigenvalueDecomposition(scaled, { assumeSymmetric: true }).realEigenvalues;
  return Math.max(...values) / Math.min(...values);
}

describe('BV conditioning (eq 25)', () => {
  for (const [n, m, sampling, a] of [
    [1000, 20, 'with-replacement', 0],
    [3000, 100, 'without-replacement', 0],
    [2000, 60, 'with-replacement', 1],
    [400, 200, 'without-replacement', 0.5],
  ] as [number, number, Sampling, number][]) {
    it(`n = ${n}, m = ${m}, ${sampling}${a ? `, p(r) ∝ r^-${a}` : ''}: the bound is at least κ and at most 8κ`, () => {
      const prior = a
        ? normalisedPrior(
            n,
            Float64Array.from({ length: n }, (_, r) => (r + 1) ** -a),
          )
        : null;
      const moments = kernelMoments([metricCurve(parseMetric('ap'), n)], prior, n, m, sampling);
      for (const gamma of [0.5, 0.1, 0.01, 1e-4]) {
        const system = bvMatrix(moments, gamma);
        const kappa = conditionNumber(system, m + 1);
        const bound = conditionBound(system, moments.mass, gamma);
        expect(bound, `γ = ${gamma}: κ = ${kappa}`).toBeGreaterThanOrEqual(kappa * (1 - 1e-9));
        expect(bound, `γ = ${gamma}: κ = ${kappa}`).toBeLessThanOrEqual(8 * kappa);
      }
    });
  }

  it('refuses γ whose system no double-precision vector solves to 1e-8, naming the condition number', () => {
    const n = 1000;
    const moments = kernelMoments([metricCurve(parseMetric('ap'), n)], null, n, 100, 'with-replacement');
    expect(() => bvVectors(moments, 1e-9, 1e-15, 'n = 1000, m = 100')).toThrow(InputError);
    expect(() => bvVectors(moments, 1e-9, 1e-15, 'n = 1000, m = 100')).toThrow(
      /condition number up to 9\.\de\+9 .* use γ ≥ 1e-6/,
    );
    // The smallest γ the message names is solved.
    expect(bvVectors(moments, 1e-6, 1e-15, 'n = 1000, m = 100')[0].every(Number.isFinite)).toBe(true);
  });

  it('takes the exact moments when κ times the given moments’ error exceeds 1e-8', () => {
    const n = 1000;
    const moments = kernelMoments([metricCurve(parseMetric('ap'), n)], null, n, 100, 'with-replacement');
    let asked = 0;
    const exact = () => {
      asked++;
      return moments;
    };
    bvVectors(moments, 0.1, 1e-12, 'here', exact);
    expect(asked).toBe(0); // κ ≈ 25: 2.5e-11
    bvVectors(moments, 0.1, 1e-9, 'here', exact);
    expect(asked).toBe(1); // 2.5e-8
  });
});
