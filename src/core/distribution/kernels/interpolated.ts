/**
 * The per-user kernels of the `shared` model (shared.ts) interpolated in n, for users with hundreds of distinct
 * catalogue sizes (MovieLens: 743): the exact kernel p_n(r̃ | R) of a group with its own n is replaced by the linear
 * interpolation between the exact kernels of the two nearest nodes of a geometric grid of n, 10% apart (the grid the
 * corrections interpolate on, corrections/itemCountGrid.ts):
 *   p_n(r̃ | R) ≈ (1 − t) p_a(r̃ | R) + t p_b(r̃ | R),   t = (n − n_a)/(n_b − n_a).
 * The kernel's columns stay the observed (n, r̃) pairs, so the likelihood (eq 19, 22) and its EM (eqs 20, 23) keep
 * one term per pair; but every product goes through the node columns only (a dozen nodes × the observed r̃):
 *   K π = W (K_nodes π),   Kᵀ c = K_nodesᵀ (Wᵀ c),
 * with W the sparse interpolation weights — five to ten times fewer kernel entries than one column per (n, r̃).
 * The hypergeometric law depends on n smoothly (its variance through the finite-population factor (n − m)/(n − 1)),
 * so linear interpolation over 10% of n is accurate; what it does not reproduce is each n's own rounding of θ_R onto
 * its integer ranks (rankMap.ts), about 6e-4 in probability at the top ranks of MovieLens. The resulting estimates
 * stay within 3e-4 (relative) of the exact per-user kernels on the NCF-sampled MovieLens ranks (tested).
 */
import type { LawLike, SampledRankLaw } from '../../law/index.ts';
import { samplingLaw } from '../../law/index.ts';
import type { ColumnCache } from './columnCache.ts';
import { StackedKernel, groupOffsets, keptGroups } from './stacked.ts';
import { observedIndices } from '../histogram.ts';
import type { KernelGroup, KernelProducts } from '../contracts.ts';

/** Users' groups interpolated between node kernels: the products of shared.ts's likelihood, over the same columns. */
export class InterpolatedKernel implements KernelProducts {
  /** Rows: the reference ranks N, or their bins with a binned column cache (StackedKernel). */
  readonly itemCount: number;
  readonly size: number;
  /** Column offset of each group, as StackedKernel's. */
  readonly offsets: Int32Array;
  private readonly nodes: StackedKernel;
  /** Column j (a group's observed r̃) = lowWeight[j] · node column low[j] + highWeight[j] · node column high[j]. */
  private readonly low: Int32Array;
  private readonly high: Int32Array;
  private readonly lowWeight: Float64Array;
  private readonly highWeight: Float64Array;
  private readonly nodeBuffer: Float64Array;
  /** Node-column vectors reused by every product (no allocation inside the EM loop). */
  private readonly nodeQ: Float64Array;
  private readonly nodeC: Float64Array;

  /** The law of the sampled rank (law/law.ts). */
  readonly law: SampledRankLaw;

  constructor(
    readonly reference: number,
    readonly groups: readonly KernelGroup[],
    sampling: LawLike,
    private readonly nodeSizes: readonly number[],
    private readonly cache?: ColumnCache,
  ) {
    this.law = samplingLaw(sampling);
    this.offsets = groupOffsets(groups);
    this.size = this.offsets[groups.length];
    // Each group's two nodes and weights; the node groups observe the union of their groups' r̃ (per m). Keyed by
    // node and m as one number, with flags per r̃ (plain arrays: a bootstrap builds this for every resample).
    const placement = groups.map((g) => bracket(nodeSizes, g.itemCount));
    const nodeKey = (node: number, m: number) => node * 2 ** 32 + m;
    const observedAt = new Map<number, Uint8Array>();
    for (let k = 0; k < groups.length; k++) {
      const g = groups[k];
      for (let side = 0; side < 2; side++) {
        const node = side === 0 ? placement[k].low : placement[k].high;
        const weight = side === 0 ? placement[k].lowWeight : placement[k].highWeight;
        if (weight === 0) continue;
        const key = nodeKey(node, g.sampleSize);
        let flags = observedAt.get(key);
        if (!flags) observedAt.set(key, (flags = new Uint8Array(g.sampleSize + 1)));
        for (let j = 0; j < g.observed.length; j++) flags[g.observed[j]] = 1;
      }
    }
    const keys = [...observedAt.keys()];
    const nodeGroups: KernelGroup[] = keys.map((key) => ({
      itemCount: nodeSizes[Math.floor(key / 2 ** 32)],
      sampleSize: key % 2 ** 32,
      observed: observedIndices(observedAt.get(key)!),
    }));
    this.nodes = new StackedKernel(reference, nodeGroups, this.law, undefined, cache);
    this.itemCount = this.nodes.itemCount;
    // The node column of each (node, m, r̃).
    const columnOf = new Map<number, Int32Array>();
    keys.forEach((key, k) => {
      const g = nodeGroups[k];
      const at = new Int32Array(g.sampleSize + 1);
      g.observed.forEach((i, j) => (at[i] = this.nodes.offsets[k] + j));
      columnOf.set(key, at);
    });
    this.low = new Int32Array(this.size);
    this.high = new Int32Array(this.size);
    this.lowWeight = new Float64Array(this.size);
    this.highWeight = new Float64Array(this.size);
    for (let k = 0; k < groups.length; k++) {
      const g = groups[k];
      const { low: a, lowWeight: wa, high: b, highWeight: wb } = placement[k];
      const lowAt = wa === 0 ? null : columnOf.get(nodeKey(a, g.sampleSize))!;
      const highAt = wb === 0 ? null : columnOf.get(nodeKey(b, g.sampleSize))!;
      for (let j = 0; j < g.observed.length; j++) {
        const column = this.offsets[k] + j;
        const i = g.observed[j];
        this.low[column] = lowAt ? lowAt[i] : 0;
        this.high[column] = highAt ? highAt[i] : 0;
        this.lowWeight[column] = wa;
        this.highWeight[column] = wb;
      }
    }
    this.nodeBuffer = new Float64Array(this.nodes.size);
    this.nodeQ = new Float64Array(this.nodes.size);
    this.nodeC = new Float64Array(this.nodes.size);
  }

  /** Node products → columns: out[j] = wa q[low j] + wb q[high j]. */
  private gatherColumns(q: Float64Array, out: Float64Array): Float64Array {
    for (let j = 0; j < this.size; j++)
      out[j] = this.lowWeight[j] * q[this.low[j]] + this.highWeight[j] * q[this.high[j]];
    return out;
  }

  /** Columns → node columns: the transpose of gatherColumns. */
  private scatterColumns(c: Float64Array): Float64Array {
    const out = this.nodeBuffer.fill(0);
    for (let j = 0; j < this.size; j++) {
      out[this.low[j]] += this.lowWeight[j] * c[j];
      out[this.high[j]] += this.highWeight[j] * c[j];
    }
    return out;
  }

  multiply(pi: Float64Array, out: Float64Array): Float64Array {
    return this.gatherColumns(this.nodes.multiply(pi, this.nodeQ), out);
  }

  multiplyTranspose(c: Float64Array, out: Float64Array): Float64Array {
    return this.nodes.multiplyTranspose(this.scatterColumns(c), out);
  }

  emStep(pi: Float64Array, c: Float64Array, next: Float64Array, qNext: Float64Array): { maxD: number; sum: number } {
    this.nodeC.set(this.scatterColumns(c));
    const step = this.nodes.emStep(pi, this.nodeC, next, this.nodeQ);
    this.gatherColumns(this.nodeQ, qNext);
    return step;
  }

  column(R0: number, out: Float64Array): Float64Array {
    return this.gatherColumns(this.nodes.column(R0, this.nodeQ), out);
  }

  /** The same kernel over a subset of its columns (sorted indices into 0..size − 1). */
  restrict(indices: Int32Array): KernelProducts {
    if (indices.length === this.size) return this;
    const groups = keptGroups(this.groups, this.offsets, indices);
    return new InterpolatedKernel(this.reference, groups, this.law, this.nodeSizes, this.cache);
  }
}

/**
 * The groups of a pooled kernel (pooledKernel.ts: K̄ = Σ_g share_g p_g) with each group's share split between its
 * two nodes as its kernel is: Σ_g share_g ((1 − t_g) p_a + t_g p_b) = Σ_nodes share_node p_node.
 */
export function nodeShares<G extends { itemCount: number; sampleSize: number; share: number }>(
  groups: readonly G[],
  nodes: readonly number[],
): { itemCount: number; sampleSize: number; share: number }[] {
  const out = new Map<string, { itemCount: number; sampleSize: number; share: number }>();
  for (const g of groups) {
    const { low, lowWeight, high, highWeight } = bracket(nodes, g.itemCount);
    for (const [node, weight] of [
      [low, lowWeight],
      [high, highWeight],
    ]) {
      if (weight === 0) continue;
      const key = `${nodes[node]}|${g.sampleSize}`;
      const entry = out.get(key) ?? { itemCount: nodes[node], sampleSize: g.sampleSize, share: 0 };
      entry.share += g.share * weight;
      out.set(key, entry);
    }
  }
  return [...out.values()].sort((a, b) => a.itemCount - b.itemCount || a.sampleSize - b.sampleSize);
}

/** The two nodes around n and their weights, 1 − t and t; n on a node gives it all the weight. */
function bracket(
  nodes: readonly number[],
  n: number,
): { low: number; lowWeight: number; high: number; highWeight: number } {
  let b = 0;
  while (b < nodes.length - 1 && nodes[b] < n) b++;
  if (nodes[b] === n || b === 0) return { low: b, lowWeight: 1, high: b, highWeight: 0 };
  const a = b - 1;
  const t = (n - nodes[a]) / (nodes[b] - nodes[a]);
  return { low: a, lowWeight: 1 - t, high: b, highWeight: t };
}
