/**
 * Recommender X: matrix factorisation ŷ(u, i) = ⟨v_u, v_i⟩ trained with implicit alternating least squares
 * (Hu, Koren & Volinsky 2008) on the loss of Bayer et al. (2017), Krichene & Rendle section 9:
 *
 *   L(V) = Σ_{(u,i)∈H} (ŷ(u,i) − 1)² + α Σ_{u∈U} Σ_{i∈I} ŷ(u,i)² + λ‖V‖²_F,
 *
 * the α term over *all* pairs, observed ones included. With the items fixed, user u's row solves the d × d system
 * (Σ_{i∈H_u} v_i v_iᵀ + α G + λ I) v_u = Σ_{i∈H_u} v_i, with G = Σ_{i∈I} v_i v_iᵀ the item Gramian (and the same
 * with roles swapped). Each half-sweep is exact, so L never increases.
 *
 * Larger d (the leaderboard's iALS-64 and iALS-128): the exact solve costs |H_u|·d² per row; `solver: 'cg'` instead
 * takes `cgSteps` conjugate-gradient steps per row from the row's current value (Takács, Pilászy & Tikk, RecSys
 * 2011), each step one product (αG + λI)p + Σ_{i∈H_u} v_i (v_iᵀ p) in d² + 2|H_u|·d — the half-sweep then only
 * lowers L without reaching each row's minimum, and the sweeps converge to the same stationary point.
 */
import type { RandomSource } from '../../src/core/random.ts';
import type { Interactions } from './data.ts';

export interface IalsOptions {
  readonly dims: number;
  readonly lambda: number;
  readonly alpha: number;
  readonly sweeps: number;
  /** Standard deviation of the Gaussian initialisation of the item factors (users are solved first). */
  readonly initScale: number;
  readonly random: RandomSource;
  /** 'exact' (Cholesky, the default; X) or 'cg' (cgSteps conjugate-gradient steps per row, warm-started). */
  readonly solver?: 'exact' | 'cg';
  readonly cgSteps?: number;
  /** Called after each sweep with the current factors (live views, not copies). */
  readonly onSweep?: (sweep: number, model: IalsModel) => void;
}

export interface IalsModel {
  readonly dims: number;
  readonly userFactors: Float64Array;
  readonly itemFactors: Float64Array;
}

export function trainIals(data: Interactions, options: IalsOptions): IalsModel {
  const { dims: d, random } = options;
  const U = data.userIds.length;
  const I = data.itemIds.length;
  const userFactors = new Float64Array(U * d);
  const itemFactors = new Float64Array(I * d);
  for (let p = 0; p < itemFactors.length; p++) itemFactors[p] = options.initScale * gaussian(random);
  const model = { dims: d, userFactors, itemFactors };
  const solve = options.solver === 'cg' ? cgRows : solveRows;
  for (let sweep = 1; sweep <= options.sweeps; sweep++) {
    solve(userFactors, itemFactors, data.userOffsets, data.userItems, d, options);
    solve(itemFactors, userFactors, data.itemOffsets, data.itemUsers, d, options);
    options.onSweep?.(sweep, model);
  }
  return model;
}

/** Scores of every item for one user: out[i] = ⟨v_u, v_i⟩. */
export function ialsScores(model: IalsModel, user: number, out: Float64Array): void {
  const { dims: d, userFactors, itemFactors } = model;
  const base = user * d;
  for (let i = 0, off = 0; i < out.length; i++, off += d) {
    let s = 0;
    for (let f = 0; f < d; f++) s += userFactors[base + f] * itemFactors[off + f];
    out[i] = s;
  }
}

/** Solves every row of `target` with `fixed` held fixed (one half-sweep). */
function solveRows(
  target: Float64Array,
  fixed: Float64Array,
  offsets: Int32Array,
  neighbours: Int32Array,
  d: number,
  options: IalsOptions,
): void {
  const base = gramian(fixed, d);
  for (let p = 0; p < base.length; p++) base[p] *= options.alpha;
  for (let f = 0; f < d; f++) base[f * d + f] += options.lambda;
  const a = new Float64Array(d * d);
  const b = new Float64Array(d);
  let columns = new Float64Array(d * 64);
  const rows = offsets.length - 1;
  for (let row = 0; row < rows; row++) {
    const lo = offsets[row];
    const k = offsets[row + 1] - lo;
    // Gather the neighbours' factors column-wise (d × k), so each entry of Σ x xᵀ is one contiguous dot product.
    if (columns.length < d * k) columns = new Float64Array(d * k);
    for (let p = 0; p < k; p++) {
      const off = neighbours[lo + p] * d;
      for (let f = 0; f < d; f++) columns[f * k + p] = fixed[off + f];
    }
    a.set(base);
    for (let f = 0; f < d; f++) {
      const fo = f * k;
      let sum = 0;
      for (let p = 0; p < k; p++) sum += columns[fo + p];
      b[f] = sum;
      for (let g = f; g < d; g++) {
        const go = g * k;
        let dot = 0;
        for (let p = 0; p < k; p++) dot += columns[fo + p] * columns[go + p];
        a[f * d + g] += dot;
      }
    }
    choleskySolve(a, b, d);
    target.set(b, row * d);
  }
}

/** Σ_{t<n} a[ao + t]·b[bo + t] with four accumulators (no chain of dependent additions). */
function dot(a: Float64Array, ao: number, b: Float64Array, bo: number, n: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let t = 0;
  for (; t + 4 <= n; t += 4) {
    s0 += a[ao + t] * b[bo + t];
    s1 += a[ao + t + 1] * b[bo + t + 1];
    s2 += a[ao + t + 2] * b[bo + t + 2];
    s3 += a[ao + t + 3] * b[bo + t + 3];
  }
  for (; t < n; t++) s0 += a[ao + t] * b[bo + t];
  return s0 + s1 + s2 + s3;
}

/**
 * One half-sweep by conjugate gradients: each row of `target` moves cgSteps steps towards its exact solution. The
 * row's neighbours' factors are gathered into one contiguous k × d block F first, so that each product
 * A v = (αG + λI) v + Fᵀ(F v) reads memory in order.
 */
function cgRows(
  target: Float64Array,
  fixed: Float64Array,
  offsets: Int32Array,
  neighbours: Int32Array,
  d: number,
  options: IalsOptions,
): void {
  const base = gramian(fixed, d);
  for (let p = 0; p < base.length; p++) base[p] *= options.alpha;
  for (let f = 0; f < d; f++) base[f * d + f] += options.lambda;
  const steps = options.cgSteps ?? 3;
  const x = new Float64Array(d);
  const r = new Float64Array(d);
  const p = new Float64Array(d);
  const ap = new Float64Array(d);
  let block = new Float64Array(d * 64);
  const rows = offsets.length - 1;
  const multiply = (k: number, v: Float64Array, out: Float64Array) => {
    for (let f = 0; f < d; f++) out[f] = dot(base, f * d, v, 0, d);
    for (let q = 0, off = 0; q < k; q++, off += d) {
      const w = dot(block, off, v, 0, d);
      for (let f = 0; f < d; f++) out[f] += w * block[off + f];
    }
  };
  for (let row = 0; row < rows; row++) {
    const lo = offsets[row];
    const k = offsets[row + 1] - lo;
    if (block.length < k * d) block = new Float64Array(k * d);
    for (let q = 0; q < k; q++) block.set(fixed.subarray(neighbours[lo + q] * d, neighbours[lo + q] * d + d), q * d);
    for (let f = 0; f < d; f++) x[f] = target[row * d + f];
    // r = b − A x with b = Σ_{i∈H} v_i (the column sums of F).
    multiply(k, x, ap);
    for (let f = 0; f < d; f++) r[f] = -ap[f];
    for (let q = 0, off = 0; q < k; q++, off += d) for (let f = 0; f < d; f++) r[f] += block[off + f];
    p.set(r);
    let rr = dot(r, 0, r, 0, d);
    for (let step = 0; step < steps && rr > 1e-20; step++) {
      multiply(k, p, ap);
      const a = rr / dot(p, 0, ap, 0, d);
      for (let f = 0; f < d; f++) {
        x[f] += a * p[f];
        r[f] -= a * ap[f];
      }
      const next = dot(r, 0, r, 0, d);
      for (let f = 0; f < d; f++) p[f] = r[f] + (next / rr) * p[f];
      rr = next;
    }
    target.set(x, row * d);
  }
}

/** G = Σ_rows x xᵀ (upper triangle filled, the rest mirrored). */
function gramian(factors: Float64Array, d: number): Float64Array {
  const g = new Float64Array(d * d);
  for (let off = 0; off < factors.length; off += d) {
    for (let f = 0; f < d; f++) {
      const x = factors[off + f];
      for (let h = f; h < d; h++) g[f * d + h] += x * factors[off + h];
    }
  }
  for (let f = 0; f < d; f++) for (let h = 0; h < f; h++) g[f * d + h] = g[h * d + f];
  return g;
}

/**
 * Solves A x = b in place (x overwrites b) for a symmetric positive definite A given by its upper triangle
 * (row-major d × d; A is overwritten by its Cholesky factor). d = 16 here: a hand-written solve is far cheaper
 * than a general matrix object for 10^4 small systems per half-sweep.
 */
export function choleskySolve(a: Float64Array, b: Float64Array, d: number): void {
  // A = RᵀR with R upper triangular, stored in the upper triangle of a.
  for (let j = 0; j < d; j++) {
    let s = a[j * d + j];
    for (let k = 0; k < j; k++) s -= a[k * d + j] * a[k * d + j];
    if (!(s > 0)) throw new Error('choleskySolve: matrix is not positive definite');
    const r = Math.sqrt(s);
    a[j * d + j] = r;
    for (let i = j + 1; i < d; i++) {
      let t = a[j * d + i];
      for (let k = 0; k < j; k++) t -= a[k * d + j] * a[k * d + i];
      a[j * d + i] = t / r;
    }
  }
  for (let i = 0; i < d; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= a[k * d + i] * b[k];
    b[i] = s / a[i * d + i];
  }
  for (let i = d - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < d; k++) s -= a[i * d + k] * b[k];
    b[i] = s / a[i * d + i];
  }
}

/** L(V) of the header; Σ over all pairs of ŷ² is trace(G_users G_items). */
export function ialsLoss(data: Interactions, model: IalsModel, alpha: number, lambda: number): number {
  const { dims: d, userFactors, itemFactors } = model;
  let observed = 0;
  for (let u = 0; u < data.userIds.length; u++) {
    for (let p = data.userOffsets[u]; p < data.userOffsets[u + 1]; p++) {
      let s = 0;
      for (let f = 0; f < d; f++) s += userFactors[u * d + f] * itemFactors[data.userItems[p] * d + f];
      observed += (s - 1) * (s - 1);
    }
  }
  const gu = gramian(userFactors, d);
  const gi = gramian(itemFactors, d);
  let all = 0;
  for (let p = 0; p < d * d; p++) all += gu[p] * gi[p];
  let norm = 0;
  for (const x of userFactors) norm += x * x;
  for (const x of itemFactors) norm += x * x;
  return observed + alpha * all + lambda * norm;
}

/** A standard normal draw. */
export function gaussian(random: RandomSource): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}
