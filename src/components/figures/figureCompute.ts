/**
 * Runs figure computations off the main thread: one worker per channel (a figure), created when first needed.
 * Every call takes an AbortSignal; aborting terminates that channel's worker (the only way to stop a running
 * computation) and the next call starts a fresh one, as in src/state/computeClient.ts. A worker that fails to load
 * or crashes rejects the pending call, and the next call starts a new worker.
 */
import { proxy, wrap } from 'comlink';
import { figureJobs, type AsyncFigureJobs, type FigureJobs } from '../../../workers/figureJobs.ts';

export interface FigureCompute {
  run<T>(channel: string, signal: AbortSignal, task: (api: AsyncFigureJobs) => Promise<T>): Promise<T>;
}

function abortError(): DOMException {
  return new DOMException('The computation was cancelled', 'AbortError');
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

interface Live {
  readonly worker: Worker;
  readonly api: AsyncFigureJobs;
  readonly failed: Promise<never>;
}

/** Figure computations in web workers (the app's default). */
export function workerFigureCompute(
  create: () => Worker = () =>
    new Worker(new URL('../../../workers/figures.worker.ts', import.meta.url), { type: 'module', name: 'figures' }),
): FigureCompute {
  const live = new Map<string, Live>();
  const stop = (channel: string) => {
    live.get(channel)?.worker.terminate();
    live.delete(channel);
  };
  const start = (channel: string): Live => {
    const existing = live.get(channel);
    if (existing) return existing;
    const worker = create();
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        if (live.get(channel)?.worker === worker) stop(channel);
        reject(new Error(`The figures worker failed${event.message ? `: ${event.message}` : ''}.`));
      });
    });
    failed.catch(() => {});
    const entry = { worker, api: wrap<FigureJobs>(worker) as unknown as AsyncFigureJobs, failed };
    live.set(channel, entry);
    return entry;
  };
  return {
    run(channel, signal, task) {
      if (signal.aborted) return Promise.reject(abortError());
      const { api, failed } = start(channel);
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          stop(channel);
          reject(abortError());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        Promise.race([task(api), failed])
          .then(resolve, reject)
          .finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}

/** The same computations on the calling thread (tests; pages where workers are unavailable). */
export const inlineFigureCompute: FigureCompute = {
  run(_channel, signal, task) {
    if (signal.aborted) return Promise.reject(abortError());
    const api = Object.fromEntries(
      Object.entries(figureJobs).map(([name, fn]) => [
        name,
        async (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args),
      ]),
    ) as AsyncFigureJobs;
    return task(api);
  },
};

/** Wraps a progress callback so that it can cross the worker boundary. */
export function progressCallback(callback: (done: number, total: number) => void) {
  return proxy(callback);
}
