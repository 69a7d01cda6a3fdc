/**
 * The compute API run on the calling thread (excalidraw's main-thread fallback): used by tests, and usable where
 * workers are unavailable. Same functions as workers/compute.worker.ts, returning promises.
 */
import {
  exactMetric,
  expectedSampledMetric,
  parseMetric,
  validateRankData,
  validateSamplingSetup,
} from '../core/index.ts';
import { abortError, type AsyncComputeApi, type ComputeBackend } from './computeClient.ts';
import { generateSynthetic } from './datasets/synthetic.ts';
import { beginRankData, hasRankData, putRankChunk, retainRankData } from './rankRegistry.ts';
import { estimateAll, expectedTable, parseList, readInput, runStudy } from './workerJobs.ts';

const inlineApi: AsyncComputeApi = {
  parseMetric: async (...args) => parseMetric(...args),
  validateRankData: async (...args) => validateRankData(...args),
  validateSamplingSetup: async (...args) => validateSamplingSetup(...args),
  exactMetric: async (...args) => exactMetric(...args),
  expectedSampledMetric: async (...args) => expectedSampledMetric(...args),
  hasRankData: async (...args) => hasRankData(...args),
  beginRankData: async (...args) => beginRankData(...args),
  putRankChunk: async (...args) => putRankChunk(...args),
  retainRankData: async (...args) => retainRankData(...args),
  expectedTable: async (...args) => expectedTable(...args),
  estimateAll: async (...args) => estimateAll(...args),
  runStudy: async (...args) => runStudy(...args),
  readInput: (...args) => readInput(...args),
  parseList: async (...args) => parseList(...args),
  generateSynthetic: async (...args) => generateSynthetic(...args),
};

export const inlineBackend: ComputeBackend = {
  run(signal, task) {
    return signal.aborted ? Promise.reject(abortError()) : task(inlineApi);
  },
};
