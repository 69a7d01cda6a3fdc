/**
 * The computations behind the figures that are too heavy for the main thread, as one object of pure functions:
 * workers/figures.worker.ts exposes it through Comlink, and tests (or a page without workers) call it directly.
 */
import { correctionCurves } from './correctionCurves.ts';
import { sampledCurves } from './rankCurves.ts';
import { sweepSampleSizes } from './sweep.ts';

export const figureApi = {
  sweepSampleSizes,
  sampledCurves,
  correctionCurves,
};

export type FigureApi = typeof figureApi;

/** The API as seen from the main thread: the same functions, returning promises. */
export type AsyncFigureApi = {
  [K in keyof FigureApi]: (...args: Parameters<FigureApi[K]>) => Promise<Awaited<ReturnType<FigureApi[K]>>>;
};
