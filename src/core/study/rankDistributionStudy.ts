/**
 * Jin et al. 2021 Figure 2: how well each estimator learns the rank distribution. T seeded repetitions of the
 * sampled evaluation of one recommender (draw.ts); in each, every rank-distribution method fits P̂ on the sampled
 * ranks; the figure compares the average of P̂ over the repetitions, as a pmf and as a CDF (= Recall@K), with the
 * empirical P(R) of the true ranks (eq 13). A relevant item of an instance with k items counts as one observation
 * at its rank among the irrelevant items and itself (r_j − j for the j-th, 0-based), the view the fits take.
 */
import type { DistributionMethod } from '../corrections/methods.ts';
import { DistributionCache } from '../distribution/store.ts';
import { checkDistributionSetup, recoverFromHistograms } from '../distribution/recover.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { itemCountOf, totalWeight, validateRankData } from '../rankData.ts';
import type { Result } from '../result.ts';
import { attempt, fail, ok } from '../result.ts';
import { CancelledError, type StudySetup } from '../simulate.ts';
import { HistogramCollector, SampledEvaluation } from './draw.ts';

export interface RankDistributionStudyOptions extends StudySetup {
  readonly recommender: RankData;
  readonly methods: readonly DistributionMethod[];
  /** Report R = 1..maxRank only (Figure 2 shows R ≤ 200); default: every rank of the largest n. */
  readonly maxRank?: number;
  /**
   * Kernels, pooled kernels and kernel columns kept between fits: pass one cache to the studies of several
   * recommenders evaluated on the same users (same n, m and prior) so that they share them.
   */
  readonly cache?: DistributionCache;
}

export interface DistributionCurves {
  readonly method: string;
  /** Average over the repetitions of P̂(R), R = 1..maxRank at index R − 1. */
  readonly pmf: Float64Array;
  /** Its cumulative sums: the average estimate of Recall@K. */
  readonly cdf: Float64Array;
}

export interface RankDistributionStudy {
  readonly recommender: string;
  readonly maxRank: number;
  /** The repetitions averaged (fewer than asked in a partial result). */
  readonly repeats: number;
  /** The empirical distribution of the true ranks, P(R) (eq 13), and its CDF (the exact Recall@K). */
  readonly empirical: { readonly pmf: Float64Array; readonly cdf: Float64Array };
  readonly estimates: readonly DistributionCurves[];
}

export function rankDistributionStudy(options: RankDistributionStudyOptions): Result<RankDistributionStudy> {
  const started = startRankDistributionStudy(options);
  if (!started.ok) return started;
  const run = started.value;
  for (let rep = 0; rep < options.repetitions; rep++) {
    if (options.shouldStop?.()) return { ok: false, error: new CancelledError().message, cancelled: true };
    run.step();
    options.onProgress?.(rep + 1, options.repetitions);
  }
  return ok(run.result());
}

/**
 * A study taken one repetition at a time (`step`), its averages readable after any of them (`result`): the studies
 * of several recommenders can then advance together and be drawn as their repetitions arrive. Each has its own
 * random stream (the seed), so the order in which studies step changes no number.
 */
export interface RankDistributionRun {
  /** Repetitions taken. */
  readonly done: number;
  step(): void;
  /** The averages over the repetitions taken (at least one). */
  result(): RankDistributionStudy;
}

/** Checks the options and sets a study up (its empirical P(R)); no repetition is taken. */
export function startRankDistributionStudy(options: RankDistributionStudyOptions): Result<RankDistributionRun> {
  const { recommender: data, methods, itemCount, sampleSize: m, sampling, repetitions: repeats, seed } = options;
  if (!Number.isSafeInteger(repeats) || repeats < 1) return fail(`repetitions must be an integer ≥ 1, got ${repeats}`);
  if (!Number.isSafeInteger(seed)) return fail(`seed must be an integer, got ${seed}`);
  if (methods.length === 0) return fail('the method list is empty');
  const setup = { itemCount, sampleSize: m, sampling, prior: options.prior, fit: options.fit };
  for (const method of methods) {
    const bad = checkDistributionSetup(method, setup);
    if (bad) return fail(bad);
  }
  const valid = attempt(() => validateRankData(data, itemCount));
  if (!valid.ok) return valid;
  for (const w of data.weights) {
    if (!Number.isInteger(w)) return fail(`recommender "${data.name}": the study needs whole counts, got ${w}`);
  }
  if (totalWeight(data) < 2)
    return fail(`recommender "${data.name}" has fewer than 2 instances: at least 2 are needed`);
  let largest = itemCount;
  for (let i = 0; i < data.weights.length; i++) largest = Math.max(largest, itemCountOf(data, i, itemCount));
  const maxRank = options.maxRank ?? largest;
  if (!Number.isSafeInteger(maxRank) || maxRank < 1) return fail(`maxRank must be an integer ≥ 1, got ${maxRank}`);
  const empirical = new Float64Array(maxRank);
  let items = 0;
  for (let i = 0; i < data.weights.length; i++) {
    for (let t = data.offsets[i]; t < data.offsets[i + 1]; t++) {
      const own = data.ranks[t] - (t - data.offsets[i]);
      if (own <= maxRank) empirical[own - 1] += data.weights[i];
      items += data.weights[i];
    }
  }
  for (let r = 0; r < maxRank; r++) empirical[r] /= items;
  const cache = options.cache ?? new DistributionCache();
  const evaluation = new SampledEvaluation(createRandom(seed), m, sampling);
  const histograms = new HistogramCollector(m);
  const sums = methods.map(() => new Float64Array(maxRank));
  const empiricalCurves = { pmf: empirical, cdf: cumulative(empirical) };
  let done = 0;
  return ok({
    get done() {
      return done;
    },
    step() {
      evaluation.draw(data, itemCount, (n, k, counts) => histograms.add(n, k, counts));
      const groups = histograms.take();
      methods.forEach((method, mi) => {
        const { distribution } = recoverFromHistograms(groups, method, setup, cache);
        const sum = sums[mi];
        for (let r = 0; r < Math.min(maxRank, distribution.length); r++) sum[r] += distribution[r];
      });
      done++;
    },
    result() {
      return {
        recommender: data.name,
        maxRank,
        repeats: done,
        empirical: empiricalCurves,
        estimates: methods.map((method, mi) => {
          const pmf = sums[mi].map((s) => s / done);
          return { method: method.id, pmf, cdf: cumulative(pmf) };
        }),
      };
    },
  });
}

function cumulative(pmf: Float64Array): Float64Array {
  const out = new Float64Array(pmf.length);
  let s = 0;
  for (let r = 0; r < pmf.length; r++) out[r] = s += pmf[r];
  return out;
}
