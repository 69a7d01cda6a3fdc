import { describe, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { denseGaussQuadrature } from '../../../test/slowSolves.ts';
import { gaussQuadrature } from './gaussQuadrature.ts';

/** α_k = 1/2, β_k of the discrete Chebyshev polynomials on n equispaced nodes in [0, 1] (polynomialSystem.ts). */
function chebyshev(n: number, degree: number): [number[], number[]] {
  const alpha = new Array<number>(degree + 1).fill(0.5);
  const beta = [0];
  for (let k = 1; k <= degree; k++) beta.push((k / (n - 1)) * Math.sqrt((n * n - k * k) / (4 * (4 * k * k - 1))));
  return [alpha, beta];
}

describe('gaussQuadrature (tridiagonal QL, first eigenvector row only)', () => {
  it('gives the two-point rule of ½δ₋₁ + ½δ₁ (by hand: J = [[0, 1], [1, 0]])', () => {
    const { nodes, weights } = gaussQuadrature([0, 0], [0, 1]);
    expectClose(nodes, [-1, 1], 1e-15);
    expectClose(weights, [0.5, 0.5], 1e-15);
  });

  it('equals the former dense eigendecomposition on the uniform prior of MovieLens n (D = 100, 300)', () => {
    for (const [n, degree] of [
      [3706, 100],
      [1393, 300],
      [12, 11],
    ]) {
      const [alpha, beta] = chebyshev(n, degree);
      const fast = gaussQuadrature(alpha, beta);
      const slow = denseGaussQuadrature(alpha, beta);
      expectClose(fast.nodes, slow.nodes, 1e-14, `nodes, n = ${n}`);
      expectClose(fast.weights, slow.weights, { absolute: 1e-17, relative: 1e-10 }, `weights, n = ${n}`);
    }
  });

  it('integrates every polynomial of degree ≤ 2D + 1 exactly: the moments of the uniform measure on n nodes', () => {
    const n = 500;
    const degree = 20;
    const { nodes, weights } = gaussQuadrature(...chebyshev(n, degree));
    for (let power = 0; power <= 2 * degree + 1; power += 7) {
      let exact = 0;
      for (let r = 0; r < n; r++) exact += (r / (n - 1)) ** power / n;
      const rule = nodes.reduce((s, t, k) => s + weights[k] * t ** power, 0);
      expectClose(rule, exact, 1e-13, `∫ θ^${power}`);
    }
  });
});
