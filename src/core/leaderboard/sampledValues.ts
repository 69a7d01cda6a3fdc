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
  // Cumulative laws: an evaluation draws u per user and walks the (short) cumulative only when u falls below L.
  const cumulative = new Float64Array(laws.length);
  for (let i = 0; i < count; i++) {
    let c = 0;
    for (let x = 0; x < limit; x++) cumulative[i * limit + x] = c += laws[i * limit + x];
  }
  const evaluations = metrics.map(() => new Float64Array(repetitions));
  const sums = new Float64Array(M);
  for (let rep = 0; rep < repetitions; rep++) {
    sums.fill(0);
    for (let i = 0; i < count; i++) {
      const w = data.weights[i];
      const base = i * limit;
      const top = cumulative[base + limit - 1];
      // A row of count c is c users, one draw each; a fractional weight (per positive averaged over users) one draw.
      const copies = w === 1 || !Number.isInteger(w) ? 1 : w;
      const each = copies === 1 ? w : 1;
      for (let copy = 0; copy < copies; copy++) {
        const u = random.next();
        if (u >= top) continue;
        let x = 0;
        while (u >= cumulative[base + x]) x++;
        for (let t = 0; t < M; t++) sums[t] += each * values[x * M + t];
      }
    }
    for (let t = 0; t < M; t++) evaluations[t][rep] = sums[t] / weight;
  }
  return { expected, expectedExact: true, evaluations };
}
