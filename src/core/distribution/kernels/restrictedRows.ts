/**
 * The products of a pooled kernel K̄ (pooledKernel.ts) over a fit's observed columns, for the MES and bv-dist fits:
 * its rows restricted to those columns, gathered into one WebAssembly memory shared by every such kernel of the same
 * N and m + 1 (in the scratch of the kernels' store, scratch.ts), and multiplied there (windows.wat's dots and axpys: the same numbers bit for bit as the JavaScript
 * loops of StoredProducts, which run where WebAssembly does not). A fit at a time uses the memory; a products object
 * gathers its rows again when another used it since (MES asks for products many times a fit: once per dual
 * evaluation, a dozen a Newton step), so each fit gathers once, with no memory of its own and none to fault in.
 */
import type { ArenaWindows } from '../../wasm/arena.ts';
import { ColumnArena } from '../../wasm/arena.ts';
import { wasmWindowsAvailable } from '../../wasm/windows.ts';
import { StoredProducts, emStepByProducts } from './products.ts';
import type { KernelProducts } from '../contracts.ts';
import type { KernelScratch, RowsRoom } from './scratch.ts';

/** K̄ row-major: values[R0 · width + i] = K̄(i | R0 + 1), R0 < N. */
interface Rows {
  readonly itemCount: number;
  readonly size: number;
  readonly values: Float64Array;
}

function roomFor(itemCount: number, width: number, scratch: KernelScratch): RowsRoom | null {
  if (!wasmWindowsAvailable()) return null;
  const { room } = scratch;
  if (room?.itemCount === itemCount && room.width === width) return room;
  scratch.room = null;
  // The rows, the arena's four scratch vectors and its column lists (three ints a row).
  const arena = ColumnArena.create((itemCount * width + 4 * itemCount) * 8 + itemCount * 12 + 2 ** 16);
  const base = arena ? arena.add(new Float64Array(itemCount * width)) : -1;
  if (!arena || base < 0) return null;
  return (scratch.room = { itemCount, width, arena, base, owner: null });
}

/** The rows of `kernel` over the sorted column indices, as products (KernelProducts over those columns). */
export function restrictedRows(kernel: Rows, indices: Int32Array, scratch: KernelScratch): KernelProducts {
  const shared = roomFor(kernel.itemCount, kernel.size, scratch);
  if (shared) return new SharedRows(kernel, indices, shared);
  const N = kernel.itemCount;
  const d = indices.length;
  const lo = new Int32Array(N);
  const offsets = Int32Array.from({ length: N + 1 }, (_, R) => R * d);
  return new StoredProducts(N, d, lo, offsets, gather(kernel, indices, new Float64Array(N * d)), false);
}

function gather(kernel: Rows, indices: Int32Array, out: Float64Array, at = 0): Float64Array {
  const { itemCount: N, size, values } = kernel;
  const d = indices.length;
  for (let R = 0; R < N; R++) {
    const row = R * size;
    const to = at + R * d;
    for (let a = 0; a < d; a++) out[to + a] = values[row + indices[a]];
  }
  return out;
}

class SharedRows implements KernelProducts {
  readonly itemCount: number;
  readonly size: number;
  private windows: ArenaWindows | null = null;

  constructor(
    private readonly kernel: Rows,
    private readonly indices: Int32Array,
    private readonly room: RowsRoom,
  ) {
    this.itemCount = kernel.itemCount;
    this.size = indices.length;
  }

  /** The rows in the shared memory, gathered again if another products object used it since. */
  private rows(): ArenaWindows {
    const { room } = this;
    if (!this.windows) {
      const N = this.itemCount;
      const d = this.size;
      const start = Int32Array.from({ length: N }, (_, R) => room.base + R * d);
      const end = start.map((s) => s + d);
      this.windows = room.arena.windows(N, N, new Int32Array(N), start, end);
      if (!this.windows) throw new Error('the shared rows do not fit their memory');
    }
    if (room.owner !== this) {
      gather(this.kernel, this.indices, room.arena.doubles(), room.base);
      room.owner = this;
    }
    return this.windows;
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    return this.rows().axpys(pi, out.fill(0, this.size), this.size);
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    return this.rows().dots(c, this.size, out);
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    return emStepByProducts(this, pi, c, next, qNext);
  }

  column(r0: number, out: Float64Array): Float64Array {
    const { size, values } = this.kernel;
    for (let a = 0; a < this.size; a++) out[a] = values[r0 * size + this.indices[a]];
    return out;
  }
}
