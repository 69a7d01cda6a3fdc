import { useEffect, useState } from 'react';
import { IDLE, JobRunner, START_DELAY_MS, type JobState, type JobTask } from '../state/jobRunner.ts';
import type { Bridge } from '../state/workerBridge.ts';

export interface JobHandle<T> extends JobState<T> {
  /** Stops the run under way (its workers are terminated). */
  readonly cancel: () => void;
  /** Runs the current request again: Retry after a failure, Run again after Cancel. */
  readonly again: () => void;
}

/**
 * Runs `task` on `channel` of the bridge whenever `key` (a text naming every input of the task, src/state
 * requestKey.ts) changes, through the page's one job runner (src/state/jobRunner.ts: the run it replaces is
 * cancelled, finished results are kept); `delayMs` is the pause before a run starts. `task` null: nothing may start
 * now, the last result stays.
 */
export function useJob<T>(
  bridge: Bridge,
  channel: string,
  key: string | null,
  task: JobTask<T> | null,
  delayMs = START_DELAY_MS,
): JobHandle<T> {
  const enabled = key !== null && task !== null;
  // The first render already says "Computing" when it will compute (no flash of an empty figure).
  const [state, setState] = useState<JobState<T>>(enabled ? { ...IDLE, status: 'loading' } : IDLE);
  const [runner] = useState(() => ({ current: null as JobRunner<T> | null }));
  useEffect(() => {
    const current = new JobRunner<T>(bridge, channel, setState, delayMs);
    runner.current = current;
    return () => {
      current.dispose();
      runner.current = null;
    };
  }, [bridge, channel, runner, delayMs]);
  // After every render: the runner starts a run only when `key` is new (the task closure itself is new each time).
  useEffect(() => runner.current?.want(key, task));
  return {
    ...state,
    cancel: () => void runner.current?.cancel(),
    again: () => runner.current?.again(),
  };
}
