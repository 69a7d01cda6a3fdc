/**
 * The compute worker: exposes core functions and the one-call jobs built on them (src/state/workerJobs.ts) through
 * Comlink, and nothing else (Squoosh's worker files). The client (src/state/computeClient.ts) terminates the worker
 * to cancel stale work. Large typed arrays are transferred rather than copied.
 */
import { expose, transfer } from 'comlink';
import {
  exactMetric,
  expectedSampledMetric,
  parseMetric,
  validateRankData,
  validateSamplingSetup,
} from '../src/core/index.ts';
import { beginRankData, hasRankData, putRankChunk, retainRankData } from '../src/state/rankRegistry.ts';
import { generateSynthetic, type SyntheticParams } from '../src/state/datasets/synthetic.ts';
import { estimateAll, expectedTable, parseList, rankBuffers, readInput, runStudy } from '../src/state/workerJobs.ts';

const api = {
  parseMetric,
  validateRankData,
  validateSamplingSetup,
  exactMetric,
  expectedSampledMetric,
  hasRankData,
  beginRankData,
  putRankChunk,
  retainRankData,
  expectedTable,
  estimateAll,
  runStudy,
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
};

export type ComputeApi = typeof api;

expose(api);
