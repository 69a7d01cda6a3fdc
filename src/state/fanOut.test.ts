import { describe, expect, it } from 'vitest';
import { fanOut } from './fanOut.ts';
import type { Lane } from './jobRunner.ts';
import { isAbortError, type AsyncApi } from './workerBridge.ts';

/** A lane that records which items it ran and the signal it was given, on a stand-in API. */
function lane(name: string, log: string[], signals: AbortSignal[]): Lane {
  return (task, signal) => {
    if (signal) signals.push(signal);
    return task({ name } as unknown as AsyncApi).then((value) => {
      log.push(name);
      return value;
    });
  };
}

const later = <T>(value: T, ms = 5) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('fanOut (work shared by a job’s workers)', () => {
  it('gives each free lane the next item, and returns the results in the items’ order', async () => {
    const log: string[] = [];
    const signals: AbortSignal[] = [];
    const lanes = [lane('a', log, signals), lane('b', log, signals)];
    // The first item is slow: lane a is busy with it while lane b takes the second and the third.
    const results = await fanOut(lanes, [30, 1, 1], (run, ms, index) =>
      run((api) => later(`${(api as unknown as { name: string }).name}${index}`, ms)),
    );
    expect(results).toEqual(['a0', 'b1', 'b2']);
    expect(log).toEqual(['b', 'b', 'a']);
    expect(signals.every((s) => !s.aborted)).toBe(true);
  });

  it('a failing item stops the others (their signal aborts) and its error is the fan-out’s', async () => {
    const signals: AbortSignal[] = [];
    const lanes = [lane('a', [], signals), lane('b', [], signals)];
    const started: number[] = [];
    const run = fanOut(lanes, [0, 1, 2, 3], (go, item) => {
      started.push(item);
      return go(() => (item === 1 ? Promise.reject(new Error('out of memory')) : later(item, 20)));
    });
    await expect(run).rejects.toThrow('out of memory');
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((s) => s.aborted)).toBe(true);
    await later(null, 40);
    expect(started).toEqual([0, 1]);
  });

  it('stops taking items when the job is cancelled, and says so with an AbortError', async () => {
    const controller = new AbortController();
    const taken: number[] = [];
    const run = fanOut(
      [lane('a', [], [])],
      [0, 1, 2],
      (go, item) => {
        taken.push(item);
        if (item === 0) controller.abort();
        return go(() => later(item));
      },
      controller.signal,
    );
    await expect(run).rejects.toSatisfy(isAbortError);
    expect(taken).toEqual([0]);
  });
});
