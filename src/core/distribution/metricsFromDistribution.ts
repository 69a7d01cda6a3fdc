/**
 * Metrics from a rank distribution (Jin et al. 2021 eq 14): metric@K = Σ_{R ≤ K} P̂(R) M(R), for every metric of
 * metrics.ts (eqs 7–13 of Krichene & Rendle). For P̂ the exact empirical distribution P(R) (eq 13) this is the
 * exact metric; for an estimate it is the metric's estimate. The cumulative sums give every K at once: the CDF of
 * P̂ is Recall@K for all K.
 * Example: metricFromDistribution(parseMetric('recall@2'), [0.5, 0.25, 0.25], 3) === 0.75.
 */
import type { Metric, MetricKind } from '../metrics.ts';
import { metricAtRank, metricCurve } from '../metrics.ts';
import { Adder } from '../special.ts';
import { ColumnArena } from '../wasm/arena.ts';
import { wasmWindowsAvailable } from '../wasm/windows.ts';

/** Σ_{R ≤ min(K, n)} P̂(R) M(R) with M of eqs 7–13 (AUC uses every R). `distribution[R − 1]` = P̂(R). */
export function metricFromDistribution(metric: Metric, distribution: ArrayLike<number>, itemCount: number): number {
  const last = Math.min(metric.cutoff ?? itemCount, itemCount, distribution.length);
  const sum = new Adder();
  for (let r = 1; r <= last; r++) {
    const p = distribution[r - 1];
    if (p !== 0) sum.add(p * metricAtRank(metric, r, itemCount));
  }
  return +sum;
}

/**
 * Eq 14 for a P̂ given per bin of ranks and uniform within each (the binned fits, binnedKernel.ts; `starts`: the bins'
 * first 0-based ranks, n at the end): Σ_b P̂_b · M̄_b with M̄_b the mean of M over the bin's ranks, the sum over the
 * ranks taken bin by bin. The means are kept per bins and metric (a bootstrap reads them for every resample).
 */
export function binnedMetric(
  metric: Metric,
  starts: Int32Array,
  mass: ArrayLike<number>,
  kept: MetricTables = new MetricTables(),
): number {
  let tables = kept.binMeans.get(starts);
  if (!tables) kept.binMeans.set(starts, (tables = new Map()));
  let means = tables.get(metric);
  if (!means) tables.set(metric, (means = meanOverBins(metric, starts)));
  const sum = new Adder();
  for (let b = 0; b < means.length; b++) if (mass[b] !== 0 && means[b] !== 0) sum.add(mass[b] * means[b]);
  return +sum;
}

function meanOverBins(metric: Metric, starts: Int32Array): Float64Array {
  const itemCount = starts[starts.length - 1];
  const last = Math.min(metric.cutoff ?? itemCount, itemCount);
  const means = new Float64Array(starts.length - 1);
  for (let b = 0; b < means.length && starts[b] < last; b++) {
    const sum = new Adder();
    for (let r = starts[b] + 1; r <= Math.min(starts[b + 1], last); r++) sum.add(metricAtRank(metric, r, itemCount));
    means[b] = +sum / (starts[b + 1] - starts[b]);
  }
  return means;
}

/**
 * metric@K for K = 1..n at index K − 1 (cumulative sums of eq 14): recall gives the CDF, precision the CDF / K,
 * `ap` and `ndcg` their truncated versions; `auc` gives Σ_{R ≤ K} P̂(R)(n − R)/(n − 1) (Jin's AUC@K, eq 2–3).
 */
export function metricCurveFromDistribution(
  kind: MetricKind,
  distribution: ArrayLike<number>,
  itemCount: number,
): Float64Array {
  const n = Math.min(itemCount, distribution.length);
  const out = new Float64Array(n);
  const sum = new Adder();
  const untruncated: Metric = { id: kind, kind: kind === 'precision' ? 'recall' : kind, cutoff: null };
  for (let r = 1; r <= n; r++) {
    sum.add(distribution[r - 1] * metricAtRank(untruncated, r, itemCount));
    out[r - 1] = kind === 'precision' ? +sum / r : +sum;
  }
  return out;
}

/**
 * Eq 14 for users who share one distribution π̂ of the relative position (shared.ts, pooledFit.ts), read straight
 * off π̂: metric = Σ_g (W_g / W) Σ_R π̂_R Σ_r A_g(r | R) M(r; n_g), the same value as mixing the groups' P̂_g = A_g π̂
 * without building them. AUC needs no rank map at all: the map keeps the mean, E[r − 1 | R] = θ_R (n_g − 1), so
 * every group's AUC is 1 − Σ_R π̂_R θ_R (eq 7); a metric with cut-off K visits only the R whose ranks reach K.
 */
export function sharedDistributionMetrics(
  relative: ArrayLike<number>,
  reference: number,
  groups: readonly { readonly itemCount: number; readonly weight: number }[],
  metrics: readonly Metric[],
  kept: MetricTables = new MetricTables(),
): number[] {
  const total = groups.reduce((s, g) => s + g.weight, 0);
  const span = reference - 1;
  return metrics.map((metric) => {
    if (metric.kind === 'auc') {
      const sum = new Adder();
      for (let R0 = 0; R0 < reference; R0++) sum.add(relative[R0] * (R0 / span));
      return 1 - +sum;
    }
    // The groups' tables mixed by weight, S(R) = Σ_g (W_g / W) T_g(R), so that eq 14 is one dot product Σ_R π̂_R S(R):
    // kept for the next calls with the same groups (a paired bootstrap fits every recommender on the same resampled
    // users, so their fits share it; and every fit method's intervals draw the same resamples, in the same worker).
    const tables = kept.of(metric, reference);
    const hash = groupsHash(groups);
    let mixed = tables.mixed.find((t) => t.hash === hash && sameGroups(t, groups));
    if (!mixed) {
      mixed = mixedTable(metric, reference, groups, total, tables, hash, kept);
      kept.keepMixture(tables.mixed, mixed);
    }
    return dot(relative, mixed.table);
  });
}

/** How many mixtures a metric keeps: the B = 200 resamples of a bootstrap and its point (≤ 8 MB a whole-list metric
 * on MovieLens). */
const MIXED_KEPT = 256;
/** Doubles all kept mixtures may hold together (32 MB), the oldest dropped first: a worker lives through many data
 * sets and metrics. */
const MIXED_LIMIT = 2 ** 22;
function mixtureSize(mixed: MixedTable): number {
  return mixed.table.length + 2 * mixed.itemCounts.length;
}

function groupsHash(groups: readonly { readonly itemCount: number; readonly weight: number }[]): number {
  let h = groups.length;
  for (const g of groups)
    h = Math.imul(h ^ g.itemCount, 0x9e3779b1) ^ Math.imul(Math.round(g.weight * 4096), 0x85ebca6b);
  return h;
}

interface MixedTable {
  readonly hash: number;
  readonly itemCounts: Float64Array;
  readonly weights: Float64Array;
  readonly table: Float64Array;
}

function sameGroups(mixed: MixedTable, groups: readonly { readonly itemCount: number; readonly weight: number }[]) {
  if (mixed.itemCounts.length !== groups.length) return false;
  for (let g = 0; g < groups.length; g++) {
    if (mixed.itemCounts[g] !== groups[g].itemCount || mixed.weights[g] !== groups[g].weight) return false;
  }
  return true;
}

/**
 * S(R) = Σ_g (W_g / W) T_g(R) with T_g the group's table (carriedValues), each kept for the next fit on its n: in a
 * WebAssembly arena where it runs, and mixed there by one `axpys` (windows.wat: the same operations in the same order
 * as the loop below, about 3× faster; the tables of a whole-list metric on MovieLens are 22 MB, read for every
 * resample's mixture).
 */
function mixedTable(
  metric: Metric,
  reference: number,
  groups: readonly { readonly itemCount: number; readonly weight: number }[],
  total: number,
  tables: KeptTables,
  hash: number,
  kept: MetricTables,
): MixedTable {
  const meta = {
    itemCounts: Float64Array.from(groups, (g) => g.itemCount),
    weights: Float64Array.from(groups, (g) => g.weight),
    hash,
  };
  const arena = kept.arena();
  if (arena) {
    const count = groups.length;
    const lo = new Int32Array(count);
    const start = new Int32Array(count);
    const end = new Int32Array(count);
    const weights = new Float64Array(count);
    let length = 0;
    let placed = true;
    for (let k = 0; k < count && placed; k++) {
      const g = groups[k];
      let at = tables.placed.get(g.itemCount);
      if (!at) {
        const table = groupValues(metric, reference, g.itemCount, tables);
        const first = kept.carriedEntries + table.length <= CARRIED_LIMIT ? arena.add(table) : -1;
        if (first < 0) placed = false;
        else {
          tables.placed.set(g.itemCount, (at = { start: first, length: table.length }));
          kept.carriedEntries += table.length;
        }
      }
      if (at) {
        start[k] = at.start;
        end[k] = at.start + at.length;
        weights[k] = g.weight / total;
        length = Math.max(length, at.length);
      }
    }
    const windows = placed ? arena.windows(count, Math.max(count, reference), lo, start, end) : null;
    if (windows)
      return { ...meta, table: windows.axpys(weights, new Float64Array(reference), reference).subarray(0, length) };
  }
  const mixed = new Float64Array(reference);
  let length = 0;
  for (const g of groups) {
    let table = tables.perN.get(g.itemCount);
    if (!table) {
      table = groupValues(metric, reference, g.itemCount, tables);
      if (kept.carriedEntries + table.length <= CARRIED_LIMIT) {
        tables.perN.set(g.itemCount, table);
        kept.carriedEntries += table.length;
      }
    }
    const w = g.weight / total;
    for (let R0 = 0; R0 < table.length; R0++) mixed[R0] += w * table[R0];
    length = Math.max(length, table.length);
  }
  return { ...meta, table: mixed.subarray(0, length) };
}

/** T_n(R) of a metric over the reference ranks (carriedValues). */
function groupValues(metric: Metric, reference: number, n: number, tables: KeptTables): Float64Array {
  // Every metric but AUC has M(r) independent of n (eqs 8–13), cut off at min(K, n): one curve for all groups.
  // Not so a variant without cut-off that reads K as n (AP@K / K, Elliot's AP@K): a curve per group.
  const perGroup = metric.atRank !== undefined && metric.cutoff === null;
  const values = perGroup ? metricCurve(metric, n, n) : (tables.curve ??= metricCurve(metric, reference, reference));
  return carriedValues(reference, n, Math.min(metric.cutoff ?? n, n), values);
}

/** One metric's kept tables at one reference N (MetricTables.of). */
interface KeptTables {
  readonly perN: Map<number, Float64Array>;
  /** The tables held in the arena instead (tableArena): where each starts there and its length. */
  readonly placed: Map<number, { start: number; length: number }>;
  /** M(r) over the reference's ranks, r = 1..N (the metric's curve the groups' tables read). */
  curve: Float64Array | null;
  /** Oldest first. */
  readonly mixed: MixedTable[];
}
const CARRIED_LIMIT = 8_388_608;

/**
 * What eq 14 keeps across fits (a bootstrap's resamples, a worker's jobs), held by the fits' store (store.ts
 * KernelStores.metricTables) and passed to binnedMetric and sharedDistributionMetrics (without it, each call builds
 * its tables anew: the same numbers):
 * - the means of each metric over the bins of ranks (binnedMetric), by bins;
 * - carriedValues kept for the next fit on the same n, by metric and reference, then n (the bootstrap's resamples:
 *   MovieLens's AP over 743 n took 10 ms a fit walked each time), up to CARRIED_LIMIT doubles in all: 64 MB, the
 *   tables of three whole-list metrics on MovieLens (2.75 million doubles each; at 4 million, the app's default AP
 *   and NDCG did not both fit, and NDCG's were walked again on every resample: a third of the NCF intervals' time),
 *   in a WebAssembly arena where it runs;
 * - the last MIXED_KEPT mixtures of them (sharedDistributionMetrics), MIXED_LIMIT doubles in all.
 */
export class MetricTables {
  readonly binMeans = new WeakMap<Int32Array, Map<Metric, Float64Array>>();
  private readonly carried = new Map<string, KeptTables>();
  carriedEntries = 0;
  /** Every kept mixture, oldest first, with the list that holds it. */
  private readonly keptMixtures = new Map<MixedTable, MixedTable[]>();
  private mixedEntries = 0;
  private arenaState: ColumnArena | null | undefined;

  /** The kept tables of a metric at reference N. */
  of(metric: Metric, reference: number): KeptTables {
    const key = `${metric.id}|${metric.kind}|${metric.cutoff}|${reference}`;
    let tables = this.carried.get(key);
    if (!tables) this.carried.set(key, (tables = { perN: new Map(), placed: new Map(), curve: null, mixed: [] }));
    return tables;
  }

  /** The arena of the kept tables (made on first use), or null without WebAssembly. */
  arena(): ColumnArena | null {
    if (!wasmWindowsAvailable()) return null;
    // Room for the tables, and for the arena's column lists and scratch vectors.
    if (this.arenaState === undefined) this.arenaState = ColumnArena.create(CARRIED_LIMIT * 8 + 2 ** 24);
    return this.arenaState;
  }

  keepMixture(list: MixedTable[], mixed: MixedTable): void {
    list.push(mixed);
    this.keptMixtures.set(mixed, list);
    this.mixedEntries += mixtureSize(mixed);
    if (list.length > MIXED_KEPT) this.dropMixture(list[0]);
    while (this.mixedEntries > MIXED_LIMIT && this.keptMixtures.size > 1)
      this.dropMixture(this.keptMixtures.keys().next().value!);
  }

  private dropMixture(mixed: MixedTable): void {
    const list = this.keptMixtures.get(mixed);
    if (!list) return;
    list.splice(list.indexOf(mixed), 1);
    this.keptMixtures.delete(mixed);
    this.mixedEntries -= mixtureSize(mixed);
  }
}

/**
 * T(R) = Σ_r A(r | R) M(r) for one group of n ranks, M(r) = values[r − 1] cut off after `last`, over the reference
 * ranks R whose ranks reach `last` (so eq 14 for the group is Σ_R π̂_R T(R)). rankMap.ts: the reference rank R sits
 * x = (R − 1)(n − 1)/(N − 1) items down, between ⌊x⌋ + 1 and ⌊x⌋ + 2, tracked as the exact fraction rest / span.
 * Since n ≤ N, x moves by less than one rank per R: the carry into ⌊x⌋ is computed without a branch (a
 * data-dependent branch taken on a fraction (n − 1)/(N − 1) of the R mispredicts often; about 2× faster).
 */
function carriedValues(reference: number, n: number, last: number, values: Float64Array): Float64Array {
  const span = reference - 1;
  const perSpan = 1 / span;
  const step = n - 1;
  // ⌊x⌋ < last for R0 < last · span / step.
  const table = new Float64Array(step === 0 ? reference : Math.min(reference, Math.ceil((last * span) / step)));
  let below = 0;
  let rest = 0;
  for (let R0 = 0; R0 < table.length; R0++) {
    const here = values[below];
    const f = rest * perSpan;
    table[R0] = rest === 0 ? here : (1 - f) * here + f * (below + 1 < last ? values[below + 1] : 0);
    rest += step;
    const carry = rest >= span && below < step ? 1 : 0;
    rest -= carry * span;
    below += carry;
  }
  return table;
}

/** Σ_k x[k] y[k] over y's length. */
function dot(x: ArrayLike<number>, y: Float64Array): number {
  let s0 = 0;
  let s1 = 0;
  let k = 0;
  for (; k + 1 < y.length; k += 2) {
    s0 += x[k] * y[k];
    s1 += x[k + 1] * y[k + 1];
  }
  for (; k < y.length; k++) s0 += x[k] * y[k];
  return s0 + s1;
}
