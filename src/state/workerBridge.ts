/**
 * The one bridge between the page and the workers, after Squoosh's WorkerBridge: every call names a channel (a kind
 * of job, a figure) and takes an AbortSignal; each channel has at most one worker, started on first use. Aborting
 * terminates that channel's worker (the only way to stop a running computation) and the next call starts a fresh
 * one; a worker idle for `idleMs` is released, so an idle page holds no workers and no copies of the ranks. A worker
 * that fails to load or crashes rejects its pending calls with a WorkerFailure, the one failure type.
 *
 * The page imports worker code as types only: the API runs in the worker bundle, or, for tests and browsers without
 * workers, inline (`inlineBridge`, given the API object; `workerBridge` loads it as a separate chunk when `Worker` is
 * missing).
 */
import { wrap } from 'comlink';
import type { ComputeApi } from '../../workers/api.ts';

/** The worker API as seen from the main thread: the same functions, returning promises. */
export type AsyncApi = {
  [K in keyof ComputeApi]: (...args: Parameters<ComputeApi[K]>) => Promise<Awaited<ReturnType<ComputeApi[K]>>>;
};

export interface Bridge {
  /** Runs `task` against the API on `channel`'s worker; aborting `signal` terminates that worker. */
  run<T>(channel: string, signal: AbortSignal, task: (api: AsyncApi) => Promise<T>): Promise<T>;
  /** How many workers are alive now (for tests). */
  liveWorkers(): number;
}

/** The worker could not be started or died; the next call starts a new one. */
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

/** How long a worker with nothing to do stays alive before it is released (its ranks with it). */
export const IDLE_RELEASE_MS = 10_000;

interface Live {
  readonly worker: Worker;
  readonly api: AsyncApi;
  readonly failed: Promise<never>;
  running: number;
  idle: ReturnType<typeof setTimeout> | null;
}

/** Calls `task` and ties it to `signal` and to the worker's failure. */
function runTied<T>(
  signal: AbortSignal,
  task: () => Promise<T>,
  failed: Promise<never>,
  onAbort: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(abortError());
    };
    signal.addEventListener('abort', abort, { once: true });
    Promise.race([task(), failed])
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

export interface WorkerBridgeOptions {
  /** Starts a worker (the app's bundled worker by default; tests pass fakes). */
  readonly create?: () => Worker;
  readonly idleMs?: number;
}

/** The app's worker, bundled by Vite. */
export function createWorker(): Worker {
  return new Worker(new URL('../../workers/compute.worker.ts', import.meta.url), { type: 'module', name: 'compute' });
}

export function workerBridge({ create = createWorker, idleMs = IDLE_RELEASE_MS }: WorkerBridgeOptions = {}): Bridge {
  const live = new Map<string, Live>();
  const stop = (channel: string, worker?: Worker) => {
    const entry = live.get(channel);
    if (!entry || (worker && entry.worker !== worker)) return;
    if (entry.idle !== null) clearTimeout(entry.idle);
    entry.worker.terminate();
    live.delete(channel);
  };
  const start = (channel: string): Live => {
    const existing = live.get(channel);
    if (existing) return existing;
    const worker = create();
    const failed = new Promise<never>((_, reject) => {
      const fail = (message: string) => {
        stop(channel, worker);
        reject(new WorkerFailure(message));
      };
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        const detail = (event as ErrorEvent).message;
        fail(`The computation's worker failed${detail ? `: ${detail}` : ''}.`);
      });
      worker.addEventListener('messageerror', () =>
        fail("The computation's worker sent a message that could not be read."),
      );
    });
    failed.catch(() => {}); // observed by every run(); never an unhandled rejection
    const entry: Live = {
      worker,
      api: wrap<ComputeApi>(worker) as unknown as AsyncApi,
      failed,
      running: 0,
      idle: null,
    };
    live.set(channel, entry);
    return entry;
  };
  return {
    run(channel, signal, task) {
      if (signal.aborted) return Promise.reject(abortError());
      const entry = start(channel);
      if (entry.idle !== null) clearTimeout(entry.idle);
      entry.idle = null;
      entry.running += 1;
      const settle = () => {
        entry.running -= 1;
        if (entry.running > 0 || live.get(channel) !== entry) return;
        entry.idle = setTimeout(() => stop(channel, entry.worker), idleMs);
      };
      const result = runTied(
        signal,
        () => task(entry.api),
        entry.failed,
        () => stop(channel, entry.worker),
      );
      result.then(settle, settle);
      return result;
    },
    liveWorkers: () => live.size,
  };
}

/** The API's functions as async functions on the calling thread: derived from the API object, not written out. */
export function asyncApi(api: ComputeApi): AsyncApi {
  return Object.fromEntries(
    Object.entries(api).map(([name, fn]) => [
      name,
      async (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args),
    ]),
  ) as AsyncApi;
}

/**
 * The same API on the calling thread (excalidraw's main-thread fallback): tests, and browsers without workers.
 * Aborting rejects the call at once; the inline work itself cannot be interrupted.
 */
export function inlineBridge(api: ComputeApi | Promise<ComputeApi>): Bridge {
  const ready = Promise.resolve(api).then(asyncApi);
  const never = new Promise<never>(() => {});
  return {
    run(_channel, signal, task) {
      if (signal.aborted) return Promise.reject(abortError());
      return runTied(
        signal,
        async () => task(await ready),
        never,
        () => {},
      );
    },
    liveWorkers: () => 0,
  };
}

/** The app's bridge: workers where the browser has them, else the API inline, loaded as its own chunk. */
export function appBridge(): Bridge {
  if (typeof Worker !== 'undefined') return workerBridge();
  return inlineBridge(import('../../workers/api.ts').then((m) => m.api));
}
