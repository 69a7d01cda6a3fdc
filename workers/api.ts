/**
 * The one API of the explorer's workers (Squoosh's worker files): every computation that runs off the main thread,
 * as plain functions of plain data. workers/compute.worker.ts exposes it through Comlink; tests and browsers without
 * workers run the same object inline (src/state/workerBridge.ts derives the async wrappers from it). Rank data come
 * as they are or by reference to data uploaded once in chunks (rankRegistry.ts), so that large data never cross the
 * worker boundary in one long task. Large typed arrays going back are transferred, not copied.
 */
import { transfer } from 'comlink';
import type { RankData, TieRule } from '../src/core/index.ts';
import { definitionsTable } from './definitions.ts';
import type { DistributionCurves, DistributionCurvesRequest } from './figures/distributionCurves.ts';
import { figureJobs } from './figures/index.ts';
import type { Progress } from './progress.ts';
import { metricCurves } from './figures/metricCurves.ts';
import { recoveredPopulation } from './figures/recoveredPopulation.ts';
import type { RecoveredDistributionRequest } from './figures/recoveredDistribution.ts';
import type { RecoveredPopulationRequest } from './figures/recoveredPopulation.ts';
import type { ExpectedTableRequest, StudyTablesRequest } from './figures/studyTables.ts';
import type { SweepRequest, SweepResult } from './figures/sweep.ts';
import {
  bootstrapDraws,
  bootstrapIntervals,
  intervalsFromDraws,
  type IntervalDraws,
  type IntervalRequest,
  type ResampleSlice,
} from './intervals.ts';
import { estimateAll, expectedTable, parseList, rankBuffers, readInput, runStudy } from './jobs.ts';
import {
  beginRankData,
  hasRankData,
  putRankChunk,
  resolveRank,
  resolveRankUnder,
  retainRankData,
  type RankSource,
} from './rankRegistry.ts';
import { generateSynthetic, type SyntheticParams } from './synthetic.ts';

/** A request whose recommenders may be references to data uploaded to this worker. */
export type WithSources<T extends { readonly recommenders: readonly RankData[] }> = Omit<T, 'recommenders'> & {
  readonly recommenders: readonly RankSource[];
  /** How the figure orders the data's tied items (Definitions' tie rule); absent, the rank column as it is. */
  readonly ties?: TieRule;
};

/**
 * The request with its recommenders' data, their tied items ordered by the request's tie rule (`ties`, the
 * Definitions' setting) where it names one: every figure then computes under the rule the results table uses.
 */
function resolved<T extends { readonly recommenders: readonly RankData[] }>(request: WithSources<T>): T {
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
  // The results of the first page.
  expectedTable,
  estimateAll,
  runStudy,
  /** Every metric variant of Tamm et al. per recommender, and the tie rules side by side (the Definitions view). */
  definitionsTable,
  /** Intervals over users of every value and pairwise difference (bootstrap; one group of methods per call). */
  bootstrapIntervals: (request: IntervalRequest, onProgress?: Progress) =>
    bootstrapIntervals({ ...request, recommenders: request.recommenders.map(resolveRank) }, onProgress),
  /** One slice of the resamples of a group's bootstrap, for several workers to share one group (joinIntervals). */
  bootstrapDraws: (request: IntervalRequest, slice: ResampleSlice, onProgress?: Progress) =>
    bootstrapDraws({ ...request, recommenders: request.recommenders.map(resolveRank) }, slice, onProgress),
  /** The intervals of a group from its slices, in order: the same as bootstrapIntervals on one worker. */
  joinIntervals: (request: IntervalRequest, slices: readonly IntervalDraws[]) => intervalsFromDraws(request, slices),
  // The figures and tables.
  metricCurves,
  sampledCurves: figureJobs.sampledCurves,
  correctionCurves: figureJobs.correctionCurves,
  sweepSampleSizes: (
    request: WithSources<SweepRequest>,
    onProgress?: Progress,
    onPartial?: (result: SweepResult) => void,
  ) => figureJobs.sweepSampleSizes(resolved(request), onProgress, onPartial),
  distributionCurves: (
    request: WithSources<DistributionCurvesRequest>,
    onProgress?: Progress,
    onPartial?: (curves: DistributionCurves) => void,
  ) => figureJobs.distributionCurves(resolved(request), onProgress, onPartial),
  // The studies order tied items themselves, in each repetition (core simulate: a random order drawn per repetition
  // under the random rule, the exact column its expectation), as the CLI's simulate does: the data go as they are.
  studyTables: (request: WithSources<StudyTablesRequest>, onProgress?: Progress) =>
    figureJobs.studyTables({ ...request, recommenders: request.recommenders.map(resolveRank) }, onProgress),
  expectedTableModel: (request: WithSources<ExpectedTableRequest>) => figureJobs.expectedTable(resolved(request)),
  recoveredDistribution: (request: WithSources<RecoveredDistributionRequest>, onProgress?: Progress) =>
    figureJobs.recoveredDistribution(resolved(request), onProgress),
  recoveredPopulation(request: WithSources<RecoveredPopulationRequest>): ReturnType<typeof recoveredPopulation> {
    const result = recoveredPopulation(resolved(request));
    return transfer(result, [
      ...result.distributions.map((d) => d.buffer as ArrayBuffer),
      ...rankBuffers(result.populations),
    ]);
  },
};

export type ComputeApi = typeof api;
