/**
 * Bins of neighbouring ranks (binned.ts: the top BIN_ALONE ranks alone, then bins of BIN_SHARE · R ranks): their
 * bounds, sizes and shares, rows and columns averaged over them, and a distribution per bin spread back over its ranks.
 */
import { BIN_ALONE, BIN_SHARE } from '../defaults.ts';

/** The bins' first 0-based ranks, and n at the end: bin b holds r0 = starts[b] .. starts[b + 1] − 1. */
export function rankBins(itemCount: number, alone = BIN_ALONE, share = BIN_SHARE): Int32Array {
  const starts: number[] = [];
  for (let R = 1; R <= itemCount;) {
    starts.push(R - 1);
    R += R <= alone ? 1 : Math.max(1, Math.floor(R * share));
  }
  starts.push(itemCount);
  return Int32Array.from(starts);
}

/** The ranks each bin holds (`starts`: the bins' first 0-based ranks, n at the end). */
export function binSizes(starts: Int32Array): Float64Array {
  return Float64Array.from({ length: starts.length - 1 }, (_, b) => starts[b + 1] - starts[b]);
}

/** Each bin's share of the n ranks (EM from uniform over the ranks, in bins). */
export function binShares(starts: Int32Array): Float64Array {
  const n = starts[starts.length - 1];
  return binSizes(starts).map((size) => size / n);
}

/**
 * The mean of each bin's rows of `size` entries, row-major (bins × size), the rows read by `row(r0)` (valid until the
 * next call): summed rank by rank, then divided by the bin's size. The binned kernel's rows and the pooled kernel's.
 */
export function binMeanRows(starts: Int32Array, size: number, row: (r0: number) => ArrayLike<number>): Float64Array {
  const means = new Float64Array((starts.length - 1) * size);
  for (let b = 0; b < starts.length - 1; b++) {
    const at = b * size;
    for (let r0 = starts[b]; r0 < starts[b + 1]; r0++) {
      const values = row(r0);
      for (let i = 0; i < size; i++) means[at + i] += values[i];
    }
    const count = starts[b + 1] - starts[b];
    if (count > 1) for (let i = 0; i < size; i++) means[at + i] /= count;
  }
  return means;
}

/** π over the ranks from π per bin (`starts`: the bins' first 0-based ranks, n at the end), each bin's mass spread evenly. */
export function spreadBins(perBin: Float64Array, starts: Int32Array): Float64Array {
  const out = new Float64Array(starts[starts.length - 1]);
  for (let b = 0; b < perBin.length; b++) out.fill(perBin[b] / (starts[b + 1] - starts[b]), starts[b], starts[b + 1]);
  return out;
}

/**
 * A kernel column over the ranks (values of R0 = lo, lo + 1, …) averaged over the bins: its mean over each bin's
 * ranks (zeros outside the window), over the bins its window meets. The column of the binned kernel (K̄_b of every
 * bin b, one column) for the per-user-n fits (columnCache.ts ColumnCache with bins).
 */
export function binColumn(
  column: { lo: number; values: Float64Array },
  starts: Int32Array,
): { lo: number; values: Float64Array } {
  const { lo, values } = column;
  const hi = lo + values.length; // exclusive
  if (values.length === 0) return { lo: 0, values };
  let first = 0;
  while (starts[first + 1] <= lo) first++;
  let last = first;
  while (starts[last + 1] < hi) last++;
  const out = new Float64Array(last - first + 1);
  for (let b = first; b <= last; b++) {
    let s = 0;
    for (let r = Math.max(lo, starts[b]); r < Math.min(hi, starts[b + 1]); r++) s += values[r - lo];
    out[b - first] = s / (starts[b + 1] - starts[b]);
  }
  return { lo: first, values: out };
}
