/**
 * One figure's computations on its bridge channel, as a small state machine without React (useJob.ts wraps it): the
 * figure says which request it wants (`want(key, task)`), the runner starts it after a short pause (fast typing
 * settles first), aborts the run it replaces, keeps the last result while a newer one computes, and stops on
 * Cancel — aborting the signal, which terminates the channel's worker (src/state/workerBridge.ts).
 */
import { failure } from '../../state/actions.ts';
import { isAbortError, type AsyncApi, type Bridge } from '../../state/workerBridge.ts';
import { appResultCache, type ResultCache } from './resultCache.ts';

export type Progress = (done: number, total: number) => void;

/**
 * A computation on the channel's API; `signal` is aborted when the run is cancelled or stale. `onPartial` shows a
 * first result of the same request before the whole (e.g. point estimates before their bootstrap bands).
 */
export type JobTask<T> = (
  api: AsyncApi,
  signal: AbortSignal,
  onProgress: Progress,
  onPartial: (value: T) => void,
) => Promise<T>;

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

export const IDLE: JobState<never> = {
  status: 'idle',
  value: null,
  valueKey: null,
  progress: null,
  message: null,
  retryable: false,
};

/** Pause before a run starts, so that typing a value does not start a computation per keystroke. */
export const START_DELAY_MS = 60;

/** The page's one cache of finished results (resultCache.ts), created on first use. */
let sharedCache: ResultCache | null = null;
function defaultCache(): ResultCache {
  sharedCache ??= appResultCache();
  return sharedCache;
}

export class JobRunner<T> {
  private state: JobState<T> = IDLE;
  private key: string | null = null;
  private task: JobTask<T> | null = null;
  /** The key of the run under way (or about to start), with its controller. */
  private running: { key: string; controller: AbortController; timer: ReturnType<typeof setTimeout> } | null = null;
  /** Keys that will not start by themselves: cancelled by the user, or failed. */
  private held: string | null = null;

  constructor(
    private readonly bridge: Bridge,
    private readonly channel: string,
    private readonly onChange: (state: JobState<T>) => void,
    private readonly delayMs = START_DELAY_MS,
    private readonly cache: ResultCache = defaultCache(),
  ) {}

  get current(): JobState<T> {
    return this.state;
  }

  /**
   * The figure wants the result for `key`, computed by `task`; null for either means nothing may run now (the inputs
   * are not usable, the figure is off screen, a study waits for its button): a run under way is then stopped.
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
    const cached = this.cache.recall(this.channel, key);
    if (cached !== undefined) {
      this.stop();
      this.held = null;
      this.set({ status: 'ready', value: cached as T, valueKey: key, progress: null, message: null, retryable: false });
      return;
    }
    this.start(key, task);
  }

  /** Stops the run under way: its worker is terminated, the last result stays. */
  cancel(): void {
    if (!this.running) return;
    this.held = this.running.key;
    this.stop();
    this.set({ status: 'cancelled', progress: null, message: null });
  }

  /** Runs the current key again (after Cancel or a failure). */
  again(): void {
    this.held = null;
    if (this.key !== null && this.task !== null) this.start(this.key, this.task);
  }

  /** Stops whatever runs (the figure leaves the page); `want` starts again. */
  dispose(): void {
    this.stop();
  }

  private stop(): void {
    if (!this.running) return;
    clearTimeout(this.running.timer);
    this.running.controller.abort();
    this.running = null;
  }

  private set(change: Partial<JobState<T>>): void {
    this.state = { ...this.state, ...change };
    this.onChange(this.state);
  }

  private start(key: string, task: JobTask<T>): void {
    this.stop();
    this.held = null;
    const controller = new AbortController();
    const { signal } = controller;
    const onProgress: Progress = (done, total) => {
      if (!signal.aborted) this.set({ progress: total > 0 ? done / total : null });
    };
    // A partial result is the current key's value (shown as it is), while the run goes on.
    const onPartial = (value: T) => {
      if (!signal.aborted) this.set({ value, valueKey: key });
    };
    const timer = setTimeout(() => {
      const started = performance.now();
      // A result stored by an earlier visit (IndexedDB) before a new computation.
      this.cache
        .load(this.channel, key)
        .then((stored) =>
          stored !== undefined
            ? { value: stored as T, stored: true }
            : signal.aborted
              ? Promise.reject(new DOMException('stale', 'AbortError'))
              : this.bridge
                  .run(this.channel, signal, (api) => task(api, signal, onProgress, onPartial))
                  .then((value) => ({ value, stored: false })),
        )
        .then(
          ({ value, stored }) => {
            if (signal.aborted) return;
            this.running = null;
            if (!stored) this.cache.remember(this.channel, key, value, performance.now() - started);
            this.set({ status: 'ready', value, valueKey: key, progress: null, message: null, retryable: false });
          },
          (error: unknown) => {
            if (signal.aborted || isAbortError(error)) return;
            this.running = null;
            this.held = key;
            const { message, retryable } = failure(error, null) as { message: string; retryable: boolean };
            this.set({ status: 'error', progress: null, message, retryable });
          },
        );
    }, this.delayMs);
    this.running = { key, controller, timer };
    this.set({ status: 'loading', progress: null, message: null, retryable: false });
  }
}
