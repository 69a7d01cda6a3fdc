/**
 * Per-repetition tallies of the items' own sampled ranks for the vector estimators of a study (simulate.ts): the
 * sum over items of vector_n[r̃ − 1] is Σ_c count_n[c] · vector_n[c], so each draw only increments a count and the
 * vectors are read once per (n, r̃) cell that occurred, in order of n, instead of once per item (with 743 distinct n
 * the vectors' tables do not stay in cache). Dense: one row of m + 1 counts per distinct n, zeroed between uses.
 */
export class RankTally {
  private readonly rowOf = new Map<number, number>();
  /** The distinct n, in the order of their rows. */
  readonly itemCounts: readonly number[];
  /** counts[row · (m + 1) + c]: items with r̃ − 1 = c among instances of n = itemCounts[row]. */
  readonly counts: Float64Array;
  /** The same for the items of instances with several relevant items only (null until one occurs). */
  fromMulti: Float64Array | null = null;

  constructor(
    itemCounts: Iterable<number>,
    private readonly sampleSize: number,
  ) {
    this.itemCounts = [...new Set(itemCounts)].sort((a, b) => a - b);
    this.itemCounts.forEach((n, row) => this.rowOf.set(n, row));
    this.counts = new Float64Array(this.itemCounts.length * (sampleSize + 1));
  }

  /** Counts the k items of one instance of n items, counts[j] = r̃_j − (j + 1) (study/draw.ts). */
  add(itemCount: number, k: number, counts: Int32Array): void {
    const row = this.rowOf.get(itemCount);
    if (row === undefined) throw new Error(`n = ${itemCount} was not announced to the tally`);
    const at = row * (this.sampleSize + 1);
    for (let j = 0; j < k; j++) this.counts[at + counts[j]]++;
    if (k > 1) {
      const multi = (this.fromMulti ??= new Float64Array(this.counts.length));
      for (let j = 0; j < k; j++) multi[at + counts[j]]++;
    }
  }

  clear(): void {
    this.counts.fill(0);
    this.fromMulti?.fill(0);
  }
}
