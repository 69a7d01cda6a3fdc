/**
 * The Monte Carlo study of every estimator (core simulate): repeated sampled evaluations of the true ranks, each
 * estimated by every method — Krichene & Rendle's Tables 3–4 and Jin et al.'s Tables 2 and 4 in the Tables tab, and
 * the results' simulation table (src/state/studyActions.ts). One job for both. A pure function, run in the worker.
 */
import {
  distinctItemCounts,
  formatInteger,
  interpolationNodes,
  parseMethodList,
  parseDefinedMetric,
  priorVector,
  simulate,
  type FitOptions,
  type RankData,
  type MetricsRequest,
  type SimulationResult,
  type TieRule,
} from '../src/core/index.ts';
import { throttle, type Progress } from './progress.ts';

export interface StudyTablesRequest extends MetricsRequest {
  readonly methods: readonly string[];
  /** The rank-distribution fits' settings (EM stopping rule, iteration cap); the core's defaults when absent. */
  readonly fit?: FitOptions;
  /** How tied items are ordered: passed to core simulate, which orders them in each repetition; absent, as ranked. */
  readonly ties?: TieRule;
  /** T, the study's repetitions (the Tables tab's settings `studyRepeats` and `jinRepeats`, the settings' `repetitions`). */
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

/**
 * The study, reporting progress at most every 100 ms. A tie rule (`ties`) goes to the simulation as it is: it orders
 * the tied items itself, in each repetition. Per-instance n: corrections interpolated in n (core itemCountGrid.ts)
 * unless `exactItemCounts`.
 */
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
