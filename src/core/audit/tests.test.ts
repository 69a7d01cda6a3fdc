/**
 * The audit's tests against scipy.stats (test/fixtures/audit-tests.json, scripts/fixtures/audit_tests.py): χ²
 * survival and the regularized incomplete gamma to 1e-12, log-gamma to 1e-13, and the KS statistic exactly with its
 * p-value: Marsaglia, Tsang & Wang's exact one (the fixture's 60-digit mpmath) to 1e-12 (1e-14 absolute: 1 − P(D < d) loses that) up to N = 1,000, within
 * 0.003 of scipy's beyond (Stephens' approximation).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { chiSquareSurvival, chiSquareTest, ksUniform, logGamma, regularizedGammaQ } from './tests.ts';

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/audit-tests.json', import.meta.url), 'utf8'));

describe('the audit’s goodness-of-fit tests', () => {
  it('χ² survival equals scipy.stats.chi2.sf', () => {
    for (const c of fixture.chi2) expectClose(chiSquareSurvival(c.x, c.df), c.sf, { relative: 1e-11, absolute: 1e-14 });
  });

  it('the regularized incomplete gamma and log-gamma equal scipy.special', () => {
    for (const c of fixture.gamma) {
      expectClose(regularizedGammaQ(c.a, c.x), c.q, { relative: 1e-11, absolute: 1e-15 }, `Q(${c.a}, ${c.x})`);
      expectClose(logGamma(c.a), c.logGamma, { relative: 1e-13, absolute: 1e-14 });
    }
  });

  it('the KS statistic equals scipy’s, its p-value the exact one (Stephens’ approximation beyond N = 1,000)', () => {
    for (const c of fixture.ks) {
      const result = ksUniform(c.sample);
      expectClose(result.statistic, c.statistic, 1e-15);
      if (c.sample.length <= 1000) expectClose(result.pValue, c.pMtw, { relative: 1e-12, absolute: 1e-14 });
      else expect(Math.abs(result.pValue - c.pExact)).toBeLessThan(0.003);
    }
  });

  it('Pearson’s χ² of counts: the statistic, its degrees of freedom, and a bin expected empty but not', () => {
    const result = chiSquareTest([10, 20, 30], [20, 20, 20]);
    expect(result.statistic).toBe(10);
    expectClose(result.pValue, Math.exp(-5), 1e-15);
    expect(chiSquareTest([1, 0, 3], [0, 2, 2]).pValue).toBe(0);
  });
});
