/**
 * Computation actions: plain module functions that start the computations and put their results in the store
 * (zustand's "actions outside the store"). Each kind of job has its own worker; a new request aborts the one it
 * replaces, which terminates that worker (workerBridge.ts), so stale work never finishes.
 */
import { rankSummary } from '../io/rankHistogram.ts';
import { formatInteger, methodIds } from '../core/index.ts';
import { computeTable, type NamedData } from './jobs.ts';
import { explorerStore as store, type ExplorerState, type Job, type RecommenderEntry } from './store.ts';
import { proxy } from 'comlink';
import { rankInputs } from './rankUpload.ts';
import { appBridge, isAbortError, WorkerFailure, type AsyncApi, type Bridge } from './workerBridge.ts';

export type JobKey = 'table' | 'estimates' | 'study' | 'input' | 'parse' | 'dataset';
type Value<K extends 'table' | 'estimates' | 'study'> = NonNullable<ExplorerState[K]['value']>;

/** What a job runs on: its own channel of the one bridge, so that cancelling the table does not cancel the study. */
export interface ComputeBackend {
  run<T>(signal: AbortSignal, task: (api: AsyncApi) => Promise<T>): Promise<T>;
}

let bridge: Bridge | null = null;
const running: Partial<Record<JobKey, AbortController>> = {};
let pending: ReturnType<typeof setTimeout> | null = null;

/** Replaces the bridge (tests pass an inline one; null goes back to the app's workers). */
export function setBridge(next: Bridge | null): void {
  bridge = next;
}

/** The page's one bridge to the workers: the results, the data jobs and the figures all run through it. */
export function currentBridge(): Bridge {
  return (bridge ??= appBridge());
}

export function backendFor(key: JobKey): ComputeBackend {
  return { run: (signal, task) => currentBridge().run(key, signal, task) };
}

/** Starts a cancellable task of kind `key`, aborting the previous one; null when a newer task replaced it. */
export async function startTask<T>(
  key: JobKey,
  task: (backend: ComputeBackend, signal: AbortSignal) => Promise<T>,
): Promise<{ value: T } | { error: unknown } | null> {
  running[key]?.abort();
  const controller = new AbortController();
  running[key] = controller;
  try {
    const value = await task(backendFor(key), controller.signal);
    return controller.signal.aborted ? null : { value };
  } catch (error) {
    return controller.signal.aborted || isAbortError(error) ? null : { error };
  } finally {
    if (running[key] === controller) delete running[key];
  }
}

/** Stops a running task of kind `key` (its worker is terminated). */
export function cancelTask(key: JobKey): void {
  running[key]?.abort();
}

export function failure<T>(error: unknown, value: T | null): Job<T> {
  const named = error instanceof Error ? error : new Error(String(error));
  if (named.name === 'InputError') return { status: 'error', value, message: named.message, retryable: false };
  const message = named instanceof WorkerFailure ? named.message : `The computation failed: ${named.message}`;
  return { status: 'error', value, message, retryable: true };
}

export async function runJob<K extends 'table' | 'estimates' | 'study'>(
  key: K,
  task: (backend: ComputeBackend, signal: AbortSignal) => Promise<Value<K>>,
): Promise<void> {
  const previous = store.getState()[key].value;
  store.setState({ [key]: { status: 'loading', value: previous } });
  const outcome = await startTask(key, task);
  if (outcome === null) return;
  store.setState({
    [key]: 'value' in outcome ? { status: 'ready', value: outcome.value } : failure(outcome.error, previous),
  });
}

/**
 * "100, 100, 100" for a short list (as typed, or the last valid ranks while the text has a problem);
 * "6,040 users, ranks 1 to 3,706" for anything longer.
 */
export function ranksTextOf(entry: RecommenderEntry): string {
  const tokens = entry.text?.split(/[\s,;]+/).filter((t) => t !== '') ?? [];
  if (entry.text !== null && entry.problem === null && tokens.length <= 8) return tokens.join(', ');
  if (!entry.data) return '';
  const s = rankSummary(entry.data);
  if (!s.grouped && s.instances <= 8 && entry.data.weights.every(Number.isInteger)) {
    return Array.from(entry.data.ranks)
      .flatMap((r, i) => Array<number>(entry.data!.weights[i]).fill(r))
      .join(', ');
  }
  const users = `${formatInteger(s.instances)} ${s.instances === 1 ? 'user' : 'users'}`;
  return `${users}, ranks ${formatInteger(s.minRank)} to ${formatInteger(s.maxRank)}`;
}

/** The recommenders the results are about: shown, and with valid data. */
export function activeRecommenders(state: ExplorerState): NamedData[] {
  return state.recommenders
    .filter((r) => !r.hidden && r.data !== null)
    .map((r) => ({ name: r.name, data: r.data!, ranksText: ranksTextOf(r) }));
}

/** Recomputes the table of exact and expected sampled metrics (true ranks). */
export function refreshTable(): Promise<void> {
  const state = store.getState();
  const { metrics, itemCount, sampleSize, sampling } = state.settings;
  const request = { recommenders: activeRecommenders(state), metrics, itemCount, sampleSize, sampling };
  return runJob('table', async (backend, signal) => ({
    rows: await backend.run(signal, (api) => computeTable(api, request)),
    itemCount,
    sampleSize,
    sampling,
    metrics,
  }));
}

/** True when every relevant item's rank is a possible sampled rank: at most m + |R| in its instance. */
export function fitsSample(data: NamedData['data'], sampleSize: number): boolean {
  for (let i = 0; i + 1 < data.offsets.length; i++) {
    const limit = sampleSize + data.offsets[i + 1] - data.offsets[i];
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) if (data.ranks[j] > limit) return false;
  }
  return true;
}

/**
 * Recomputes the estimates of the exact metrics from sampled ranks, by every method. Recommenders whose ranks
 * cannot be sampled ranks (typed as true ranks before the switch) are left out and named.
 */
export function refreshEstimates(): Promise<void> {
  const state = store.getState();
  const { metrics, itemCount, sampleSize, sampling, prior, gammas } = state.settings;
  const shown = activeRecommenders(state);
  const active = shown.filter((r) => fitsSample(r.data, sampleSize));
  const excluded = shown.filter((r) => !active.includes(r)).map((r) => r.name);
  const methods = methodIds(gammas);
  const request = { metrics, methods, itemCount, sampleSize, sampling, prior };
  const onProgress = (done: number, total: number) => {
    const job = store.getState().estimates;
    if (job.status === 'loading') store.setState({ estimates: { ...job, progress: done / total } });
  };
  return runJob('estimates', async (backend, signal) => ({
    estimates: await backend.run(signal, async (api) =>
      api.estimateAll({ ...request, recommenders: await rankInputs(api, active) }, proxy(onProgress)),
    ),
    recommenders: active.map((r) => r.name),
    excluded,
    methods,
    metrics,
    itemCount,
    sampleSize,
  }));
}

/** Stops the corrections; the previous estimates stay, with a retry. */
export function cancelEstimates(): void {
  cancelTask('estimates');
  const value = store.getState().estimates.value;
  store.setState({
    estimates: { status: 'error', value, message: 'The corrections were cancelled.', retryable: true },
  });
}

/** Recomputes what the current kind of ranks shows; the other kind's results are cleared. */
export function refreshAll(): Promise<void> {
  if (pending !== null) clearTimeout(pending);
  pending = null;
  const trueRanks = store.getState().settings.rankKind === 'true';
  if (trueRanks) {
    cancelTask('estimates');
    store.setState({ estimates: { status: 'idle', value: null } });
  } else {
    cancelTask('table');
    store.setState({ table: { status: 'idle', value: null } });
  }
  return trueRanks ? refreshTable() : refreshEstimates();
}

/** Recomputes after typing has paused, so that "10000" does not start five computations. */
export function refreshSoon(delayMs = 150): void {
  if (pending !== null) clearTimeout(pending);
  pending = setTimeout(() => void refreshAll(), delayMs);
}
