/**
 * The one pass over the ranks that the binomial-law moments need (moments.ts):
 *   g(s) = Σ_r p(r) Bin(s; 2m, θ_r),   g_M(s) = Σ_r p(r) M(r) Bin(s; 2m, θ_r),   s = 0..2m, θ_r = (r − 1)/(n − 1).
 * Each row Bin(·; 2m, θ_r) comes from the ratio recurrence outward from its mode, stopped where it falls below
 * ROW_CUTOFF of the mode: the dropped tails change no sum by more than 1e-16 of the total weight Σ_r p(r) (relative to
 * itself, g(s) hardly changes, each s being the mode of some row; a g_M(s) made only of tails, such as Recall@10's at
 * large s, may change by 1e-11 of itself, 1e-20 of the largest g_M).
 * Two things make the pass about twice as fast as filling and adding every row (O(n·√m), 7e8 entries at
 * n = 10⁶, m = 3,000):
 * - mirrored rows: Bin(s; 2m, θ_{n+1−r}) = Bin(2m − s; 2m, θ_r), so one row serves r and n + 1 − r whenever their
 *   prior weights are equal (all of them under the uniform prior): its terms are added once and reflected at the
 *   end;
 * - two interleaved chains per recurrence (x_{k+2} = x_k · ratio_k ratio_{k+1}), which the processor overlaps
 *   instead of waiting on one chain of dependent multiplications.
 * The sums agree with a row-by-row evaluation to rounding (a few 1e-16 relative; moments.test.ts).
 */

/** Entries of a row below this fraction of its mode are left out. */
export const ROW_CUTOFF = 1e-18;

export interface BinomialSums {
  /** g(s), s = 0..2m. */
  readonly g: Float64Array;
  /** g_M(s) for each target. */
  readonly gTargets: Float64Array[];
}

export function binomialSums(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
): BinomialSums {
  const width = 2 * sampleSize + 1;
  const row = new BinomialRow(width - 1);
  const direct = new Float64Array(width);
  const paired = new Float64Array(width);
  const directTargets = targets.map(() => new Float64Array(width));
  const reflected = targets.map(() => new Float64Array(width));
  const pool = itemCount - 1;
  /** Adds the row of rank r (weight pr) to the direct sums. */
  const single = (r: number, pr: number) => {
    const total = row.fill(r - 1, pool);
    const w = pr / total;
    const v = row.values;
    const { lo, hi } = row;
    for (let s = lo; s <= hi; s++) direct[s] += w * v[s];
    for (let t = 0; t < targets.length; t++) {
      const wm = w * targets[t][r - 1];
      const out = directTargets[t];
      for (let s = lo; s <= hi; s++) out[s] += wm * v[s];
    }
  };
  for (let r = 1, mirror = itemCount; r <= mirror; r++, mirror--) {
    const pr = prior[r - 1];
    if (mirror === r || prior[mirror - 1] !== pr) {
      if (pr > 0) single(r, pr);
      if (mirror !== r && prior[mirror - 1] > 0) single(mirror, prior[mirror - 1]);
      continue;
    }
    if (pr === 0) continue;
    const total = row.fill(r - 1, pool);
    const w = pr / total;
    const v = row.values;
    const { lo, hi } = row;
    for (let s = lo; s <= hi; s++) paired[s] += w * v[s];
    for (let t = 0; t < targets.length; t++) {
      const target = targets[t];
      const wm = w * target[r - 1];
      const wr = w * target[mirror - 1];
      const out = directTargets[t];
      const back = reflected[t];
      for (let s = lo; s <= hi; s++) {
        const x = v[s];
        out[s] += wm * x;
        back[s] += wr * x;
      }
    }
  }
  const last = width - 1;
  const g = new Float64Array(width);
  for (let s = 0; s < width; s++) g[s] = direct[s] + (paired[s] + paired[last - s]);
  const gTargets = directTargets.map((out, t) => {
    const back = reflected[t];
    const sum = new Float64Array(width);
    for (let s = 0; s < width; s++) sum[s] = out[s] + back[last - s];
    return sum;
  });
  return { g, gTargets };
}

/**
 * A row proportional to Bin(·; size, θ) with its mode set to 1, over the window [lo, hi] where it is above
 * ROW_CUTOFF; `fill` returns the row's sum.
 */
class BinomialRow {
  readonly values: Float64Array;
  lo = 0;
  hi = 0;
  /** Ratios of consecutive binomial coefficients, and of every second one (for the interleaved chains). */
  private readonly up: Float64Array;
  private readonly down: Float64Array;
  private readonly up2: Float64Array;
  private readonly down2: Float64Array;
  constructor(readonly size: number) {
    this.values = new Float64Array(size + 1);
    this.up = new Float64Array(size + 1);
    this.down = new Float64Array(size + 1);
    for (let k = 0; k <= size; k++) {
      this.up[k] = (size - k) / (k + 1);
      this.down[k] = k / (size - k + 1);
    }
    this.up2 = new Float64Array(size + 1);
    this.down2 = new Float64Array(size + 1);
    for (let k = 0; k < size; k++) this.up2[k] = this.up[k] * this.up[k + 1];
    for (let k = 1; k <= size; k++) this.down2[k] = this.down[k] * this.down[k - 1];
  }

  fill(above: number, pool: number): number {
    const m = this.size;
    const v = this.values;
    if (above <= 0 || above >= pool) {
      const k = above <= 0 ? 0 : m;
      v[k] = 1;
      this.lo = this.hi = k;
      return 1;
    }
    const p = above / pool;
    const q = (pool - above) / pool;
    const mode = Math.min(m, Math.floor((m + 1) * p));
    v[mode] = 1;
    const upward = this.chain(mode, p / q, this.up, this.up2, 1);
    const downward = this.chain(mode, q / p, this.down, this.down2, -1);
    return 1 + upward + downward;
  }

  /**
   * Writes v[mode ± 1], v[mode ± 2], … (step +1 or −1) by the ratio recurrence x_{k±1} = x_k·ratio[k]·odds, as two
   * interleaved chains x_{k±2} = x_k·(ratio2[k]·odds²); sets hi (or lo) and returns the sum of the entries written.
   */
  private chain(mode: number, odds: number, ratio: Float64Array, ratio2: Float64Array, step: 1 | -1): number {
    const v = this.values;
    const end = step > 0 ? this.size : 0;
    const odds2 = odds * odds;
    let k = mode;
    let a = 1;
    let b = ratio[mode] * odds;
    let sumA = 0;
    let sumB = 0;
    // Invariant: a = x_k (written), b = x_{k+step} (not yet written).
    while (k !== end) {
      if (!(b > ROW_CUTOFF)) break;
      v[k + step] = b;
      sumB += b;
      k += step;
      if (k === end) break;
      const next = a * (ratio2[k - step] * odds2);
      if (!(next > ROW_CUTOFF)) break;
      v[k + step] = next;
      sumA += next;
      b = b * (ratio2[k] * odds2);
      a = next;
      k += step;
    }
    if (step > 0) this.hi = k;
    else this.lo = k;
    return sumA + sumB;
  }
}
