/**
 * Leaderboards (issue 33): the exact leaderboard of ≥ 3 recommenders per metric against the leaderboard a sampled
 * evaluation gives under each protocol and m — in expectation, one seeded Monte Carlo evaluation, and T of them for
 * the probability that one evaluation reproduces the exact leaderboard (its top 1, its top 3) and how often each pair
 * flips — and against the leaderboards of the estimators (their mean over the T evaluations), with Zhao et al.'s
 * agreement measures (agreement.ts).
 *
 * The exact leaderboard is each protocol's own exact metric (protocol/instances.ts `exactData`: the per-positive
 * layout averages over test rows). Each recommender's sampled lists are drawn independently of the others': ranks do
 * not say which items the recommenders share, so the negatives a framework shares between them cannot be; each
 * recommender's law is exact, and so is the leaderboard's expectation, but the spread of a difference between two
 * recommenders is that of independent lists (Krichene & Rendle's simulations do the same).
 * Every (protocol, m) draws from its own seed (the seed, the protocol's id and m), so a split of the work between
 * workers gives the same numbers.
 */
import { CancelledError, simulateRuns } from '../simulate.ts';
import type { Method } from '../corrections/methods.ts';
import { InputError } from '../errors.ts';
import { exactMetric } from '../expected.ts';
import type { Sampling } from '../law/index.ts';
import type { Metric } from '../metrics.ts';
import { protocolInstances } from '../protocol/instances.ts';
import { PRESETS, presetOf } from '../protocol/presets.ts';
import type { ProtocolShape } from '../protocol/protocol.ts';
import { isUniformPerUser, protocolOf, validateProtocol } from '../protocol/protocol.ts';
import { createRandom } from '../random.ts';
import type { RankData } from '../rankData.ts';
import { massAboveOf, validateRankData } from '../rankData.ts';
import type { Agreement } from './agreement.ts';
import { agreement, DEFAULT_OVERLAP_K, leaderboardOrder, reproduces } from './agreement.ts';
import { sampledValues } from './sampledValues.ts';

/** A protocol of the leaderboard: its id (a preset's, or the user's), label, shape and draws. */
export interface LeaderboardProtocol {
  readonly id: string;
  readonly label: string;
  readonly shape: ProtocolShape;
  readonly sampling: Sampling;
}

export function leaderboardProtocolOf(id: string): LeaderboardProtocol {
  const preset = presetOf(id);
  const { sampling, ...shape } = preset.protocol;
  return { id: preset.id, label: preset.label, shape: { ...shape, preset: preset.id }, sampling };
}

/** The protocols a leaderboard compares by default: Krichene & Rendle's, NCF's, Elliot's and RecBole's uni100. */
export const DEFAULT_LEADERBOARD_PROTOCOLS = ['krichene-rendle', 'ncf', 'elliot', 'recbole-uni'] as const;
/** The values of m by default: 8 from 10 to 1,000 (MovieLens-1M users have n − 1 ≥ 1,857 candidates). */
export const DEFAULT_LEADERBOARD_SIZES = [10, 20, 50, 100, 200, 300, 500, 1000] as const;
export const DEFAULT_LEADERBOARD_REPETITIONS = 1000;
/** Least recommenders a leaderboard compares. */
export const LEADERBOARD_MIN = 3;

export interface LeaderboardOptions {
  readonly recommenders: readonly RankData[];
  readonly itemCount: number;
  readonly metrics: readonly Metric[];
  readonly protocols: readonly LeaderboardProtocol[];
  readonly sampleSizes: readonly number[];
  /** Estimators besides the sampled metric, judged over the Monte Carlo evaluations (uniform laws only). */
  readonly methods?: readonly Method[];
  /** Monte Carlo evaluations per protocol and m (0: the expectation only). */
  readonly repetitions?: number;
  readonly seed?: number;
  /** k of OR@k. */
  readonly overlapK?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly shouldStop?: () => boolean;
}

/** The agreement of one leaderboard with the exact one, and its order (recommender names, best first). */
export interface LeaderboardAgreement extends Agreement {
  order: string[];
}

export interface LeaderboardRow extends LeaderboardAgreement {
  metric: string;
  /** The protocol's id. */
  protocol: string;
  m: number;
  /** `sampled` (the sampled metric) or an estimator's id. */
  estimator: string;
  /** What `values` are: the expected sampled metric, or the mean of an estimator over the evaluations. */
  basis: 'expected' | 'mean of evaluations';
  /** Each recommender's value, in the data's order. */
  values: number[];
  /** Whether `values` are exact (false: Monte Carlo, with `repetitions` evaluations). */
  exactValues: boolean;
  /** The share of evaluations whose leaderboard reproduces the exact one (null without evaluations). */
  pExact: number | null;
  pTop1: number | null;
  pTop3: number | null;
  /** The agreement measures averaged over the evaluations. */
  meanAgreement: Agreement | null;
  /** The first evaluation's leaderboard (what one run of the protocol shows). */
  single: LeaderboardAgreement | null;
  /** flips[a][b] (a < b): the share of evaluations that order a and b against the exact leaderboard. */
  flips: number[][] | null;
  repetitions: number;
}

export interface ExactLeaderboard {
  metric: string;
  protocol: string;
  order: string[];
  values: number[];
}

export interface LeaderboardResult {
  recommenders: string[];
  exact: ExactLeaderboard[];
  rows: LeaderboardRow[];
  /** Why an estimator has no rows under a protocol. */
  notes: string[];
}

function validate(options: LeaderboardOptions): void {
  const { recommenders, itemCount, metrics, protocols, sampleSizes } = options;
  if (recommenders.length < LEADERBOARD_MIN) {
    throw new InputError(
      `a leaderboard needs at least ${LEADERBOARD_MIN} recommenders; the data have ${recommenders.length}${recommenders.length ? ` (${recommenders.map((r) => r.name).join(', ')})` : ''}`,
    );
  }
  if (metrics.length === 0) throw new InputError('a leaderboard needs at least one metric');
  if (protocols.length === 0) throw new InputError('a leaderboard needs at least one protocol');
  if (sampleSizes.length === 0) throw new InputError('a leaderboard needs at least one m');
  for (const data of recommenders) validateRankData(data, itemCount);
  const repetitions = options.repetitions ?? 0;
  if (!Number.isSafeInteger(repetitions) || repetitions < 0 || repetitions > 1_000_000) {
    throw new InputError(`repetitions must be an integer from 0 to 1,000,000, got ${repetitions}`);
  }
  const k = options.overlapK ?? DEFAULT_OVERLAP_K;
  if (!Number.isSafeInteger(k) || k < 1) throw new InputError(`the k of OR@k must be an integer ≥ 1, got ${k}`);
}

/** The seed of one (protocol, m), from the seed, the protocol's id and m: a split of the work gives the same draws. */
function cellSeed(seed: number, protocolId: string, m: number): number {
  // FNV-1a over the id, then mixed with the seed and m.
  let h = 0x811c9dc5;
  for (let i = 0; i < protocolId.length; i++) h = Math.imul(h ^ protocolId.charCodeAt(i), 0x01000193) >>> 0;
  return (Math.imul(h ^ (seed >>> 0), 0x9e3779b1) ^ Math.imul(m, 0x85ebca6b)) >>> 0;
}

export function leaderboards(options: LeaderboardOptions): LeaderboardResult {
  validate(options);
  const { recommenders, itemCount, metrics, protocols, sampleSizes } = options;
  const repetitions = options.repetitions ?? 0;
  const k = options.overlapK ?? DEFAULT_OVERLAP_K;
  const methods = (options.methods ?? []).filter((method) => method.kind !== 'sampled');
  const names = recommenders.map((r) => r.name);
  const exact: ExactLeaderboard[] = [];
  const rows: LeaderboardRow[] = [];
  const notes: string[] = [];
  const total = protocols.length * sampleSizes.length;
  let done = 0;
  protocols.forEach((p) => {
    const protocol = protocolOf(p.sampling, p.shape);
    validateProtocol(protocol);
    let exactValues: number[][] | null = null;
    for (const m of sampleSizes) {
      if (options.shouldStop?.()) throw new CancelledError();
      // The fixed-total layout's m is C − 1: one positive and m negatives a list.
      const shape = protocol.layout === 'fixed-total' ? { ...p.shape, candidates: m + 1 } : p.shape;
      const cell = protocolOf(p.sampling, shape);
      const random = createRandom(cellSeed(options.seed ?? 1, p.id, m));
      const sampled = recommenders.map((data) => {
        const instances = protocolInstances(data, cell, itemCount, m, massAboveOf(data, protocol.alpha));
        const values = sampledValues({
          data,
          instances,
          itemCount,
          sampleSize: m,
          sampling: p.sampling,
          shape,
          metrics,
          repetitions,
          random,
        });
        return { instances, values };
      });
      exactValues ??= sampled.map(({ instances }) =>
        metrics.map((metric) => exactMetric(instances.exactData, metric, itemCount)),
      );
      const exactNow = exactValues;
      if (m === sampleSizes[0]) {
        metrics.forEach((metric, t) => {
          const values = exactNow.map((v) => v[t]);
          exact.push({
            metric: metric.id,
            protocol: p.id,
            order: leaderboardOrder(values).map((i) => names[i]),
            values,
          });
        });
      }
      metrics.forEach((metric, t) => {
        const reference = exactNow.map((v) => v[t]);
        const expected = sampled.map((s) => s.values.expected[t]);
        const evaluations = repetitions > 0 ? sampled.map((s) => s.values.evaluations[t]) : null;
        rows.push({
          metric: metric.id,
          protocol: p.id,
          m,
          estimator: 'sampled',
          basis: 'expected',
          values: expected,
          exactValues: sampled.every((s) => s.values.expectedExact),
          ...withOrder(reference, expected, names, k),
          ...overEvaluations(reference, evaluations, repetitions, names, k),
        });
      });
      if (methods.length > 0 && repetitions > 0) {
        const uniform =
          isUniformPerUser(protocol) || (protocol.layout === 'per-positive' && protocol.negatives === 'uniform');
        if (!uniform) {
          if (m === sampleSizes[0])
            notes.push(
              `${p.label}: the estimators assume uniform negatives and one m per list; only the sampled metric is compared`,
            );
        } else {
          const runs = simulateRuns({
            recommenders,
            metrics,
            methods,
            itemCount,
            sampleSize: m,
            sampling: p.sampling,
            protocol: isUniformPerUser(protocol) ? null : p.shape,
            repetitions,
            seed: cellSeed(options.seed ?? 1, p.id, m),
            shouldStop: options.shouldStop,
          });
          metrics.forEach((metric, t) => {
            const reference = exactNow.map((v) => v[t]);
            methods.forEach((method, mi) => {
              const evaluations = recommenders.map((_, ri) => runs.estimates[ri][mi][t]);
              const means = evaluations.map((v) => v.reduce((s, x) => s + x, 0) / v.length);
              rows.push({
                metric: metric.id,
                protocol: p.id,
                m,
                estimator: method.id,
                basis: 'mean of evaluations',
                values: means,
                exactValues: false,
                ...withOrder(reference, means, names, k),
                ...overEvaluations(reference, evaluations, repetitions, names, k),
              });
            });
          });
        }
      }
      options.onProgress?.(++done, total);
    }
  });
  return { recommenders: names, exact, rows, notes };
}

function withOrder(reference: number[], values: number[], names: string[], k: number): LeaderboardAgreement {
  return { order: leaderboardOrder(values).map((i) => names[i]), ...agreement(reference, values, k) };
}

type EvaluationFields = Pick<
  LeaderboardRow,
  'pExact' | 'pTop1' | 'pTop3' | 'meanAgreement' | 'single' | 'flips' | 'repetitions'
>;

/** What the evaluations say: reproduction rates, mean agreement, the first evaluation, pairwise flips. */
function overEvaluations(
  reference: number[],
  evaluations: Float64Array[] | null,
  repetitions: number,
  names: string[],
  k: number,
): EvaluationFields {
  if (!evaluations || repetitions === 0) {
    return { pExact: null, pTop1: null, pTop3: null, meanAgreement: null, single: null, flips: null, repetitions: 0 };
  }
  const R = reference.length;
  let exactCount = 0;
  let top1 = 0;
  let top3 = 0;
  const sum = { overlap: 0, spearman: 0, kendall: 0, inversions: 0 };
  const flips = Array.from({ length: R }, () => new Array<number>(R).fill(0));
  const values = new Array<number>(R);
  let single: LeaderboardAgreement | null = null;
  for (let t = 0; t < repetitions; t++) {
    for (let r = 0; r < R; r++) values[r] = evaluations[r][t];
    if (reproduces(reference, values)) exactCount++;
    if (reproduces(reference, values, 1)) top1++;
    if (reproduces(reference, values, 3)) top3++;
    const a = agreement(reference, values, k);
    sum.overlap += a.overlap;
    // A leaderboard whose values all tie (Recall@10 with m < 10: every list is shorter than 10) has no
    // correlation with any other (NaN); it counts as 0 in the means.
    sum.spearman += Number.isNaN(a.spearman) ? 0 : a.spearman;
    sum.kendall += Number.isNaN(a.kendall) ? 0 : a.kendall;
    sum.inversions += a.inversions;
    if (t === 0) single = withOrder(reference, values.slice(), names, k);
    for (let i = 0; i < R; i++) {
      for (let j = i + 1; j < R; j++) {
        if (
          reference[i] !== reference[j] &&
          Math.sign(reference[i] - reference[j]) !== Math.sign(values[i] - values[j])
        ) {
          flips[i][j]++;
        }
      }
    }
  }
  for (let i = 0; i < R; i++) for (let j = i + 1; j < R; j++) flips[j][i] = flips[i][j] /= repetitions;
  return {
    pExact: exactCount / repetitions,
    pTop1: top1 / repetitions,
    pTop3: top3 / repetitions,
    meanAgreement: {
      overlap: sum.overlap / repetitions,
      spearman: sum.spearman / repetitions,
      kendall: sum.kendall / repetitions,
      inversions: sum.inversions / repetitions,
    },
    single,
    flips,
    repetitions,
  };
}

/** The presets a leaderboard can name, for messages and help. */
export const LEADERBOARD_PROTOCOL_IDS: readonly string[] = PRESETS.map((p) => p.id);
