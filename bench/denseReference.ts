/**
 * The dense reference the public implementations use (e.g. numpy notebooks): build A (n × (m+1)) row by row
 * from the pmf, then G = AᵀA in O(n·m²) and solve eq 25. Used only to measure the speed-up of src/core.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CholeskyDecomposition, Matrix } from 'ml-matrix';
import { samplingLaw } from '../src/core/index.ts';

export function denseBv(target: Float64Array, itemCount: number, sampleSize: number, gamma: number): Float64Array {
  const size = sampleSize + 1;
  const p = 1 / itemCount;
  const A = new Float64Array(itemCount * size);
  const row = samplingLaw('with-replacement').row(sampleSize);
  for (let r = 1; r <= itemCount; r++) {
    row.fill(r - 1, itemCount - 1);
    for (let i = row.lo; i <= row.hi; i++) A[(r - 1) * size + i] = Math.sqrt(p) * row.values[i];
  }
  const G = new Matrix(size, size);
  const h = new Float64Array(size);
  const c = new Float64Array(size);
  for (let r = 0; r < itemCount; r++) {
    const base = r * size;
    const b = Math.sqrt(p) * target[r];
    for (let i = 0; i < size; i++) {
      const a = A[base + i];
      h[i] += a * b;
      c[i] += Math.sqrt(p) * a;
      for (let j = 0; j < size; j++) G.set(i, j, G.get(i, j) + a * A[base + j]);
    }
  }
  const S = G.mul(1 - gamma);
  for (let i = 0; i < size; i++) S.set(i, i, S.get(i, i) + gamma * c[i]);
  const x = new CholeskyDecomposition(S).solve(Matrix.columnVector(Array.from(h)));
  return Float64Array.from(x.getColumn(0));
}

/**
 * The same dense BV in numpy (bench/denseBv.py, run by /usr/bin/python3 or python3 on the PATH), for the issue's
 * ratio "in the same run": its wall and CPU times in ms and the solution's first and last entries; null when Python
 * or numpy is missing.
 */
export function numpyDenseBv(
  itemCount: number,
  sampleSize: number,
  gamma: number,
): { ms: number; cpuMs: number; first: number; last: number } | null {
  const script = fileURLToPath(new URL('./denseBv.py', import.meta.url));
  for (const python of ['/usr/bin/python3', 'python3']) {
    try {
      const out = execFileSync(python, [script, String(itemCount), String(sampleSize), String(gamma)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return JSON.parse(out) as { ms: number; cpuMs: number; first: number; last: number };
    } catch {
      // try the next interpreter
    }
  }
  return null;
}
