/**
 * The working memories that kernels built by one store share across fits (a bootstrap's resamples, a study's
 * repetitions, a worker's jobs), held by the store (../store.ts) and handed to the kernels it builds, instead of in
 * module variables. Each keeps what its last setup needed and is rebuilt when another is asked for.
 */
import type { ColumnArena } from '../../wasm/arena.ts';
import type { WasmMoments, WasmWindows } from '../../wasm/windows.ts';

/** Binomial rows Bin(·; 2m, θ_r) kept for the MES second moments (secondMoments.ts), with their raw sums. */
export interface KeptRows {
  rows: WasmWindows;
  totals: Float64Array;
}

/** One WebAssembly memory holding N rows of `width` values, and which products object filled it last (restrictedRows.ts). */
export interface RowsRoom {
  readonly itemCount: number;
  readonly width: number;
  readonly arena: ColumnArena;
  /** Index of the rows' first value in arena.doubles(). */
  readonly base: number;
  owner: object | null;
}

export class KernelScratch {
  /** H(i, j) = C(m, i) C(m, j) / C(2m, i + j) of the last m (secondMoments.ts). */
  hypergeometric: { m: number; table: Float64Array } | null = null;
  /** The raw rows Bin(·; 2m, θ_r) of the last (n, m, bins) (secondMoments.ts keptWideRows). */
  wide: { n: number; m: number; bins: Int32Array | null; kept: KeptRows | null } | null = null;
  /** The pooled kernels' second-moment memory of the last (m + 1, N) (pooled.ts), and who last loaded it. */
  moments: WasmMoments | null = null;
  readonly momentsLoadedBy = new WeakMap<WasmMoments, object>();
  /** The pooled kernels' restricted rows' memory of the last (N, width) (restrictedRows.ts). */
  room: RowsRoom | null = null;
}
