/**
 * Chooses which points of a curve to draw at a given resolution (the M4 idea: per pixel column keep the first,
 * lowest, highest and last point). The polyline through the kept points covers exactly the pixels the full
 * polyline covers, so a curve over n = 10⁷ ranks is drawn with a few thousand points and nothing is lost.
 */

/**
 * Indices (0-based, ascending) of `values` to draw when the index range [0, length) is spread over `columns`
 * pixel columns (`length` defaults to the whole array). Every index is kept when there are at most 4 per column.
 * Example: decimateIndices(Float64Array.of(3, 2, 1), 10) → [0, 1, 2].
 */
export function decimateIndices(values: ArrayLike<number>, columns: number, length = values.length): number[] {
  const out: number[] = [];
  if (length === 0) return out;
  const buckets = Math.max(1, Math.floor(columns));
  if (length <= 4 * buckets) {
    for (let i = 0; i < length; i++) out.push(i);
    return out;
  }
  // Bucket b holds the indices whose position (i / (length − 1)) falls in [b/buckets, (b+1)/buckets).
  let start = 0;
  for (let b = 0; b < buckets && start < length; b++) {
    const end = b === buckets - 1 ? length : Math.min(length, Math.ceil(((b + 1) * (length - 1)) / buckets));
    if (end <= start) continue;
    let lo = start;
    let hi = start;
    for (let i = start + 1; i < end; i++) {
      if (values[i] < values[lo]) lo = i;
      if (values[i] > values[hi]) hi = i;
    }
    const kept = [start, lo, hi, end - 1].sort((a, c) => a - c);
    for (const i of kept) if (out.length === 0 || out[out.length - 1] !== i) out.push(i);
    start = end;
  }
  return out;
}
