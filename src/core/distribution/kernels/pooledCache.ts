/**
 * Pooled kernels (pooledKernel.ts) by their groups (n, m, share) and sampling, and the groups' own kernels they are
 * summed from (groupKernels.ts).
 */
import type { LawLike, SampledRankLaw } from '../../law/index.ts';
import { samplingLaw } from '../../law/index.ts';
import { ColumnArena } from '../../wasm/arena.ts';
import { wasmWindowsAvailable } from '../../wasm/windows.ts';
import { PARTS_LIMIT, groupKernel, partKey, widened } from './groupKernels.ts';
import { PooledKernel } from './pooled.ts';
import { KernelScratch } from './scratch.ts';
import type { PooledGroup } from '../contracts.ts';

/**
 * Pooled kernels by their groups (n, m, share) and sampling: repeated fits on the same users (bootstrap replicates
 * draw other users, studies the same ones) reuse the costly build. Holds the most recent `limit` kernels.
 */
export class PooledKernelCache {
  private readonly kernels = new Map<string, PooledKernel>();
  /**
   * The groups' own kernels A_gᵀ K_g of the last (N, sampling), kept (a bootstrap's resamples change the shares, not
   * the groups' kernels), up to PARTS_LIMIT doubles: in a WebAssembly arena where
   * it runs (`start` their first value there), where K̄ = Σ_g share_g A_gᵀ K_g is one `axpys` (windows.wat: the same
   * operations in the same order as addScaled, about 3× faster); in JavaScript (`part`) otherwise.
   */
  private parts: {
    setup: string;
    byGroup: Map<string, { part: Float64Array | null; start: number }>;
    entries: number;
    arena: ColumnArena | null;
  } | null = null;
  constructor(
    private readonly limit = 4,
    private readonly scratch = new KernelScratch(),
  ) {}

  get(itemCount: number, groups: readonly PooledGroup[], sampling: LawLike): PooledKernel {
    const law = samplingLaw(sampling);
    const key = `${itemCount}|${law.id}|${groups.map((g) => `${g.itemCount}:${g.sampleSize}:${g.share}`).join(',')}`;
    let kernel = this.kernels.get(key);
    if (kernel) this.kernels.delete(key);
    else kernel = this.build(itemCount, groups, law);
    this.kernels.set(key, kernel);
    for (const old of this.kernels.keys()) {
      if (this.kernels.size <= this.limit) break;
      this.kernels.delete(old);
    }
    return kernel;
  }

  private build(itemCount: number, groups: readonly PooledGroup[], law: SampledRankLaw): PooledKernel {
    const size = Math.max(...groups.map((g) => g.sampleSize)) + 1;
    const parts = this.partsFor(itemCount, groups, law, size);
    const arena = parts.arena;
    const placed = groups.map((g) => parts.byGroup.get(partKey(g)));
    if (arena && placed.every((p) => p && p.part === null)) {
      const count = groups.length;
      const length = itemCount * size;
      const start = Int32Array.from(placed, (p) => p!.start);
      const end = start.map((s) => s + length);
      const windows = arena.windows(count, Math.max(count, length), new Int32Array(count), start, end);
      if (windows) {
        const shares = Float64Array.from(groups, (g) => g.share);
        return new PooledKernel(
          itemCount,
          groups,
          law,
          undefined,
          windows.axpys(shares, new Float64Array(length), length),
          this.scratch,
        );
      }
    }
    const own = new Map<string, Float64Array>();
    groups.forEach((g, k) => placed[k]?.part && own.set(partKey(g), placed[k].part));
    return new PooledKernel(itemCount, groups, law, own, undefined, this.scratch);
  }

  /**
   * The kept group kernels of this setup (K̄'s N, sampling and row width m + 1, the largest m), built (those that fit)
   * when first asked for. In the arena each is held with rows of K̄'s width, zeros past its own m + 1 (adding
   * share · 0 leaves K̄'s entry as it is, as addScaled does not touch it), so that one axpys sums groups of any m.
   */
  private partsFor(itemCount: number, groups: readonly PooledGroup[], law: SampledRankLaw, size: number) {
    const setup = `${itemCount}|${law.id}|${size}`;
    if (this.parts?.setup !== setup) {
      // Room for the parts, and for the arena's column lists and scratch vectors (four of N (m + 1) doubles).
      const arena = wasmWindowsAvailable()
        ? ColumnArena.create((PARTS_LIMIT + 4 * itemCount * size) * 8 + 2 ** 20)
        : null;
      this.parts = { setup, byGroup: new Map(), entries: 0, arena };
    }
    const parts = this.parts;
    for (const g of groups) {
      const width = g.sampleSize + 1;
      const key = partKey(g);
      if (parts.byGroup.has(key) || parts.entries + itemCount * size > PARTS_LIMIT) continue;
      const part = groupKernel(itemCount, g, law, new Float64Array(itemCount * width));
      const start = parts.arena ? parts.arena.add(width === size ? part : widened(part, width, size, itemCount)) : -1;
      parts.byGroup.set(key, start < 0 ? { part, start } : { part: null, start });
      parts.entries += itemCount * size;
    }
    return parts;
  }
}
