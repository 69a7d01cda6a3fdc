/**
 * Monte Carlo study of sampled evaluation (Krichene & Rendle Tables 2–4): T seeded repetitions; in each, every
 * instance of every recommender draws its sampled ranks from their law (study/draw.ts), and every method estimates
 * every metric from the resulting sampled ranks. Reports the mean and standard deviation (over repetitions, T − 1
 * denominator) of each estimate, and for each pair of recommenders in how many repetitions each method ordered
 * them as their exact metric does (Table 4), and how often each method picked the recommender with the best exact
 * metric (Jin et al. 2021 Table 4). The rank-distribution methods (`mle`, `wmle`, `mes`) fit P̂ on the histogram of
 * the repetition's sampled ranks (one fit per distinct n) and apply eq 14; `bv-dist:γ` equals `bv:γ` by linearity.
 * A histogram row with count c is c independent instances, so counts must be whole numbers here.
 */
import type { CorrectionSetup } from './corrections/correction.ts';
import type { DistributionMethod, Method } from './corrections/methods.ts';
import type { FitOptions } from './distribution/recovery.ts';
import { checkDistributionSetup, distributionMetrics, recoverFromHistograms } from './distribution/recover.ts';
import type { EstimateSetup } from './estimate.ts';
import { EstimatorVectors, needsFit } from './estimate.ts';
import { InputError } from './errors.ts';
import { exactMetric } from './expected.ts';
import type { Metric } from './metrics.ts';
import { metricOfRanks } from './metrics.ts';
import { createRandom } from './random.ts';
import type { RankData } from './rankData.ts';
import { distinctItemCounts, massAboveOf, totalWeight, validateRankData } from './rankData.ts';
import type { Result } from './result.ts';
import { attempt } from './result.ts';
import { lawRefusal } from './estimators.ts';
import { samplingLaw, validateSamplingSetup } from './law/index.ts';
import { HistogramCollector, SampledEvaluation } from './study/draw.ts';
import { RankTally } from './study/tally.ts';
import { correctOrderings, correctWinners, meanStd } from './study/summary.ts';
import { TieOrderDraw } from './ties/drawTies.ts';
import { protocolInstances } from './protocol/instances.ts';
import type { Protocol, ProtocolShape } from './protocol/protocol.ts';
import { isUniformPerUser, protocolOf, protocolText, validateProtocol } from './protocol/protocol.ts';
import { exactMetricUnderTies } from './ties/exactMetric.ts';
import { resolveTies } from './ties/resolveTies.ts';
import type { TieRule } from './ties/tieRule.ts';

/** The cut-offs of Jin et al.'s Table 4 (winners at K = 1, 5, 10, 20). */
export const STUDY_CUTOFFS: readonly number[] = [1, 5, 10, 20];

/** Largest size of the per-n tables of estimator vectors that simulate copies for fast reads (64 MB). */
const TABLE_BYTES = 2 ** 26;

/**
 * A seeded Monte Carlo study of sampled evaluations (this file, and Jin et al.'s Figure 2 in
 * study/rankDistributionStudy.ts): n, m, the sampling law and the corrections' prior, T repetitions and the seed.
 */
export interface StudySetup extends CorrectionSetup {
  readonly repetitions: number;
  readonly seed: number;
  /** Options of the rank-distribution fits (tolerance, iteration cap, algorithm). */
  readonly fit?: FitOptions;
  /** Called after each repetition. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Polled between repetitions; when it returns true the study stops with a CancelledError (no partial result). */
  readonly shouldStop?: () => boolean;
}

export interface SimulationOptions extends StudySetup {
  readonly recommenders: readonly RankData[];
  readonly metrics: readonly Metric[];
  readonly methods: readonly Method[];
  /**
   * Corrections for the instances' own n: `exact` (default) solves each distinct n, `interpolated` a grid of n
   * (corrections/itemCountGrid.ts; ~20 solves instead of 743 on MovieLens-1M).
   */
  readonly itemCountVectors?: 'exact' | 'interpolated';
  /**
   * How tied scores are ordered (data with tie ranges, ties/tieRule.ts): optimistic and pessimistic fix every
   * relevant item's position; random draws a uniformly random order of each tie group in every repetition
   * (ties/drawTies.ts), the exact column being the exact expectation over that order. Absent: the rank column.
   */
  readonly ties?: TieRule;
  /** The sampling protocol's layout and negatives (protocol/; its draws are `sampling`): Krichene & Rendle's if absent. */
  readonly protocol?: ProtocolShape | null;
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

export interface WinnerRow {
  metric: string;
  method: string;
  /** The recommender(s) with the best exact metric. */
  winners: string[];
  /** Repetitions in which the method's best recommender was the exact winner (study/summary.ts: correctWinners). */
  correct: number;
  repeats: number;
}

export interface SimulationResult {
  results: SimulationRow[];
  orderings: OrderingRow[];
  winners: WinnerRow[];
}

export class CancelledError extends Error {
  constructor() {
    super('the study was cancelled');
    this.name = 'CancelledError';
  }
}

export function simulate(options: SimulationOptions): SimulationResult {
  const runs = simulateRuns(options);
  return summarize(options.recommenders, options.metrics, options.methods, runs.exact, runs.estimates, runs.repeats);
}

/**
 * Every repetition's estimates of a study, before they are summarized (the leaderboards read each repetition's whole
 * leaderboard): estimates[recommender][method][metric][repetition], and the exact values [recommender][metric].
 */
export interface SimulationRuns {
  exact: number[][];
  estimates: Float64Array[][][];
  repeats: number;
}

export function simulateRuns(options: SimulationOptions): SimulationRuns {
  const protocol = protocolOf(samplingLaw(options.sampling).id, options.protocol);
  validateProtocol(protocol);
  if (!isUniformPerUser(protocol)) return simulateProtocol(options, protocol);
  const { recommenders, metrics, methods, itemCount, sampleSize: m, sampling, repetitions: repeats, seed } = options;
  validateSamplingSetup(itemCount, m, sampling);
  if (!Number.isSafeInteger(repeats) || repeats < 1)
    throw new InputError(`repetitions must be an integer ≥ 1, got ${repeats}`);
  if (!Number.isSafeInteger(seed)) throw new InputError(`seed must be an integer, got ${seed}`);
  for (const method of methods) {
    const refused = lawRefusal(method, sampling);
    if (refused) throw new InputError(refused);
  }
  const setup: EstimateSetup = {
    itemCount,
    sampleSize: m,
    sampling,
    prior: options.prior,
    fit: options.fit,
    itemCountVectors: options.itemCountVectors,
  };
  const fitted = methods.filter(needsFit) as DistributionMethod[];
  for (const method of fitted) {
    const bad = checkDistributionSetup(method, setup);
    if (bad) throw new InputError(bad);
  }
  for (const data of recommenders) {
    validateRankData(data, itemCount);
    for (const w of data.weights) {
      if (!Number.isInteger(w))
        throw new InputError(`recommender "${data.name}": simulation needs whole counts, got ${w}`);
    }
    if (fitted.length > 0 && totalWeight(data) < 2) {
      throw new InputError(`recommender "${data.name}" has fewer than 2 instances: ${fitted[0].id} needs at least 2`);
    }
  }
  const cache = new EstimatorVectors(metrics, setup);
  const itemCounts = distinctItemCounts(recommenders);
  if (itemCounts.size > 0) cache.prepare(methods, itemCounts);
  const random = createRandom(seed);
  const evaluation = new SampledEvaluation(random, m, sampling);
  // Under a tie rule: fixed positions (optimistic, pessimistic), or a random order drawn in each repetition.
  const ties = options.ties;
  const fixed = recommenders.map((data) => (ties === 'random' ? data : resolveTies(data, ties)));
  const tieDraws = recommenders.map((data) => (ties === 'random' && data.ties ? new TieOrderDraw(data) : null));
  const histograms = new HistogramCollector(m);
  const M = metrics.length;
  // estimates[rec][method][metric][rep]
  const estimates = recommenders.map(() => methods.map(() => metrics.map(() => new Float64Array(repeats))));
  const sampledRanks = new Float64Array(64);
  const fits = methods.map(needsFit);
  const width = methods.length * M;
  // Every method's vectors at each n in one table, entry [r̃ − 1][method][metric]: a (n, r̃) cell of the tally
  // (study/tally.ts) reads one short run of memory instead of a vector per method and metric (with 743 distinct n
  // those miss the cache), and the vectors are looked up once per n instead of by string key.
  // The tables copy the vectors: past TABLE_BYTES (e.g. m = 1,000 with 743 distinct n) the vectors are read in place.
  const tabulate = (m + 1) * width * 8 * Math.max(1, itemCounts.size) <= TABLE_BYTES;
  const tables = new Map<number, Float64Array>();
  const vectorsByItemCount = new Map<number, Float64Array[][]>();
  const vectorsAt = (n: number): Float64Array[][] => {
    let vectors = vectorsByItemCount.get(n);
    if (!vectors)
      vectorsByItemCount.set(n, (vectors = methods.map((method, mi) => (fits[mi] ? [] : cache.get(method, n)))));
    return vectors;
  };
  const tableAt = (n: number): Float64Array => {
    let table = tables.get(n);
    if (!table) {
      table = new Float64Array((m + 1) * width);
      for (let mi = 0; mi < methods.length; mi++) {
        if (fits[mi]) continue;
        const vectors = cache.get(methods[mi], n);
        for (let t = 0; t < M; t++) for (let i = 0; i <= m; i++) table[i * width + mi * M + t] = vectors[t][i];
      }
      tables.set(n, table);
    }
    return table;
  };
  // Sampled-kind methods judge an instance with several relevant items by its k sampled ranks together.
  const together = methods.map((method, mi) => !fits[mi] && method.kind === 'sampled');
  const perInstance = methods.map((_, mi) => mi).filter((mi) => together[mi]);
  // Only the vector methods read the tally (fits-only studies skip it): its (distinct n) × (m + 1) counts are a
  // fraction 1/(methods × metrics) of the vectors those methods keep anyway.
  const tally = fits.every(Boolean) ? null : new RankTally([itemCount, ...itemCounts], m);
  const tablesByRow: (Float64Array | undefined)[] = [];
  const vectorsByRow: (Float64Array[][] | undefined)[] = [];
  /**
   * Every other (instance, method) pair: each relevant item as its own single-item instance, its sampled rank among
   * m + 1 items. The items of one n and one sampled rank share a vector entry, so their sum is one product.
   */
  const addTallied = ({ itemCounts: rows, counts, fromMulti, used, size }: RankTally, sum: Float64Array) => {
    for (let i = 0; i < size; i++) {
      const at = used[i];
      const row = (at / (m + 1)) | 0;
      const c = at - row * (m + 1);
      const all = counts[at];
      const single = fromMulti ? all - fromMulti[at] : all;
      if (tabulate) {
        // The fits' entries of the table are 0, so one pass over the row adds every method at once.
        const table = (tablesByRow[row] ??= tableAt(rows[row]));
        const offset = c * width;
        if (single === all) for (let x = 0; x < width; x++) sum[x] += all * table[offset + x];
        else for (let x = 0; x < width; x++) sum[x] += (together[(x / M) | 0] ? single : all) * table[offset + x];
        continue;
      }
      const vectors = (vectorsByRow[row] ??= vectorsAt(rows[row]));
      for (let mi = 0; mi < methods.length; mi++) {
        const h = together[mi] ? single : all;
        if (fits[mi] || h === 0) continue;
        for (let t = 0; t < M; t++) sum[mi * M + t] += h * vectors[mi][t][c];
      }
    }
  };
  for (let rep = 0; rep < repeats; rep++) {
    if (options.shouldStop?.()) throw new CancelledError();
    recommenders.forEach((data, ri) => {
      // sums[mi · M + metric]
      const sums = new Float64Array(width);
      let userWeight = 0;
      let itemWeight = 0;
      tally?.clear();
      evaluation.draw(tieDraws[ri]?.draw(random) ?? fixed[ri], itemCount, (n, k, counts) => {
        userWeight++;
        itemWeight += k;
        tally?.add(n, k, counts);
        if (fitted.length > 0) histograms.add(n, k, counts);
        if (k === 1 || perInstance.length === 0) return;
        const ranks = k <= sampledRanks.length ? sampledRanks.subarray(0, k) : new Float64Array(k);
        for (let j = 0; j < k; j++) ranks[j] = j + 1 + counts[j];
        for (const mi of perInstance)
          metrics.forEach((metric, j) => (sums[mi * M + j] += metricOfRanks(metric, ranks, m + k)));
      });
      if (tally) addTallied(tally, sums);
      const groups = fitted.length > 0 ? histograms.take() : [];
      methods.forEach((method, mi) => {
        if (fits[mi]) {
          const recovery = recoverFromHistograms(groups, method as DistributionMethod, setup, cache.distributions);
          distributionMetrics(recovery, metrics, cache.distributions.metricTables).forEach(
            (v, t) => (estimates[ri][mi][t][rep] = v),
          );
          return;
        }
        const multi = data.ranks.length !== data.weights.length;
        const weight = multi && method.kind !== 'sampled' ? itemWeight : userWeight;
        for (let t = 0; t < M; t++) estimates[ri][mi][t][rep] = sums[mi * M + t] / weight;
      });
    });
    options.onProgress?.(rep + 1, repeats);
  }
  const exact = recommenders.map((data) =>
    metrics.map((metric) =>
      ties === undefined ? exactMetric(data, metric, itemCount) : exactMetricUnderTies(data, metric, itemCount, ties),
    ),
  );
  return { exact, estimates, repeats };
}

/**
 * The study's rows from each recommender's exact values and its estimates per method, metric and repetition: the
 * mean and std of every estimate, and how often every method ordered every pair, and picked the winner, as the exact
 * metric does.
 */
function summarize(
  recommenders: readonly RankData[],
  metrics: readonly Metric[],
  methods: readonly Method[],
  exact: readonly number[][],
  estimates: readonly Float64Array[][][],
  repeats: number,
): SimulationResult {
  const R = recommenders.length;
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
  const winners: WinnerRow[] = [];
  metrics.forEach((metric, t) =>
    methods.forEach((method, mi) => {
      for (let a = 0; a < R; a++) {
        for (let b = a + 1; b < R; b++) {
          const correct = correctOrderings(exact[a][t], exact[b][t], estimates[a][mi][t], estimates[b][mi][t]);
          const row = { metric: metric.id, method: method.id, a: recommenders[a].name, b: recommenders[b].name };
          orderings.push({ ...row, correct, repeats, exactTie: exact[a][t] === exact[b][t] });
        }
      }
      if (R === 0) return;
      const values = exact.map((e) => e[t]);
      const best = Math.max(...values);
      winners.push({
        metric: metric.id,
        method: method.id,
        winners: recommenders.filter((_, ri) => values[ri] === best).map((d) => d.name),
        correct: correctWinners(
          values,
          estimates.map((e) => e[mi][t]),
        ),
        repeats,
      });
    }),
  );
  return { results, orderings, winners };
}

/** simulate as a result: bad input gives `{ ok: false, error }`, a cancelled study `{ ok: false, cancelled: true }`. */
export function simulateResult(options: SimulationOptions): Result<SimulationResult> {
  return attempt(() => simulate(options));
}

/**
 * The study under another protocol than Krichene & Rendle's per-user uniform negatives (protocol/). The per-positive
 * layout with uniform negatives is the uniform law on the positives split into instances of their own
 * (protocol/instances.ts): the whole study runs on them, every estimator included, averaged over test rows. Under
 * the others (popularity negatives, the pooled layout, a fixed total of candidates) the lists are drawn by the
 * protocol's own law (its `draw`) and only the sampled metric is estimated: the corrections and fits assume one of the
 * uniform laws of one m.
 */
function simulateProtocol(options: SimulationOptions, protocol: Protocol): SimulationRuns {
  const { recommenders, metrics, methods, itemCount, sampleSize, repetitions: repeats, seed } = options;
  if (options.ties !== undefined) {
    throw new InputError(
      `a tie rule is applied to Krichene & Rendle's per-user layout only; this study is ${protocolText(protocol)}`,
    );
  }
  const instances = recommenders.map((data) => {
    validateRankData(data, itemCount);
    return protocolInstances(data, protocol, itemCount, sampleSize, massAboveOf(data, protocol.alpha));
  });
  const exact = instances.map((inst) => metrics.map((metric) => exactMetric(inst.exactData, metric, itemCount)));
  if (protocol.layout === 'per-positive' && protocol.negatives === 'uniform') {
    if (protocol.average === 'users') {
      throw new InputError(
        'the Monte Carlo study of the per-positive layout averages over test rows (average: instances)',
      );
    }
    const split = simulateRuns({ ...options, protocol: null, recommenders: instances.map((inst) => inst.data) });
    // The exact column of the split instances counts a positive in its own pool (NCF); the full ranking does not.
    return { ...split, exact };
  }
  for (const method of methods) {
    if (method.kind !== 'sampled') {
      throw new InputError(
        `${method.id} is not offered under ${protocolText(protocol)}: the corrections and fits assume uniform negatives and one m per list; the sampled metric is`,
      );
    }
  }
  if (!Number.isSafeInteger(repeats) || repeats < 1)
    throw new InputError(`repetitions must be an integer ≥ 1, got ${repeats}`);
  if (!Number.isSafeInteger(seed)) throw new InputError(`seed must be an integer, got ${seed}`);
  const random = createRandom(seed);
  const estimates = recommenders.map(() => methods.map(() => metrics.map(() => new Float64Array(repeats))));
  let counts = new Int32Array(64);
  let ranks = new Float64Array(64);
  for (let rep = 0; rep < repeats; rep++) {
    if (options.shouldStop?.()) throw new CancelledError();
    instances.forEach((inst, ri) => {
      const { data } = inst;
      const sums = new Float64Array(metrics.length);
      let weight = 0;
      for (let i = 0; i < data.weights.length; i++) {
        const lo = data.offsets[i];
        const k = data.offsets[i + 1] - lo;
        if (counts.length < k) [counts, ranks] = [new Int32Array(k), new Float64Array(k)];
        const w = data.weights[i];
        if (!Number.isInteger(w))
          throw new InputError(`recommender "${data.name}": simulation needs whole counts, got ${w}`);
        for (let copy = 0; copy < w; copy++) {
          inst.draw(random, i, counts);
          for (let j = 0; j < k; j++) ranks[j] = j + 1 + counts[j];
          const list = inst.drawsOf(i) + k;
          metrics.forEach((metric, t) => (sums[t] += metricOfRanks(metric, ranks.subarray(0, k), list)));
          weight++;
        }
      }
      methods.forEach((_, mi) => metrics.forEach((__, t) => (estimates[ri][mi][t][rep] = sums[t] / weight)));
    });
    options.onProgress?.(rep + 1, repeats);
  }
  return { exact, estimates, repeats };
}
