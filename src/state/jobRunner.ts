/**
 * The page's one way to run a worker job, as a small state machine without React: every computation (the store's
 * results, intervals and data jobs; the figures; the Definitions view; the answer summary) goes through a JobRunner,
 * which owns the job's channel of the bridge (workerBridge.ts), its key, Cancel, its progress and, for the views,
 * the cache of finished results (resultCache.ts).
 *
 * Two ways in. A view says which request it wants (`want(key, task)`, after each render: src/components/useJob.ts):
 * the runner starts it after a short pause (fast typing settles first) unless that key is running, shown, cached or
 * held (cancelled by the user, or failed), aborts the run it replaces, keeps the last result while a newer one
 * computes, and stops on Cancel. An action runs a job now (`run(task)`, tasks.ts): it replaces the one running and
 * resolves with its value, its failure, or null when it was replaced or cancelled.
 *
 * Aborting a run aborts its signal, which terminates the workers it runs on; the job's other workers (`lane`) serve
 * work split across workers (fanOut.ts).
 */
import { appResultCache, type ResultCache } from './resultCache.ts';
import { abortError, isAbortError, WorkerFailure, type AsyncApi, type Bridge } from './workerBridge.ts';

export type Progress = (done: number, total: number) => void;

/** A worker of a job: runs `task` on it, tied to `signal` (the run's when absent). */
export type Lane = <R>(task: (api: AsyncApi) => Promise<R>, signal?: AbortSignal) => Promise<R>;

/** What a job's computation gets from its runner. */
export interface JobContext<T> {
  /** Aborted when the run is cancelled, replaced or no longer wanted. */
  readonly signal: AbortSignal;
  /** Runs `task` on the job's worker (its channel); the worker is started on first use and terminated on abort. */
  readonly worker: Lane;
  /** Worker `index` of the job: 0 is `worker`, the others run on the channels `<channel>-2`, `<channel>-3`, … */
  readonly lane: (index: number) => Lane;
  readonly onProgress: Progress;
  /** Shows a first result of the same request before the whole (e.g. point estimates before their bands). */
  readonly onPartial: (value: T) => void;
}

export type JobTask<T> = (job: JobContext<T>) => Promise<T>;

export interface JobState<T> {
  /** idle: nothing asked (or off screen); cancelled: the user stopped the run of the current key. */
  readonly status: 'idle' | 'loading' | 'ready' | 'error' | 'cancelled';
  /** The latest result, kept while a newer one computes, after Cancel and after a failure. */
  readonly value: T | null;
  /** The key `value` was computed for (differs from the current key while it is stale). */
  readonly valueKey: string | null;
  /** Fraction done while loading, when the computation reports it. */
  readonly progress: number | null;
  /** What went wrong (status error). */
  readonly message: string | null;
  /** The failure was not caused by the input: running again may help. */
  readonly retryable: boolean;
}

/** A run's end for the action that started it: its value, its failure, or null (replaced or cancelled). */
export type Outcome<T> = { readonly value: T } | { readonly error: unknown } | null;

export const IDLE: JobState<never> = {
  status: 'idle',
  value: null,
  valueKey: null,
  progress: null,
  message: null,
  retryable: false,
};

/** Pause before a wanted run starts, so that typing a value does not start a computation per keystroke. */
export const START_DELAY_MS = 60;

/** The channel of worker `lane` of a job on `channel`: the channel itself, then `<channel>-2`, `<channel>-3`, … */
export function laneChannel(channel: string, lane: number): string {
  return lane === 0 ? channel : `${channel}-${lane + 1}`;
}

/** What a failure says, and whether running again may help: bad input cannot be retried, anything else can. */
export function failureOf(error: unknown): { readonly message: string; readonly retryable: boolean } {
  const named = error instanceof Error ? error : new Error(String(error));
  if (named.name === 'InputError') return { message: named.message, retryable: false };
  const message = named instanceof WorkerFailure ? named.message : `The computation failed: ${named.message}`;
  return { message, retryable: true };
}

/** The page's one cache of finished results (resultCache.ts), created on first use. */
let sharedCache: ResultCache | null = null;
export function pageResultCache(): ResultCache {
  sharedCache ??= appResultCache();
  return sharedCache;
}

export interface RunnerOptions {
  /** Least time between two progress reports (ms); 0: every one. */
  readonly progressEveryMs?: number;
}

interface Running {
  readonly key: string;
  readonly controller: AbortController;
  timer: ReturnType<typeof setTimeout> | null;
}

export class JobRunner<T> {
  private state: JobState<T> = IDLE;
  private key: string | null = null;
  private task: JobTask<T> | null = null;
  /** The run under way (or about to start). */
  private running: Running | null = null;
  /** Keys that will not start by themselves: cancelled by the user, or failed. */
  private held: string | null = null;
  /** Runs started by `run`, each with a key of its own. */
  private runs = 0;

  /**
   * A runner on `channel` of `bridge`; `onChange` hears every change of its state. `cache` (null: none) keeps the
   * results of wanted keys; `delayMs` is the pause before a wanted run.
   */
  constructor(
    private readonly bridge: Bridge,
    private readonly channel: string,
    private readonly onChange: (state: JobState<T>) => void,
    private readonly delayMs = START_DELAY_MS,
    private readonly cache: ResultCache | null = pageResultCache(),
    private readonly options: RunnerOptions = {},
  ) {}

  get current(): JobState<T> {
    return this.state;
  }

  /**
   * The view wants the result for `key`, computed by `task`; null for either means nothing may run now (the inputs
   * are not usable, the view is off screen, a study waits for its button): a run under way is then stopped.
   */
  want(key: string | null, task: JobTask<T> | null): void {
    this.key = key;
    this.task = task;
    if (key === null || task === null) {
      this.stop();
      if (this.state.status === 'loading') this.set({ status: 'idle', progress: null });
      return;
    }
    if (this.running?.key === key) return;
    if (this.held === key) return;
    if (this.state.valueKey === key && this.state.status === 'ready') return;
    // A result computed before for the same request (another setting and back, another tab and back): at once.
    const cached = this.cache?.recall(this.channel, key);
    if (cached !== undefined) {
      this.stop();
      this.held = null;
      this.set({ status: 'ready', value: cached as T, valueKey: key, progress: null, message: null, retryable: false });
      return;
    }
    void this.start(key, task, this.channel, this.delayMs, this.cache);
  }

  /**
   * Runs `task` now on `channel` (the runner's by default), replacing the run under way: its value, its failure, or
   * null when a newer run replaced it or it was cancelled. Never cached.
   */
  run(task: JobTask<T>, channel: string = this.channel): Promise<Outcome<T>> {
    this.key = null;
    this.task = null;
    this.runs += 1;
    return this.start(`run ${this.runs}`, task, channel, 0, null);
  }

  /** Stops the run under way: its workers are terminated, the last result stays. False when nothing ran. */
  cancel(): boolean {
    if (!this.running) return false;
    this.held = this.running.key;
    this.stop();
    this.set({ status: 'cancelled', progress: null, message: null });
    return true;
  }

  /** Runs the wanted key again (after Cancel or a failure). */
  again(): void {
    this.held = null;
    if (this.key !== null && this.task !== null)
      void this.start(this.key, this.task, this.channel, this.delayMs, this.cache);
  }

  /** Stops whatever runs (the view leaves the page, the bridge is replaced); `want` starts again. */
  dispose(): void {
    this.stop();
  }

  private stop(): void {
    if (!this.running) return;
    if (this.running.timer !== null) clearTimeout(this.running.timer);
    this.running.controller.abort();
    this.running = null;
  }

  private set(change: Partial<JobState<T>>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }

  private start(
    key: string,
    task: JobTask<T>,
    channel: string,
    delayMs: number,
    cache: ResultCache | null,
  ): Promise<Outcome<T>> {
    this.stop();
    this.held = null;
    const controller = new AbortController();
    const { signal } = controller;
    const running: Running = { key, controller, timer: null };
    let settle!: (outcome: Outcome<T>) => void;
    const outcome = new Promise<Outcome<T>>((resolve) => (settle = resolve));
    signal.addEventListener('abort', () => settle(null), { once: true });
    const every = this.options.progressEveryMs ?? 0;
    let reported = -Infinity;
    const onProgress: Progress = (done, total) => {
      if (signal.aborted) return;
      const now = Date.now();
      if (now - reported < every && done < total) return;
      reported = now;
      this.set({ progress: total > 0 ? done / total : null });
    };
    // A partial result is the current key's value (shown as it is), while the run goes on.
    const onPartial = (value: T) => {
      if (!signal.aborted) this.set({ value, valueKey: key });
    };
    const lane =
      (index: number): Lane =>
      (work, laneSignal = signal) =>
        this.bridge.run(laneChannel(channel, index), laneSignal, work);
    const job: JobContext<T> = { signal, worker: lane(0), lane, onProgress, onPartial };
    const begin = () => {
      running.timer = null;
      const started = performance.now();
      // A result stored by an earlier visit (IndexedDB) before a new computation.
      (cache ? cache.load(this.channel, key) : Promise.resolve(undefined))
        .then((stored) =>
          stored !== undefined
            ? { value: stored as T, stored: true }
            : signal.aborted
              ? Promise.reject(abortError())
              : task(job).then((value) => ({ value, stored: false })),
        )
        .then(
          ({ value, stored }) => {
            if (signal.aborted) return;
            this.running = null;
            if (!stored) cache?.remember(this.channel, key, value, performance.now() - started);
            this.set({ status: 'ready', value, valueKey: key, progress: null, message: null, retryable: false });
            settle({ value });
          },
          (error: unknown) => {
            if (signal.aborted) return;
            this.running = null;
            if (isAbortError(error)) {
              // Aborted from outside the runner (a worker call of its own): as if replaced.
              this.set({ status: 'idle', progress: null });
              settle(null);
              return;
            }
            this.held = key;
            this.set({ status: 'error', progress: null, ...failureOf(error) });
            settle({ error });
          },
        );
    };
    this.running = running;
    this.set({ status: 'loading', progress: null, message: null, retryable: false });
    if (delayMs > 0) running.timer = setTimeout(begin, delayMs);
    else begin();
    return outcome;
  }
}
