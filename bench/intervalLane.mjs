// One lane of the intervals in a worker thread (bench/intervalLanes.ts): the worker code's bootstrapDraws on a slice
// of the resamples, as each of the app's interval workers computes it. The thread lives on from one request to the
// next, as the app's workers do (src/state/workerBridge.ts), so what the worker code keeps between jobs is kept here.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { bootstrapDraws } = await import('../workers/intervals.ts');
parentPort.on('message', ({ request, slice }) => parentPort.postMessage(bootstrapDraws(request, slice)));
parentPort.postMessage('ready');
