/**
 * The law of the sampled rank (Krichene & Rendle 2020, section 4.3):
 *   with replacement     r̃ − 1 ~ Binomial(m, (r − 1)/(n − 1))
 *   without replacement  r̃ − 1 ~ Hypergeometric(population n − 1, successes r − 1, draws m)
 * against test/fixtures/sampled-rank-pmf.json (scripts/fixtures/sampled_rank_pmf.py):
 *   logPmf    scipy 1.10.1 binom.logpmf / hypergeom.logpmf
 *   logPmfMp  the same log-probability with mpmath at 60 digits (exact log-gamma arithmetic)
 *   rows      scipy binom.pmf / hypergeom.pmf (Boost), full rows for (n, m) = (1000, 20) and (10000, 1000)
 * scipy's hypergeom.logpmf loses up to ~4e-8 of the log for n ≥ 10^6 (betaln cancellation; the fixture records
 * scipyError = logPmf − logPmfMp), so the tight tolerance is applied against the mpmath value and the scipy value
 * is checked within the tolerance plus scipy's own recorded error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { logSampledRankPmf, sampledRankPmf, type Sampling } from './index.ts';

type Num = number | '-Infinity';
interface Point {
  n: number;
  m: number;
  r: number;
  sampledRank: number;
  sampling: Sampling;
  logPmf: Num;
  logPmfMp: Num;
  scipyError: number;
}
interface Row {
  n: number;
  m: number;
  r: number;
  sampling: Sampling;
  pmf: number[];
}
const data = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/sampled-rank-pmf.json', import.meta.url), 'utf8'),
) as {
  points: Point[];
  rows: Row[];
};
const num = (x: Num): number => Number(x);

/** Log tolerance: relative 1e-9 where |log p| > 1, absolute 1e-12 otherwise. */
const logTolerance = (expected: number): number => (Math.abs(expected) > 1 ? 1e-9 * Math.abs(expected) : 1e-12);

const SAMPLINGS: Sampling[] = ['with-replacement', 'without-replacement'];

describe('logSampledRankPmf vs scipy/mpmath log-probabilities (modes, tails down to −1.6e6, support ends)', () => {
  for (const sampling of SAMPLINGS) {
    const points = data.points.filter((p) => p.sampling === sampling);
    it(`${sampling}: agrees with the 60-digit mpmath log pmf on ${points.length} points (rel 1e-9 if |log| > 1, abs 1e-12 otherwise; −∞ outside the support)`, () => {
      for (const p of points) {
        const expected = num(p.logPmfMp);
        const got = logSampledRankPmf(p.sampledRank, p.r, p.n, p.m, p.sampling);
        const label = `n=${p.n} m=${p.m} r=${p.r} r̃=${p.sampledRank}`;
        if (expected === -Infinity) {
          expect(got, label).toBe(-Infinity);
          continue;
        }
        expect(Number.isFinite(got), label).toBe(true);
        expectClose(got, expected, logTolerance(expected), label);
      }
    });

    it(`${sampling}: agrees with scipy's logpmf within the same tolerance plus scipy's recorded error`, () => {
      for (const p of points) {
        const expected = num(p.logPmf);
        const got = logSampledRankPmf(p.sampledRank, p.r, p.n, p.m, p.sampling);
        if (expected === -Infinity) {
          expect(got).toBe(-Infinity);
          continue;
        }
        const label = `n=${p.n} m=${p.m} r=${p.r} r̃=${p.sampledRank} scipyError=${p.scipyError}`;
        expectClose(got, expected, logTolerance(expected) + Math.abs(p.scipyError), label);
      }
    });
  }

  it('the fixture covers the far tails: log p near −700, below the double range (< −745) and below −5000', () => {
    const logs = data.points.map((p) => num(p.logPmfMp)).filter(Number.isFinite);
    expect(logs.some((x) => x < -650 && x > -760)).toBe(true);
    expect(logs.filter((x) => x < -745).length).toBeGreaterThan(50);
    expect(logs.filter((x) => x < -5000).length).toBeGreaterThan(20);
  });
});

/** Groups the fixture points by (n, m, r, sampling) so each row is computed once. */
function pointGroups(): Map<string, Point[]> {
  const groups = new Map<string, Point[]>();
  for (const p of data.points) {
    const key = `${p.n}|${p.m}|${p.r}|${p.sampling}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(p);
  }
  return groups;
}

describe('sampledRankPmf rows vs scipy pmf rows and mpmath points', () => {
  for (const sampling of SAMPLINGS) {
    const rows = data.rows.filter((row) => row.sampling === sampling);
    it(`${sampling}: full rows for (n, m) = (1000, 20) and (10000, 1000) agree with scipy within 1e-12 absolute and 1e-9 relative where p > 1e-290 (${rows.length} rows)`, () => {
      for (const row of rows) {
        const got = sampledRankPmf(row.r, row.n, row.m, row.sampling);
        expect(got.length).toBe(row.m + 1);
        const label = `n=${row.n} m=${row.m} r=${row.r}`;
        expectClose(got, row.pmf, 1e-12, `${label}, r̃ = index + 1`);
        row.pmf.forEach((expected, i) => {
          if (expected > 1e-290) expectClose(got[i], expected, { relative: 1e-9 }, `${label} r̃=${i + 1}`);
        });
      }
    });
  }

  it('row entries agree with exp(mpmath log pmf) to relative 1e-9 wherever p > 1e-290, and are never spuriously 0 where log p > −700 (all fixture (n, m, r) up to n = 10^7, m = 10^5)', () => {
    for (const [, points] of pointGroups()) {
      const { n, m, r, sampling } = points[0];
      const row = sampledRankPmf(r, n, m, sampling);
      for (const p of points) {
        const logP = num(p.logPmfMp);
        const got = row[p.sampledRank - 1];
        const label = `n=${n} m=${m} r=${r} r̃=${p.sampledRank} ${sampling} log p=${logP}`;
        if (logP > -700) expect(got, label).toBeGreaterThan(0);
        const expected = Math.exp(logP);
        if (expected > 1e-290) expectClose(got, expected, { relative: 1e-9 }, label);
        else expect(got, label).toBeLessThanOrEqual(1e-280);
      }
    }
  });
});

describe('sampledRankPmf rows are probability distributions, including n = 10^7 and m = 10^5', () => {
  const cases: [number, number][] = [
    [2, 1],
    [10, 9],
    [1000, 20],
    [10_000, 99],
    [10_000, 9_999],
    [1_000_000, 1000],
    [10_000_000, 100_000],
  ];
  for (const sampling of SAMPLINGS) {
    for (const [n, m] of cases) {
      it(`${sampling}, n = ${n}, m = ${m}: every row sums to 1 within 1e-12, entries finite and in [0, 1], for r ∈ {1, 2, 3, n/2, random, n − 1, n}`, () => {
        const ranks = new Set([
          1,
          2,
          3,
          Math.floor(n / 2),
          n - 1,
          n,
          1 + Math.floor(0.37 * (n - 1)),
          1 + Math.floor(0.0123 * (n - 1)),
        ]);
        for (const r of ranks) {
          if (r < 1 || r > n) continue;
          const row = sampledRankPmf(r, n, m, sampling);
          expect(row.length).toBe(m + 1);
          let sum = 0;
          const bad: string[] = [];
          for (let i = 0; i < row.length; i++) {
            const x = row[i];
            if (!(Number.isFinite(x) && x >= 0 && x <= 1)) bad.push(`r=${r} r̃=${i + 1}: ${x}`);
            sum += x;
          }
          expect(bad).toEqual([]);
          expectClose(sum, 1, 1e-12, `sum of the row at r=${r}`);
        }
      });
    }
  }

  it('degenerate ends: r = 1 gives r̃ = 1 surely, r = n gives r̃ = m + 1 surely (both samplings); m > n − 1 is refused without replacement', () => {
    for (const sampling of SAMPLINGS) {
      const n = 5000;
      const m = 100;
      const first = sampledRankPmf(1, n, m, sampling);
      const last = sampledRankPmf(n, n, m, sampling);
      expect(first[0]).toBe(1);
      expect(last[m]).toBe(1);
      expect(logSampledRankPmf(1, 1, n, m, sampling)).toBe(0);
      expect(logSampledRankPmf(2, 1, n, m, sampling)).toBe(-Infinity);
    }
    expect(() => sampledRankPmf(3, 10, 10, 'without-replacement')).toThrow();
  });

  it('mean of r̃ − 1 is m (r − 1)/(n − 1) for both samplings (the fact behind section 4.4.1), within 1e-9 relative', () => {
    for (const sampling of SAMPLINGS) {
      for (const [n, m, r] of [
        [10_000, 99, 100],
        [10_000, 99, 8437],
        [1_000_000, 1000, 4321],
        [10_000_000, 100_000, 2_500_001],
      ]) {
        const row = sampledRankPmf(r, n, m, sampling);
        let mean = 0;
        for (let i = 0; i < row.length; i++) mean += i * row[i];
        const expected = (m * (r - 1)) / (n - 1);
        expectClose(mean, expected, { relative: 1e-9 }, `${sampling} n=${n} m=${m} r=${r}`);
      }
    }
  });
});
