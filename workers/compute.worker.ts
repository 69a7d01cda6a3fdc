/**
 * The explorer's worker: exposes the one API (api.ts) through Comlink and nothing else (Squoosh's worker files).
 * The bridge on the page (src/state/workerBridge.ts) terminates it to cancel stale work and after it has been idle.
 */
import { expose } from 'comlink';
import { api } from './api.ts';

expose(api);
