/**
 * The store's jobs on the page's one bridge to the workers (workerBridge.ts): one JobRunner (jobRunner.ts) per kind
 * of job, on the kind's own channel unless a run names another, so that cancelling the table does not cancel the
 * study. A new job of a kind replaces the one running, which terminates the worker of its channel, so stale work
 * never finishes. The action modules start their computations through here; what a job reports as progress goes
 * into the store's job of the same name.
 */
import { failureOf, JobRunner, type JobContext, type Outcome } from './jobRunner.ts';
import { explorerStore as store, type Job } from './store.ts';
import { appBridge, type Bridge } from './workerBridge.ts';

export type JobKey = 'table' | 'estimates' | 'intervals' | 'study' | 'input' | 'parse' | 'dataset';

let bridge: Bridge | null = null;
const runners = new Map<JobKey, JobRunner<unknown>>();

/** The page's one bridge to the workers: the results, the data jobs and the figures all run through it. */
export function currentBridge(): Bridge {
  return (bridge ??= appBridge());
}

/** The current bridge, whichever it is when a job runs (tests replace it). */
const following: Bridge = {
  run: (channel, signal, task) => currentBridge().run(channel, signal, task),
  liveWorkers: () => currentBridge().liveWorkers(),
};

/** Replaces the bridge (tests pass an inline one; null goes back to the app's workers); running jobs are stopped. */
export function replaceBridge(next: Bridge | null): void {
  for (const runner of runners.values()) runner.dispose();
  bridge = next;
}

/** The jobs whose progress the store shows (store.ts: Job). */
const SHOWN = ['table', 'estimates', 'intervals', 'study'] as const;
type Shown = (typeof SHOWN)[number];

/** Least time between two progress updates of the store (ms): each re-renders the results (the intervals report every resample of every lane). */
const PROGRESS_INTERVAL = 250;

/** The runner of a kind of job: its progress goes into the store's job of that name while it is loading. */
function runnerOf<T>(key: JobKey): JobRunner<T> {
  let runner = runners.get(key);
  if (!runner) {
    const shown = (SHOWN as readonly string[]).includes(key) ? (key as Shown) : null;
    runner = new JobRunner<unknown>(
      following,
      key,
      ({ status, progress }) => {
        if (shown === null || status !== 'loading' || progress === null) return;
        const job = store.getState()[shown];
        if (job.status === 'loading') store.setState({ [shown]: { ...job, progress } });
      },
      0,
      null,
      { progressEveryMs: key === 'intervals' ? PROGRESS_INTERVAL : 0 },
    );
    runners.set(key, runner);
  }
  return runner as JobRunner<T>;
}

/**
 * Starts a job of kind `key` (on channel `key` unless another is named), replacing the one running: its value, its
 * failure, or null when a newer job replaced it or it was cancelled. The store's jobs show no partial results
 * through the runner (the intervals write theirs into the store as they fill in).
 */
export function startTask<T>(
  key: JobKey,
  task: (job: JobContext<never>) => Promise<T>,
  channel: string = key,
): Promise<Outcome<T>> {
  return runnerOf<T>(key).run(task, channel);
}

/** Stops a running job of kind `key` (its workers are terminated); true when one was running. */
export function cancelTask(key: JobKey): boolean {
  return runnerOf(key).cancel();
}

/** The job state of a failure: bad input cannot be retried, anything else can. */
export function failure<T>(error: unknown, value: T | null): Job<T> {
  return { status: 'error', value, ...failureOf(error) };
}
