/**
 * The binomial law's sums g, g_M by blocks of ranks (blockSums.ts) against exact values: the Euler–Maclaurin
 * identities of the uniform prior, the rows summed one by one (test/slowSolves.ts), the mirrored rows
 * (binomialSums.ts), and the interpolation bound itself; and the bv corrections built from them, against the
 * mirrored rows' at n = 10⁶ and numpy's dense solve (test/fixtures/corrections.json, scripts/fixtures/corrections.py).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { rowByRowSums } from '../../../test/slowSolves.ts';
import { metricCurve, parseMetric } from '../metrics.ts';
import { logBinomialPmf } from '../special.ts';
import { binomialSums } from './binomialSums.ts';
import { BLOCK_ERROR, blockBinomialSums, blockPlan, largestHalfWidth } from './blockSums.ts';
import { momentsFromSums, normalisedPrior } from '../corrections/moments.ts';
import { solveSymmetricMany } from '../corrections/solve.ts';

const ids = ['ap', 'ndcg', 'recall@10', 'auc', 'precision@5', 'ndcg@10'];

/** The plan blockPlan would make for these sizes if its costs allowed blocks at all: the largest L for q points. */
function planFor(itemCount: number, sampleSize: number, points: number) {
  return { length: Math.floor(2 * largestHalfWidth(2 * sampleSize, points) * (itemCount - 1)), points };
}

describe('blockPlan (blocks only where they cost less than the mirrored rows)', () => {
  it('takes blocks at n = 10⁶, m = 100 and the rows where n is not ≫ m', () => {
    expect(blockPlan(1_000_000, 100, 1, 2)).not.toBeNull();
    expect(blockPlan(1_000_000, 3000, 1, 2)).not.toBeNull();
    expect(blockPlan(1000, 20, 1, 2)).toBeNull();
    expect(blockPlan(3706, 99, 3, 4)).toBeNull();
    expect(blockPlan(10_000, 1000, 1, 2)).toBeNull();
  });

  it('sizes blocks within the stated bound: Chebyshev interpolation of every Bin(s; N, θ) errs by ≤ BLOCK_ERROR', () => {
    for (const [size, points] of [
      [200, 10],
      [200, 16],
      [60, 8],
      [2000, 21],
    ]) {
      const half = largestHalfWidth(size, points);
      // The bound, plus the rounding of a barycentric evaluation (a few ulps of values up to 1).
      expect(worstInterpolation(size, points, half), `N = ${size}, q = ${points}`).toBeLessThanOrEqual(
        BLOCK_ERROR + 1e-15,
      );
    }
    // The check can fail: blocks four times as wide interpolate far worse.
    expect(worstInterpolation(200, 16, 4 * largestHalfWidth(200, 16))).toBeGreaterThan(1e-6);
    expect(worstInterpolation(2000, 21, 4 * largestHalfWidth(2000, 21))).toBeGreaterThan(1e-12);
  });
});

/**
 * The largest |interpolant − Bin(s; N, θ)| over s = 0..N (every seventh for N > 500) and 201 points between the nodes, for blocks of half-width
 * `half` in θ centred at the first block's centre and inside.
 */
function worstInterpolation(size: number, points: number, half: number): number {
  const nodes = Array.from({ length: points }, (_, k) => -Math.cos((k * Math.PI) / (points - 1)));
  const lambda = nodes.map((_, k) => (k % 2 ? -1 : 1) * (k === 0 || k === points - 1 ? 0.5 : 1));
  let worst = 0;
  for (const centre of [half, 0.01, 0.2, 0.5, 0.93, 1 - half]) {
    for (let s = 0; s <= size; s += size > 500 ? 7 : 1) {
      // θ and 1 − θ each from its own end, as fillRow takes them (1 − θ by subtraction would err by N·ulp).
      const f = (x: number) => {
        const t = Math.max(0, centre + half * x);
        const u = Math.max(0, 1 - centre - half * x);
        return t === 0 || u === 0 ? Number(s === (t === 0 ? 0 : size)) : Math.exp(logBinomialPmf(s, size, t, u));
      };
      const values = nodes.map(f);
      for (let i = 0; i <= 200; i++) {
        const x = -1 + (2 * i + 1) / 402; // between the nodes
        const terms = nodes.map((t, k) => lambda[k] / (x - t));
        const interpolated = terms.reduce((a, w, k) => a + w * values[k], 0) / terms.reduce((a, w) => a + w, 0);
        worst = Math.max(worst, Math.abs(interpolated - f(x)));
      }
    }
  }
  return worst;
}

describe('blockBinomialSums', () => {
  it("reproduces the uniform prior's exact sums: g(s) = (n − 1)/(n(2m + 1)), AUC's g_M(s) = (2m + 1 − s)(n − 1)/(n(2m + 1)(2m + 2))", () => {
    // Euler–Maclaurin: Σ_r Bin(s; N, θ_r) = (n − 1)∫Bin + end terms that vanish to (N/(n − 1))^s for 8 ≤ s ≤ N − 8;
    // AUC's M = 1 − θ turns Bin(s; N, θ) into (N + 1 − s)/(N + 1) · Bin(s; N + 1, θ).
    for (const [n, m] of [
      [1_000_000, 100],
      [200_000, 50],
      [100_000, 300],
    ]) {
      const size = 2 * m;
      const sums = blockBinomialSums([metricCurve(parseMetric('auc'), n)], normalisedPrior(n), n, m);
      expect(sums, `a plan at n = ${n}, m = ${m}`).not.toBeNull();
      for (let s = 8; s <= size - 8; s++) {
        // The bound: 1e-16 · Λ_q (≤ 3) of the weight 1, i.e. 6e-14 of g(s) ≈ 1/(2m + 1) at m = 100.
        expectClose(sums!.g[s], (n - 1) / (n * (size + 1)), { relative: 5e-14 }, `g(${s}), n = ${n}`);
        const auc = ((size + 1 - s) * (n - 1)) / (n * (size + 1) * (size + 2));
        expectClose(sums!.gTargets[0][s], auc, { absolute: 3e-16 }, `AUC's g_M(${s}), n = ${n}`);
      }
    }
  });

  it('equals the rows summed one by one within 1e-15 of the total weight, any prior, any target', () => {
    const n = 60_000;
    const m = 40;
    const targets = ids.map((id) => metricCurve(parseMetric(id), n));
    const priors = {
      uniform: normalisedPrior(n),
      'r^-1/2': normalisedPrior(
        n,
        Float64Array.from({ length: n }, (_, r) => (r + 1) ** -0.5),
      ),
      'every third rank': normalisedPrior(
        n,
        Float64Array.from({ length: n }, (_, r) => (r % 3 === 0 ? 1 : 0)),
      ),
    };
    for (const [name, prior] of Object.entries(priors)) {
      const slow = rowByRowSums(targets, prior, n, m);
      // The plan the costs choose, and blocks of a few points and of many (the last block of each shorter).
      for (const plan of [undefined, planFor(n, m, 6), planFor(n, m, 30)]) {
        const fast = blockBinomialSums(targets, prior, n, m, plan);
        expect(fast, `a plan for ${name}`).not.toBeNull();
        const what = `${name}, ${plan ? `q = ${plan.points}, L = ${plan.length}` : 'chosen plan'}`;
        expectClose(fast!.g, slow.g, { absolute: 1e-15, relative: 1e-13 }, `g, ${what}`);
        targets.forEach((target, t) => {
          let total = 0;
          for (let r = 0; r < n; r++) total += prior[r] * Math.abs(target[r]);
          expectClose(
            fast!.gTargets[t],
            slow.gTargets[t],
            { absolute: 1e-15 * total, relative: 1e-13 },
            `${ids[t]}, ${what}`,
          );
        });
      }
    }
  });

  it('keeps every mass: Σ_s g(s) = Σ_r p(r) and Σ_s g_M(s) = Σ_r p(r) M(r)', () => {
    const n = 1_000_000;
    const targets = ids.map((id) => metricCurve(parseMetric(id), n));
    const sums = blockBinomialSums(targets, normalisedPrior(n), n, 100)!;
    expectClose(
      sums.g.reduce((a, b) => a + b),
      1,
      1e-13,
    );
    targets.forEach((target, t) =>
      expectClose(
        sums.gTargets[t].reduce((a, b) => a + b),
        target.reduce((a, b) => a + b) / n,
        { relative: 1e-13 },
        ids[t],
      ),
    );
  });

  it("gives issue 13's bv:0.1 at n = 10⁶, m = 100 the mirrored rows' moments and vector to 1e-12", () => {
    const n = 1_000_000;
    const m = 100;
    const targets = ['ap', 'ndcg', 'recall@10'].map((id) => metricCurve(parseMetric(id), n));
    const prior = normalisedPrior(n);
    const fast = momentsFromSums(blockBinomialSums(targets, prior, n, m)!, m);
    const slow = momentsFromSums(binomialSums(targets, prior, n, m), m);
    // The mirrored rows add 5·10⁵ rows into each sum: their own rounding is about 1e-13 of g here.
    expectClose(fast.gram, slow.gram, { absolute: 1e-15 * Math.max(...slow.gram), relative: 1e-12 }, 'gram');
    expectClose(fast.mass, slow.mass, { relative: 1e-12 }, 'mass');
    const solve = (moments: typeof fast) => {
      const system = new Float64Array(moments.gram.length);
      for (let k = 0; k < system.length; k++) system[k] = 0.9 * moments.gram[k];
      for (let i = 0; i <= m; i++) system[i * (m + 1) + i] += 0.1 * moments.mass[i];
      return solveSymmetricMany(system, moments.cross);
    };
    const [a, b] = [solve(fast), solve(slow)];
    a.forEach((vector, t) =>
      expectClose(vector, b[t], { absolute: 1e-12 * Math.max(...b[t].map(Math.abs)) }, `bv:0.1 vector ${t}`),
    );
  });

  it("gives numpy's dense bv vectors (test/fixtures/corrections.json, n = 10,000, m = 100) through blocks of ranks", () => {
    // blockPlan keeps the rows at this n; a plan is forced so that the blocks meet an independent oracle end to end.
    const fixture = JSON.parse(
      readFileSync(new URL('../../../test/fixtures/corrections.json', import.meta.url), 'utf8'),
    ) as { settings: { n: number; m: number; sampling: string; prior: string; metrics: Record<string, Reference> }[] };
    const setting = fixture.settings.find((s) => s.n === 10_000 && s.sampling === 'with-replacement')!;
    const { n, m } = setting;
    expect(setting.prior).toBe('uniform');
    const ids = Object.keys(setting.metrics);
    const targets = ids.map((id) => metricCurve(parseMetric(id), n));
    const plan = planFor(n, m, 30); // 329 ranks a block, 31 blocks
    expect((n - 1) / plan.length).toBeGreaterThan(20);
    const moments = momentsFromSums(blockBinomialSums(targets, null, n, m, plan)!, m);
    for (const gamma of ['0.1', '0.01']) {
      const system = new Float64Array(moments.gram.length);
      for (let k = 0; k < system.length; k++) system[k] = (1 - Number(gamma)) * moments.gram[k];
      for (let i = 0; i <= m; i++) system[i * (m + 1) + i] += Number(gamma) * moments.mass[i];
      solveSymmetricMany(system, moments.cross).forEach((vector, t) => {
        const expected = setting.metrics[ids[t]].bv[gamma].vector;
        const largest = Math.max(...expected.map(Math.abs));
        expectClose(vector, expected, 1e-6 * largest, `${ids[t]}, bv:${gamma} (1e-6 of the largest, as for the rows)`);
      });
    }
  });
});

interface Reference {
  readonly bv: Record<string, { readonly vector: number[] }>;
}
