/**
 * Actions: plain module functions that change the store and start the computations (zustand's "actions outside
 * the store"). A new request aborts the one it replaces, which terminates that worker (computeClient.ts).
 */
import type { Sampling } from '../core/index.ts';
import {
  createComputeWorker,
  isAbortError,
  WorkerBackend,
  WorkerFailure,
  type ComputeBackend,
} from './computeClient.ts';
import { computeCurves, computeTable } from './jobs.ts';
import { explorerStore as store, type Job } from './store.ts';

interface Backends {
  readonly table: ComputeBackend;
  readonly curves: ComputeBackend;
}

let backends: Backends | null = null;
const running: { table: AbortController | null; curves: AbortController | null } = { table: null, curves: null };
let pending: ReturnType<typeof setTimeout> | null = null;

/** One worker per kind of job, so that cancelling the table does not cancel the figure. Tests pass inline ones. */
export function setComputeBackends(next: Backends | null): void {
  backends = next;
}

function getBackends(): Backends {
  backends ??= { table: new WorkerBackend(createComputeWorker), curves: new WorkerBackend(createComputeWorker) };
  return backends;
}

function failure<T>(error: unknown, value: T | null): Job<T> {
  const named = error instanceof Error ? error : new Error(String(error));
  if (named.name === 'InputError') return { status: 'error', value, message: named.message, retryable: false };
  const message = named instanceof WorkerFailure ? named.message : `The computation failed: ${named.message}`;
  return { status: 'error', value, message, retryable: true };
}

async function runJob<K extends 'table' | 'curves'>(
  key: K,
  task: (
    backend: ComputeBackend,
    signal: AbortSignal,
  ) => Promise<NonNullable<ReturnType<typeof store.getState>[K]['value']>>,
): Promise<void> {
  running[key]?.abort();
  const controller = new AbortController();
  running[key] = controller;
  const previous = store.getState()[key].value;
  store.setState({ [key]: { status: 'loading', value: previous } });
  try {
    const value = await task(getBackends()[key], controller.signal);
    if (!controller.signal.aborted) store.setState({ [key]: { status: 'ready', value } });
  } catch (error) {
    if (controller.signal.aborted || isAbortError(error)) return;
    store.setState({ [key]: failure(error, previous) });
  } finally {
    if (running[key] === controller) running[key] = null;
  }
}

/** Recomputes the table of exact and expected sampled metrics for the current settings. */
export function refreshTable(): Promise<void> {
  const { recommenders, metrics, itemCount, sampleSize, sampling } = store.getState();
  const request = { recommenders, metrics, itemCount, sampleSize, sampling };
  return runJob('table', async (backend, signal) => ({
    rows: await backend.run(signal, (api) => computeTable(api, request)),
    itemCount,
    sampleSize,
    sampling,
  }));
}

/** Recomputes the curves M(r) of the figure, unless they are already there for this n. */
export function refreshCurves(): Promise<void> {
  const { metrics, itemCount, curves } = store.getState();
  if (curves.status === 'ready' && curves.value.itemCount === itemCount) return Promise.resolve();
  return runJob('curves', async (backend, signal) => ({
    itemCount,
    curves: await backend.run(signal, (api) => computeCurves(api, metrics, itemCount)),
  }));
}

export function refreshAll(): Promise<void> {
  if (pending !== null) clearTimeout(pending);
  pending = null;
  return Promise.all([refreshTable(), refreshCurves()]).then(() => undefined);
}

/** Recomputes after typing has paused, so that "10000" does not start five computations. */
function refreshSoon(delayMs = 150): void {
  if (pending !== null) clearTimeout(pending);
  pending = setTimeout(() => void refreshAll(), delayMs);
}

export function setItemCount(itemCount: number): void {
  store.setState({ itemCount });
  refreshSoon();
}

export function setSampleSize(sampleSize: number): void {
  store.setState({ sampleSize });
  refreshSoon();
}

export function setSampling(sampling: Sampling): void {
  store.setState({ sampling });
  refreshSoon(0);
}
