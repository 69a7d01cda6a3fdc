/**
 * The check of the compressed polynomial system (conditioning.ts): it passes where the system is accurate and fails
 * where it is not, as measured by the moments summed over the exact kernel rows; the row system's work estimate
 * against its windows; and the refusal beyond the budget.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { metricCurve, parseMetric } from '../metrics.ts';
import { samplingLaw, type Sampling } from '../law/index.ts';
import {
  checkedPolynomialSystem,
  checkRowSystemWork,
  compressedSystemError,
  COMPRESSED_TOLERANCE,
  correctionSystem,
  directSystemError,
  rowSystemWork,
} from './conditioning.ts';
import { normalisedPrior } from './moments.ts';
import { polynomialSystem } from './polynomialSystem.ts';
import { ROW_CUTOFF } from './rowSystem.ts';

const targetsOf = (n: number) => ['ap', 'recall@10', 'ndcg'].map((id) => metricCurve(parseMetric(id), n));

describe('the compressed system check', () => {
  for (const sampling of ['with-replacement', 'without-replacement'] as Sampling[]) {
    it(`${sampling}: passes at m ≤ 4√n, fails at m ≥ 7√n, in agreement with the moments over the exact rows`, () => {
      for (const [n, m, accurate] of [
        [1000, 20, true],
        [1000, 120, true],
        [3000, 200, true],
        [1000, 230, false],
        [3000, 400, false],
        [300, 150, false],
      ] as const) {
        const targets = targetsOf(n);
        const prior = normalisedPrior(n);
        const system = polynomialSystem(targets, prior, n, m, sampling);
        const quick = compressedSystemError(system);
        const direct = directSystemError(system, targets, prior, n, m, sampling);
        const where = `n = ${n}, m = ${m}: e_f ${quick}, direct ${direct}`;
        if (accurate) {
          expect(quick, where).toBeLessThanOrEqual(COMPRESSED_TOLERANCE);
          expect(direct, where).toBeLessThanOrEqual(COMPRESSED_TOLERANCE);
        } else {
          expect(quick, where).toBeGreaterThan(1e-6);
          expect(direct, where).toBeGreaterThan(1e-7);
        }
      }
    });
  }

  it('without replacement at m = n − 1 the basis overflows: the row sums fail (error ∞), and the exact rows are used', () => {
    const n = 400;
    const targets = targetsOf(n);
    const prior = normalisedPrior(n);
    expect(compressedSystemError(polynomialSystem(targets, prior, n, n - 1, 'without-replacement'))).toBe(Infinity);
    const check = checkedPolynomialSystem(targets, prior, n, 150, 'without-replacement');
    expect(check.accurate).toBe(false);
    const system = correctionSystem(targets, prior, n, 150, 'without-replacement', check);
    expect(system.projectedSquare).toBeUndefined(); // the exact-row system
    expect(correctionSystem(targets, prior, n, 20, 'without-replacement').projectedSquare).toBeDefined();
  });

  it('beyond m = 10√n the compressed system is not built', () => {
    const n = 100;
    const check = checkedPolynomialSystem(targetsOf(n), normalisedPrior(n), n, 101, 'with-replacement');
    expect(check).toEqual({ system: null, error: Infinity, accurate: false });
  });
});

describe("the exact-row system's work", () => {
  it('rowSystemWork is Σ_r w_r²/2 over the kernel rows within 25%, or above it (m near n without replacement)', () => {
    for (const [n, m, sampling] of [
      [3000, 500, 'without-replacement'],
      [20000, 1000, 'with-replacement'],
      [1500, 1400, 'without-replacement'],
    ] as [number, number, Sampling][]) {
      const row = samplingLaw(sampling).row(m, ROW_CUTOFF);
      let work = 0;
      for (let r = 0; r < n; r++) {
        row.fillRaw(r, n - 1);
        work += (row.hi - row.lo + 1) ** 2 / 2;
      }
      const estimate = rowSystemWork(n, m, sampling);
      expect(estimate / work, `n = ${n}, m = ${m}, ${sampling}`).toBeGreaterThan(0.8);
      expect(estimate / work, `n = ${n}, m = ${m}, ${sampling}`).toBeLessThan(m < n / 2 ? 1.25 : 1.5);
    }
  });

  it('refuses a row system beyond the budget, naming n, m and the work', () => {
    expect(() => checkRowSystemWork(400_000, 5000, 'without-replacement', 450)).toThrow(InputError);
    expect(() => checkRowSystemWork(400_000, 5000, 'without-replacement', 450)).toThrow(
      /n = 400000, m = 5000: .* off by 4\.5e\+2.* 6\.1e\+10 rotations, more than the 6\.0e\+10 allowed/,
    );
    expect(() => checkRowSystemWork(100_000, 2000, 'without-replacement', Infinity)).not.toThrow();
  });
});
