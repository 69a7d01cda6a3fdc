/**
 * The figures' worker: exposes the pure figure computations of src/figures/data through Comlink and nothing else
 * (Squoosh's worker files). The client (src/components/figures/figureCompute.ts) terminates it to cancel stale work.
 */
import { expose } from 'comlink';
import { figureApi } from '../src/figures/data/api.ts';

expose(figureApi);
