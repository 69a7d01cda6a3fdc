/**
 * The expected sampled metric of a protocol by seeded Monte Carlo, where its law has no closed form (the pooled
 * layout's occupancy counts): T sampled evaluations drawn by the instances' own `draw`, each metric averaged over
 * the instances as the protocol averages them; returned as the mean over the T evaluations, their standard deviation
 * (the spread of one sampled evaluation, the ± of Table 2) and the mean's standard error (its Monte Carlo error).
 */
import { InputError } from '../errors.ts';
import type { Metric } from '../metrics.ts';
import { metricTerm } from '../metrics.ts';
import type { RandomSource } from '../random.ts';
import { createRandom } from '../random.ts';
import type { ProtocolInstances } from './instances.ts';

export interface MonteCarloSummary {
  readonly sampledMean: number;
  readonly sampledStd: number;
  /** The standard error of sampledMean: sampledStd / √T. */
  readonly sampledSe: number;
}

/** Metrics whose value on a list depends on its length (AUC): the pooled layout's lists have a random length. */
function needsLength(metric: Metric): boolean {
  return metric.kind === 'auc';
}

export function monteCarloExpectation(
  instances: ProtocolInstances,
  metrics: readonly Metric[],
  repetitions: number,
  seed: number,
): MonteCarloSummary[] {
  if (!Number.isSafeInteger(repetitions) || repetitions < 2) {
    throw new InputError(`Monte Carlo repetitions must be an integer ≥ 2, got ${repetitions}`);
  }
  return monteCarloValues(instances, metrics, repetitions, createRandom(seed)).map((v) => {
    let mean = 0;
    for (const x of v) mean += x / repetitions;
    let ss = 0;
    for (const x of v) ss += (x - mean) ** 2;
    const std = Math.sqrt(ss / (repetitions - 1));
    return { sampledMean: mean, sampledStd: std, sampledSe: std / Math.sqrt(repetitions) };
  });
}

/**
 * T sampled evaluations of the instances drawn by their own `draw`: values[metric][t], each metric averaged over the
 * instances as the protocol averages them (the leaderboards read every evaluation).
 */
export function monteCarloValues(
  instances: ProtocolInstances,
  metrics: readonly Metric[],
  repetitions: number,
  random: RandomSource,
): Float64Array[] {
  const pooled = instances.protocol.layout === 'pooled';
  for (const metric of metrics) {
    if (pooled && needsLength(metric)) {
      throw new InputError(
        `${metric.id} is not offered under the pooled layout: a list's length there depends on how many drawn negatives repeat`,
      );
    }
  }
  const { data } = instances;
  const values = metrics.map(() => new Float64Array(repetitions));
  let counts = new Int32Array(64);
  let weight = 0;
  for (let i = 0; i < data.weights.length; i++) weight += data.weights[i];
  for (let t = 0; t < repetitions; t++) {
    const sums = new Float64Array(metrics.length);
    for (let i = 0; i < data.weights.length; i++) {
      const lo = data.offsets[i];
      const k = data.offsets[i + 1] - lo;
      if (counts.length < k) counts = new Int32Array(k);
      const length = instances.drawsOf(i) + k;
      // A histogram row of count c stands for c users: one draw each. A fractional weight (the per-positive layout
      // averaged over users: 1/k a row) is one draw of that weight.
      const w = data.weights[i];
      const [copies, each] = Number.isInteger(w) ? [w, 1] : [1, w];
      for (let copy = 0; copy < copies; copy++) {
        instances.draw(random, i, counts);
        for (let s = 0; s < metrics.length; s++) {
          let value = 0;
          for (let j = 0; j < k; j++) value += metricTerm(metrics[s], j + 1, j + 1 + counts[j], k, length);
          sums[s] += each * value;
        }
      }
    }
    sums.forEach((s, m) => (values[m][t] = s / weight));
  }
  return values;
}
