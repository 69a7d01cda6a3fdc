/**
 * Comparing recommenders with the user sample's uncertainty (Efron & Tibshirani 1993, ch. 13 and 16): the users are
 * resampled with replacement B times and every value (an exact metric, an estimate of one) is recomputed on each
 * resample. When the recommenders were evaluated on the same users (a `user` column, RankData.users), one draw of
 * users serves them all — a **paired** bootstrap: the difference of two recommenders is computed on the same
 * resampled users, so what the users share cancels out and the interval of the difference narrows when the two
 * recommenders' per-user values are correlated. Without user ids the recommenders are resampled independently
 * (**unpaired**), each from its own rows.
 *
 * The draws are those of bootstrap.ts: for one recommender the replicates (and so the intervals) are the same as
 * bootstrapEstimates' with the same seed, and every recommender without user ids uses the same seed too.
 * Example: jointBootstrap([a, b], (d) => [mean metric of d], { seed: 1 }) then bootstrapDifferences(boot, 0.95).
 */
import { createRandom, firstAbove } from './random.ts';
import type { RankData } from './rankData.ts';
import type { Result } from './result.ts';
import { fail, ok } from './result.ts';

export interface JointBootstrapOptions {
  /** B, the number of resamples (default 200). */
  readonly replicates?: number;
  readonly seed: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** Polled between resamples; true stops with `{ ok: false, cancelled: true }`. */
  readonly shouldStop?: () => boolean;
  /**
   * Only resamples from..to − 1 of the B (default 0..B − 1): the draws of the others are made and discarded, so
   * slices computed apart (in parallel workers) join into the very bootstrap of one run (mergeBootstraps).
   */
  readonly from?: number;
  readonly to?: number;
}

export interface JointBootstrap {
  /** values(data[r]) on the data as they are: point[recommender][value]. */
  readonly point: readonly (readonly number[])[];
  /** The same on each resample: replicates[recommender][value][b]. */
  readonly replicates: readonly (readonly Float64Array[])[];
  /** paired[r]: recommender r was resampled through the users it shares with the others. */
  readonly paired: readonly boolean[];
}

/** Data whose instances are users with ids, one user each (weight 1): those can be resampled jointly. */
function hasUsers(data: RankData): data is RankData & { users: Int32Array } {
  if (!data.users || data.users.length !== data.weights.length) return false;
  for (let i = 0; i < data.weights.length; i++) if (data.weights[i] !== 1) return false;
  return true;
}

/** The rows drawn at least once, with the number of draws as their count (user ids, grades and tie ranges kept). */
export function resample(data: RankData, draws: Float64Array): RankData {
  // Plain loops, no views or closures per row: a bootstrap resamples every recommender B times.
  let kept = 0;
  for (let i = 0; i < draws.length; i++) if (draws[i] > 0) kept++;
  const keep = new Int32Array(kept);
  for (let i = 0, j = 0; i < draws.length; i++) if (draws[i] > 0) keep[j++] = i;
  const offsets = new Int32Array(kept + 1);
  for (let j = 0; j < kept; j++) offsets[j + 1] = offsets[j] + data.offsets[keep[j] + 1] - data.offsets[keep[j]];
  const size = offsets[kept];
  // The ranks, and the arrays aligned with them (grades, tie ranges), follow their instances.
  const aligned = (values: Float64Array) => {
    const out = new Float64Array(size);
    for (let j = 0; j < kept; j++) {
      for (let t = data.offsets[keep[j]], k = offsets[j]; t < data.offsets[keep[j] + 1]; t++, k++) out[k] = values[t];
    }
    return out;
  };
  const pick = <A extends Float64Array | Int32Array>(values: A, out: A): A => {
    for (let j = 0; j < kept; j++) out[j] = values[keep[j]];
    return out;
  };
  return {
    name: data.name,
    offsets,
    ranks: aligned(data.ranks),
    weights: pick(draws, new Float64Array(kept)),
    itemCounts: data.itemCounts ? pick(data.itemCounts, new Int32Array(kept)) : null,
    ...(data.users ? { users: pick(data.users, new Int32Array(kept)) } : {}),
    ...(data.relevance ? { relevance: aligned(data.relevance) } : {}),
    ...(data.ties ? { ties: { low: aligned(data.ties.low), high: aligned(data.ties.high) } } : {}),
  };
}

/** Type-7 quantile of sorted values (linear interpolation, numpy's default). */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The percentile interval [q_(1−level)/2, q_(1+level)/2] of bootstrap values (NaN values are ignored). */
export function percentileInterval(values: ArrayLike<number>, level: number): { low: number; high: number } {
  const finite = Float64Array.from(values).filter((v) => !Number.isNaN(v));
  if (finite.length === 0) return { low: NaN, high: NaN };
  finite.sort();
  return { low: quantile(finite, (1 - level) / 2), high: quantile(finite, (1 + level) / 2) };
}

/** Draws the users of one recommender without ids: `users` draws over its rows, weighted by their counts. */
class RowDraws {
  private readonly cumulative: Float64Array;
  private readonly users: number;
  readonly draws: Float64Array;
  constructor(data: RankData) {
    const rows = data.weights.length;
    this.cumulative = new Float64Array(rows);
    let users = 0;
    for (let i = 0; i < rows; i++) this.cumulative[i] = users += data.weights[i];
    this.users = users;
    this.draws = new Float64Array(rows);
  }
  /** Advances `random` past one resample's draws without making it (the same calls as next). */
  skip(random: { nextInt(k: number): number }): void {
    for (let t = 0; t < this.users; t++) random.nextInt(this.users);
  }
  next(random: { nextInt(k: number): number }): Float64Array {
    this.draws.fill(0);
    // The row holding user t of the expanded data: the first whose cumulative weight exceeds t.
    for (let t = 0; t < this.users; t++) this.draws[firstAbove(this.cumulative, random.nextInt(this.users))]++;
    return this.draws;
  }
}

/** The users the recommenders with ids share, in order of first appearance, and each instance's place among them. */
function userUniverse(data: readonly (RankData & { users: Int32Array })[]): { size: number; slots: Int32Array[] } {
  const slot = new Map<number, number>();
  const slots = data.map((d) =>
    Int32Array.from(d.users, (u) => slot.get(u) ?? (slot.set(u, slot.size), slot.size - 1)),
  );
  return { size: slot.size, slots };
}

/**
 * The values of a bootstrap in two parts, for values that need not be recomputed from scratch on each resample (e.g.
 * a mean of per-user values computed once: ties/userValues.ts): `point` on the data as they are, `replicate` on a
 * resample given by its draws — draws[i] users drawn from row i of data[recommender] (the buffer is reused: read it
 * before returning) — and `resampled()`, the resample as data (compare.ts resample), built only if asked for.
 */
export interface ResampleValues {
  point(data: RankData, recommender: number): number[];
  replicate(draws: Float64Array, resampled: () => RankData, recommender: number): number[];
}

export function jointBootstrap(
  data: readonly RankData[],
  values: ((data: RankData, recommender: number) => number[]) | ResampleValues,
  options: JointBootstrapOptions,
): Result<JointBootstrap> {
  const parts: ResampleValues =
    typeof values === 'function' ? { point: values, replicate: (_, resampled, r) => values(resampled(), r) } : values;
  const replicates = options.replicates ?? 200;
  if (!Number.isSafeInteger(replicates) || replicates < 1) {
    return fail(`the number of bootstrap resamples B must be an integer ≥ 1, got ${replicates}`);
  }
  if (!Number.isSafeInteger(options.seed)) return fail(`seed must be an integer, got ${options.seed}`);
  for (const d of data) {
    for (const w of d.weights) {
      if (!Number.isSafeInteger(w) || w < 1) {
        return fail(`recommender "${d.name}": the bootstrap resamples users, so counts must be whole, got ${w}`);
      }
    }
  }
  const from = options.from ?? 0;
  const to = options.to ?? replicates;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to > replicates || from >= to) {
    return fail(`the resamples to compute must be a range within 0..${replicates}, got ${from}..${to}`);
  }
  const point = data.map((d, r) => parts.point(d, r));
  const out = point.map((row) => row.map(() => new Float64Array(to - from)));
  // Two or more recommenders with user ids share one draw of users; the others draw their own rows.
  const withUsers = data.filter(hasUsers);
  const joint = withUsers.length >= 2 ? withUsers : [];
  const universe = userUniverse(joint);
  const userDraws = new Float64Array(universe.size);
  const jointRandom = createRandom(options.seed);
  const own = data.map((d) =>
    joint.includes(d as never) ? null : { random: createRandom(options.seed), rows: new RowDraws(d) },
  );
  for (let b = 0; b < to; b++) {
    if (b < from) {
      // Resamples of another slice: their random numbers are drawn, nothing else.
      for (let t = 0; t < universe.size; t++) jointRandom.nextInt(universe.size);
      for (const mine of own) mine?.rows.skip(mine.random);
      continue;
    }
    if (options.shouldStop?.()) return { ok: false, error: 'cancelled', cancelled: true };
    if (joint.length > 0) {
      userDraws.fill(0);
      for (let t = 0; t < universe.size; t++) userDraws[jointRandom.nextInt(universe.size)]++;
    }
    for (let r = 0; r < data.length; r++) {
      const mine = own[r];
      let draws: Float64Array;
      if (mine) draws = mine.rows.next(mine.random);
      else {
        const slots = universe.slots[joint.indexOf(data[r] as never)];
        draws = new Float64Array(slots.length);
        for (let i = 0; i < slots.length; i++) draws[i] = userDraws[slots[i]];
      }
      const row = parts.replicate(draws, () => resample(data[r], draws), r);
      row.forEach((v, j) => (out[r][j][b - from] = v));
    }
    options.onProgress?.(b + 1 - from, to - from);
  }
  return ok({ point, replicates: out, paired: data.map((d) => joint.includes(d as never)) });
}

/**
 * Slices of one bootstrap (jointBootstrap's from..to, in order, together covering 0..B − 1; each has the point
 * values) joined into the bootstrap that one run computes.
 */
export function mergeBootstraps(slices: readonly JointBootstrap[]): JointBootstrap {
  const [first] = slices;
  if (slices.length === 1) return first;
  const replicates = first.replicates.map((values, r) =>
    values.map((_, j) => {
      const joined = new Float64Array(slices.reduce((s, slice) => s + slice.replicates[r][j].length, 0));
      let at = 0;
      for (const slice of slices) {
        joined.set(slice.replicates[r][j], at);
        at += slice.replicates[r][j].length;
      }
      return joined;
    }),
  );
  return { point: first.point, replicates, paired: first.paired };
}

export interface BootstrapDifference {
  /** Indices of the two recommenders and of the value. */
  readonly a: number;
  readonly b: number;
  readonly value: number;
  /** point[a][value] − point[b][value]. */
  readonly difference: number;
  readonly low: number;
  readonly high: number;
  /** The users were resampled jointly (both recommenders carry the same users' ids). */
  readonly paired: boolean;
}

/**
 * The difference of every pair of recommenders (a < b) for every value, with its percentile interval: from the
 * same resample of users where both are paired; otherwise replicate k of a against replicate k + 1 of b, which
 * come from separate draws (independent resamples).
 */
export function bootstrapDifferences(boot: JointBootstrap, level = 0.95): BootstrapDifference[] {
  const out: BootstrapDifference[] = [];
  const count = boot.point.length;
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      const paired = boot.paired[a] && boot.paired[b];
      for (let value = 0; value < boot.point[a].length; value++) {
        const x = boot.replicates[a][value];
        const y = boot.replicates[b][value];
        const B = x.length;
        const diffs = Float64Array.from(x, (v, k) => v - y[paired || B === 1 ? k : (k + 1) % B]);
        const { low, high } = percentileInterval(diffs, level);
        out.push({ a, b, value, difference: boot.point[a][value] - boot.point[b][value], low, high, paired });
      }
    }
  }
  return out;
}

/** A difference of two named recommenders for a named metric and method (what the CLI and the app report). */
export interface NamedDifference {
  readonly metric: string;
  readonly method: string;
  /** Recommender names: difference = a − b. */
  readonly a: string;
  readonly b: string;
  readonly difference: number;
  readonly low: number;
  readonly high: number;
  readonly paired: boolean;
}

/** bootstrapDifferences with the recommenders' names and each value's metric and method (`valueOf(index)`). */
export function namedDifferences(
  boot: JointBootstrap,
  level: number,
  names: readonly string[],
  valueOf: (value: number) => { readonly metric: string; readonly method: string },
): NamedDifference[] {
  return bootstrapDifferences(boot, level).map((d) => ({
    ...valueOf(d.value),
    a: names[d.a],
    b: names[d.b],
    difference: d.difference,
    low: d.low,
    high: d.high,
    paired: d.paired,
  }));
}

/** A value with its percentile interval. */
export interface PointInterval {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
}

/**
 * The table of a bootstrap whose values are methods × metrics (value index = method · metrics + metric):
 * values[recommender][method][metric] with its interval, and every pair's differences by name.
 */
export function bootstrapTable(
  boot: JointBootstrap,
  level: number,
  names: readonly string[],
  metrics: readonly string[],
  methods: readonly string[],
): { values: PointInterval[][][]; differences: NamedDifference[] } {
  const at = (method: number, metric: number) => method * metrics.length + metric;
  return {
    values: names.map((_, r) =>
      methods.map((__, i) =>
        metrics.map((___, j) => ({
          estimate: boot.point[r][at(i, j)],
          ...percentileInterval(boot.replicates[r][at(i, j)], level),
        })),
      ),
    ),
    differences: namedDifferences(boot, level, names, (value) => ({
      metric: metrics[value % metrics.length],
      method: methods[Math.floor(value / metrics.length)],
    })),
  };
}
