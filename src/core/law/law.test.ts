/**
 * The contract of a law (law.ts), run over every law of the registry: each form of the distribution agrees with the
 * others and with Loader's point values (special.ts, themselves checked against scipy and mpmath in
 * registry.test.ts). A new law passes this file before anything else reads it.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { ESTIMATORS, estimatorOf, lawRefusal, parseMethod } from '../estimators.ts';
import { InputError } from '../errors.ts';
import { createRandom } from '../random.ts';
import type { SampledRankLaw } from './law.ts';
import { LAWS, SAMPLINGS, samplingLaw, validateSamplingSetup } from './registry.ts';

/** P(X = x) for x = 0..m from logPmf, the independent point values. */
function pointRow(law: SampledRankLaw, above: number, pool: number, m: number): Float64Array {
  return Float64Array.from({ length: m + 1 }, (_, x) => Math.exp(law.logPmf(x, above, pool, m)));
}

const CASES = [
  { n: 50, m: 10 },
  { n: 1000, m: 99 },
  { n: 20000, m: 300 },
];

describe.each(LAWS.map((law) => [law.id, law] as const))('the law %s', (_, law) => {
  it('is found by its id, and its id is listed', () => {
    expect(samplingLaw(law.id)).toBe(law);
    expect(samplingLaw(law)).toBe(law);
    expect(SAMPLINGS).toContain(law.id);
  });

  for (const { n, m } of CASES) {
    const ranks = [1, 2, 3, Math.round(n / 7), Math.round(n / 2), n - 1, n];
    it(`rows (fill and fillRaw) equal the point values, n = ${n}, m = ${m}`, () => {
      const row = law.row(m);
      for (const r of ranks) {
        const expected = pointRow(law, r - 1, n - 1, m);
        row.fill(r - 1, n - 1);
        for (let x = 0; x <= m; x++) {
          const value = x >= row.lo && x <= row.hi ? row.values[x] : 0;
          expectClose(value, expected[x], { relative: 1e-11, absolute: 1e-300 });
        }
        const raw = law.row(m).fillRaw(r - 1, n - 1);
        expectClose(raw.values[raw.lo] / raw.total, expected[raw.lo], { relative: 1e-11, absolute: 1e-300 });
      }
    });

    it(`columns over the true ranks equal the rows, n = ${n}, m = ${m}`, () => {
      const rows = Array.from({ length: n }, (_, r0) => pointRow(law, r0, n - 1, m));
      let scratch = law.columnScratch(n - 1);
      for (const i of [0, 1, Math.floor(m / 2), m]) {
        const column = law.column(i, n, m, scratch, 0);
        for (let r0 = 0; r0 < n; r0++) {
          const k = r0 - column.lo;
          const value = k >= 0 && k < column.values.length ? column.values[k] : 0;
          expectClose(value, rows[r0][i], { relative: 1e-10, absolute: 1e-290 });
        }
        scratch = law.columnScratch(n - 1, scratch);
      }
    });

    it(`the short forms: E[1/(1 + X)] and the prefix of a cut-off metric, n = ${n}, m = ${m}`, () => {
      const scaled = new Float64Array(12);
      for (const r of ranks.filter((r) => r > 1)) {
        const p = pointRow(law, r - 1, n - 1, m);
        let reciprocal = 0;
        for (let x = 0; x <= m; x++) reciprocal += p[x] / (1 + x);
        expectClose(law.expectedReciprocal(r - 1, n - 1, m), reciprocal, { relative: 1e-10, absolute: 1e-300 });
        const log0 = law.prefix(r - 1, n - 1, m, scaled.length, scaled);
        for (let x = 0; x < scaled.length && x <= m; x++) {
          const value = log0 === -Infinity ? 0 : Math.exp(log0) * scaled[x];
          expectClose(value, p[x], { relative: 1e-10, absolute: 1e-300 });
        }
      }
    });

    // θ·(n − 1) is not exactly r − 1 in floating point: the polynomial is off by rounding where the law is 0.
    it(`basisRow at θ = (r − 1)/(n − 1) is the row of rank r, n = ${n}, m = ${m}`, () => {
      const out = new Float64Array(m + 1);
      for (const r of ranks) {
        law.basisRow((r - 1) / (n - 1), n, m, out);
        const expected = pointRow(law, r - 1, n - 1, m);
        for (let x = 0; x <= m; x++) expectClose(out[x], expected[x], { relative: 1e-9, absolute: 1e-15 });
      }
    });
  }

  it('draws follow the law (mean and variance of 20,000 draws within 4 standard errors)', () => {
    const random = createRandom(7);
    const [m, above, pool] = [60, 300, 999];
    const p = pointRow(law, above, pool, m);
    let mean = 0;
    let second = 0;
    for (let x = 0; x <= m; x++) {
      mean += p[x] * x;
      second += p[x] * x * x;
    }
    const variance = second - mean * mean;
    const draws = 20000;
    const atMode = law.pmfAtMode(m, above, pool);
    expectClose(atMode, Math.max(...p), { relative: 1e-12 });
    let sum = 0;
    for (let t = 0; t < draws; t++) sum += law.draw(random, m, above, pool, atMode);
    expect(Math.abs(sum / draws - mean)).toBeLessThan(4 * Math.sqrt(variance / draws));
  });

  it('binomialSums exist exactly when the product identity holds', () => {
    const sums = law.binomialSums([new Float64Array(100).fill(1)], null, 100, 5);
    expect(sums !== null).toBe(law.productIdentity);
  });

  it('refuses an m beyond its largest, naming the law', () => {
    const largest = law.maxSampleSize(100);
    if (Number.isFinite(largest)) {
      expect(() => validateSamplingSetup(100, largest + 1, law)).toThrow(InputError);
      expect(() => validateSamplingSetup(100, largest + 1, law)).toThrow(law.label);
    }
    expect(() => validateSamplingSetup(100, Math.min(largest, 99), law)).not.toThrow();
  });
});

describe('the registry', () => {
  it('refuses an unknown id, listing the known ones', () => {
    expect(() => samplingLaw('popularity' as never)).toThrow(
      'unknown sampling "popularity": expected with-replacement or without-replacement',
    );
  });

  it('every estimator holds under both uniform laws', () => {
    for (const law of LAWS) {
      for (const estimator of ESTIMATORS) {
        expect(lawRefusal(parseMethod(estimator.defaultId), law)).toBeNull();
      }
    }
  });

  it('an estimator is refused, with the reason, under a law lacking what it requires', () => {
    // A planted third law: the uniform law with replacement but not determined by the rank (as popularity-biased
    // negatives are not), so no correction nor fit holds; the sampled metric still does.
    const planted: SampledRankLaw = {
      ...samplingLaw('with-replacement'),
      label: 'by popularity',
      holds: { rankDetermined: false, polynomialInRank: false, linearMeanInRank: false },
    };
    expect(lawRefusal(parseMethod('sampled'), planted)).toBeNull();
    expect(lawRefusal(parseMethod('cls'), planted)).toBe(
      'CLS is not offered under sampling by popularity: it needs a law where the law of r̃ is a function of the true rank, n and m alone, and p(r̃ | r) is a polynomial of degree m in the true rank r',
    );
    expect(lawRefusal(parseMethod('mle'), planted)).toMatch(/^MLE is not offered under sampling by popularity/);
    expect(lawRefusal(parseMethod('rank-estimate'), planted)).toMatch(/E\[r̃ − 1 \| r\] = m \(r − 1\)\/\(n − 1\)/);
    for (const estimator of ESTIMATORS) {
      const method = parseMethod(estimator.defaultId);
      expect(lawRefusal(method, planted) === null).toBe(estimatorOf(method).requires.length === 0);
    }
  });
});
