/**
 * Expected estimates of each recommender's metrics as the sample size m grows (Krichene & Rendle Figure 2 for the
 * sampled metric, Figure 6 for a correction), with the sample sizes at which the ordering of two recommenders
 * changes (located exactly, by bisection over integer m) and the smallest m from which the expected ordering agrees
 * with the exact one. Instances with their own n are sampled from their own catalogue and corrected for their own
 * n (core EstimatorVectors.prepare: exact solves on a geometric grid of n, interpolated in between;
 * corrections/itemCountGrid.ts). The sampled metric's expectation takes core expectedSampledAtRank's short forms
 * (O(K) per instance whatever m). Runs in the worker; a pure function of the data.
 */
import {
  distinctItemCounts,
  EstimatorVectors,
  exactMetric,
  itemCountRange,
  parseMethod,
  parseDefinedMetric,
  priorVector,
  type ItemCountRange,
  type Metric,
  type RankData,
  type SamplingSetup,
  compareTo12Digits,
  orderText,
} from '../../src/core/index.ts';
import { compactSingle, expectedEstimates, largestSampleSize, sampleSizeGrid } from './expectedEstimate.ts';

/** n, the sampling law and the corrections' prior (uniform when absent, made into a vector here); m is swept. */
export interface SweepRequest extends Omit<SamplingSetup, 'sampleSize'> {
  readonly recommenders: readonly RankData[];
  readonly metrics: readonly string[];
  /** Estimators: `sampled` (Figure 2), `bv:0.1` (Figure 6), any method id of the core. */
  readonly methods: readonly string[];
  /** Grid points on the log axis (default 48); change points are refined between them. */
  readonly points?: number;
  /** Largest m for the least-squares corrections (ls, cls, bv), whose cost grows as m³ (default 1,000). */
  readonly correctedLimit?: number;
  /** Sample sizes that must be on the grid (e.g. the m of the settings). */
  readonly include?: readonly number[];
  /**
   * The former, slow paths: corrections for every distinct n solved exactly (`exactItemCounts`), or for the
   * global n only (`globalCorrection`), and the sampled metric summed over the whole law of r̃ (`exactSampled`).
   */
  readonly exactItemCounts?: boolean;
  readonly globalCorrection?: boolean;
  readonly exactSampled?: boolean;
}

export interface SweepSeries {
  readonly method: string;
  readonly metric: string;
  readonly sampleSizes: number[];
  /** values[recommender][grid index]. */
  readonly values: number[][];
}

export interface OrderingChange {
  readonly method: string;
  readonly metric: string;
  /** `swap`: two recommenders change places (marked on the figures); `split`: tied ones separate; `tie`: they meet. */
  readonly kind: 'swap' | 'split' | 'tie';
  /** The first m with the new order of the pair (the order before holds at m − 1). */
  readonly sampleSize: number;
  /** The recommender that is ahead from `sampleSize` on, and the one it passes. */
  readonly winner: string;
  readonly loser: string;
  /** All recommenders, best first, at m − 1 and at m: "A > B = C". */
  readonly orderBefore: string;
  readonly orderAfter: string;
}

export interface Consistency {
  readonly method: string;
  readonly metric: string;
  /** Smallest m from which the expected ordering equals the exact one up to the largest m computed; null: never. */
  readonly sampleSize: number | null;
  readonly largest: number;
}

export interface SweepResult {
  readonly recommenders: readonly string[];
  /** Canonical metric ids, in the order of `exact`. */
  readonly metrics: readonly string[];
  /** exact[metric][recommender]. */
  readonly exact: number[][];
  readonly series: SweepSeries[];
  readonly changes: OrderingChange[];
  readonly consistency: Consistency[];
  /**
   * The instances' own n when the data carry them (each instance sampled, and corrected unless `globalCorrection`,
   * with its own n), for the captions; null when every instance uses the global n.
   */
  readonly itemCounts?: SweepItemCounts | null;
  /**
   * A first result (`onPartial`): every series on its grid, the change points and consistency not located yet
   * (empty). Absent on the finished result.
   */
  readonly partial?: boolean;
}

/** The data's per-instance n, and whether the corrections used them too (false: the global n). */
export interface SweepItemCounts extends ItemCountRange {
  readonly corrected: boolean;
}

const sign = compareTo12Digits;

export function sweepSampleSizes(
  request: SweepRequest,
  onProgress?: (done: number, total: number) => void,
  onPartial?: (result: SweepResult) => void,
): SweepResult {
  const { recommenders, itemCount, sampling } = request;
  const metrics = request.metrics.map(parseDefinedMetric);
  const names = recommenders.map((r) => r.name);
  const largest = largestSampleSize(recommenders, itemCount, sampling);
  const grid = sampleSizeGrid(largest, request.points ?? 48, request.include);
  const limit = Math.min(largest, request.correctedLimit ?? 1000);
  const exact = metrics.map((metric) => recommenders.map((data) => exactMetric(data, metric, itemCount)));
  const compact = recommenders.map(compactSingle);
  const itemCounts = request.globalCorrection ? new Set<number>() : distinctItemCounts(compact);
  const prior = priorVector(request.prior, itemCount);
  const caches = new Map<string, EstimatorVectors>();
  const memo = new Map<string, number[]>();
  /**
   * E[estimate] of every metric for recommender `r` under `method` at m, memoised per recommender: bisection
   * revisits points and needs only the two recommenders of a pair; the correction vectors are shared.
   */
  const setupAt = (m: number) => ({
    itemCount,
    sampleSize: m,
    sampling,
    prior,
    globalCorrection: request.globalCorrection === true,
    exactSampled: request.exactSampled === true,
    itemCountVectors: request.exactItemCounts ? ('exact' as const) : ('interpolated' as const),
  });
  /** The vectors of `method` at m for these metrics, shared by every recommender (key names the metrics' set). */
  const vectorsAt = (method: string, m: number, chosen: readonly Metric[], key: string) => {
    let cache = caches.get(key);
    if (!cache) {
      caches.set(key, (cache = new EstimatorVectors(chosen, setupAt(m))));
      if (itemCounts.size > 0) cache.prepare([parseMethod(method)], itemCounts);
    }
    return cache;
  };
  const one = (method: string, m: number, r: number): number[] => {
    const key = `${method}|${m}|${r}`;
    let values = memo.get(key);
    if (!values) {
      const cache = vectorsAt(method, m, metrics, `${method}|${m}`);
      values = expectedEstimates(compact[r], metrics, method, setupAt(m), cache);
      memo.set(key, values);
    }
    return values;
  };
  /**
   * E[estimate] of metric t alone, for the change points and consistency (bisection visits m off the grid): the
   * sampled metric computes only that metric there (its cost is the instances' rows, shared by the metrics, and a
   * product per metric: on MovieLens Z under random ties, 1.4 million rows, most of Figure 2's time); the
   * corrections share their solves across the metrics, so they compute them all.
   */
  const single = new Map<string, number>();
  const oneMetric = (method: string, m: number, r: number, t: number): number => {
    const all = memo.get(`${method}|${m}|${r}`);
    if (all) return all[t];
    if (parseMethod(method).kind !== 'sampled') return one(method, m, r)[t];
    const key = `${method}|${m}|${r}|${t}`;
    let value = single.get(key);
    if (value === undefined) {
      const cache = vectorsAt(method, m, [metrics[t]], `${method}|${m}|${t}`);
      [value] = expectedEstimates(compact[r], [metrics[t]], method, setupAt(m), cache);
      single.set(key, value);
    }
    return value;
  };
  /** values[metric][recommender] of `method` at m. */
  const at = (method: string, m: number): number[][] =>
    metrics.map((_, t) => recommenders.map((_, r) => one(method, m, r)[t]));
  const grids = request.methods.map((method) => {
    const kind = parseMethod(method).kind;
    const costly = kind === 'ls' || kind === 'cls' || kind === 'bv';
    return costly ? [...grid.filter((m) => m < limit), limit] : grid;
  });
  const total = grids.reduce((s, g) => s + g.length, 0);
  let done = 0;
  const series: SweepSeries[] = [];
  const changes: OrderingChange[] = [];
  const consistency: Consistency[] = [];
  const own = itemCountRange(recommenders);
  const range = own && { ...own, corrected: !request.globalCorrection };
  const result = (): SweepResult => ({
    recommenders: names,
    metrics: metrics.map((m) => m.id),
    exact,
    series,
    changes,
    consistency,
    itemCounts: range,
  });
  const seriesOn = (method: string, g: readonly number[]): SweepSeries[] =>
    metrics.map((metric, t) => ({
      method,
      metric: metric.id,
      sampleSizes: [...g],
      values: names.map((_, r) => g.map((m) => at(method, m)[t][r])),
    }));
  if (onPartial) {
    // A coarse first drawing: every fourth grid point (the values are memoised, so nothing is computed twice).
    const coarse = request.methods.flatMap((method, mi) =>
      seriesOn(
        method,
        grids[mi].filter((_, i) => i % 4 === 0 || i === grids[mi].length - 1),
      ),
    );
    onPartial({ ...result(), series: coarse, changes: [], consistency: [], partial: true });
  }
  // Every series on its grid first (a figure can be drawn from them), then the change points located between.
  request.methods.forEach((method, mi) => {
    const g = grids[mi];
    for (const m of g) {
      at(method, m);
      onProgress?.(++done, total);
    }
    series.push(...seriesOn(method, g));
  });
  onPartial?.({ ...result(), series: [...series], changes: [], consistency: [], partial: true });
  request.methods.forEach((method, mi) => {
    const g = grids[mi];
    metrics.forEach((metric, t) => {
      const valueOf = (m: number, r: number) => oneMetric(method, m, r, t);
      const valuesAt = (m: number) => names.map((_, r) => valueOf(m, r));
      changes.push(...pairChanges(method, metric.id, names, g, valuesAt, valueOf));
      const correct = (m: number) => {
        const v = valuesAt(m);
        return names.every((_, a) =>
          names.every(
            (__, b) =>
              b <= a || sign(exact[t][a], exact[t][b]) === 0 || sign(v[a], v[b]) === sign(exact[t][a], exact[t][b]),
          ),
        );
      };
      consistency.push({
        method,
        metric: metric.id,
        sampleSize: firstConsistent(g, correct),
        largest: g[g.length - 1],
      });
    });
  });
  changes.sort((p, q) => p.sampleSize - q.sampleSize);
  return result();
}

/** Bisection over integers: the first m in (lo, hi] where `test` holds, given it fails at lo and holds at hi. */
function firstTrue(lo: number, hi: number, test: (m: number) => boolean): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (test(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

function pairChanges(
  method: string,
  metric: string,
  names: readonly string[],
  grid: readonly number[],
  valuesAt: (m: number) => number[],
  valueOf: (m: number, recommender: number) => number,
): OrderingChange[] {
  const out: OrderingChange[] = [];
  for (let i = 0; i + 1 < grid.length; i++) {
    const v0 = valuesAt(grid[i]);
    const v1 = valuesAt(grid[i + 1]);
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        const s0 = sign(v0[a], v0[b]);
        const s1 = sign(v1[a], v1[b]);
        if (s0 === s1) continue;
        const m = firstTrue(grid[i], grid[i + 1], (x) => sign(valueOf(x, a), valueOf(x, b)) !== s0);
        const after = valuesAt(m);
        const s = sign(after[a], after[b]);
        const aAhead = s > 0 || (s === 0 && s0 < 0);
        out.push({
          method,
          metric,
          kind: s0 === 0 ? 'split' : s === 0 ? 'tie' : 'swap',
          sampleSize: m,
          winner: names[aAhead ? a : b],
          loser: names[aAhead ? b : a],
          orderBefore: orderText(names, valuesAt(m - 1)),
          orderAfter: orderText(names, after),
        });
      }
    }
  }
  return out;
}

function firstConsistent(grid: readonly number[], correct: (m: number) => boolean): number | null {
  let lastWrong = -1;
  for (let i = 0; i < grid.length; i++) if (!correct(grid[i])) lastWrong = i;
  if (lastWrong === -1) return grid[0];
  if (lastWrong === grid.length - 1) return null;
  return firstTrue(grid[lastWrong], grid[lastWrong + 1], correct);
}
