/**
 * binomialSums (binomialSums.ts) without a row per rank, when n ≫ m: the sums
 *   g(s) = Σ_r p(r) Bin(s; 2m, θ_r),   g_M(s) = Σ_r p(r) M(r) Bin(s; 2m, θ_r),   θ_r = (r − 1)/(n − 1)
 * (the one pass of the binomial law's moments, moments.ts) with each Bin(s; 2m, θ) interpolated in r over blocks of
 * L ranks from its values at q Chebyshev points of the block (second kind, so neighbouring blocks share an end):
 *   Σ_{r ∈ block} w(r) Bin(s; 2m, θ_r) ≈ Σ_k W_k Bin(s; 2m, θ(x_k)),   W_k = Σ_{r ∈ block} w(r) ℓ_k(r),
 * with ℓ_k the Lagrange basis of the block's points. The weights W_k cost n·q for each weight array (none for the
 * prior when it is uniform) and the rows (n/L)·q instead of n, each O(√m): at n = 10⁶, m = 100 (q = 12, L = 1,879)
 * the pass takes 15–22 ms instead of 110–120 ms. Any prior and any target: only the binomial row is interpolated,
 * never w = p·M, so steps and kinks of M (Recall@K, truncated metrics) cost nothing in accuracy.
 *
 * Error bound (Trefethen, Approximation Theory and Approximation Practice, Thm 8.2): on a block whose θ range has
 * half-width δ, Bin(s; N, ·) (N = 2m) is analytic inside the Bernstein ellipse E_ρ, whose semi-major axis is
 * R = δ(ρ + 1/ρ)/2, where |C(N,s) z^s (1 − z)^(N−s)| ≤ C(N,s)(θ_c + R)^s (1 − θ_c + R)^(N−s) ≤ (1 + 2R)^N; the
 * interpolant in q Chebyshev points is then within 4 (1 + 2R)^N ρ^(1−q)/(ρ − 1) of it everywhere on the block.
 * blockPlan takes the largest L for which some ρ makes that ≤ BLOCK_ERROR = 1e-16, so that every sum moves by at
 * most 1e-16 · Σ_r |w(r)| (and rounding), as the rows' cut tails already do (ROW_CUTOFF): 2e-14 of
 * g(s) ≈ 1/(2m + 1) at m = 100. A g_M(s) made only of far tails (Recall@10's at large s, 1e-300 and less) gets that
 * absolute error too, 1e-19 of the largest g_M. blockPlan chooses q, and this path over the mirrored rows, by their
 * measured costs: for m ≳ n/100 (blocks of a few ranks) the rows are kept. The rows' own rounding is larger at
 * n = 10⁶ (1.7e-13 of g, 5·10⁵ rows added into each sum; the blocks: 3e-15). blockSums.test.ts checks the sums
 * against the uniform prior's exact values (Euler–Maclaurin) and the rows added one by one, and the bv vector.
 */
import { fillRow, Ratios } from './binomialRows.ts';
import type { BinomialSums } from './law.ts';

/** True when every entry equals the first (a uniform prior). */
export function isConstant(a: Float64Array): boolean {
  for (let s = 1; s < a.length; s++) if (a[s] !== a[0]) return false;
  return true;
}

/** The largest interpolation error of a binomial pmf value (a number ≤ 1) blockPlan admits. */
export const BLOCK_ERROR = 1e-16;

export interface BlockPlan {
  /** L: ranks per block (the last block takes what is left, at most L + 1). */
  readonly length: number;
  /** q: Chebyshev points per block, its two ends included. */
  readonly points: number;
}

/** Work of one row evaluation beyond its entries (mode value, set-up), in kernel entries. */
const ROW_OVERHEAD = 40;

/**
 * The blocks for n ranks and 2m = N, or null when the mirrored rows of binomialSums cost less (half the work or
 * more). `weightArrays`: how many arrays of n weights must be reduced per block (targets, and the prior unless it
 * is uniform); `sums`: how many sums each row is added to (targets + 1).
 */
export function blockPlan(itemCount: number, sampleSize: number, weightArrays: number, sums: number): BlockPlan | null {
  const size = 2 * sampleSize;
  const window = Math.min(size + 1, 7.2 * Math.sqrt(size) + 2);
  const exact = (itemCount / 2) * (ROW_OVERHEAD + window * (sums + 1));
  let best: { plan: BlockPlan; cost: number } | null = null;
  for (let points = 4; points <= 40; points++) {
    const length = Math.floor(2 * largestHalfWidth(size, points) * (itemCount - 1));
    if (length < 2 * points || length >= itemCount) continue;
    const nodes = Math.ceil((itemCount - 1) / length) * (points - 1) + 1;
    // Per weight and point, measured: 0.5 ns written out (q = 12), 1.5 ns with the sums in an array; a row entry
    // 1 ns; the two Lagrange tables' divisions.
    const reduction = points === UNROLLED ? 0.5 : 1.5;
    const tables = 2 * length * points * 5;
    const cost = itemCount * points * weightArrays * reduction + nodes * (ROW_OVERHEAD + window * sums) + tables;
    if (!best || cost < best.cost) best = { plan: { length, points }, cost };
  }
  return best && best.cost <= exact / 2 ? best.plan : null;
}

/**
 * The largest half-width δ of a θ interval on which q Chebyshev points interpolate every Bin(s; N, θ) within
 * BLOCK_ERROR: max over ρ of δ with 4 (1 + δ(ρ + 1/ρ))^N ρ^(1−q)/(ρ − 1) = BLOCK_ERROR.
 */
export function largestHalfWidth(size: number, points: number): number {
  let best = 0;
  for (let rho = 1.25; rho < 1e4; rho *= 1.05) {
    const logAllowed = Math.log((BLOCK_ERROR * (rho - 1)) / 4) + (points - 1) * Math.log(rho);
    if (!(logAllowed > 0)) continue;
    const twoR = Math.expm1(logAllowed / size);
    best = Math.max(best, twoR / (rho + 1 / rho));
  }
  return best;
}

/** Chebyshev points of the second kind on [0, 1], t_k = (1 − cos(kπ/(q − 1)))/2, k = 0..q−1 (t_0 = 0, t_{q−1} = 1). */
function chebyshevPoints(points: number): Float64Array {
  return Float64Array.from({ length: points }, (_, k) =>
    k === points - 1 ? 1 : (1 - Math.cos((k * Math.PI) / (points - 1))) / 2,
  );
}

/**
 * ℓ_k(i), the Lagrange basis of the points `nodes` (offsets from the block's first rank) at the block's ranks
 * i = 0..count−1, by the barycentric formula with the second kind's weights (−1)^k, halved at the ends; stored by
 * rank, table[i·q + k].
 */
function lagrangeTable(nodes: Float64Array, count: number): Float64Array {
  const q = nodes.length;
  const lambda = Float64Array.from(
    { length: q },
    (_, k) => (k % 2 === 0 ? 1 : -1) * (k === 0 || k === q - 1 ? 0.5 : 1),
  );
  const table = new Float64Array(q * count);
  const terms = new Float64Array(q);
  for (let i = 0; i < count; i++) {
    let exact = -1;
    let sum = 0;
    for (let k = 0; k < q; k++) {
      const d = i - nodes[k];
      if (d === 0) {
        exact = k;
        break;
      }
      terms[k] = lambda[k] / d;
      sum += terms[k];
    }
    if (exact >= 0) table[i * q + exact] = 1;
    else for (let k = 0; k < q; k++) table[i * q + k] = terms[k] / sum;
  }
  return table;
}

/** The number of points whose reduction is written out with its sums in registers (reduceTwelve). */
const UNROLLED = 12;

/** out[at + k] += Σ_i values[start + i] · table[i·q + k], k = 0..q−1. */
function reduce(
  values: Float64Array,
  start: number,
  table: Float64Array,
  count: number,
  out: Float64Array,
  at: number,
) {
  const q = table.length / count;
  if (q === UNROLLED) return reduceTwelve(values, start, table, count, out, at);
  const sums = new Float64Array(q);
  for (let i = 0; i < count; i++) {
    const w = values[start + i];
    const base = i * q;
    for (let k = 0; k < q; k++) sums[k] += w * table[base + k];
  }
  for (let k = 0; k < q; k++) out[at + k] += sums[k];
}

/** reduce for q = 12 with twelve local sums (twice as fast as an array of sums: the hot loop of the plans at m ≲ 300). */
function reduceTwelve(
  values: Float64Array,
  start: number,
  t: Float64Array,
  count: number,
  out: Float64Array,
  at: number,
) {
  // prettier-ignore
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0, a10 = 0, a11 = 0;
  for (let i = 0, j = 0; i < count; i++, j += 12) {
    const w = values[start + i];
    a0 += w * t[j];
    a1 += w * t[j + 1];
    a2 += w * t[j + 2];
    a3 += w * t[j + 3];
    a4 += w * t[j + 4];
    a5 += w * t[j + 5];
    a6 += w * t[j + 6];
    a7 += w * t[j + 7];
    a8 += w * t[j + 8];
    a9 += w * t[j + 9];
    a10 += w * t[j + 10];
    a11 += w * t[j + 11];
  }
  const sums = [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11];
  for (let k = 0; k < 12; k++) out[at + k] += sums[k];
}

/**
 * binomialSums by blocks (see the header) for the normalised prior `prior` (null: uniform, 1/n each), or null when
 * `plan` is null (blockPlan found the mirrored rows cheaper). `plan` is for tests.
 */
export function blockBinomialSums(
  targets: readonly Float64Array[],
  prior: Float64Array | null,
  itemCount: number,
  sampleSize: number,
  plan?: BlockPlan | null,
): BinomialSums | null {
  const uniform = !prior || isConstant(prior);
  const chosen =
    plan === undefined
      ? blockPlan(itemCount, sampleSize, targets.length + (uniform ? 0 : 1), targets.length + 1)
      : plan;
  if (!chosen) return null;
  const { length, points } = chosen;
  const size = 2 * sampleSize;
  const pool = itemCount - 1;
  const blocks = Math.max(1, Math.ceil(pool / length));
  const nodeCount = blocks * (points - 1) + 1;
  // The weight arrays w(r), index r − 1: the prior for g (null when uniform: its weights are the tables' column
  // sums times p), p·M for each g_M (M alone, times p, when the prior is uniform).
  const scale = uniform ? (prior?.[0] ?? 1 / itemCount) : 1;
  const weighted = targets.map((t) => (uniform || !prior ? t : t.map((v, r) => v * prior[r])));
  const arrays: (Float64Array | null)[] = [uniform ? null : prior, ...weighted];
  const weights = arrays.map(() => new Float64Array(nodeCount));
  const unit = chebyshevPoints(points);
  const positions = new Float64Array(nodeCount);
  let full: { table: Float64Array; sums: Float64Array } | null = null;
  for (let b = 0; b < blocks; b++) {
    const first = 1 + b * length;
    const last = b === blocks - 1;
    const span = last ? itemCount - first : length;
    // A block sums its ranks first..first + span − 1; the last one also its end, rank n.
    const count = last ? span + 1 : span;
    const nodes = unit.map((t) => t * span);
    const { table, sums } = last ? basis(nodes, count) : (full ??= basis(nodes, count));
    const at = b * (points - 1);
    for (let k = 0; k < points; k++) positions[at + k] = first + nodes[k];
    for (let a = 0; a < arrays.length; a++) {
      const values = arrays[a];
      if (values) reduce(values, first - 1, table, count, weights[a], at);
      else for (let k = 0; k < points; k++) weights[a][at + k] += sums[k];
    }
  }
  const ratios = new Ratios(size);
  const row = new Float64Array(size + 1);
  const totals = arrays.map(() => new Float64Array(size + 1));
  for (let j = 0; j < nodeCount; j++) {
    const [lo, hi] = fillRow(row, ratios, positions[j] - 1, pool, 1);
    for (let a = 0; a < totals.length; a++) {
      const w = weights[a][j] * scale;
      const out = totals[a];
      for (let s = lo; s <= hi; s++) out[s] += w * row[s];
    }
  }
  return { g: totals[0], gTargets: totals.slice(1) };
}

/** A block's Lagrange table and its sums over the block's ranks, Σ_i ℓ_k(i) (the weights of a uniform prior). */
function basis(nodes: Float64Array, count: number): { table: Float64Array; sums: Float64Array } {
  const table = lagrangeTable(nodes, count);
  const sums = new Float64Array(nodes.length);
  for (let i = 0; i < table.length; i++) sums[i % nodes.length] += table[i];
  return { table, sums };
}
