/** Fake workers for the tests of the worker bridge (src/state/workerBridge.ts) and of what runs on it. */
import { workerBridge } from '../src/state/workerBridge.ts';

/** Enough of a Worker for the bridge: events, postMessage (never answered) and terminate. */
export class FakeWorker extends EventTarget {
  terminated = false;
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

/**
 * A bridge that starts FakeWorkers, released after `idleMs` idle (the bridge's default when absent), and the workers
 * it has started, in order.
 */
export function fakeWorkerBridge(idleMs?: number) {
  const workers: FakeWorker[] = [];
  const bridge = workerBridge({
    create: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker as unknown as Worker;
    },
    idleMs,
  });
  return { bridge, workers };
}
