/**
 * The data of the papers' tables: exact and expected sampled metrics with their spread (Krichene & Rendle Tables
 * 1–2, analytic), and Monte Carlo studies of every estimator (their Tables 3–4, Jin et al.'s Tables 2 and 4: core
 * simulate). Pure functions, run in the figures' worker.
 */
import {
  distinctItemCounts,
  expectedMetricsTable,
  formatInteger,
  interpolationNodes,
  parseMethodList,
  parseDefinedMetric,
  priorVector,
  simulate,
  type RankData,
  type MetricsRequest,
  type SimulationResult,
  type TieRule,
} from '../../src/core/index.ts';
import { throttle, type Progress } from '../progress.ts';

/** The recommenders and metric ids of a table, with n, m, the sampling law and (for the studies) the prior. */
export type ExpectedTableRequest = MetricsRequest;

export interface ExpectedTable {
  readonly recommenders: readonly string[];
  readonly metrics: readonly string[];
  /** [recommender][metric]. */
  readonly exact: number[][];
  readonly mean: number[][];
  readonly std: number[][];
}

export function expectedTable(request: ExpectedTableRequest): ExpectedTable {
  const metrics = request.metrics.map(parseDefinedMetric);
  const rows = expectedMetricsTable(request.recommenders, metrics, request);
  return {
    recommenders: request.recommenders.map((r) => r.name),
    metrics: metrics.map((m) => m.id),
    exact: rows.map((r) => r.map((s) => s.exact)),
    mean: rows.map((r) => r.map((s) => s.sampledMean)),
    std: rows.map((r) => r.map((s) => s.sampledStd)),
  };
}

export interface StudyTablesRequest extends MetricsRequest {
  readonly methods: readonly string[];
  /** How tied items are ordered: passed to core simulate, which orders them in each repetition; absent, as ranked. */
  readonly ties?: TieRule;
  /** T, the study's repetitions (named as the Tables tab's settings `studyRepeats` and `jinRepeats`). */
  readonly repeats: number;
  readonly seed: number;
  /**
   * Every instance evaluated with the global n, the data's per-instance n dropped (the former default, kept for
   * comparison); default false: each instance is sampled from its own n − 1 irrelevant items and corrected for its
   * own n.
   */
  readonly globalN?: boolean;
  /**
   * Solve the corrections for every distinct n instead of a geometric grid of n with interpolation in between
   * (core corrections/itemCountGrid.ts: error in the expected corrected metric < 10⁻⁵); default false.
   */
  readonly exactItemCounts?: boolean;
}

export interface StudyTables extends SimulationResult {
  readonly recommenders: readonly string[];
  readonly metrics: readonly string[];
  readonly methods: readonly string[];
  readonly repeats: number;
  readonly sampleSize: number;
  /** How the study departs from the data, for the captions ("" when it does not). */
  readonly note: string;
}

export function studyTables(request: StudyTablesRequest, onProgress?: Progress): StudyTables {
  const metrics = request.metrics.map(parseDefinedMetric);
  const methods = parseMethodList(request.methods.join(','));
  const dropped = request.globalN === true && request.recommenders.some((r) => r.itemCounts !== null);
  const recommenders = dropped ? request.recommenders.map((r) => ({ ...r, itemCounts: null })) : request.recommenders;
  const result = simulate({
    ...request,
    recommenders,
    metrics,
    methods,
    repetitions: request.repeats,
    prior: priorVector(request.prior, request.itemCount),
    itemCountVectors: request.exactItemCounts ? 'exact' : 'interpolated',
    onProgress: throttle(onProgress),
  });
  return {
    ...result,
    recommenders: recommenders.map((r) => r.name),
    metrics: metrics.map((m) => m.id),
    methods: methods.map((m) => m.id),
    repeats: request.repeats,
    sampleSize: request.sampleSize,
    note: dropped
      ? ` Every instance is evaluated among the global n = ${formatInteger(request.itemCount)} items (the ` +
        `data's per-instance n are dropped: one correction instead of one per distinct n).`
      : perInstanceNote(recommenders, request.sampleSize, request.exactItemCounts === true),
  };
}

/** The caption's note for data with per-instance n: how many distinct n, and how their corrections were obtained. */
function perInstanceNote(recommenders: readonly RankData[], sampleSize: number, exact: boolean): string {
  const distinct = distinctItemCounts(recommenders);
  if (distinct.size < 2) return '';
  const nodes = exact ? null : interpolationNodes([...distinct], sampleSize);
  const count = formatInteger(distinct.size);
  return nodes
    ? ` Each instance is evaluated among its own n (${count} distinct values); the corrections are solved exactly ` +
        `at ${nodes.length} values of n across their range and interpolated in n in between (error below 10⁻⁵).`
    : ` Each instance is evaluated among its own n (${count} distinct values, a correction for each).`;
}
