/**
 * The figures' worker: exposes the figure computations (workers/figureJobs.ts) through Comlink and nothing else
 * (Squoosh's worker files). The client (src/components/figures/figureCompute.ts) terminates it to cancel stale work.
 */
import { expose } from 'comlink';
import { figureJobs } from './figureJobs.ts';

expose(figureJobs);
