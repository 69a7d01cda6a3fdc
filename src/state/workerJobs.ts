/**
 * Jobs that run inside the compute worker in one call, because they share state that cannot cross the worker
 * boundary (one cache of correction vectors for all recommenders, a prior of n values, progress callbacks).
 * Pure functions of src/core and src/io: the worker exposes them, tests call them directly.
 */
import {
  estimateMetrics,
  expectedSampledMetric,
  validateRankData,
  validateSamplingSetup,
  type MetricSummary,
  EstimatorVectors,
  parseMethod,
  parseMetric,
  simulate,
  type RankData,
  type Sampling,
  type SimulationResult,
} from '../core/index.ts';
import type { Parsed } from '../io/fileError.ts';
import { readRankInput, type RankInput } from '../io/readRankInput.ts';
import type { RankFileOptions } from '../io/rankFile.ts';
import { parseRankList, type RankListOptions, type RankListResult } from '../io/rankList.ts';
import type { Prior } from './document.ts';
import { resolveRank, type RankSource } from './rankRegistry.ts';

export interface TableRequest {
  readonly recommenders: readonly RankSource[];
  readonly metrics: readonly string[];
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
}

/**
 * Exact metric, expected sampled metric and its std (Tables 1 and 2): out[recommender][metric]. One call, so that
 * the rank data cross the worker boundary once, however many metrics there are.
 */
export function expectedTable(request: TableRequest): MetricSummary[][] {
  const { itemCount, sampleSize, sampling } = request;
  validateSamplingSetup(itemCount, sampleSize, sampling);
  const metrics = request.metrics.map(parseMetric);
  return request.recommenders.map((input) => {
    const data = resolveRank(input);
    validateRankData(data, itemCount);
    return metrics.map((metric) => expectedSampledMetric(data, metric, itemCount, sampleSize, sampling));
  });
}

/** The methods the explorer compares: the sampled metric, the corrections of section 5, and BV for each γ. */
export function methodIds(gammas: readonly number[]): string[] {
  return ['sampled', 'rank-estimate', 'ls', 'cls', ...gammas.map((g) => `bv:${g}`)];
}

/** p(r) on 1..n, or null for the uniform prior (the paper's choice). p(r) ∝ r^−a for the power law. */
export function priorVector(prior: Prior, itemCount: number): Float64Array | null {
  if (prior.kind === 'uniform' || prior.exponent === 0) return null;
  const p = new Float64Array(itemCount);
  for (let r = 1; r <= itemCount; r++) p[r - 1] = r ** -prior.exponent;
  return p;
}

export interface CorrectionRequest {
  readonly recommenders: readonly RankSource[];
  readonly metrics: readonly string[];
  readonly methods: readonly string[];
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly sampling: Sampling;
  readonly prior: Prior;
}

/** Estimates of every metric by every method from sampled ranks: out[recommender][method][metric]. */
export function estimateAll(request: CorrectionRequest): number[][][] {
  const metrics = request.metrics.map(parseMetric);
  const methods = request.methods.map(parseMethod);
  const setup = {
    itemCount: request.itemCount,
    sampleSize: request.sampleSize,
    sampling: request.sampling,
    prior: priorVector(request.prior, request.itemCount),
  };
  const cache = new EstimatorVectors(metrics, setup);
  return request.recommenders.map((input) => {
    const rows = estimateMetrics(resolveRank(input), metrics, methods, setup, cache);
    return methods.map((_, i) => metrics.map((_, j) => rows[i * metrics.length + j].estimate));
  });
}

export interface StudyRequest extends CorrectionRequest {
  readonly repetitions: number;
  readonly seed: number;
}

/** The Monte Carlo study (core simulate), reporting progress at most every 100 ms. */
export function runStudy(request: StudyRequest, onProgress?: (done: number, total: number) => void): SimulationResult {
  let last = 0;
  return simulate({
    recommenders: request.recommenders.map(resolveRank),
    metrics: request.metrics.map(parseMetric),
    methods: request.methods.map(parseMethod),
    itemCount: request.itemCount,
    sampleSize: request.sampleSize,
    sampling: request.sampling,
    repeats: request.repetitions,
    seed: request.seed,
    prior: priorVector(request.prior, request.itemCount),
    onProgress: (done, total) => {
      const now = Date.now();
      if (onProgress && (now - last > 100 || done === total)) {
        last = now;
        onProgress(done, total);
      }
    },
  });
}

/** Reads a file (in the worker, so that a 10^6-row file never blocks the page) or a pasted CSV. */
export async function readInput(source: Blob | string, options: RankFileOptions): Promise<Parsed<RankInput>> {
  const text = typeof source === 'string' ? source : await source.text();
  return readRankInput(text, options);
}

export function parseList(text: string, name: string, options: RankListOptions): RankListResult {
  return parseRankList(text, name, options);
}

/** The buffers of rank data, to transfer rather than copy them across the worker boundary. */
export function rankBuffers(data: readonly RankData[]): ArrayBuffer[] {
  return data.flatMap((d) =>
    [d.offsets, d.ranks, d.weights, d.itemCounts].filter((a) => a !== null).map((a) => a.buffer as ArrayBuffer),
  );
}
