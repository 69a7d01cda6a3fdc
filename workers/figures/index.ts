/**
 * The computations behind the figures that are too heavy for the main thread, as one object of pure functions:
 * workers/api.ts adds the rank-data plumbing for the worker; tests call these directly.
 */
import { correctionCurves } from './correctionCurves.ts';
import { distributionCurves } from './distributionCurves.ts';
import { sampledCurves } from './rankCurves.ts';
import { recoveredDistribution } from './recoveredDistribution.ts';
import { recoveredPopulation } from './recoveredPopulation.ts';
import { expectedTable, studyTables } from './studyTables.ts';
import { sweepSampleSizes } from './sweep.ts';

export const figureJobs = {
  sweepSampleSizes,
  sampledCurves,
  correctionCurves,
  distributionCurves,
  expectedTable,
  studyTables,
  recoveredDistribution,
  recoveredPopulation,
};

export type FigureJobs = typeof figureJobs;
