/**
 * Runs work on the compute worker, after Squoosh's WorkerBridge: every call takes an AbortSignal first; aborting
 * terminates the worker (the only way to stop a running computation), and the next call starts a fresh one. A
 * worker that fails to load or crashes rejects the pending calls with a WorkerFailure, so the UI can offer a retry.
 */
import { wrap } from 'comlink';
import type { ComputeApi } from '../../workers/compute.worker.ts';

/** The worker API as seen from the main thread: the same functions, returning promises. */
export type AsyncComputeApi = {
  [K in keyof ComputeApi]: (...args: Parameters<ComputeApi[K]>) => Promise<Awaited<ReturnType<ComputeApi[K]>>>;
};

/** Runs a task against the compute API, cancelled by `signal`. Tests pass an inline backend (no worker). */
export interface ComputeBackend {
  run<T>(signal: AbortSignal, task: (api: AsyncComputeApi) => Promise<T>): Promise<T>;
}

/** The worker could not be started or died; retrying starts a new one. */
export class WorkerFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerFailure';
  }
}

export function abortError(): DOMException {
  return new DOMException('The computation was cancelled', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

interface Live {
  worker: Worker;
  api: AsyncComputeApi;
  failed: Promise<never>;
}

export class WorkerBackend implements ComputeBackend {
  private live: Live | null = null;

  constructor(private readonly createWorker: () => Worker) {}

  private start(): Live {
    if (this.live) return this.live;
    const worker = this.createWorker();
    const failed = new Promise<never>((_, reject) => {
      const fail = (message: string) => {
        if (this.live?.worker === worker) this.terminate();
        reject(new WorkerFailure(message));
      };
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        fail(`The compute worker failed${event.message ? `: ${event.message}` : ''}.`);
      });
      worker.addEventListener('messageerror', () => fail('The compute worker sent a message that could not be read.'));
    });
    failed.catch(() => {}); // observed by every run(); never an unhandled rejection
    this.live = { worker, api: wrap<ComputeApi>(worker) as unknown as AsyncComputeApi, failed };
    return this.live;
  }

  /** Stops the worker and whatever it is computing. */
  terminate(): void {
    this.live?.worker.terminate();
    this.live = null;
  }

  run<T>(signal: AbortSignal, task: (api: AsyncComputeApi) => Promise<T>): Promise<T> {
    if (signal.aborted) return Promise.reject(abortError());
    const { api, failed } = this.start();
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.terminate();
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.race([task(api), failed])
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  }
}

/** The worker of this app, bundled by Vite. */
export function createComputeWorker(): Worker {
  return new Worker(new URL('../../workers/compute.worker.ts', import.meta.url), { type: 'module', name: 'compute' });
}
