import { describe, expect, it } from 'vitest';
import { SampledRankKernel } from './rows.ts';

/** K restricted to `indices`, entry by entry from the whole kernel's columns: the reference for restrict(). */
function restrictedDense(kernel: SampledRankKernel, indices: Int32Array): Float64Array[] {
  const full = new Float64Array(kernel.size);
  return Array.from({ length: kernel.itemCount }, (_, r) => {
    kernel.column(r, full);
    return Float64Array.from(indices, (i) => full[i]);
  });
}

describe('SampledRankKernel.restrict', () => {
  // Most columns (through the whole kernel, scattered) and few (a copy of the rows over them).
  for (const indices of [Int32Array.from([0, 1, 2, 4, 5, 6, 8, 9, 10, 11, 15, 20]), Int32Array.from([0, 3, 17])]) {
    it(`gives the products of the kernel over ${indices.length} of its 21 columns`, () => {
      const kernel = new SampledRankKernel(300, 20, 'with-replacement');
      const restricted = kernel.restrict(indices);
      expect(restricted.size).toBe(indices.length);
      const rows = restrictedDense(kernel, indices);
      const pi = Float64Array.from({ length: 300 }, (_, r) => 1 + Math.cos(r));
      const c = Float64Array.from(indices, (_, k) => 1 + k);
      const q = restricted.multiply(pi, new Float64Array(indices.length));
      const D = restricted.multiplyTranspose(c, new Float64Array(300));
      for (let k = 0; k < indices.length; k++) {
        const direct = rows.reduce((s, row, r) => s + pi[r] * row[k], 0);
        expect(Math.abs(q[k] - direct)).toBeLessThanOrEqual(1e-13 * direct);
      }
      for (let r = 0; r < 300; r++) {
        const direct = rows[r].reduce((s, v, k) => s + v * c[k], 0);
        expect(Math.abs(D[r] - direct)).toBeLessThanOrEqual(1e-13 * direct);
      }
      const next = new Float64Array(300);
      const qNext = new Float64Array(indices.length);
      const step = restricted.emStep(pi, c, next, qNext);
      for (let r = 0; r < 300; r++) expect(next[r]).toBeCloseTo(pi[r] * D[r], 12);
      expect(step.maxD).toBe(Math.max(...D));
      const qCheck = restricted.multiply(next, new Float64Array(indices.length));
      for (let k = 0; k < indices.length; k++) expect(qNext[k]).toBeCloseTo(qCheck[k], 12);
      expect(restricted.column(150, new Float64Array(indices.length))).toEqual(rows[150]);
    });
  }
});
