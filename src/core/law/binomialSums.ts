/**
 * The one pass over the ranks that the binomial-law moments need (corrections/moments.ts):
 *   g(s) = Σ_r p(r) Bin(s; 2m, θ_r),   g_M(s) = Σ_r p(r) M(r) Bin(s; 2m, θ_r),   s = 0..2m, θ_r = (r − 1)/(n − 1).
 * Each row p(r) Bin(·; 2m, θ_r) starts from its value at the mode (Loader's saddle-point log-pmf, special.ts) and
 * runs the ratio recurrence outward (binomialRows.ts), stopped where it falls below ROW_CUTOFF of the mode: the dropped tails change
 * no sum by more than 1e-16 of the total weight Σ_r p(r) (relative to itself g(s) hardly changes, each s being the
 * mode of some row; a g_M(s) made only of tails, such as Recall@10's at large s, may change by 1e-11 of itself,
 * 1e-20 of the largest g_M). The pass is O(n·√m) entries (7e8 at n = 10⁶, m = 3,000) and made about five times as
 * fast as normalising and adding every row by:
 * - mirrored rows: Bin(s; 2m, θ_{n+1−r}) = Bin(2m − s; 2m, θ_r), so one row serves r and n + 1 − r whenever their
 *   prior weights are equal (all of them under the uniform prior): its terms are added once and reflected at the
 *   end;
 * - two interleaved chains per recurrence (x_{k+2} = x_k · ratio_k ratio_{k+1}), which the processor overlaps
 *   instead of waiting on one chain of dependent multiplications;
 * - with at most one target, the terms added as they are computed (no row stored and read again), two neighbouring
 *   pairs of rows at a time (their windows nearly coincide, so the sums are read and written once for both).
 * The sums agree with normalised rows added one by one to a few 1e-16 relative (binomialSums.test.ts). When n ≫ m,
 * blockSums.ts gives the same sums without a row per rank (moments.ts chooses by cost).
 */
import { fillRow, modeOf, modeValue, Ratios, ROW_CUTOFF } from './binomialRows.ts';
import type { BinomialSums } from './law.ts';

export function binomialSums(
  targets: readonly Float64Array[],
  prior: Float64Array,
  itemCount: number,
  sampleSize: number,
): BinomialSums {
  const size = 2 * sampleSize;
  const width = size + 1;
  const ratios = new Ratios(size);
  const row = new Float64Array(width);
  const direct = new Float64Array(width);
  const paired = new Float64Array(width);
  const directTargets = targets.map(() => new Float64Array(width));
  const reflected = targets.map(() => new Float64Array(width));
  const pool = itemCount - 1;
  /** Adds rank r's row (weight pr) to the direct sums. */
  const single = (r: number, pr: number) => {
    const [lo, hi] = fillRow(row, ratios, r - 1, pool, pr);
    for (let s = lo; s <= hi; s++) direct[s] += row[s];
    for (let t = 0; t < targets.length; t++) {
      const value = targets[t][r - 1];
      const out = directTargets[t];
      for (let s = lo; s <= hi; s++) out[s] += value * row[s];
    }
  };
  const fused = targets.length <= 1;
  const first = targets[0] ?? null;
  const out0 = directTargets[0] ?? new Float64Array(width);
  const back0 = reflected[0] ?? new Float64Array(width);
  for (let r = 1, mirror = itemCount; r <= mirror; r++, mirror--) {
    const pr = prior[r - 1];
    if (mirror === r || prior[mirror - 1] !== pr) {
      if (pr > 0) single(r, pr);
      if (mirror !== r && prior[mirror - 1] > 0) single(mirror, prior[mirror - 1]);
      continue;
    }
    if (pr === 0) continue;
    if (fused) {
      const wm = first ? first[r - 1] : 0;
      const wr = first ? first[mirror - 1] : 0;
      if (r > 1 && r + 1 < mirror - 1 && prior[r] === pr && prior[mirror - 2] === pr) {
        // Ranks r + 1 and n − r share this pass: their rows are the same up to a shift of at most one entry.
        const wm2 = first ? first[r] : 0;
        const wr2 = first ? first[mirror - 2] : 0;
        addTwoPairRows(paired, out0, back0, ratios, r - 1, pool, pr, wm, wr, wm2, wr2);
        r++;
        mirror--;
        continue;
      }
      addPairRow(paired, out0, back0, ratios, r - 1, pool, pr, wm, wr);
      continue;
    }
    const [lo, hi] = fillRow(row, ratios, r - 1, pool, pr);
    for (let s = lo; s <= hi; s++) paired[s] += row[s];
    for (let t = 0; t < targets.length; t++) {
      const target = targets[t];
      const wm = target[r - 1];
      const wr = target[mirror - 1];
      const out = directTargets[t];
      const back = reflected[t];
      for (let s = lo; s <= hi; s++) {
        const x = row[s];
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
 * fillRow's row for rank above + 1 (weight pr) added as it is computed: into `paired` (g, reflected at the end),
 * times wm into `out` (g_M of this rank) and times wr into `back` (g_M of the mirrored rank, reflected at the end).
 */
function addPairRow(
  paired: Float64Array,
  out: Float64Array,
  back: Float64Array,
  ratios: Ratios,
  above: number,
  pool: number,
  pr: number,
  wm: number,
  wr: number,
): void {
  const size = ratios.size;
  if (above <= 0) {
    paired[0] += pr;
    out[0] += wm * pr;
    back[0] += wr * pr;
    return;
  }
  const p = above / pool;
  const q = (pool - above) / pool;
  const mode = modeOf(ratios, p);
  const x0 = modeValue(ratios, mode, p, q, pr);
  const cut = x0 * ROW_CUTOFF;
  paired[mode] += x0;
  out[mode] += wm * x0;
  back[mode] += wr * x0;
  {
    const odds = p / q;
    const odds2 = odds * odds;
    const { up, up2 } = ratios;
    let k = mode;
    let a = x0;
    let b = x0 * (up[mode] * odds);
    while (k < size && b > cut) {
      k++;
      paired[k] += b;
      out[k] += wm * b;
      back[k] += wr * b;
      if (k === size) break;
      const next = a * (up2[k - 1] * odds2);
      if (!(next > cut)) break;
      paired[k + 1] += next;
      out[k + 1] += wm * next;
      back[k + 1] += wr * next;
      b *= up2[k] * odds2;
      a = next;
      k++;
    }
  }
  {
    const odds = q / p;
    const odds2 = odds * odds;
    const { down, down2 } = ratios;
    let k = mode;
    let a = x0;
    let b = x0 * (down[mode] * odds);
    while (k > 0 && b > cut) {
      k--;
      paired[k] += b;
      out[k] += wm * b;
      back[k] += wr * b;
      if (k === 0) break;
      const next = a * (down2[k + 1] * odds2);
      if (!(next > cut)) break;
      paired[k - 1] += next;
      out[k - 1] += wm * next;
      back[k - 1] += wr * next;
      b *= down2[k] * odds2;
      a = next;
      k--;
    }
  }
}

/**
 * addPairRow for the rows of ranks above + 1 and above + 2 at once (both of weight pr, both with 0 < θ < 1/2), each
 * by its own two chains from the first row's mode (within one entry of the second's): the sums are read and written
 * once for both rows. Each row runs until both are below ROW_CUTOFF of their value there.
 */
function addTwoPairRows(
  paired: Float64Array,
  out: Float64Array,
  back: Float64Array,
  ratios: Ratios,
  above: number,
  pool: number,
  pr: number,
  wm: number,
  wr: number,
  wm2: number,
  wr2: number,
): void {
  const size = ratios.size;
  const p = above / pool;
  const q = (pool - above) / pool;
  const p2 = (above + 1) / pool;
  const q2 = (pool - above - 1) / pool;
  const mode = modeOf(ratios, p);
  const x0 = modeValue(ratios, mode, p, q, pr);
  const y0 = modeValue(ratios, mode, p2, q2, pr);
  const cut = x0 * ROW_CUTOFF;
  const cut2 = y0 * ROW_CUTOFF;
  paired[mode] += x0 + y0;
  out[mode] += wm * x0 + wm2 * y0;
  back[mode] += wr * x0 + wr2 * y0;
  {
    const odds = p / q;
    const odds2 = odds * odds;
    const oddsB = p2 / q2;
    const oddsB2 = oddsB * oddsB;
    const { up, up2 } = ratios;
    let k = mode;
    let a = x0;
    let b = x0 * (up[mode] * odds);
    let c = y0;
    let d = y0 * (up[mode] * oddsB);
    while (k < size && (b > cut || d > cut2)) {
      k++;
      paired[k] += b + d;
      out[k] += wm * b + wm2 * d;
      back[k] += wr * b + wr2 * d;
      if (k === size) break;
      const ratio = up2[k - 1];
      const next = a * (ratio * odds2);
      const next2 = c * (ratio * oddsB2);
      if (!(next > cut || next2 > cut2)) break;
      paired[k + 1] += next + next2;
      out[k + 1] += wm * next + wm2 * next2;
      back[k + 1] += wr * next + wr2 * next2;
      const ratio2 = up2[k];
      b *= ratio2 * odds2;
      d *= ratio2 * oddsB2;
      a = next;
      c = next2;
      k++;
    }
  }
  {
    const odds = q / p;
    const odds2 = odds * odds;
    const oddsB = q2 / p2;
    const oddsB2 = oddsB * oddsB;
    const { down, down2 } = ratios;
    let k = mode;
    let a = x0;
    let b = x0 * (down[mode] * odds);
    let c = y0;
    let d = y0 * (down[mode] * oddsB);
    while (k > 0 && (b > cut || d > cut2)) {
      k--;
      paired[k] += b + d;
      out[k] += wm * b + wm2 * d;
      back[k] += wr * b + wr2 * d;
      if (k === 0) break;
      const ratio = down2[k + 1];
      const next = a * (ratio * odds2);
      const next2 = c * (ratio * oddsB2);
      if (!(next > cut || next2 > cut2)) break;
      paired[k - 1] += next + next2;
      out[k - 1] += wm * next + wm2 * next2;
      back[k - 1] += wr * next + wr2 * next2;
      const ratio2 = down2[k];
      b *= ratio2 * odds2;
      d *= ratio2 * oddsB2;
      a = next;
      c = next2;
      k--;
    }
  }
}
