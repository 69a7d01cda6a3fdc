/**
 * Cancellable tasks on the page's one bridge to the workers (workerBridge.ts). Each kind of task has a key; a new
 * task of a kind aborts the one it replaces, which terminates the worker of its channel, so stale work never
 * finishes. The action modules start their computations through here.
 */
import { appBridge, isAbortError, WorkerFailure, type AsyncApi, type Bridge } from './workerBridge.ts';
import type { Job } from './store.ts';

export type JobKey = 'table' | 'estimates' | 'intervals' | 'study' | 'input' | 'parse' | 'dataset';

/** What a job runs on: its own channel of the one bridge, so that cancelling the table does not cancel the study. */
export interface ComputeBackend {
  run<T>(signal: AbortSignal, task: (api: AsyncApi) => Promise<T>): Promise<T>;
}

let bridge: Bridge | null = null;
const running: Partial<Record<JobKey, AbortController>> = {};

/** Replaces the bridge (tests pass an inline one; null goes back to the app's workers); running tasks are stopped. */
export function replaceBridge(next: Bridge | null): void {
  for (const controller of Object.values(running)) controller?.abort();
  bridge = next;
}

/** The page's one bridge to the workers: the results, the data jobs and the figures all run through it. */
export function currentBridge(): Bridge {
  return (bridge ??= appBridge());
}

/** The backend of a channel: by default the task's own (`key`). */
export function backendFor(channel: string): ComputeBackend {
  return { run: (signal, task) => currentBridge().run(channel, signal, task) };
}

/**
 * Starts a cancellable task of kind `key` (on channel `key` unless another is named), aborting the previous one;
 * null when a newer task replaced it or it was cancelled.
 */
export async function startTask<T>(
  key: JobKey,
  task: (backend: ComputeBackend, signal: AbortSignal) => Promise<T>,
  channel: string = key,
): Promise<{ value: T } | { error: unknown } | null> {
  running[key]?.abort();
  const controller = new AbortController();
  running[key] = controller;
  try {
    const value = await task(backendFor(channel), controller.signal);
    return controller.signal.aborted ? null : { value };
  } catch (error) {
    return controller.signal.aborted || isAbortError(error) ? null : { error };
  } finally {
    if (running[key] === controller) delete running[key];
  }
}

/** Stops a running task of kind `key` (its worker is terminated); true when one was running. */
export function cancelTask(key: JobKey): boolean {
  const controller = running[key];
  controller?.abort();
  return controller !== undefined;
}

/** The job state of a failure: bad input cannot be retried, anything else can. */
export function failure<T>(error: unknown, value: T | null): Job<T> {
  const named = error instanceof Error ? error : new Error(String(error));
  if (named.name === 'InputError') return { status: 'error', value, message: named.message, retryable: false };
  const message = named instanceof WorkerFailure ? named.message : `The computation failed: ${named.message}`;
  return { status: 'error', value, message, retryable: true };
}
