import { describe, expect, it } from 'vitest';
import { isAbortError, WorkerBackend, WorkerFailure } from './computeClient.ts';

/** Enough of a Worker for the bridge: events, postMessage (never answered) and terminate. */
class FakeWorker extends EventTarget {
  terminated = false;
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

function backendWithFakes() {
  const workers: FakeWorker[] = [];
  const backend = new WorkerBackend(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  });
  return { backend, workers };
}

const never = () => new Promise<never>(() => {});

describe('WorkerBackend (Squoosh-style bridge)', () => {
  it('terminates the worker when the signal aborts, rejects with an AbortError, and starts a new worker next time', async () => {
    const { backend, workers } = backendWithFakes();
    const controller = new AbortController();
    const pending = backend.run(controller.signal, never);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(workers[0].terminated).toBe(true);
    await backend.run(new AbortController().signal, async () => 42);
    expect(workers).toHaveLength(2);
  });

  it('never starts work for a signal that is already aborted', async () => {
    const { backend, workers } = backendWithFakes();
    const controller = new AbortController();
    controller.abort();
    await expect(backend.run(controller.signal, async () => 1)).rejects.toSatisfy(isAbortError);
    expect(workers).toHaveLength(0);
  });

  it('rejects pending calls with a WorkerFailure when the worker fails, so that a retry can start a fresh one', async () => {
    const { backend, workers } = backendWithFakes();
    const pending = backend.run(new AbortController().signal, never);
    workers[0].dispatchEvent(new Event('error'));
    await expect(pending).rejects.toBeInstanceOf(WorkerFailure);
    expect(workers[0].terminated).toBe(true);
    await expect(backend.run(new AbortController().signal, async () => 'ok')).resolves.toBe('ok');
    expect(workers).toHaveLength(2);
  });

  it('reuses one worker for consecutive calls', async () => {
    const { backend, workers } = backendWithFakes();
    const signal = new AbortController().signal;
    await backend.run(signal, async () => 1);
    await backend.run(signal, async () => 2);
    expect(workers).toHaveLength(1);
  });
});
