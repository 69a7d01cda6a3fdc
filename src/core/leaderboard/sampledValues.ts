/**
 * One recommender's sampled metrics under one protocol and m: their expectation and T sampled evaluations.
 *
 * Where every metric has a cut-off K (metrics.ts: 0 beyond it) and the instances have one relevant item each, the
 * law of X below L = max K (truncatedLaws.ts) gives the expectation exactly — the pooled layout's too, which
 * expectedTable.ts can only draw — and an evaluation costs one uniform per user. Otherwise the expectation is
 * expectedTable.ts's (closed form, or its Monte Carlo for the pooled layout) and the evaluations are drawn by the
 * protocol's own `draw` (protocol/monteCarlo.ts).
 */
import { InputError } from '../errors.ts';
import { expectedMetricsTable } from '../expectedTable.ts';
import type { Metric } from '../metrics.ts';
import { metricTerm } from '../metrics.ts';
import type { ProtocolInstances } from '../protocol/instances.ts';
import { monteCarloValues } from '../protocol/monteCarlo.ts';
import type { ProtocolShape } from '../protocol/protocol.ts';
import type { RandomSource } from '../random.ts';
import { fillUniforms } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { itemCountOf } from '../rankData.ts';
import type { Sampling } from '../law/index.ts';
import { validateSamplingSetup } from '../law/index.ts';
import { truncatedLaws } from './truncatedLaws.ts';

/** L for the metrics: the largest cut-off, or null when one has none (or is a reading of its own, `atRank`). */
export function truncation(metrics: readonly Metric[]): number | null {
  let limit = 0;
  for (const metric of metrics) {
    if (metric.cutoff === null || metric.kind === 'auc' || metric.atRank) return null;
    limit = Math.max(limit, metric.cutoff);
  }
  return limit;
}

export interface SampledValues {
  /** The expected sampled metric, per metric. */
  expected: number[];
  /** Whether `expected` is exact (false: a Monte Carlo mean, the pooled layout without a truncated law). */
  expectedExact: boolean;
  /** values[metric][t] of T sampled evaluations (empty arrays when T = 0). */
  evaluations: Float64Array[];
}

export interface SampledValuesRequest {
  data: RankData;
  instances: ProtocolInstances;
  itemCount: number;
  sampleSize: number;
  sampling: Sampling;
  shape: ProtocolShape;
  metrics: readonly Metric[];
  repetitions: number;
  random: RandomSource;
}

export function sampledValues(request: SampledValuesRequest): SampledValues {
  const { instances, itemCount, metrics, repetitions, random } = request;
  if (instances.law) {
    for (let i = 0; i < instances.data.weights.length; i++) {
      try {
        validateSamplingSetup(itemCountOf(instances.data, i, itemCount), instances.drawsOf(i), instances.law);
      } catch (error) {
        if (error instanceof InputError) {
          throw new InputError(`recommender "${request.data.name}", instance ${i + 1}: ${error.message}`);
        }
        throw error;
      }
    }
  }
  const limit = truncation(metrics);
  const laws = limit === null ? null : truncatedLaws(instances, itemCount, limit);
  if (laws === null || limit === null) {
    const [summaries] = expectedMetricsTable([request.data], metrics, {
      itemCount,
      sampleSize: request.sampleSize,
      sampling: request.sampling,
      protocol: request.shape,
    });
    return {
      expected: summaries.map((s) => s.sampledMean),
      expectedExact: summaries.every((s) => s.sampledSe === undefined),
      evaluations:
        repetitions > 0
          ? monteCarloValues(instances, metrics, repetitions, random)
          : metrics.map(() => new Float64Array(0)),
    };
  }
  const { data } = instances;
  const count = data.weights.length;
  // values[x · M + t]: metric t of a sampled rank 1 + x (the list's length plays no part in a cut-off metric).
  const M = metrics.length;
  const values = new Float64Array(limit * M);
  for (let x = 0; x < limit; x++) {
    metrics.forEach((metric, t) => (values[x * M + t] = metricTerm(metric, 1, 1 + x, 1, request.sampleSize + 1)));
  }
  let weight = 0;
  for (let i = 0; i < count; i++) weight += data.weights[i];
  const expected = metrics.map((_, t) => {
    let sum = 0;
    for (let i = 0; i < count; i++) {
      let e = 0;
      for (let x = 0; x < limit; x++) e += laws[i * limit + x] * values[x * M + t];
      sum += data.weights[i] * e;
    }
    return sum / weight;
  });
  const evaluations = metrics.map(() => new Float64Array(repetitions));
  const draws = new UserDraws(laws, limit, data.weights);
  const hits = new Float64Array(limit);
  for (let rep = 0; rep < repetitions; rep++) {
    draws.draw(random, hits);
    for (let t = 0; t < M; t++) {
      let sum = 0;
      for (let x = 0; x < limit; x++) sum += hits[x] * values[x * M + t];
      evaluations[t][rep] = sum / weight;
    }
  }
  return { expected, expectedExact: true, evaluations };
}

/** Users whose chance of a sampled rank within L is below this are drawn by skipping (UserDraws). */
const RARE = 1 / 16;

/**
 * One sampled evaluation of every user from the truncated laws: hits[x] = the weight of users with X = x < L.
 * A user with P(X < L) = h ≥ 1/16 draws one uniform. The rarer users are grouped by h into halvings (h in
 * (2^−k−1, 2^−k]/16) and each group is walked by geometric skips at its largest h, a candidate kept with probability
 * h_i/h_max (thinning: the same law as one uniform each, at a cost proportional to Σ h instead of the users' count).
 * Users with h = 0 are never visited. Histogram rows of c users (integer weights) are c draws; a fractional weight
 * one draw of that weight.
 */
class UserDraws {
  private readonly cumulative: Float64Array;
  /** Users drawn one uniform each, with their weights. */
  private readonly common: Int32Array;
  private readonly uniforms: Float64Array;
  /** Groups of rare users: their indices, and the group's largest h. */
  private readonly groups: { users: Int32Array; top: number }[] = [];
  private readonly tops: Float64Array;

  constructor(
    laws: Float64Array,
    private readonly limit: number,
    private readonly weights: Float64Array,
  ) {
    const count = weights.length;
    this.cumulative = new Float64Array(laws.length);
    this.tops = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      let c = 0;
      for (let x = 0; x < limit; x++) this.cumulative[i * limit + x] = c += laws[i * limit + x];
      this.tops[i] = c;
    }
    // A row of c users (c an integer > 1) is drawn c times: it stays in the common list.
    const common: number[] = [];
    const rare = new Map<number, number[]>();
    for (let i = 0; i < count; i++) {
      const h = this.tops[i];
      if (h <= 0) continue;
      if (h >= RARE || (Number.isInteger(weights[i]) && weights[i] !== 1)) common.push(i);
      else {
        const k = Math.min(60, Math.floor(-Math.log2(h / RARE)));
        (rare.get(k) ?? rare.set(k, []).get(k)!).push(i);
      }
    }
    this.common = Int32Array.from(common);
    let draws = 0;
    for (const i of common) draws += Number.isInteger(weights[i]) ? weights[i] : 1;
    this.uniforms = new Float64Array(draws);
    for (const [k, users] of [...rare].sort((a, b) => a[0] - b[0])) {
      let top = 0;
      for (const i of users) top = Math.max(top, this.tops[i]);
      void k;
      this.groups.push({ users: Int32Array.from(users), top });
    }
  }

  /** Where u (< h_i) falls in user i's cumulative law: x. */
  private find(i: number, u: number): number {
    const base = i * this.limit;
    let at = base;
    while (u >= this.cumulative[at]) at++;
    return at - base;
  }

  draw(random: RandomSource, hits: Float64Array): void {
    hits.fill(0);
    const { common, uniforms, weights, tops } = this;
    fillUniforms(random, uniforms);
    let next = 0;
    for (let c = 0; c < common.length; c++) {
      const i = common[c];
      const w = weights[i];
      const copies = Number.isInteger(w) ? w : 1;
      const each = copies === 1 ? w : 1;
      for (let copy = 0; copy < copies; copy++) {
        const u = uniforms[next++];
        if (u < tops[i]) hits[this.find(i, u)] += each;
      }
    }
    for (const { users, top } of this.groups) {
      const logMiss = Math.log1p(-top);
      let at = -1;
      for (;;) {
        // Users skipped before the next candidate: Geometric(top) (1 − next() is in (0, 1]).
        at += 1 + Math.floor(Math.log(1 - random.next()) / logMiss);
        if (at >= users.length) break;
        const i = users[at];
        // Kept with probability h_i/top; then u = v·top is uniform on [0, h_i), the user's law below L.
        const u = random.next() * top;
        if (u < tops[i]) hits[this.find(i, u)] += weights[i];
      }
    }
  }
}
