/**
 * The groups' own kernels A_gᵀ K_g of a pooled kernel K̄ = Σ_g share_g A_gᵀ K_g (pooledKernel.ts), and their sum:
 * built here, kept by PooledKernelCache (pooledKernelCache.ts).
 */
import type { PmfRow, SampledRankLaw } from '../../law/index.ts';
import { BULK_CUTOFF } from '../../law/index.ts';

/**
 * A_gᵀ K_g of one group (row-major, m_g + 1 values a row) into `out`, visiting R in order: the user ranks ⌊x⌋ and
 * ⌊x⌋ + 1 only move forward, so every kernel row of the group is computed once (the law's rows, law/law.ts PmfRow).
 */
export function groupKernel(
  N: number,
  g: { itemCount: number; sampleSize: number },
  law: SampledRankLaw,
  out: Float64Array,
): Float64Array {
  const n = g.itemCount;
  const width = g.sampleSize + 1;
  const span = N - 1;
  const part = out.subarray(0, N * width).fill(0);
  let lower = law.row(g.sampleSize, BULK_CUTOFF).fill(0, n - 1);
  let upper = law.row(g.sampleSize, BULK_CUTOFF).fill(1, n - 1);
  let below = 0;
  let rest = 0;
  for (let R0 = 0; R0 < N; R0++) {
    const base = R0 * width;
    const f = rest / span;
    accumulate(part, base, lower, 1 - f);
    if (rest > 0) accumulate(part, base, upper, f);
    rest += n - 1;
    while (rest >= span && below < n - 1) {
      rest -= span;
      below++;
      [lower, upper] = [upper, lower];
      if (below + 1 < n) upper.fill(below + 1, n - 1);
    }
  }
  return part;
}

function accumulate(values: Float64Array, base: number, row: PmfRow, weight: number): void {
  if (weight === 0) return;
  for (let i = row.lo; i <= row.hi; i++) values[base + i] += weight * row.values[i];
}

/** values (N rows of `size`) += share · part (N rows of `width` ≤ size). */
export function addScaled(
  values: Float64Array,
  size: number,
  part: Float64Array,
  width: number,
  N: number,
  share: number,
) {
  if (width === size) {
    for (let k = 0; k < N * size; k++) values[k] += share * part[k];
    return;
  }
  for (let R0 = 0; R0 < N; R0++) {
    for (let i = 0; i < width; i++) values[R0 * size + i] += share * part[R0 * width + i];
  }
}

/** N rows of `width` values as rows of `size` ≥ width, zeros after. */
export function widened(part: Float64Array, width: number, size: number, N: number): Float64Array {
  const out = new Float64Array(N * size);
  for (let R0 = 0; R0 < N; R0++) out.set(part.subarray(R0 * width, (R0 + 1) * width), R0 * size);
  return out;
}

export function partKey(g: { itemCount: number; sampleSize: number }): string {
  return `${g.itemCount}|${g.sampleSize}`;
}

/** Doubles of group kernels a PooledKernelCache keeps: 64 MB (MovieLens's dozen nodes of n take 36 MB). */
export const PARTS_LIMIT = 8_388_608;
