/**
 * The one API of the explorer's workers (Squoosh's worker files): every computation that runs off the main thread,
 * as plain functions of plain data. workers/compute.worker.ts exposes it through Comlink; tests and browsers without
 * workers run the same object inline (src/state/workerBridge.ts derives the async wrappers from it).
 *
 * Rank data come one way into every job: a request's `recommenders` are RankSources, the data themselves or
 * references to data uploaded once in chunks (rankRegistry.ts; the page sends them with src/state/rankUpload.ts
 * withRankSources), so that large data never cross the worker boundary in one long task. They are resolved here,
 * and only here: `withData` gives the data as they are (the job reads a tie rule of its own request, if any),
 * `tieOrdered` orders their tied items by the request's `ties` (the figures, the Tables tab's exact tables). Large
 * typed arrays going back are transferred, not copied.
 */
import { transfer } from 'comlink';
import type { RankData, TieRule } from '../src/core/index.ts';
import { definitionsTable, type DefinitionsRequest } from './definitions.ts';
import { correctionCurves } from './figures/correctionVectors.ts';
import {
  distributionCurves,
  type DistributionCurves,
  type DistributionCurvesRequest,
} from './figures/distributionCurves.ts';
import { metricCurves } from './figures/metricCurves.ts';
import { sampledCurves } from './figures/rankCurves.ts';
import { recoveredDistribution, type RecoveredDistributionRequest } from './figures/recoveredBands.ts';
import { recoveredPopulation, type RecoveredPopulationRequest } from './figures/recoveredPopulation.ts';
import { sweepSampleSizes, type SweepRequest, type SweepResult } from './figures/sweep.ts';
import {
  bootstrapDraws,
  bootstrapIntervals,
  intervalsFromDraws,
  type IntervalDraws,
  type IntervalRequest,
  type ResampleSlice,
} from './intervals.ts';
import {
  estimateAll,
  expectedTable,
  parseList,
  rankBuffers,
  readInput,
  type CorrectionRequest,
  type TableRequest,
} from './jobs.ts';
import type { Progress } from './progress.ts';
import {
  beginRankData,
  hasRankData,
  putRankChunk,
  resolveRank,
  resolveRankUnder,
  retainRankData,
  type RankSource,
} from './rankRegistry.ts';
import { studyTables, type StudyTablesRequest } from './study.ts';
import { generateSynthetic, type SyntheticParams } from './synthetic.ts';

/** A job's request as the page sends it: its recommenders as RankSources (rankRegistry.ts). */
export type WithSources<T extends { readonly recommenders: readonly RankData[] }> = Omit<T, 'recommenders'> & {
  readonly recommenders: readonly RankSource[];
};

/** A figure's request: its rank sources and the rule its tied items are ordered by (Definitions' setting). */
export type FigureRequest<T extends { readonly recommenders: readonly RankData[] }> = WithSources<T> & {
  /** How the figure orders the data's tied items (Definitions' tie rule); absent, the rank column as it is. */
  readonly ties?: TieRule;
};

/** The request with its recommenders' data, as they are. */
function withData<T extends { readonly recommenders: readonly RankData[] }>(request: WithSources<T>): T {
  return { ...request, recommenders: request.recommenders.map(resolveRank) } as unknown as T;
}

/**
 * The request with its recommenders' data, their tied items ordered by the request's tie rule (`ties`) where it
 * names one (kept once per data and rule, rankRegistry.ts): every figure then computes under the rule the results
 * table uses.
 */
function tieOrdered<T extends { readonly recommenders: readonly RankData[] }>(request: FigureRequest<T>): T {
  const recommenders = request.recommenders.map((source) => resolveRankUnder(source, request.ties));
  return { ...request, recommenders } as unknown as T;
}

export const api = {
  // Rank data by reference (rankRegistry.ts).
  beginRankData,
  putRankChunk,
  retainRankData,
  hasRankData,
  // Reading data.
  async readInput(...args: Parameters<typeof readInput>): ReturnType<typeof readInput> {
    const parsed = await readInput(...args);
    return parsed.ok && parsed.value.kind === 'ranks'
      ? transfer(parsed, rankBuffers(parsed.value.file.recommenders))
      : parsed;
  },
  parseList(...args: Parameters<typeof parseList>): ReturnType<typeof parseList> {
    const parsed = parseList(...args);
    return parsed.ok ? transfer(parsed, rankBuffers([parsed.data])) : parsed;
  },
  generateSynthetic(params: SyntheticParams): ReturnType<typeof generateSynthetic> {
    const data = generateSynthetic(params);
    return transfer(data, rankBuffers(data));
  },
  /**
   * Krichene & Rendle's Tables 1–2: the results table (its `definitions`, the data as they are) and the Tables tab
   * (metrics read under a variant, tied items ordered by the figures' `ties`).
   */
  expectedTable: (request: FigureRequest<TableRequest>) => expectedTable(tieOrdered(request)),
  /** Estimates from sampled ranks by every method (their `ties` applied by the job, as in the CLI). */
  estimateAll: (request: WithSources<CorrectionRequest>, onProgress?: Progress) =>
    estimateAll(withData(request), onProgress),
  /**
   * The Monte Carlo study (Tables 3–4, Jin et al.'s Tables 2 and 4, the results' simulation table). It orders tied
   * items itself, in each repetition (core simulate: a random order drawn per repetition under the random rule, the
   * exact column its expectation), as the CLI's simulate does: the data go as they are.
   */
  studyTables: (request: WithSources<StudyTablesRequest>, onProgress?: Progress) =>
    studyTables(withData(request), onProgress),
  /** Every metric variant of Tamm et al. per recommender, and the tie rules side by side (the Definitions view). */
  definitionsTable: (request: WithSources<DefinitionsRequest>) => definitionsTable(withData(request)),
  /** Intervals over users of every value and pairwise difference (bootstrap; one group of methods per call). */
  bootstrapIntervals: (request: WithSources<IntervalRequest>, onProgress?: Progress) =>
    bootstrapIntervals(withData(request), onProgress),
  /** One slice of the resamples of a group's bootstrap, for several workers to share one group (joinIntervals). */
  bootstrapDraws: (request: WithSources<IntervalRequest>, slice: ResampleSlice, onProgress?: Progress) =>
    bootstrapDraws(withData(request), slice, onProgress),
  /** The intervals of a group from its slices, in order: the same as bootstrapIntervals on one worker. */
  joinIntervals: (request: WithSources<IntervalRequest>, slices: readonly IntervalDraws[]) =>
    intervalsFromDraws(withData(request), slices),
  // The figures.
  metricCurves,
  sampledCurves,
  correctionCurves,
  sweepSampleSizes: (
    request: FigureRequest<SweepRequest>,
    onProgress?: Progress,
    onPartial?: (result: SweepResult) => void,
  ) => sweepSampleSizes(tieOrdered(request), onProgress, onPartial),
  distributionCurves: (
    request: FigureRequest<DistributionCurvesRequest>,
    onProgress?: Progress,
    onPartial?: (curves: DistributionCurves) => void,
  ) => distributionCurves(tieOrdered(request), onProgress, onPartial),
  recoveredDistribution: (request: FigureRequest<RecoveredDistributionRequest>, onProgress?: Progress) =>
    recoveredDistribution(tieOrdered(request), onProgress),
  recoveredPopulation(request: FigureRequest<RecoveredPopulationRequest>): ReturnType<typeof recoveredPopulation> {
    const result = recoveredPopulation(tieOrdered(request));
    return transfer(result, [
      ...result.distributions.map((d) => d.buffer as ArrayBuffer),
      ...rankBuffers(result.populations),
    ]);
  },
};

export type ComputeApi = typeof api;
