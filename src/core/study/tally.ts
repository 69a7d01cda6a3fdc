/**
 * Per-repetition tallies of the items' own sampled ranks for the vector estimators of a study (simulate.ts): the
 * sum over items of vector_n[r̃ − 1] is Σ_c count_n[c] · vector_n[c], so each draw only increments a count, and the
 * vectors are read once per (n, r̃) cell that occurred instead of once per item. Dense counts, one row of m + 1
 * per distinct n, with the list of the cells in use (so that reading and clearing cost O(cells used), not O(rows · m)).
 */
export class RankTally {
  private readonly rowOf = new Map<number, number>();
  /** The distinct n, in the order of their rows. */
  readonly itemCounts: readonly number[];
  /** counts[row · (m + 1) + c]: items with r̃ − 1 = c among instances of n = itemCounts[row]. */
  readonly counts: Float64Array;
  /** The same for the items of instances with several relevant items only (null until one occurs). */
  fromMulti: Float64Array | null = null;
  /** The cells with a count > 0, in order of first use: used[0 .. size). */
  used = new Int32Array(64);
  size = 0;

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
    for (let j = 0; j < k; j++) {
      const cell = at + counts[j];
      if (this.counts[cell]++ === 0) {
        if (this.size === this.used.length) {
          const grown = new Int32Array(2 * this.size);
          grown.set(this.used);
          this.used = grown;
        }
        this.used[this.size++] = cell;
      }
    }
    if (k > 1) {
      const multi = (this.fromMulti ??= new Float64Array(this.counts.length));
      for (let j = 0; j < k; j++) multi[at + counts[j]]++;
    }
  }

  clear(): void {
    for (let i = 0; i < this.size; i++) {
      this.counts[this.used[i]] = 0;
      if (this.fromMulti) this.fromMulti[this.used[i]] = 0;
    }
    this.size = 0;
  }
}
