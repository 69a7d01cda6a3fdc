/**
 * Jobs that run inside the compute worker in one call, because they share state that cannot cross the worker
 * boundary (one cache of correction vectors for all recommenders, a prior of n values, progress callbacks).
 * Pure functions of src/core and src/io on rank data (api.ts resolves the page's references to uploaded data):
 * the worker exposes them, tests call them directly.
 */
import {
  definedMetricsTable,
  type Definitions,
  distinctItemCounts,
  DistributionCache,
  estimateMetrics,
  type FitOptions,
  EstimatorVectors,
  kernelStores,
  parseMethod,
  parseDefinedMetric,
  priorVector,
  type RankData,
  type MetricsRequest,
  type TieRule,
  withTieRule,
} from '../src/core/index.ts';
import { ok, type Parsed } from '../src/io/fileError.ts';
import { withSummary } from '../src/io/rankHistogram.ts';
import { readRankInput, type RankInput } from '../src/io/readRankInput.ts';
import type { RankFileOptions } from '../src/io/rankFile.ts';
import { decodeUtf8 } from '../src/io/utf8.ts';
import { parseRankList, type RankListOptions, type RankListResult } from '../src/io/rankList.ts';
import { throttle, type Progress } from './progress.ts';

/** The recommenders and metric ids of a table, with n, m and the sampling law. */
export type TableRequest = MetricsRequest & {
  /** The metrics' chosen variants and the tie rule (core variants/definedTable.ts); absent: Krichene & Rendle's. */
  readonly definitions?: Definitions;
};

/** Krichene & Rendle's Tables 1–2: the exact and the expected sampled metrics with their spread, per recommender. */
export interface ExpectedTable {
  readonly recommenders: readonly string[];
  /** The metric ids, as parsed (`ap@10:ap-k` for a metric read under a chosen variant). */
  readonly metrics: readonly string[];
  /** [recommender][metric]. */
  readonly exact: number[][];
  /**
   * The expected sampled value and its std: NaN where a chosen variant has none (core definedMetricsTable: several
   * relevant items per user), which only the results table's `definitions` can ask for.
   */
  readonly mean: number[][];
  readonly std: number[][];
}

/**
 * Exact metric, expected sampled metric and its std (Tables 1 and 2) for every recommender and metric, under the
 * chosen definitions (`definitions`, the results table) or for metrics read under a variant (`ap@10:ap-k`, the
 * Tables tab): analytic (eq 16). One call, so that the rank data cross the worker boundary once, however many
 * metrics there are. The one table job of the page.
 */
export function expectedTable(request: TableRequest): ExpectedTable {
  const metrics = request.metrics.map(parseDefinedMetric);
  const rows = definedMetricsTable(request.recommenders, metrics, request, request.definitions);
  return {
    recommenders: request.recommenders.map((r) => r.name),
    metrics: metrics.map((m) => m.id),
    exact: rows.map((r) => r.map((s) => s.exact)),
    mean: rows.map((r) => r.map((s) => s.sampledMean ?? NaN)),
    std: rows.map((r) => r.map((s) => s.sampledStd ?? NaN)),
  };
}

/** The methods the explorer compares (the sampled metric, the corrections of section 5, BV for each γ), by id. */
export type CorrectionRequest = MetricsRequest & {
  readonly methods: readonly string[];
  /** The rank-distribution fits' settings (EM stopping rule, iteration cap); the core's defaults when absent. */
  readonly fit?: FitOptions;
  /**
   * How tied sampled ranks are ordered (core ties/resolveTies.ts: withTieRule); absent: the rank column. Under
   * `random` every user becomes its tie range's positions with shares of its weight: exact for the estimators that
   * average a function of the sampled rank (the sampled metric, LS, CLS, BV), a weighted fit for the others.
   */
  readonly ties?: TieRule;
};

/**
 * The fits' kernels this worker keeps for all its jobs (core recover.ts KernelStores): the points and the intervals
 * of every group of methods of a data set build each kernel once (at n = 50,000, the stored rows and their bins).
 */
export const workerKernels = kernelStores();

class CountingVectors extends EstimatorVectors {
  private reported = 0;
  private total = 0;
  constructor(
    metrics: ConstructorParameters<typeof EstimatorVectors>[0],
    setup: ConstructorParameters<typeof EstimatorVectors>[1],
    private readonly report: Progress,
  ) {
    super(metrics, setup, new DistributionCache(workerKernels));
  }

  override prepare(...args: Parameters<EstimatorVectors['prepare']>): void {
    this.total = this.plannedSolves(...args);
    super.prepare(...args);
  }

  override get(...args: Parameters<EstimatorVectors['get']>): Float64Array[] {
    const vectors = super.get(...args);
    if (this.solves !== this.reported && this.total > 0) {
      this.reported = this.solves;
      this.report(Math.min(this.solves, this.total), this.total);
    }
    return vectors;
  }
}

/** Every catalogue size the instances use: their own n, or the global n for data without an n column. */
export function itemCountsOf(data: readonly RankData[], itemCount: number): Set<number> {
  const values = distinctItemCounts(data);
  if (data.some((d) => !d.itemCounts)) values.add(itemCount);
  return values;
}

/**
 * Estimates of every metric by every method from sampled ranks: out[recommender][method][metric]. Corrections
 * are computed for each instance's n (data with a per-user n may have hundreds, then solved on a grid of n and
 * interpolated): `onProgress` hears of each solve, at most every 100 ms.
 */
export function estimateAll(request: CorrectionRequest, onProgress?: Progress): number[][][] {
  const metrics = request.metrics.map(parseDefinedMetric);
  const methods = request.methods.map(parseMethod);
  const setup = {
    itemCount: request.itemCount,
    sampleSize: request.sampleSize,
    sampling: request.sampling,
    prior: priorVector(request.prior, request.itemCount),
    itemCountVectors: 'interpolated' as const,
    ...(request.fit ? { fit: request.fit } : {}),
  };
  const data = request.recommenders.map((recommender) => withTieRule(recommender, request.ties));
  const cache = new CountingVectors(metrics, setup, throttle(onProgress));
  // Many distinct n (MovieLens: 743): CLS and BV are solved on a grid of n and interpolated (error < 1e-5, core
  // itemCountGrid.ts); everything is solved up front, so progress counts the solves.
  cache.prepare(methods, itemCountsOf(data, request.itemCount));
  return data.map((recommender) => {
    const rows = estimateMetrics(recommender, metrics, methods, setup, cache);
    return methods.map((_, i) => metrics.map((_, j) => rows[i * metrics.length + j].estimate));
  });
}

/**
 * Reads a file (in the worker, so that a 10^6-row file never blocks the page) or a pasted CSV. A file is decoded as
 * strict UTF-8: another encoding is a located error (src/io/utf8.ts), not U+FFFD in the recommenders' names.
 */
export async function readInput(source: Blob | string, options: RankFileOptions): Promise<Parsed<RankInput>> {
  const decoded =
    typeof source === 'string' ? ok(source) : decodeUtf8(new Uint8Array(await source.arrayBuffer()), options.file);
  if (!decoded.ok) return decoded;
  const parsed = readRankInput(decoded.value, options);
  if (!parsed.ok || parsed.value.kind !== 'ranks') return parsed;
  const file = { ...parsed.value.file, recommenders: parsed.value.file.recommenders.map(withSummary) };
  return { ok: true, value: { kind: 'ranks', file } };
}

export function parseList(text: string, name: string, options: RankListOptions): RankListResult {
  return parseRankList(text, name, options);
}

/** The buffers of rank data, to transfer rather than copy them across the worker boundary. */
export function rankBuffers(data: readonly RankData[]): ArrayBuffer[] {
  return data.flatMap((d) =>
    [d.offsets, d.ranks, d.weights, d.itemCounts, d.relevance, d.ties?.low, d.ties?.high]
      .filter((a) => a != null)
      .map((a) => a.buffer as ArrayBuffer),
  );
}
