import { describe, expect, it, vi } from 'vitest';
import { api } from '../../workers/api.ts';
import { fakeWorkerBridge } from '../../test/fakeWorker.ts';
import { inlineBridge, isAbortError, WorkerFailure } from './workerBridge.ts';

/** A bridge on fake workers, released after 1 s idle. */
const bridgeWithFakes = () => fakeWorkerBridge(1000);

const never = () => new Promise<never>(() => {});
const signal = () => new AbortController().signal;

describe('workerBridge (Squoosh-style)', () => {
  it('terminates the worker when the signal aborts, rejects with an AbortError, and starts a new worker next time', async () => {
    const { bridge, workers } = bridgeWithFakes();
    const controller = new AbortController();
    const pending = bridge.run('a', controller.signal, never);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(workers[0].terminated).toBe(true);
    expect(bridge.liveWorkers()).toBe(0);
    await bridge.run('a', signal(), async () => 42);
    expect(workers).toHaveLength(2);
  });

  it('never starts work for a signal that is already aborted', async () => {
    const { bridge, workers } = bridgeWithFakes();
    const controller = new AbortController();
    controller.abort();
    await expect(bridge.run('a', controller.signal, async () => 1)).rejects.toSatisfy(isAbortError);
    expect(workers).toHaveLength(0);
  });

  // A message that cannot be read (messageerror) is the same failure as an error in the worker.
  it.each(['error', 'messageerror'])(
    'rejects pending calls with a WorkerFailure on %s, so that a retry can start a fresh worker',
    async (event) => {
      const { bridge, workers } = bridgeWithFakes();
      const pending = bridge.run('a', signal(), never);
      workers[0].dispatchEvent(new Event(event));
      await expect(pending).rejects.toBeInstanceOf(WorkerFailure);
      expect(workers[0].terminated).toBe(true);
      await expect(bridge.run('a', signal(), async () => 'ok')).resolves.toBe('ok');
      expect(workers).toHaveLength(2);
    },
  );

  it('reuses one worker per channel, and one per channel only', async () => {
    const { bridge, workers } = bridgeWithFakes();
    await bridge.run('a', signal(), async () => 1);
    await bridge.run('a', signal(), async () => 2);
    expect(workers).toHaveLength(1);
    await bridge.run('b', signal(), async () => 3);
    expect(workers).toHaveLength(2);
    expect(bridge.liveWorkers()).toBe(2);
  });

  it('releases a worker that has been idle for the release delay, and only then', async () => {
    vi.useFakeTimers();
    try {
      const { bridge, workers } = bridgeWithFakes();
      await bridge.run('a', signal(), async () => 1);
      vi.advanceTimersByTime(999);
      expect(workers[0].terminated).toBe(false);
      // A new call in time keeps the worker and restarts the clock.
      await bridge.run('a', signal(), async () => 2);
      vi.advanceTimersByTime(999);
      expect(workers[0].terminated).toBe(false);
      vi.advanceTimersByTime(1);
      expect(workers[0].terminated).toBe(true);
      expect(bridge.liveWorkers()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never releases a worker while a call runs on it', async () => {
    vi.useFakeTimers();
    try {
      const { bridge, workers } = bridgeWithFakes();
      void bridge.run('a', signal(), never);
      await bridge.run('a', signal(), async () => 1);
      vi.advanceTimersByTime(5000);
      expect(workers[0].terminated).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('inlineBridge', () => {
  it('runs every function of the worker API on the calling thread, derived from the API object', async () => {
    const bridge = inlineBridge(api);
    const names = await bridge.run('a', signal(), async (inline) => Object.keys(inline));
    expect(names.sort()).toEqual(Object.keys(api).sort());
    const table = await bridge.run('a', signal(), (inline) =>
      inline.expectedTable({
        recommenders: [
          {
            name: 'A',
            offsets: Int32Array.of(0, 1),
            ranks: Float64Array.of(1),
            weights: Float64Array.of(1),
            itemCounts: null,
          },
        ],
        metrics: ['auc'],
        itemCount: 10,
        sampleSize: 3,
        sampling: 'with-replacement',
      }),
    );
    expect(table.exact[0][0]).toBe(1);
  });

  it('rejects at once when aborted', async () => {
    const controller = new AbortController();
    const pending = inlineBridge(api).run('a', controller.signal, never);
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
  });
});
