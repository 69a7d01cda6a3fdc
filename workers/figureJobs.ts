/**
 * The API of the figures' worker: the pure figure computations (src/figures/data/api.ts) with rank data given
 * either as they are or by reference to data uploaded once in chunks (src/state/rankRegistry.ts), so that large
 * data never cross the worker boundary in one long task. Used by workers/figures.worker.ts and, on the calling
 * thread, by the inline fallback.
 */
import type { RankData } from '../src/core/index.ts';
import { figureApi } from '../src/figures/data/api.ts';
import type { DistributionCurvesRequest } from '../src/figures/data/distributionCurves.ts';
import type { ExpectedTableRequest, StudyTablesRequest } from '../src/figures/data/studyTables.ts';
import type { SweepRequest } from '../src/figures/data/sweep.ts';
import { metricVsRankFigure } from '../src/figures/metricVsRankPlot.ts';
import {
  beginRankData,
  hasRankData,
  putRankChunk,
  resolveRank,
  retainRankData,
  type RankSource,
} from '../src/state/rankRegistry.ts';

export type WithSources<T extends { readonly recommenders: readonly RankData[] }> = Omit<T, 'recommenders'> & {
  readonly recommenders: readonly RankSource[];
};

export const figureJobs = {
  ...figureApi,
  /** Figure 1 laid out from metric ids: n values per metric are computed and reduced here, never on the page. */
  metricVsRankFigure,
  sweepSampleSizes(request: WithSources<SweepRequest>, onProgress?: (done: number, total: number) => void) {
    return figureApi.sweepSampleSizes({ ...request, recommenders: request.recommenders.map(resolveRank) }, onProgress);
  },
  distributionCurves(
    request: WithSources<DistributionCurvesRequest>,
    onProgress?: (done: number, total: number) => void,
  ) {
    return figureApi.distributionCurves(
      { ...request, recommenders: request.recommenders.map(resolveRank) },
      onProgress,
    );
  },
  studyTables(request: WithSources<StudyTablesRequest>, onProgress?: (done: number, total: number) => void) {
    return figureApi.studyTables({ ...request, recommenders: request.recommenders.map(resolveRank) }, onProgress);
  },
  expectedTable(request: WithSources<ExpectedTableRequest>) {
    return figureApi.expectedTable({ ...request, recommenders: request.recommenders.map(resolveRank) });
  },
  beginRankData,
  putRankChunk,
  retainRankData,
  hasRankData,
};

export type FigureJobs = typeof figureJobs;

/** The API as seen from the main thread: the same functions, returning promises. */
export type AsyncFigureJobs = {
  [K in keyof FigureJobs]: (...args: Parameters<FigureJobs[K]>) => Promise<Awaited<ReturnType<FigureJobs[K]>>>;
};
