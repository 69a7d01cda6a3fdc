// One lane of the intervals in a worker thread (bench/intervalLanes.ts): the worker code's bootstrapDraws on a slice
// of the resamples, as each of the app's interval workers computes it.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { bootstrapDraws } = await import('../workers/intervals.ts');
parentPort.postMessage(bootstrapDraws(workerData.request, workerData.slice));
