import { describe, expect, it } from 'vitest';
import { InputError } from '../../core/index.ts';
import { fakeWorkerBridge } from '../../../test/fakeWorker.ts';
import { JobRunner, type JobState, type JobTask } from './jobRunner.ts';

/** A task that resolves or rejects when the test says, and records its signal. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const signals: AbortSignal[] = [];
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const task: JobTask<T> = (_api, signal) => {
    signals.push(signal);
    return promise;
  };
  return { task, resolve, reject, signals };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function setup() {
  const { bridge, workers } = fakeWorkerBridge();
  const states: JobState<string>[] = [];
  const runner = new JobRunner<string>(bridge, 'fig4', (s) => states.push(s), 0);
  const last = () => states[states.length - 1];
  return { bridge, workers, runner, last };
}

describe('JobRunner (one figure’s computations on its channel)', () => {
  it('runs the wanted key once, and keeps the result for that key', async () => {
    const { runner, last, workers } = setup();
    const job = deferred<string>();
    runner.want('k1', job.task);
    expect(last().status).toBe('loading');
    await tick();
    runner.want('k1', job.task); // the same key again (a re-render): nothing new starts
    job.resolve('figure 1');
    await tick();
    expect(last()).toMatchObject({ status: 'ready', value: 'figure 1', valueKey: 'k1' });
    expect(job.signals).toHaveLength(1);
    runner.want('k1', job.task);
    expect(job.signals).toHaveLength(1);
    expect(workers).toHaveLength(1);
  });

  it('shows a partial result as the current key’s value while the run goes on, then the whole', async () => {
    const { runner, last } = setup();
    const job = deferred<string>();
    let partial!: (value: string) => void;
    runner.want('k1', (api, signal, onProgress, onPartial) => {
      partial = onPartial;
      return job.task(api, signal, onProgress, onPartial);
    });
    await tick();
    partial('points');
    expect(last()).toMatchObject({ status: 'loading', value: 'points', valueKey: 'k1' });
    job.resolve('points and bands');
    await tick();
    expect(last()).toMatchObject({ status: 'ready', value: 'points and bands', valueKey: 'k1' });
  });

  it('Cancel aborts the signal and terminates the channel’s worker; the previous result stays, and Run again restarts', async () => {
    const { bridge, runner, last, workers } = setup();
    const first = deferred<string>();
    runner.want('k1', first.task);
    await tick();
    first.resolve('old');
    await tick();
    const second = deferred<string>();
    runner.want('k2', second.task);
    await tick();
    expect(bridge.liveWorkers()).toBe(1);
    runner.cancel();
    expect(second.signals[0].aborted).toBe(true);
    expect(workers[0].terminated).toBe(true);
    expect(bridge.liveWorkers()).toBe(0);
    expect(last()).toMatchObject({ status: 'cancelled', value: 'old', valueKey: 'k1' });
    runner.want('k2', second.task); // a re-render does not restart a cancelled key
    await tick();
    expect(second.signals).toHaveLength(1);
    runner.again();
    await tick();
    expect(second.signals).toHaveLength(2);
    expect(last().status).toBe('loading');
    expect(workers).toHaveLength(2);
  });

  it('a new key aborts the stale run', async () => {
    const { runner } = setup();
    const first = deferred<string>();
    runner.want('k1', first.task);
    await tick();
    runner.want('k2', deferred<string>().task);
    expect(first.signals[0].aborted).toBe(true);
  });

  it('offers a retry after a failure of the worker, not after an input error, and never loops on a failure', async () => {
    const { runner, last } = setup();
    const broken = deferred<string>();
    runner.want('k1', broken.task);
    await tick();
    broken.reject(new Error('out of memory'));
    await tick();
    expect(last()).toMatchObject({ status: 'error', retryable: true });
    expect(last().message).toMatch(/out of memory/);
    runner.want('k1', broken.task);
    expect(broken.signals).toHaveLength(1);
    const wrong = deferred<string>();
    runner.want('k2', wrong.task);
    await tick();
    wrong.reject(new InputError('rank 8437 is outside 1..5000'));
    await tick();
    expect(last()).toMatchObject({ status: 'error', retryable: false, message: 'rank 8437 is outside 1..5000' });
  });

  it('stops the run when nothing may run (off screen), and starts it again when wanted', async () => {
    const { runner, last } = setup();
    const job = deferred<string>();
    runner.want('k1', job.task);
    await tick();
    runner.want('k1', null);
    expect(job.signals[0].aborted).toBe(true);
    expect(last().status).toBe('idle');
    runner.want('k1', job.task);
    await tick();
    expect(job.signals).toHaveLength(2);
  });
});
