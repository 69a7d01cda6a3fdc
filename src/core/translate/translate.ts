/**
 * What does a sampled number mean? (issue 31.) From sampled ranks under a protocol at m, estimate (a) the exact metric
 * and (b) the expected sampled metric under another protocol at another m′, each with a bootstrap interval over users,
 * and say for every pair of recommenders whether their order holds after the translation.
 * Both targets are averages over users of a function of the true rank r: M(r) (the exact metric, eqs 7–13), or
 * f(r) = E[M(r̃′) | r] under the target's law at m′ (eq 16). Every estimator of an exact metric from sampled ranks
 * estimates any such function the same way — the corrections with f as their target (Krichene & Rendle eqs 21–25
 * hold for any M), the rank-distribution fits with f in eq 14 (Σ_R P̂(R) f(R)), the rank estimate as f at the
 * estimated rank — so a translation is an estimate of the translated metric (`translatedMetric`): a Metric whose
 * value at a true rank is f. `sampled` is the naive answer, the sampled metric reported unchanged.
 * Identifiable: from a law of r̃ that is a function of the true rank (uniform negatives) to any target; not from
 * popularity-sampled ranks (their law needs each item's popularity, which the ranks do not carry): refused.
 */
import { bootstrapDifferences, jointBootstrap, percentileInterval } from '../compare.ts';
import type { Method } from '../corrections/methods.ts';
import type { EstimateSetup } from '../estimate.ts';
import { EstimatorVectors, estimateMetrics, resampleSetup } from '../estimate.ts';
import { methodLabel } from '../estimators.ts';
import { expectedCurve } from '../expected.ts';
import { ExpectedAtRankBatch } from '../expectedAtRank.ts';
import type { LawLike, SampledRankLaw } from '../law/index.ts';
import { samplingLaw, SAMPLING_LABELS, validateSamplingSetup } from '../law/index.ts';
import type { Metric } from '../metrics.ts';
import { metricLabel } from '../labels.ts';
import type { RankData } from '../rankData.ts';
import type { Result } from '../result.ts';
import { attempt, fail, ok } from '../result.ts';

/** Where a sampled number is translated: the full catalogue, or the sampled metric under another law at m′. */
export type TranslationTarget =
  { readonly kind: 'exact' } | { readonly kind: 'sampled'; readonly sampleSize: number; readonly sampling: LawLike };

/**
 * M translated to `target`: the exact metric itself, or the Metric whose value at true rank r among n items is
 * E[M(r̃′) | r] under the target's law at m′ (eq 16; one curve over r per n, kept). Its id says what it is:
 * `recall@10 → m′ = 999`.
 */
export function translatedMetric(metric: Metric, target: TranslationTarget): Metric {
  if (target.kind === 'exact') return metric;
  const { sampleSize, sampling } = target;
  const law = samplingLaw(sampling);
  const curves = new Map<number, Float64Array>();
  return {
    id: `${metric.id} → m′ = ${sampleSize}`,
    kind: metric.kind,
    cutoff: null,
    variant: metric.variant,
    atRank: (rank, itemCount) => {
      let curve = curves.get(itemCount);
      if (!curve) curves.set(itemCount, (curve = expectedSampledCurve(metric, itemCount, sampleSize, law)));
      return curve[rank - 1];
    },
  };
}

/**
 * E[M(r̃) | r] for r = 1..n: by the short forms of expectedAtRank.ts where the metric has one (O(K) a rank for a
 * cut-off K, O(1) for AUC and AP: the curves of MovieLens's 743 n at m′ = 999 in 0.2 s instead of 11 s), else by
 * summing each rank's law (untruncated NDCG).
 */
function expectedSampledCurve(
  metric: Metric,
  itemCount: number,
  sampleSize: number,
  law: SampledRankLaw,
): Float64Array {
  validateSamplingSetup(itemCount, sampleSize, law);
  if (!ExpectedAtRankBatch.supports([metric])) return expectedCurve([metric], itemCount, sampleSize, law)[0];
  const batch = new ExpectedAtRankBatch([metric], sampleSize, law);
  const curve = new Float64Array(itemCount);
  const out = new Float64Array(1);
  for (let r = 1; r <= itemCount; r++) {
    batch.evaluate(r, itemCount, out);
    curve[r - 1] = out[0];
  }
  return curve;
}

export interface TranslationOptions {
  readonly target: TranslationTarget;
  /** B resamples of the users for the intervals (0: points only). */
  readonly replicates: number;
  readonly seed: number;
  readonly level?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly shouldStop?: () => boolean;
}

export interface TranslatedEstimate {
  readonly recommender: string;
  readonly metric: string;
  readonly method: string;
  readonly target: 'exact' | 'sampled';
  readonly m: number;
  readonly value: number;
  readonly low: number | null;
  readonly high: number | null;
}

export interface TranslatedPair {
  readonly a: string;
  readonly b: string;
  readonly metric: string;
  readonly method: string;
  readonly target: 'exact' | 'sampled';
  /** a − b after translation, with its interval (paired when the recommenders share users). */
  readonly difference: number;
  readonly low: number | null;
  readonly high: number | null;
  /** The sampled metrics' order of a and b (a − b as observed at m) is the translated one, with an interval on that side of 0. */
  readonly orderHolds: boolean;
  readonly paired: boolean;
}

export interface Translation {
  readonly estimates: readonly TranslatedEstimate[];
  readonly pairs: readonly TranslatedPair[];
  readonly sentence: string;
}

/**
 * Translates every recommender's sampled ranks (the setup's n, m, law) to `options.target` under every method, with a
 * bootstrap over users (jointly where the recommenders share users), and every pair's difference.
 */
export function translate(
  recommenders: readonly RankData[],
  metrics: readonly Metric[],
  methods: readonly Method[],
  setup: EstimateSetup,
  options: TranslationOptions,
): Result<Translation> {
  const law = samplingLaw(setup.sampling);
  if (!law.holds.rankDetermined) {
    return fail(
      `a translation from ranks sampled ${law.label} is not identifiable: their law needs each item's popularity, which the ranks do not carry`,
    );
  }
  const { target } = options;
  if (target.kind === 'sampled' && !(Number.isSafeInteger(target.sampleSize) && target.sampleSize >= 1)) {
    return fail(`m′ must be an integer ≥ 1, got ${target.sampleSize}`);
  }
  if (recommenders.length === 0) return fail('no recommender to translate');
  const translated = metrics.map((metric) => translatedMetric(metric, target));
  const level = options.level ?? 0.95;
  const M = metrics.length;
  // Per recommender: the methods' estimates of the translated metrics, then the sampled metrics as observed (the
  // order to hold), value index = method · M + metric, then methods · M + metric.
  const caches = recommenders.map(() => new EstimatorVectors(translated, setup));
  const observedCaches = recommenders.map(() => new EstimatorVectors(metrics, setup));
  const sampled = { kind: 'sampled', id: 'sampled' } as Method;
  const values = (data: RankData, r: number, resampled: boolean) => {
    const at = resampled ? resampleSetup(setup, data) : setup;
    const estimates = methods.map((method) =>
      method.kind === 'sampled'
        ? estimateMetrics(data, metrics, [sampled], at, observedCaches[r]).map((row) => row.estimate)
        : estimateMetrics(data, translated, [method], at, caches[r]).map((row) => row.estimate),
    );
    const observed = estimateMetrics(data, metrics, [sampled], at, observedCaches[r]).map((row) => row.estimate);
    return [...estimates.flat(), ...observed];
  };
  const boot = attempt(() =>
    jointBootstrap(
      recommenders,
      { point: (data, r) => values(data, r, false), replicate: (_, resampled, r) => values(resampled(), r, true) },
      {
        replicates: Math.max(1, options.replicates),
        seed: options.seed,
        onProgress: options.onProgress,
        shouldStop: options.shouldStop,
      },
    ),
  );
  if (!boot.ok) return boot;
  if (!boot.value.ok) return boot.value;
  const joint = boot.value;
  const withIntervals = options.replicates > 0;
  const targetKind = target.kind;
  const m = target.kind === 'exact' ? setup.itemCount : target.sampleSize;
  const estimates: TranslatedEstimate[] = [];
  recommenders.forEach((data, r) =>
    methods.forEach((method, i) =>
      metrics.forEach((metric, t) => {
        const v = i * M + t;
        const interval = withIntervals ? percentileInterval(joint.value.replicates[r][v], level) : null;
        estimates.push({
          recommender: data.name,
          metric: metric.id,
          method: method.id,
          target: targetKind,
          m,
          value: joint.value.point[r][v],
          low: interval?.low ?? null,
          high: interval?.high ?? null,
        });
      }),
    ),
  );
  const differences = bootstrapDifferences(joint.value, level);
  const observedAt = methods.length * M;
  const pairs: TranslatedPair[] = [];
  for (const d of differences) {
    if (d.value >= observedAt) continue;
    const method = methods[Math.floor(d.value / M)];
    const t = d.value % M;
    const observed = joint.value.point[d.a][observedAt + t] - joint.value.point[d.b][observedAt + t];
    const sameSide = Math.sign(observed) === Math.sign(d.difference) && observed !== 0;
    const confident = !withIntervals || (d.low > 0 && d.difference > 0) || (d.high < 0 && d.difference < 0);
    pairs.push({
      a: recommenders[d.a].name,
      b: recommenders[d.b].name,
      metric: metrics[t].id,
      method: method.id,
      target: targetKind,
      difference: d.difference,
      low: withIntervals ? d.low : null,
      high: withIntervals ? d.high : null,
      orderHolds: sameSide && confident,
      paired: d.paired,
    });
  }
  return ok({ estimates, pairs, sentence: sentence(estimates, pairs, metrics, methods, options.target) });
}

/**
 * The answer in one sentence: "With 999 negatives sampled with replacement, X's Recall@10 would be 0.61 [0.59, 0.63]
 * (MLE); X still beats Y." — the first metric, the first method that translates (not `sampled`), the first
 * recommender, and its pairs.
 */
function sentence(
  estimates: readonly TranslatedEstimate[],
  pairs: readonly TranslatedPair[],
  metrics: readonly Metric[],
  methods: readonly Method[],
  target: TranslationTarget,
): string {
  const method = methods.find((m) => m.kind !== 'sampled') ?? methods[0];
  const metric = metrics[0];
  const first = estimates.find((e) => e.method === method.id && e.metric === metric.id);
  if (!first) return '';
  const where =
    target.kind === 'exact'
      ? 'Over the full catalogue'
      : `With ${target.sampleSize.toLocaleString('en-US')} negatives sampled ${SAMPLING_LABELS[samplingLaw(target.sampling).id]}`;
  const interval = first.low === null ? '' : ` [${first.low.toFixed(3)}, ${first.high!.toFixed(3)}]`;
  const verb = target.kind === 'exact' ? 'is about' : 'would be';
  const order = pairs
    .filter(
      (p) =>
        p.method === method.id && p.metric === metric.id && (p.a === first.recommender || p.b === first.recommender),
    )
    .map((p) => {
      const [winner, loser] = p.difference >= 0 ? [p.a, p.b] : [p.b, p.a];
      return p.orderHolds
        ? `${winner} still beats ${loser}`
        : `the order of ${p.a} and ${p.b} does not hold (within the noise or reversed)`;
    });
  return `${where}, ${first.recommender}'s ${metricLabel(metric.id)} ${verb} ${first.value.toFixed(3)}${interval} (${methodLabel(method.id)})${order.length ? `; ${order.join('; ')}` : ''}.`;
}
