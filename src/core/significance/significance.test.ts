import { describe, expect, test } from 'vitest';
import fixture from '../../../test/fixtures/significance.json' with { type: 'json' };
import { normalUpper, signedRankNull, studentTwoSided } from './distributions.ts';
import { pairedTTest, randomizationTest, randomizationTests, wilcoxonTest } from './tests.ts';
import { adjustPValues } from './corrections.ts';

// Oracle: scripts/fixtures/significance.py (scipy 1.10.1's ttest_rel and wilcoxon; a direct count of relabellings).

function close(actual: number, expected: number, relative: number): void {
  if (expected === 0) expect(Math.abs(actual)).toBeLessThan(1e-300);
  else expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(relative);
}

describe('distributions', () => {
  test("Student's t two-sided tail equals scipy's", () => {
    for (const { t, nu, twoSided } of fixture.tTails) close(studentTwoSided(t, nu), twoSided, 1e-11);
  });
  test("the normal tail equals scipy's norm.sf to 1e-13 relative (down to 3e-89)", () => {
    for (const { z, upper } of fixture.normal) close(normalUpper(z), upper, 1e-13);
  });
  test("Wilcoxon's exact null equals scipy's", () => {
    for (const { n, pmf } of fixture.signedRank) {
      const ours = signedRankNull(n);
      expect(ours.length).toBe(pmf.length);
      pmf.forEach((p, s) => close(ours[s], p, 1e-12));
    }
  });
});

describe('paired tests against scipy', () => {
  for (const pair of fixture.pairs) {
    test(`${pair.name}: ttest_rel`, () => {
      const r = pairedTTest(pair.a, pair.b);
      close(r.statistic, pair.t.statistic, 1e-10);
      close(r.pValue, pair.t.pValue, 1e-9);
    });
    test(`${pair.name}: wilcoxon`, () => {
      const r = wilcoxonTest(pair.a, pair.b);
      expect(r.statistic).toBe(pair.wilcoxon.statistic);
      close(r.pValue, pair.wilcoxon.pValue, 1e-9);
    });
  }
  test('swapping a and b negates t and keeps its p', () => {
    const pair = fixture.pairs[fixture.pairs.length - 1];
    const one = pairedTTest(pair.a, pair.b);
    const two = pairedTTest(pair.b, pair.a);
    expect(two.statistic).toBe(-one.statistic);
    expect(two.pValue).toBe(one.pValue);
  });
  test('every difference equal: no evidence, or all of it', () => {
    expect(pairedTTest([1, 2, 3], [1, 2, 3])).toMatchObject({ statistic: 0, pValue: 1 });
    expect(pairedTTest([2, 3, 4], [1, 2, 3])).toMatchObject({ statistic: Infinity, pValue: 0 });
    expect(wilcoxonTest([1, 2], [1, 2])).toMatchObject({ pValue: 1, n: 0 });
  });
  test('unequal lengths are refused with both counts', () => {
    expect(() => pairedTTest([1, 2], [1])).toThrow(/2 values against 1/);
  });
});

describe("Fisher's randomization test", () => {
  test('exact p-values equal a direct count over every relabelling', () => {
    for (const c of fixture.randomization) {
      const r = randomizationTest(c.a, c.b);
      expect(r.method).toBe('exact');
      expect(r.pValue * c.total).toBeCloseTo(c.count, 6);
      close(r.statistic, c.statistic, 1e-12);
    }
  });
  test("Monte Carlo p-values fall within 4 standard errors of the exact count's", () => {
    // n = 21 is past the exact limit: compare with the exact p of the same data by enumeration here.
    const a = Array.from({ length: 21 }, (_, i) => Math.sin(i * 1.7) * 0.3 + 0.5);
    const b = a.map((v, i) => v - 0.04 + Math.cos(i * 2.3) * 0.1);
    const d = a.map((v, i) => v - b[i]);
    const observed = Math.abs(d.reduce((s, v) => s + v, 0));
    let count = 0;
    for (let mask = 0; mask < 2 ** 21; mask++) {
      let s = 0;
      for (let u = 0; u < 21; u++) s += (mask >>> u) & 1 ? -d[u] : d[u];
      if (Math.abs(s) >= observed * (1 - 1e-12)) count++;
    }
    const exact = count / 2 ** 21;
    const B = 20_000;
    const r = randomizationTest(a, b, { permutations: B, seed: 7 });
    expect(r.method).toBe('Monte Carlo');
    const se = Math.sqrt((exact * (1 - exact)) / B);
    expect(Math.abs(r.pValue - exact)).toBeLessThan(4 * se + 1 / B);
  });
  test('shared relabellings give each pair its own test: the same p as the pair alone with the same seed', () => {
    const x = fixture.pairs.find((p) => p.name === 'ndcg n=1000')!;
    const values = [x.a, x.b, x.a.map((v, i) => (v + x.b[i]) / 2)];
    const all = randomizationTests(
      values,
      [
        [0, 1],
        [0, 2],
        [1, 2],
      ],
      { permutations: 2000, seed: 3 },
    );
    const alone = randomizationTests([x.a, x.b], [[0, 1]], { permutations: 2000, seed: 3 });
    expect(all[0].pValue).toBe(alone[0].pValue);
    // The midpoint lies between: its differences are half of a − b's, so the same relabellings are as extreme.
    expect(all[1].pValue).toBe(all[0].pValue);
  });
  test("agrees with the t-test's verdict on a clear difference and on none", () => {
    const clear = fixture.pairs.find((p) => p.name === 'hits n=6040')!;
    const r = randomizationTest(clear.a, clear.b, { permutations: 2000 });
    const t = pairedTTest(clear.a, clear.b);
    expect(r.pValue < 0.05).toBe(t.pValue < 0.05);
  });
});

describe('multiple-test corrections', () => {
  test("Holm's example (Wikipedia, Holm–Bonferroni method): H1 and H4 rejected at 0.05, H2 and H3 not", () => {
    const p = [0.01, 0.04, 0.03, 0.005];
    const holm = adjustPValues(p, 'holm');
    expect(holm.map((v) => v <= 0.05)).toEqual([true, false, false, true]);
    expect(holm[3]).toBeCloseTo(0.02, 15);
    expect(holm[0]).toBeCloseTo(0.03, 15);
    expect(holm[2]).toBeCloseTo(0.06, 15);
    expect(holm[1]).toBeCloseTo(0.06, 15);
  });
  test('Benjamini & Hochberg (1995) §4.1: of 15 p-values, Bonferroni rejects 3 at 0.05, Holm 3 and BH 4', () => {
    const p = [
      0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1,
    ];
    const count = (c: 'bonferroni' | 'holm' | 'bh') => adjustPValues(p, c).filter((v) => v <= 0.05).length;
    expect(count('bonferroni')).toBe(3);
    expect(count('holm')).toBe(3);
    expect(count('bh')).toBe(4);
  });
  test('equal the textbook definitions on seeded p-values', () => {
    for (const c of fixture.corrections) {
      for (const kind of ['bonferroni', 'holm', 'bh'] as const) {
        adjustPValues(c.p, kind).forEach((v, i) => expect(v).toBeCloseTo(c[kind][i], 15));
      }
      expect(adjustPValues(c.p, 'none')).toEqual(c.p);
    }
  });
});
