/**
 * Per-user values for paired tests (issue 33): each user's metric (eqs 2–6 on its own ranks and n) from true ranks,
 * or from sampled ranks each user's estimator value where the estimator is a function of the user's sampled ranks
 * (the sampled metric M(r̃) on m + k items; a correction's M̂(r̃), Krichene & Rendle eqs 19–25, averaged over the
 * user's relevant items) — the tests then run on those. The distribution estimators (MLE, WMLE, MES) fit P̂ on all
 * users at once and have no per-user value: their comparisons keep the paired bootstrap (compare.ts).
 * Values are aligned by user: by the users' ids where the data carry them (the users every recommender has; the
 * others are counted as dropped), else row by row when every recommender has the same number of rows of one user each.
 */
import type { Method } from '../corrections/methods.ts';
import { InputError } from '../errors.ts';
import type { EstimateSetup } from '../estimate.ts';
import { EstimatorVectors, needsFit } from '../estimate.ts';
import type { Metric } from '../metrics.ts';
import { metricOfRanks } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { itemCountOf } from '../rankData.ts';

/** values[metric][row]: each row's value of each metric, from its true ranks among its n items. */
export function exactUserValues(data: RankData, metrics: readonly Metric[], itemCount: number): Float64Array[] {
  const rows = data.weights.length;
  return metrics.map((metric) => {
    const out = new Float64Array(rows);
    for (let i = 0; i < rows; i++) {
      const ranks = data.ranks.subarray(data.offsets[i], data.offsets[i + 1]);
      out[i] = metricOfRanks(metric, ranks, itemCountOf(data, i, itemCount));
    }
    return out;
  });
}

/**
 * values[metric][row] from sampled ranks under an estimator with per-user values (the sampled metric, the rank
 * estimate, LS, CLS, BV); an InputError for the distribution estimators.
 */
export function sampledUserValues(
  data: RankData,
  metrics: readonly Metric[],
  method: Method,
  setup: EstimateSetup,
  cache = new EstimatorVectors(metrics, setup),
): Float64Array[] {
  if (needsFit(method)) {
    throw new InputError(
      `${method.id} fits the rank distribution on all users at once and has no per-user values: its comparisons use the paired bootstrap (estimate --compare)`,
    );
  }
  const m = setup.sampleSize;
  const rows = data.weights.length;
  const out = metrics.map(() => new Float64Array(rows));
  for (let i = 0; i < rows; i++) {
    const lo = data.offsets[i];
    const k = data.offsets[i + 1] - lo;
    if (k > 1 && method.kind === 'sampled') {
      const ranks = data.ranks.subarray(lo, lo + k);
      metrics.forEach((metric, j) => (out[j][i] = metricOfRanks(metric, ranks, m + k)));
      continue;
    }
    const vectors = cache.get(method, itemCountOf(data, i, setup.itemCount));
    for (let t = lo; t < lo + k; t++) {
      const index = data.ranks[t] - 1 - (t - lo);
      if (index < 0 || index > m) throw new InputError(`sampled rank ${data.ranks[t]} is outside 1..${m + k}`);
      for (let j = 0; j < metrics.length; j++) out[j][i] += vectors[j][index] / k;
    }
  }
  return out;
}

/** The rows of each recommender that hold the shared users, in one order, and what was left out. */
export interface UserAlignment {
  /** rows[r][u]: the row of recommender r holding shared user u. */
  rows: Int32Array[];
  /** The shared users' ids (indices among the source's users), or null when paired row by row. */
  users: Int32Array | null;
  /** Users of each recommender that the others lack (left out of the tests). */
  dropped: number[];
}

/** Aligns the recommenders' users for paired tests; an InputError names the recommender that cannot be paired. */
export function alignUsers(recommenders: readonly RankData[]): UserAlignment {
  for (const data of recommenders) {
    for (let i = 0; i < data.weights.length; i++) {
      if (data.weights[i] !== 1) {
        throw new InputError(
          `recommender "${data.name}": a paired test needs each user's own value, and row ${i + 1} counts ${data.weights[i]} users (a histogram of ranks)`,
        );
      }
    }
  }
  const withIds = recommenders.filter((d) => d.users && d.users.length === d.weights.length);
  if (withIds.length === recommenders.length) {
    const sets = recommenders.map((d) => new Map(Array.from(d.users!, (u, i) => [u, i])));
    const shared = [...sets[0].keys()].filter((u) => sets.every((s) => s.has(u)));
    if (shared.length === 0) {
      throw new InputError(
        `the recommenders share no users (${recommenders.map((d) => `"${d.name}"`).join(', ')}): a paired test compares each user's values`,
      );
    }
    return {
      rows: sets.map((s) => Int32Array.from(shared, (u) => s.get(u)!)),
      users: Int32Array.from(shared),
      dropped: sets.map((s) => s.size - shared.length),
    };
  }
  const lengths = recommenders.map((d) => d.weights.length);
  if (lengths.some((l) => l !== lengths[0])) {
    throw new InputError(
      `a paired test needs the same users for every recommender: without a user column the rows are paired in order, and the recommenders have ${recommenders.map((d) => `${d.weights.length} ("${d.name}")`).join(', ')} rows`,
    );
  }
  const rows = Int32Array.from({ length: lengths[0] }, (_, i) => i);
  return { rows: recommenders.map(() => rows), users: null, dropped: recommenders.map(() => 0) };
}

/** values[metric] restricted to the aligned rows, in the alignment's order. */
export function alignedValues(values: readonly Float64Array[], rows: Int32Array): Float64Array[] {
  return values.map((v) => Float64Array.from(rows, (i) => v[i]));
}
