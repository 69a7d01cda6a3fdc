import { describe, expect, it } from 'vitest';
import { InputError } from '../core/index.ts';
import { fakeWorkerBridge } from '../../test/fakeWorker.ts';
import { fitsBytes, resultCache, STORED_BYTES, STORED_ENTRIES, type StoreLike } from './resultCache.ts';
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
  const task: JobTask<T> = (job) =>
    job.worker(() => {
      signals.push(job.signal);
      return promise;
    });
  return { task, resolve, reject, signals };
}

/** An IndexedDB stand-in: its slots, and the store over them. */
function memoryStore(): { slots: Map<string, unknown>; store: StoreLike } {
  const slots = new Map<string, unknown>();
  const store: StoreLike = {
    get: async (key) => slots.get(key),
    set: async (key, value) => void slots.set(key, value),
    del: async (key) => void slots.delete(key),
  };
  return { slots, store };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function setup() {
  const { bridge, workers } = fakeWorkerBridge();
  const states: JobState<string>[] = [];
  const cache = resultCache(null, 'test');
  const runner = new JobRunner<string>(bridge, 'fig4', (s) => states.push(s), 0, cache);
  const last = () => states[states.length - 1];
  return { bridge, workers, runner, last, cache, states };
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
    runner.want('k1', (context) => {
      partial = context.onPartial;
      return job.task(context);
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

  it('going back to a request computed before shows its result at once, without a run', async () => {
    const { runner, last } = setup();
    const first = deferred<string>();
    runner.want('m=100', first.task);
    await tick();
    first.resolve('figure at m = 100');
    await tick();
    const second = deferred<string>();
    runner.want('m=101', second.task);
    await tick();
    second.resolve('figure at m = 101');
    await tick();
    const again = deferred<string>();
    runner.want('m=100', again.task);
    expect(last()).toMatchObject({ status: 'ready', value: 'figure at m = 100', valueKey: 'm=100' });
    await tick();
    expect(again.signals).toHaveLength(0);
  });

  it('a result stored by an earlier visit is read before computing; slow results are stored, fast ones not', async () => {
    const { slots, store } = memoryStore();
    const { bridge } = fakeWorkerBridge();
    const visit = () => {
      const states: JobState<string>[] = [];
      const runner = new JobRunner<string>(bridge, 'fig6', (s) => states.push(s), 0, resultCache(store, 'build-1'));
      return { runner, last: () => states[states.length - 1] };
    };
    const cache = resultCache(store, 'build-1');
    cache.remember('fig6', 'slow', 'figure 6 (slow)', 5000);
    cache.remember('fig6', 'fast', 'figure 6 (fast)', 10);
    await tick();
    expect([...slots.keys()].sort()).toEqual(['build-1|fig6|slow', 'index']);
    const later = visit();
    const job = deferred<string>();
    later.runner.want('slow', job.task);
    await tick();
    expect(later.last()).toMatchObject({ status: 'ready', value: 'figure 6 (slow)' });
    expect(job.signals).toHaveLength(0);
    // Another build computes again.
    const states: JobState<string>[] = [];
    const newer = new JobRunner<string>(bridge, 'fig6', (s) => states.push(s), 0, resultCache(store, 'build-2'));
    newer.want('slow', job.task);
    await tick();
    expect(job.signals).toHaveLength(1);
  });

  it('keeps large results in memory only (IndexedDB would copy them on the page’s thread)', async () => {
    const { slots, store } = memoryStore();
    const cache = resultCache(store, 'b');
    const big = { request: {}, result: { curve: new Float64Array(STORED_BYTES / 8 + 1) } };
    cache.remember('fig1', 'big', big, 5000);
    cache.remember('fig1', 'small', { result: [1, 2, 3] }, 5000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(slots.has('b|fig1|big')).toBe(false);
    expect(slots.has('b|fig1|small')).toBe(true);
    expect(cache.recall('fig1', 'big')).toBe(big);
    expect(fitsBytes({ a: [new Float64Array(10), 'xy'] }, 100)).toBe(true);
    expect(fitsBytes({ a: [new Float64Array(20)] }, 100)).toBe(false);
  });

  it('keeps at most STORED_ENTRIES results in IndexedDB, the oldest dropped first', async () => {
    const { slots, store } = memoryStore();
    const cache = resultCache(store, 'b');
    for (let i = 0; i < STORED_ENTRIES + 3; i++) cache.remember('fig7', `k${i}`, i, 1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slots.size).toBe(STORED_ENTRIES + 1); // and the index
    expect(slots.has('b|fig7|k0')).toBe(false);
    expect(slots.has(`b|fig7|k${STORED_ENTRIES + 2}`)).toBe(true);
  });
});

describe('JobRunner.run (a job an action starts now: the store’s table, estimates, intervals, data)', () => {
  it('resolves with the value; a newer run replaces the one running, which resolves with null', async () => {
    const { runner } = setup();
    const first = deferred<string>();
    const replaced = runner.run(first.task);
    await tick();
    const second = deferred<string>();
    const current = runner.run(second.task);
    expect(first.signals[0].aborted).toBe(true);
    expect(await replaced).toBeNull();
    second.resolve('table');
    expect(await current).toEqual({ value: 'table' });
  });

  it('resolves with the failure, and Cancel says whether a run was stopped (it resolves with null)', async () => {
    const { runner } = setup();
    const broken = deferred<string>();
    const failed = runner.run(broken.task);
    await tick();
    broken.reject(new InputError('rank 8437 is outside 1..5000'));
    const outcome = await failed;
    expect(outcome && 'error' in outcome && (outcome.error as Error).message).toBe('rank 8437 is outside 1..5000');
    expect(runner.cancel()).toBe(false);
    const slow = deferred<string>();
    const cancelled = runner.run(slow.task);
    await tick();
    expect(runner.cancel()).toBe(true);
    expect(await cancelled).toBeNull();
    expect(slow.signals[0].aborted).toBe(true);
  });

  it('runs on another channel when asked (the true ranks’ intervals on the table’s), its lanes beside it', async () => {
    const { bridge } = fakeWorkerBridge();
    const channels: string[] = [];
    const run: typeof bridge.run = (channel, signal, task) => {
      channels.push(channel);
      return bridge.run(channel, signal, task);
    };
    const logged = { ...bridge, run };
    const other = new JobRunner<string>(logged, 'intervals', () => {}, 0, null);
    const done = other.run(async (job) => {
      await Promise.all([job.worker(async () => 'a'), job.lane(1)(async () => 'b'), job.lane(2)(async () => 'c')]);
      return 'done';
    }, 'table');
    expect(await done).toEqual({ value: 'done' });
    expect(channels).toEqual(['table', 'table-2', 'table-3']);
  });
});
