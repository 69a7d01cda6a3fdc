/**
 * The compute API run on the calling thread (excalidraw's main-thread fallback): used by tests, and usable where
 * workers are unavailable. Same functions as workers/compute.worker.ts, returning promises.
 */
import {
  exactMetric,
  expectedSampledMetric,
  metricCurve,
  parseMetric,
  singleRankData,
  validateRankData,
  validateSamplingSetup,
} from '../core/index.ts';
import { abortError, type AsyncComputeApi, type ComputeBackend } from './computeClient.ts';

const inlineApi: AsyncComputeApi = {
  parseMetric: async (...args) => parseMetric(...args),
  singleRankData: async (...args) => singleRankData(...args),
  validateRankData: async (...args) => validateRankData(...args),
  validateSamplingSetup: async (...args) => validateSamplingSetup(...args),
  exactMetric: async (...args) => exactMetric(...args),
  expectedSampledMetric: async (...args) => expectedSampledMetric(...args),
  metricCurve: async (...args) => metricCurve(...args),
};

export const inlineBackend: ComputeBackend = {
  run(signal, task) {
    return signal.aborted ? Promise.reject(abortError()) : task(inlineApi);
  },
};
