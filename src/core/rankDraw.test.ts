import { describe, expect, it } from 'vitest';
import { expectClose } from '../../test/expectClose.ts';
import { createRandom, drawAboveCounts } from './random.ts';
import type { RandomSource } from './random.ts';
import { drawAboveCountsByLaw } from './rankDraw.ts';
import { samplingLaw } from './law/index.ts';
import { logBinomialPmf, logHypergeometricPmf } from './special.ts';

/** The law drawn from (law/law.ts `draw`, `pmfAtMode`): Binomial with replacement, Hypergeometric without. */
const lawOf = (withReplacement: boolean) => samplingLaw(withReplacement ? 'with-replacement' : 'without-replacement');
const drawSuccesses = (
  random: RandomSource,
  draws: number,
  successes: number,
  population: number,
  withReplacement: boolean,
  atMode?: number,
) => lawOf(withReplacement).draw(random, draws, successes, population, atMode);
const pmfAtMode = (draws: number, successes: number, population: number, withReplacement: boolean) =>
  lawOf(withReplacement).pmfAtMode(draws, successes, population);

/** Exact pmf of drawSuccesses' law from the law's rows (ratio recurrence, independent code). */
function exactPmf(draws: number, successes: number, population: number, withReplacement: boolean): Float64Array {
  const row = lawOf(withReplacement).row(draws).fill(successes, population);
  const out = new Float64Array(draws + 1);
  out.set(row.values.subarray(row.lo, row.hi + 1), row.lo);
  return out;
}

/**
 * Pearson's chi-square of observed counts against expected probabilities, cells with an expectation below 5 pooled
 * into their neighbour (so every cell of the test has ≥ 5): the statistic and its degrees of freedom.
 */
function chiSquare(observed: ArrayLike<number>, probabilities: ArrayLike<number>, total: number) {
  const cells: { o: number; e: number }[] = [];
  let o = 0;
  let e = 0;
  for (let i = 0; i < probabilities.length; i++) {
    o += observed[i];
    e += probabilities[i] * total;
    if (e >= 5) {
      cells.push({ o, e });
      o = 0;
      e = 0;
    }
  }
  if (cells.length === 0) return { statistic: 0, df: 0 };
  cells[cells.length - 1].o += o;
  cells[cells.length - 1].e += e;
  const statistic = cells.reduce((s, c) => s + (c.o - c.e) ** 2 / c.e, 0);
  return { statistic, df: cells.length - 1 };
}

/**
 * A bound the statistic of a correct sampler exceeds with probability far below 1e-6 (chi-square with df degrees:
 * mean df, sd √(2df); 7 sd plus a margin for the skewed tail of small df). The draws are seeded, so each test is one
 * fixed check; the last test shows the bound still rejects laws off by little.
 */
const bound = (df: number) => df + 7 * Math.sqrt(2 * df) + 10;

const DRAWS = 200_000;

function histogram(
  seed: number,
  draws: number,
  successes: number,
  population: number,
  withReplacement: boolean,
): Float64Array {
  const random = createRandom(seed);
  const counts = new Float64Array(draws + 1);
  const atMode = pmfAtMode(draws, successes, population, withReplacement);
  for (let t = 0; t < DRAWS; t++)
    counts[drawSuccesses(random, draws, successes, population, withReplacement, atMode)]++;
  return counts;
}

// [m, successes, population]: small and large p, p near 1, the MovieLens sizes, a large m, m close to the population.
const CASES: [number, number, number][] = [
  [100, 1, 3705],
  [100, 45, 3705],
  [100, 1850, 3705],
  [100, 3700, 3705],
  [99, 300, 1392],
  [10, 3, 10],
  [1000, 250_000, 1_000_000],
  [1000, 7, 1_000_000],
  [3000, 1400, 3500],
];

describe('drawSuccesses (a sampled rank drawn from its law)', () => {
  for (const withReplacement of [true, false]) {
    const law = withReplacement ? 'binomial' : 'hypergeometric';
    it.each(CASES)(`${law}: m = %i, %i of %i above: the exact pmf by chi-square, mean and variance`, (m, a, pool) => {
      const counts = histogram(m + a + pool, m, a, pool, withReplacement);
      const pmf = exactPmf(m, a, pool, withReplacement);
      const { statistic, df } = chiSquare(counts, pmf, DRAWS);
      expect(statistic, `chi-square with ${df} degrees of freedom`).toBeLessThan(bound(df));
      // Mean within 5 standard errors of the exact one.
      let mean = 0;
      let variance = 0;
      pmf.forEach((p, k) => (mean += p * k));
      pmf.forEach((p, k) => (variance += p * (k - mean) ** 2));
      const observed = counts.reduce((s, c, k) => s + c * k, 0) / DRAWS;
      expectClose(observed, mean, 5 * Math.sqrt(variance / DRAWS) + 1e-12, 'mean');
    });
  }

  it('P(X = mode) is the pmf at the mode (Loader), and the mode is the most probable value', () => {
    for (const withReplacement of [true, false]) {
      for (const [m, a, pool] of CASES) {
        const pmf = exactPmf(m, a, pool, withReplacement);
        expectClose(pmfAtMode(m, a, pool, withReplacement), Math.max(...pmf), { relative: 1e-12 });
      }
    }
    expectClose(pmfAtMode(100, 45, 3705, true), Math.exp(logBinomialPmf(1, 100, 45 / 3705, 3660 / 3705)), {
      relative: 1e-14,
    });
    expectClose(pmfAtMode(100, 45, 3705, false), Math.exp(logHypergeometricPmf(1, 45, 3660, 100)), {
      relative: 1e-14,
    });
  });

  it('degenerate laws: none above gives 0, all above gives m, without replacement m = pool gives the count above', () => {
    const random = createRandom(3);
    for (const withReplacement of [true, false]) {
      expect(drawSuccesses(random, 100, 0, 3705, withReplacement)).toBe(0);
      expect(drawSuccesses(random, 100, 3705, 3705, withReplacement)).toBe(100);
      expect(drawSuccesses(random, 0, 10, 3705, withReplacement)).toBe(0);
    }
    expect(drawSuccesses(random, 50, 20, 50, false)).toBe(20);
    // Hypergeometric support starts above 0 when few items are below: 40 of 50 drawn, 20 above → at least 10 above.
    for (let t = 0; t < 1000; t++) {
      const x = drawSuccesses(random, 40, 20, 50, false);
      expect(x >= 10 && x <= 20).toBe(true);
    }
  });

  it('uses one uniform a draw, and the same seed gives the same draws', () => {
    const a = createRandom(9);
    const b = createRandom(9);
    const xs = Array.from({ length: 100 }, () => drawSuccesses(a, 100, 200, 3705, true));
    expect(Array.from({ length: 100 }, () => drawSuccesses(b, 100, 200, 3705, true))).toEqual(xs);
    // Inversion: the draw is the quantile of the uniform, so it moves with the uniform (the mode order aside).
    expect(a.next()).toBe(b.next());
  });

  it('the bound rejects laws off by little (the test has power): m − 1 draws, or one more item above', () => {
    for (const withReplacement of [true, false]) {
      const counts = histogram(5, 100, 300, 3705, withReplacement);
      for (const wrong of [exactPmf(100, 320, 3705, withReplacement), exactPmf(100, 300, 3500, withReplacement)]) {
        const { statistic, df } = chiSquare(counts, wrong, DRAWS);
        expect(statistic).toBeGreaterThan(bound(df));
      }
    }
  });
});

describe('drawAboveCountsByLaw (several relevant items: gap by gap)', () => {
  /** Exact joint law of (out[0], out[1]) for two relevant items: multinomial or multivariate hypergeometric. */
  function jointPmf(gaps: number[], m: number, withReplacement: boolean): Map<string, number> {
    const pool = gaps[0] + gaps[1] + gaps[2];
    const out = new Map<string, number>();
    for (let h0 = 0; h0 <= m; h0++) {
      for (let h1 = 0; h0 + h1 <= m; h1++) {
        const h2 = m - h0 - h1;
        let log: number;
        if (withReplacement) {
          log = lf(m) - lf(h0) - lf(h1) - lf(h2);
          gaps.forEach((g, i) => {
            const h = [h0, h1, h2][i];
            log += h === 0 ? 0 : g === 0 ? -Infinity : h * Math.log(g / pool);
          });
        } else {
          if (h0 > gaps[0] || h1 > gaps[1] || h2 > gaps[2]) continue;
          log = lc(gaps[0], h0) + lc(gaps[1], h1) + lc(gaps[2], h2) - lc(pool, m);
        }
        if (log > -Infinity) out.set(`${h0},${h0 + h1}`, Math.exp(log));
      }
    }
    return out;
  }
  const lf = (n: number) => {
    let s = 0;
    for (let i = 2; i <= n; i++) s += Math.log(i);
    return s;
  };
  const lc = (n: number, k: number) => lf(n) - lf(k) - lf(n - k);

  for (const withReplacement of [true, false]) {
    it(`${withReplacement ? 'multinomial' : 'multivariate hypergeometric'}: the joint law of two items' counts, and the literal draws agree`, () => {
      // Two relevant items with 3 and 3 + 5 of 40 irrelevant items above them, m = 12.
      const above = [3, 8];
      const pool = 40;
      const m = 12;
      const pmf = jointPmf([3, 5, 32], m, withReplacement);
      const keys = [...pmf.keys()];
      const byLaw = new Map<string, number>();
      const literal = new Map<string, number>();
      const out = new Int32Array(2);
      const r1 = createRandom(21);
      const r2 = createRandom(22);
      for (let t = 0; t < DRAWS; t++) {
        drawAboveCountsByLaw(r1, above, pool, m, lawOf(withReplacement), out);
        byLaw.set(`${out[0]},${out[1]}`, (byLaw.get(`${out[0]},${out[1]}`) ?? 0) + 1);
        drawAboveCounts(r2, above, pool, m, withReplacement, out);
        literal.set(`${out[0]},${out[1]}`, (literal.get(`${out[0]},${out[1]}`) ?? 0) + 1);
      }
      // Cells ordered by probability, so pooling joins the rare ones.
      keys.sort((a, b) => pmf.get(a)! - pmf.get(b)!);
      expect([...byLaw.keys()].every((k) => pmf.has(k))).toBe(true);
      for (const counts of [byLaw, literal]) {
        const { statistic, df } = chiSquare(
          keys.map((k) => counts.get(k) ?? 0),
          keys.map((k) => pmf.get(k)!),
          DRAWS,
        );
        expect(statistic, `chi-square with ${df} degrees of freedom`).toBeLessThan(bound(df));
      }
    });
  }

  it('without replacement, m beyond the n − k irrelevant items draws them all, as the literal draws do', () => {
    // n = 10, m = 8 = n − 2, an instance with 3 relevant items (ranks 2, 9, 10): only 7 irrelevant items to draw.
    const byLaw = new Int32Array(3);
    const literal = new Int32Array(3);
    drawAboveCountsByLaw(createRandom(1), [1, 7, 7], 7, 8, lawOf(false), byLaw);
    drawAboveCounts(createRandom(1), [1, 7, 7], 7, 8, false, literal);
    expect([...byLaw]).toEqual([1, 7, 7]);
    expect([...literal]).toEqual([1, 7, 7]);
  });

  it('with one item it is drawSuccesses on the n − 1 irrelevant items (the stream the studies use)', () => {
    const a = createRandom(4);
    const b = createRandom(4);
    const out = new Int32Array(1);
    for (const [m, above, pool] of CASES) {
      for (const withReplacement of [true, false]) {
        drawAboveCountsByLaw(a, [above], pool, m, lawOf(withReplacement), out);
        expect(out[0]).toBe(drawSuccesses(b, m, above, pool, withReplacement));
      }
    }
  });
});
