/**
 * Non-negative least squares min ‖A x − b‖² subject to x ≥ 0 by the Lawson–Hanson active-set method (Lawson &
 * Hanson 1974, ch. 23), for the small dense problems of the constrained Newton method (newton.ts). Each subproblem
 * is an unconstrained least-squares solve on the passive set. A feasible warm start keeps the number of active-set
 * changes small when the problem changes little between calls.
 */
import { choleskyFactor, choleskySolve } from '../../corrections/cholesky.ts';
import { columnLeastSquares } from '../../corrections/householder.ts';

export interface NnlsResult {
  x: Float64Array;
  iterations: number;
}

/** A is given by its columns (each of length rows). `start` (≥ 0, optional) is a warm start. */
export function nnls(columns: readonly Float64Array[], b: Float64Array, start?: Float64Array): NnlsResult {
  const count = columns.length;
  const x = new Float64Array(count);
  const passive = new Uint8Array(count);
  const blocked = new Uint8Array(count);
  if (start) {
    for (let j = 0; j < count; j++) {
      x[j] = Math.max(0, start[j]);
      passive[j] = x[j] > 0 ? 1 : 0;
    }
  }
  const system = new NormalEquations(columns, b);
  const tolerance = 1e-15 * system.scale;
  const w = new Float64Array(count);
  let iterations = 0;
  let warm = passive.some((p) => p === 1);
  const maxIterations = 3 * count + 10;
  while (iterations < maxIterations) {
    if (!warm) {
      system.gradient(x, w);
      let t = -1;
      for (let j = 0; j < count; j++) if (!passive[j] && !blocked[j] && (t < 0 || w[j] > w[t])) t = j;
      if (t < 0 || w[t] <= tolerance) break;
      passive[t] = 1;
      // Solve once to check the entering variable is really useful (rounding can make its coefficient ≤ 0).
      const z = system.solve(passive);
      if (!(z[t] > 0)) {
        passive[t] = 0;
        blocked[t] = 1;
        continue;
      }
    }
    warm = false;
    blocked.fill(0);
    // Inner loop: move from the feasible x towards the passive-set solution, dropping variables that hit zero.
    for (;;) {
      iterations++;
      const z = system.solve(passive);
      let alpha = Infinity;
      for (let j = 0; j < count; j++) {
        if (passive[j] && z[j] <= 0) alpha = Math.min(alpha, x[j] / (x[j] - z[j]));
      }
      if (alpha === Infinity) {
        x.set(z);
        break;
      }
      let left = 0;
      let largest = 0;
      for (let j = 0; j < count; j++) {
        if (passive[j]) largest = Math.max(largest, (x[j] += alpha * (z[j] - x[j])));
      }
      // The blocking variable(s) reached 0 up to rounding: they leave the passive set.
      for (let j = 0; j < count; j++) {
        if (!passive[j]) continue;
        if (x[j] <= 0 || (z[j] <= 0 && x[j] <= 1e-14 * largest)) {
          x[j] = 0;
          passive[j] = 0;
        } else left++;
      }
      if (left === 0 || iterations >= maxIterations) break;
    }
  }
  return { x, iterations };
}

/**
 * The least-squares subproblems through the Gram matrix AᵀA and Aᵀb (formed once per call): each passive-set solve
 * is a Jacobi-scaled Cholesky of a p × p block, O(p³) instead of O(rows · p²); a Householder QR of the columns is
 * the fallback when the block is numerically singular.
 */
class NormalEquations {
  readonly gram: Float64Array;
  readonly atb: Float64Array;
  /** ‖A‖ ‖b‖ scale for the optimality tolerance. */
  readonly scale: number;
  private readonly count: number;
  private rowMajor: Float64Array | null = null;

  constructor(
    readonly columns: readonly Float64Array[],
    readonly b: Float64Array,
  ) {
    const count = columns.length;
    this.count = count;
    this.gram = new Float64Array(count * count);
    this.atb = new Float64Array(count);
    let largest = 0;
    for (let j = 0; j < count; j++) {
      const cj = columns[j];
      for (let k = j; k < count; k++) {
        const ck = columns[k];
        let s = 0;
        for (let i = 0; i < cj.length; i++) s += cj[i] * ck[i];
        this.gram[j * count + k] = s;
        this.gram[k * count + j] = s;
      }
      let s = 0;
      for (let i = 0; i < cj.length; i++) s += cj[i] * b[i];
      this.atb[j] = s;
      largest = Math.max(largest, this.gram[j * count + j]);
    }
    let bb = 0;
    for (let i = 0; i < b.length; i++) bb += b[i] * b[i];
    this.scale = Math.sqrt(largest * bb);
  }

  /** w = Aᵀ(b − A x) = Aᵀb − AᵀA x. */
  gradient(x: Float64Array, w: Float64Array): void {
    const n = this.count;
    for (let j = 0; j < n; j++) {
      let s = this.atb[j];
      for (let k = 0; k < n; k++) if (x[k] !== 0) s -= this.gram[j * n + k] * x[k];
      w[j] = s;
    }
  }

  /** Least squares on the passive columns (zeros elsewhere). */
  solve(passive: Uint8Array): Float64Array {
    const index: number[] = [];
    passive.forEach((p, j) => p && index.push(j));
    return this.cholesky(index) ?? this.qr(index);
  }

  private qr(index: number[]): Float64Array {
    const rows = this.b.length;
    const count = this.count;
    this.rowMajor ??= (() => {
      const a = new Float64Array(rows * count);
      this.columns.forEach((column, j) => column.forEach((v, i) => (a[i * count + j] = v)));
      return a;
    })();
    const z = columnLeastSquares(this.rowMajor, rows, count, index, this.b);
    const out = new Float64Array(count);
    index.forEach((j, k) => (out[j] = z[k]));
    return out;
  }

  private cholesky(index: number[]): Float64Array | null {
    const n = this.count;
    const p = index.length;
    const scale = index.map((j) => 1 / Math.sqrt(this.gram[j * n + j]));
    const scaled = new Float64Array(p * p);
    for (let a = 0; a < p; a++) {
      for (let c = 0; c <= a; c++) scaled[a * p + c] = this.gram[index[a] * n + index[c]] * scale[a] * scale[c];
    }
    // A pivot below 1e-10 of the (unit) diagonal means a condition number past ~1e10: use QR instead.
    const l = choleskyFactor(scaled, p, 1e-10);
    if (!l) return null;
    const rhs = index.map((j, a) => this.atb[j] * scale[a]);
    const y = choleskySolve(l, p, rhs);
    const out = new Float64Array(n);
    index.forEach((j, a) => (out[j] = y[a] * scale[a]));
    return out;
  }
}
