/**
 * Ranking metrics as functions of the rank(s) of the relevant item(s), Krichene & Rendle (2020) section 3.
 * A metric identifier is one of `auc`, `precision@K`, `recall@K`, `ap`, `ap@K`, `ndcg`, `ndcg@K`; these are the
 * names used by the CLI, the URL and the UI. Recall@K is HitRate@K and AP is the reciprocal rank when |R| = 1.
 */
import { InputError } from './errors.ts';
import { parseIdList } from './idList.ts';

export type MetricKind = 'auc' | 'precision' | 'recall' | 'ap' | 'ndcg';

export interface Metric {
  /** Canonical identifier, e.g. `ndcg@10`. */
  readonly id: string;
  readonly kind: MetricKind;
  /** The cut-off K, or null for the untruncated metric (AUC, AP, NDCG). */
  readonly cutoff: number | null;
  /**
   * The reading of Tamm et al. the metric is taken in (variants/definedMetric.ts), e.g. `ap-k` for DaisyRec's
   * AP@K / K; absent for Krichene & Rendle's definition (eqs 2–13).
   */
  readonly variant?: string;
  /**
   * M(r) of one relevant item at `rank` of `itemCount` items under that reading, where it is another function of
   * the rank than eqs 7–13 (AP@K / K, Elliot's AP@K); absent where it is the same function. Every computation on
   * one relevant item's rank (eq 16, the corrections of section 5, eq 14 of Jin et al.) then uses it.
   */
  readonly atRank?: (rank: number, itemCount: number) => number;
}

const NEEDS_CUTOFF: ReadonlySet<MetricKind> = new Set(['precision', 'recall']);
const NO_CUTOFF: ReadonlySet<MetricKind> = new Set(['auc']);
const KINDS: readonly MetricKind[] = ['auc', 'precision', 'recall', 'ap', 'ndcg'];

/**
 * Names researchers type for the same quantities with one relevant item per user (the paper's setting): HitRate@K
 * is Recall@K, MRR and MAP are AP (the mean over users of 1/r), MRR@K and MAP@K are AP@K. Parsed to the canonical
 * ids, so tables, links and JSON show one name (with the alias beside it where labels are made).
 */
export const METRIC_ALIASES: Readonly<Record<string, MetricKind>> = {
  hr: 'recall',
  hitrate: 'recall',
  mrr: 'ap',
  map: 'ap',
};

/** Parses a metric identifier such as `recall@10`; throws an InputError naming the identifier. */
export function parseMetric(text: string): Metric {
  const trimmed = text.trim().toLowerCase();
  const match = /^([a-z]+)(?:@(\d+))?$/.exec(trimmed);
  const kind = (match ? (METRIC_ALIASES[match[1]] ?? match[1]) : undefined) as MetricKind | undefined;
  if (!match || !kind || !KINDS.includes(kind)) {
    throw new InputError(
      `unknown metric "${text}": expected one of auc, precision@K, recall@K (= hr@K, hitrate@K), ap (= mrr, map), ` +
        'ap@K (= mrr@K, map@K), ndcg, ndcg@K (K a positive integer; names in any case)',
    );
  }
  const cutoff = match[2] === undefined ? null : Number(match[2]);
  if (cutoff !== null && (!Number.isSafeInteger(cutoff) || cutoff < 1)) {
    throw new InputError(`metric "${text}": the cut-off K must be a positive integer`);
  }
  if (cutoff === null && NEEDS_CUTOFF.has(kind)) {
    throw new InputError(`metric "${text}" needs a cut-off, e.g. ${match[1]}@10`);
  }
  if (cutoff !== null && NO_CUTOFF.has(kind)) {
    throw new InputError(`metric "${text}": ${kind} takes no cut-off`);
  }
  return { id: cutoff === null ? kind : `${kind}@${cutoff}`, kind, cutoff };
}

/** Parses a comma-separated list of metric identifiers (duplicates removed, order kept). */
export function parseMetricList(text: string): Metric[] {
  return parseIdList(text, 'metric', parseMetric);
}

/**
 * Value of a metric for one relevant item at `rank` among `itemCount` items (eqs 7–13):
 * AUC(r) = (n − r)/(n − 1) (eq 7), Prec@K = δ(r ≤ K)/K (eq 8), Recall@K = δ(r ≤ K) (eq 9),
 * AP@K = δ(r ≤ K)/r (eqs 10, 12), NDCG@K = δ(r ≤ K)/log2(r + 1) (eqs 11, 13).
 * Example: metricAtRank(parseMetric('ndcg'), 1, 100) === 1.
 */
export function metricAtRank(metric: Metric, rank: number, itemCount: number): number {
  if (metric.atRank) return metric.atRank(rank, itemCount);
  const k = metric.cutoff;
  if (k !== null && rank > k) return 0;
  switch (metric.kind) {
    case 'auc':
      return (itemCount - rank) / (itemCount - 1);
    case 'precision':
      return 1 / (k as number);
    case 'recall':
      return 1;
    case 'ap':
      return 1 / rank;
    case 'ndcg':
      return 1 / Math.log2(rank + 1);
  }
}

/** The metric over ranks 1..maxRank as a typed column: out[r − 1] = M(r) (Figure 1). */
export function metricCurve(metric: Metric, itemCount: number, maxRank = itemCount): Float64Array {
  const out = new Float64Array(maxRank);
  if (metric.atRank) {
    for (let r = 1; r <= maxRank; r++) out[r - 1] = metric.atRank(r, itemCount);
    return out;
  }
  // metricAtRank's cases, each its own loop (a curve of 10⁶ ranks is built for every correction); ranks past the
  // cut-off stay 0.
  const end = Math.min(maxRank, metric.cutoff ?? maxRank);
  switch (metric.kind) {
    case 'auc':
      for (let r = 1; r <= end; r++) out[r - 1] = (itemCount - r) / (itemCount - 1);
      break;
    case 'precision':
      out.fill(1 / (metric.cutoff as number), 0, end);
      break;
    case 'recall':
      out.fill(1, 0, end);
      break;
    case 'ap':
      for (let r = 1; r <= end; r++) out[r - 1] = 1 / r;
      break;
    case 'ndcg':
      for (let r = 1; r <= end; r++) out[r - 1] = 1 / Math.log2(r + 1);
      break;
  }
  return out;
}

/** Ideal DCG for `hits` relevant items at the top (the denominator of eq 6). */
export function idealDcg(hits: number): number {
  let s = 0;
  for (let i = 1; i <= hits; i++) s += 1 / Math.log2(i + 1);
  return s;
}

/**
 * The contribution of the j-th best relevant item (1-based `position` among the relevant items), at `rank`, to
 * the metric of a set of `setSize` relevant items among `itemCount` items. Every metric of eqs 2–6 is a sum of
 * such terms: AUC (eq 2) is affine in Σr; Prec@K (eq 3) and Recall@K (eq 4) count hits; AP@K (eq 5) adds
 * Prec at each hit, which is position/rank; NDCG@K (eq 6) adds 1/log2(rank + 1) over the ideal DCG.
 * With setSize = 1 this is metricAtRank.
 */
export function metricTerm(metric: Metric, position: number, rank: number, setSize: number, itemCount: number): number {
  if (metric.atRank) {
    if (setSize !== 1) {
      throw new InputError(
        `${metric.id} is defined here for one relevant item per instance; this instance has ${setSize}`,
      );
    }
    return position === 1 ? metric.atRank(rank, itemCount) : 0;
  }
  if (metric.kind === 'auc') {
    return ((itemCount - (setSize - 1) / 2) / setSize - rank / setSize) / (itemCount - setSize);
  }
  const k = metric.cutoff ?? itemCount;
  if (rank > k) return 0;
  switch (metric.kind) {
    case 'precision':
      return 1 / k;
    case 'recall':
      return 1 / setSize;
    case 'ap':
      return position / rank / Math.min(setSize, k);
    case 'ndcg':
      return 1 / Math.log2(rank + 1) / idealDcg(Math.min(setSize, k));
  }
}

/** Metric of a set of relevant ranks (eqs 2–6). `ranks` must be distinct; they are sorted here. */
export function metricOfRanks(metric: Metric, ranks: ArrayLike<number>, itemCount: number): number {
  const sorted = Float64Array.from(ranks).sort();
  let s = 0;
  for (let j = 0; j < sorted.length; j++) s += metricTerm(metric, j + 1, sorted[j], sorted.length, itemCount);
  return s;
}
