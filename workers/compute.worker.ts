/**
 * The compute worker: exposes core functions through Comlink and nothing else (Squoosh's worker files). The client
 * (src/state/computeClient.ts) terminates the worker to cancel stale work.
 */
import { expose, transfer } from 'comlink';
import {
  exactMetric,
  expectedSampledMetric,
  metricCurve,
  parseMetric,
  singleRankData,
  validateRankData,
  validateSamplingSetup,
} from '../src/core/index.ts';

const api = {
  parseMetric,
  singleRankData,
  validateRankData,
  validateSamplingSetup,
  exactMetric,
  expectedSampledMetric,
  /** metricCurve, with its buffer transferred rather than copied (n values per metric). */
  metricCurve(...args: Parameters<typeof metricCurve>): Float64Array {
    const curve = metricCurve(...args);
    return transfer(curve, [curve.buffer]);
  },
};

export type ComputeApi = typeof api;

expose(api);
