/**
 * LS (eqs 21–23) by truncated SVD at the cut-off 1e-12·σ_max against numpy's lstsq on the dense A, the README's
 * statement: test/fixtures/corrections-large-m.json `lsVersusNumpy` (scripts/fixtures/corrections_large_m.py; AP,
 * uniform prior, both laws, n = 1,000..10^4, m = 20..100). numpy's default cut-off is ε·max(n, m + 1): below ours for
 * n < 4,504 (it keeps more singular values, so its bias is lower and its vector larger), above it beyond.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMetric } from '../metrics.ts';
import type { Sampling } from '../law/index.ts';
import { correctionObjective, correctionVector } from './correction.ts';
import { LS_RCOND } from './leastSquares.ts';

interface Entry {
  n: number;
  m: number;
  sampling: Sampling;
  tsvdBias: number;
  tsvdMaxAbs: number;
  numpyBias: number;
  numpyMaxAbs: number;
  numpyRcond: number;
}
const entries = (
  JSON.parse(readFileSync(new URL('../../../test/fixtures/corrections-large-m.json', import.meta.url), 'utf8')) as {
    lsVersusNumpy: Entry[];
  }
).lsVersusNumpy;

const ap = parseMetric('ap');

describe("ls against numpy's lstsq on the dense kernel (AP, uniform prior)", () => {
  for (const e of entries) {
    const relation = e.numpyRcond > LS_RCOND * 1.01 ? 'at most' : e.numpyRcond < LS_RCOND / 1.01 ? 'at least' : 'about';
    it(`n = ${e.n}, m = ${e.m}, ${e.sampling}: the bias is that of the truncated SVD at 1e-12, ${relation} numpy's (cut-off ${e.numpyRcond.toPrecision(2)})`, () => {
      const setup = { itemCount: e.n, sampleSize: e.m, sampling: e.sampling };
      const x = correctionVector(ap, { ...setup, method: 'ls' });
      const { bias } = correctionObjective(ap, x, setup);
      // The truncated SVD's bias is determined to ~1e-5 (correction.largeM.test.ts), E[x|r] to ε·max|x|.
      const rounding = Number.EPSILON * Math.max(...Array.from(x, Math.abs));
      const slack = 2 * Math.sqrt(e.tsvdBias) * rounding + rounding ** 2;
      expect(Math.abs(bias - e.tsvdBias)).toBeLessThanOrEqual(1e-4 * e.tsvdBias + slack);
      if (relation === 'at most') expect(bias).toBeLessThanOrEqual(e.numpyBias * (1 + 1e-4) + slack);
      else if (relation === 'at least') expect(bias).toBeGreaterThanOrEqual(e.numpyBias * (1 - 1e-4) - slack);
      else expect(Math.abs(bias - e.numpyBias)).toBeLessThanOrEqual(1e-4 * e.numpyBias + slack);
    });
  }
});
