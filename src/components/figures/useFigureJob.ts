import { useEffect, useRef, useState } from 'react';
import type { AsyncApi } from '../../state/workerBridge.ts';
import { isAbortError as isAbort, type Bridge } from '../../state/workerBridge.ts';

export interface FigureJob<T> {
  readonly status: 'loading' | 'ready' | 'error';
  /** The latest result; kept while newer data are computed, so that the figure stays on screen (dimmed). */
  readonly value: T | null;
  readonly message: string | null;
  /** Fraction done while loading, when the computation reports it. */
  readonly progress: number | null;
}

export interface FigureJobHandle<T> extends FigureJob<T> {
  /** Runs the computation again (after an error). */
  readonly retry: () => void;
}

/**
 * Runs `task` on the figure's channel whenever `key` changes (a string naming every input), cancelling the
 * previous run. `task` is null when the inputs are not usable or the figure is off screen: then nothing starts and
 * the last value stays; the task runs when it comes back, unless its key has already been computed.
 */
export function useFigureJob<T>(
  compute: Bridge,
  channel: string,
  key: string,
  task:
    | ((
        api: AsyncApi,
        onProgress: (done: number, total: number) => void,
        /** Aborted when the run is stale: a task that also uses other channels passes it on. */
        signal: AbortSignal,
      ) => Promise<T>)
    | null,
): FigureJobHandle<T> {
  const [job, setJob] = useState<FigureJob<T>>({ status: 'loading', value: null, message: null, progress: null });
  const [retry, setRetry] = useState(0);
  const done = useRef<string | null>(null);
  const enabled = task !== null;
  useEffect(() => {
    if (!task || done.current === `${key}#${retry}`) return;
    const controller = new AbortController();
    setJob((j) => ({ ...j, status: 'loading', message: null, progress: null }));
    const onProgress = (done: number, total: number) => {
      if (!controller.signal.aborted) setJob((j) => ({ ...j, progress: done / total }));
    };
    // A short delay lets fast typing settle before the worker starts.
    const timer = setTimeout(() => {
      compute
        .run(channel, controller.signal, (api) => task(api, onProgress, controller.signal))
        .then((value) => {
          if (controller.signal.aborted) return;
          done.current = `${key}#${retry}`;
          setJob({ status: 'ready', value, message: null, progress: null });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          const message = error instanceof Error ? error.message : String(error);
          setJob((j) => ({ ...j, status: 'error', message, progress: null }));
        });
    }, 60);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` names every input of `task`; the task closure itself changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [compute, channel, key, retry, enabled]);
  return { ...job, retry: () => setRetry((r) => r + 1) };
}
