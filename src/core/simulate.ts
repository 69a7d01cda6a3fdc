/**
 * Monte Carlo study of sampled evaluation (Krichene & Rendle Tables 2–4): T seeded repetitions; in each, every
 * instance of every recommender draws its m irrelevant items (random.ts), and every method estimates every
 * metric from the resulting sampled ranks. Reports the mean and standard deviation (over repetitions, T − 1
 * denominator) of each estimate, and for each pair of recommenders in how many repetitions each method ordered
 * them as their exact metric does (Table 4). A histogram row with count c is c independent instances, so counts
 * must be whole numbers here.
 */
import type { CorrectionSetup } from './corrections/correction.ts';
import type { Method } from './corrections/methods.ts';
import { EstimatorVectors } from './estimate.ts';
import { InputError } from './errors.ts';
import { exactMetric } from './expected.ts';
import type { Metric } from './metrics.ts';
import { metricOfRanks } from './metrics.ts';
import { createRandom, drawAboveCounts } from './random.ts';
import type { RankData } from './rankData.ts';
import { itemCountOf, validateRankData } from './rankData.ts';
import type { Sampling } from './sampling.ts';
import { validateSamplingSetup } from './sampling.ts';

export interface SimulationOptions {
  readonly recommenders: readonly RankData[];
  readonly metrics: readonly Metric[];
  readonly methods: readonly Method[];
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
  readonly repeats: number;
  readonly seed: number;
  readonly prior?: ArrayLike<number> | null;
  /** Called after each repetition. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Polled between repetitions; when it returns true the study stops with a CancelledError (no partial result). */
  readonly shouldStop?: () => boolean;
}

export interface SimulationRow {
  recommender: string;
  metric: string;
  method: string;
  exact: number;
  mean: number;
  std: number;
}

export interface OrderingRow {
  metric: string;
  method: string;
  a: string;
  b: string;
  /**
   * Repetitions in which the method ordered a and b as their exact metric does. When the exact values tie
   * (`exactTie`), a repetition counts only if the two estimates tie too.
   */
  correct: number;
  repeats: number;
  exactTie: boolean;
}

export interface SimulationResult {
  results: SimulationRow[];
  orderings: OrderingRow[];
}

export class CancelledError extends Error {
  constructor() {
    super('the study was cancelled');
    this.name = 'CancelledError';
  }
}

export function simulate(options: SimulationOptions): SimulationResult {
  const { recommenders, metrics, methods, itemCount, sampleSize: m, sampling, repeats, seed } = options;
  validateSamplingSetup(itemCount, m, sampling);
  if (!Number.isSafeInteger(repeats) || repeats < 1)
    throw new InputError(`repeats must be an integer ≥ 1, got ${repeats}`);
  if (!Number.isSafeInteger(seed)) throw new InputError(`seed must be an integer, got ${seed}`);
  for (const data of recommenders) {
    validateRankData(data, itemCount);
    for (const w of data.weights) {
      if (!Number.isInteger(w))
        throw new InputError(`recommender "${data.name}": simulation needs whole counts, got ${w}`);
    }
  }
  const setup: CorrectionSetup = { itemCount, sampleSize: m, sampling, prior: options.prior };
  const cache = new EstimatorVectors(metrics, setup);
  const random = createRandom(seed);
  const withReplacement = sampling === 'with-replacement';
  const M = metrics.length;
  const R = recommenders.length;
  // estimates[rec][method][metric][rep]
  const estimates = recommenders.map(() => methods.map(() => metrics.map(() => new Float64Array(repeats))));
  const above = new Float64Array(64);
  let counts = new Int32Array(64);
  const sampledRanks = new Float64Array(64);
  for (let rep = 0; rep < repeats; rep++) {
    if (options.shouldStop?.()) throw new CancelledError();
    recommenders.forEach((data, ri) => {
      const sums = methods.map(() => new Float64Array(M));
      let userWeight = 0;
      let itemWeight = 0;
      for (let i = 0; i < data.weights.length; i++) {
        const n = itemCountOf(data, i, itemCount);
        const lo = data.offsets[i];
        const k = data.offsets[i + 1] - lo;
        if (counts.length < k) counts = new Int32Array(k);
        const aboveK = k <= above.length ? above.subarray(0, k) : new Float64Array(k);
        for (let j = 0; j < k; j++) aboveK[j] = data.ranks[lo + j] - (j + 1);
        for (let copy = 0; copy < data.weights[i]; copy++) {
          drawAboveCounts(random, aboveK, n - k, m, withReplacement, counts);
          userWeight++;
          itemWeight += k;
          methods.forEach((method, mi) => {
            if (k > 1 && method.kind === 'sampled') {
              const ranks = k <= sampledRanks.length ? sampledRanks.subarray(0, k) : new Float64Array(k);
              for (let j = 0; j < k; j++) ranks[j] = j + 1 + counts[j];
              metrics.forEach((metric, j) => (sums[mi][j] += metricOfRanks(metric, ranks, m + k)));
              return;
            }
            const vectors = cache.get(method, n);
            for (let j = 0; j < k; j++) {
              // Each relevant item as its own single-item instance: its sampled rank among m + 1 items.
              const index = counts[j];
              for (let t = 0; t < M; t++) sums[mi][t] += vectors[t][index];
            }
          });
        }
      }
      methods.forEach((method, mi) => {
        const multi = data.ranks.length !== data.weights.length;
        const weight = multi && method.kind !== 'sampled' ? itemWeight : userWeight;
        for (let t = 0; t < M; t++) estimates[ri][mi][t][rep] = sums[mi][t] / weight;
      });
    });
    options.onProgress?.(rep + 1, repeats);
  }
  const exact = recommenders.map((data) => metrics.map((metric) => exactMetric(data, metric, itemCount)));
  const results: SimulationRow[] = [];
  recommenders.forEach((data, ri) =>
    metrics.forEach((metric, t) =>
      methods.forEach((method, mi) => {
        const { mean, std } = meanStd(estimates[ri][mi][t]);
        results.push({ recommender: data.name, metric: metric.id, method: method.id, exact: exact[ri][t], mean, std });
      }),
    ),
  );
  const orderings: OrderingRow[] = [];
  metrics.forEach((metric, t) =>
    methods.forEach((method, mi) => {
      for (let a = 0; a < R; a++) {
        for (let b = a + 1; b < R; b++) {
          const truth = Math.sign(exact[a][t] - exact[b][t]);
          const ea = estimates[a][mi][t];
          const eb = estimates[b][mi][t];
          let correct = 0;
          for (let rep = 0; rep < repeats; rep++) if (Math.sign(ea[rep] - eb[rep]) === truth) correct++;
          const row = { metric: metric.id, method: method.id, a: recommenders[a].name, b: recommenders[b].name };
          orderings.push({ ...row, correct, repeats, exactTie: truth === 0 });
        }
      }
    }),
  );
  return { results, orderings };
}

function meanStd(values: Float64Array): { mean: number; std: number } {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  if (values.length < 2) return { mean, std: 0 };
  let ss = 0;
  for (const v of values) ss += (v - mean) * (v - mean);
  return { mean, std: Math.sqrt(ss / (values.length - 1)) };
}
