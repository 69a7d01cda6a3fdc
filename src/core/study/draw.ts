/**
 * One repetition of a sampled evaluation for one recommender: every user (a histogram row with count c is c users)
 * gets its sampled ranks, and `visit` receives, for each of the user's k relevant items (ranks ascending), how many
 * of the m drawn irrelevant items rank above it: counts[j] = r̃_j − (j + 1), so counts[j] is also the index r̃ − 1
 * of the item's own sampled rank among m + 1 items. The counts are drawn from their exact law (the law's `draw`,
 * law/law.ts, and rankDraw.ts: one uniform per relevant item, Binomial or Hypergeometric by inversion) rather than by drawing the m items one by one
 * as before 2026-11-24: the same law, so every summary keeps its distribution, but another random stream (a seed
 * gives other numbers than it did then), 1.8 × 10⁸ generator calls fewer in the MovieLens Table 3 study. The order
 * of the draws is fixed (rows, then copies), so a seed gives the same study on every machine.
 */
import type { RandomSource } from '../random.ts';
import type { LawLike, SampledRankLaw } from '../law/index.ts';
import { samplingLaw } from '../law/index.ts';
import { drawAboveCountsByLaw } from '../rankDraw.ts';
import type { RankData } from '../rankData.ts';
import { itemCountOf } from '../rankData.ts';

export type DrawVisitor = (itemCount: number, k: number, counts: Int32Array) => void;

export class SampledEvaluation {
  private above = new Float64Array(64);
  private counts = new Int32Array(64);
  private readonly single = new Int32Array(1);
  /** P(X = mode) of each single-item row of the data drawn (with the n they were drawn for), NaN until drawn once. */
  private readonly atModes = new WeakMap<RankData, { itemCount: number; values: Float64Array }>();

  private readonly law: SampledRankLaw;

  constructor(
    private readonly random: RandomSource,
    private readonly sampleSize: number,
    sampling: LawLike,
  ) {
    this.law = samplingLaw(sampling);
  }

  draw(data: RankData, defaultItemCount: number, visit: DrawVisitor): void {
    const m = this.sampleSize;
    let cached = this.atModes.get(data);
    if (cached?.itemCount !== defaultItemCount) {
      cached = { itemCount: defaultItemCount, values: new Float64Array(data.weights.length).fill(NaN) };
      this.atModes.set(data, cached);
    }
    const atModes = cached.values;
    const single = this.single;
    for (let i = 0; i < data.weights.length; i++) {
      const n = itemCountOf(data, i, defaultItemCount);
      const lo = data.offsets[i];
      const k = data.offsets[i + 1] - lo;
      if (k === 1) {
        // One relevant item (the papers' setting): one draw of its law, P(mode) computed once per row.
        const above = data.ranks[lo] - 1;
        if (Number.isNaN(atModes[i])) atModes[i] = this.law.pmfAtMode(m, above, n - 1);
        for (let copy = 0; copy < data.weights[i]; copy++) {
          single[0] = this.law.draw(this.random, m, above, n - 1, atModes[i]);
          visit(n, 1, single);
        }
        continue;
      }
      if (this.counts.length < k) {
        this.counts = new Int32Array(k);
        this.above = new Float64Array(k);
      }
      const counts = this.counts.subarray(0, k);
      const above = this.above.subarray(0, k);
      for (let j = 0; j < k; j++) above[j] = data.ranks[lo + j] - (j + 1);
      for (let copy = 0; copy < data.weights[i]; copy++) {
        drawAboveCountsByLaw(this.random, above, n - k, m, this.law, counts);
        visit(n, k, counts);
      }
    }
  }
}

/** Histograms of the items' own sampled ranks per distinct n (for the rank-distribution fits). */
export class HistogramCollector {
  private readonly groups = new Map<number, Float64Array>();
  constructor(private readonly sampleSize: number) {}

  add(itemCount: number, k: number, counts: Int32Array): void {
    let h = this.groups.get(itemCount);
    if (!h) this.groups.set(itemCount, (h = new Float64Array(this.sampleSize + 1)));
    for (let j = 0; j < k; j++) h[counts[j]]++;
  }

  /** The histograms collected so far, sorted by n (then cleared for the next repetition). */
  take(): { itemCount: number; counts: Float64Array; total: number }[] {
    const out = [...this.groups.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([itemCount, counts]) => ({ itemCount, counts, total: counts.reduce((s, c) => s + c, 0) }));
    this.groups.clear();
    return out;
  }
}
