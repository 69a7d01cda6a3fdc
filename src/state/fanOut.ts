/**
 * The one fan-out of a job's work over several workers (its lanes, jobRunner.ts): the two-worker fits of Figure 7
 * and the intervals' lanes. Each lane takes the next item as soon as it is free, so that no lane waits at the end
 * for another, and the page (and a Cancel) gets a turn before each item. A failing item stops the others (their
 * workers terminated) and its error is the fan-out's; an abort of `signal` stops them all.
 */
import { abortError } from './workerBridge.ts';
import type { Lane } from './jobRunner.ts';

/**
 * `work(lane, item, index, signal)` for every item, on the lanes in turn: results in the items' order. `lane` runs
 * on the item's worker, tied to the fan-out's signal (`signal`, which `work` checks before it shows anything).
 */
export async function fanOut<I, R>(
  lanes: readonly Lane[],
  items: readonly I[],
  work: (lane: Lane, item: I, index: number, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  if (signal?.aborted) stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const results: R[] = new Array(items.length);
  let taken = 0;
  const take = async (lane: Lane) => {
    for (;;) {
      // Before each item the page (and a Cancel) gets a turn: inline (tests) each call blocks until done.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (stop.signal.aborted || taken >= items.length) return;
      const index = taken++;
      const bound: Lane = (task, own) => lane(task, own ?? stop.signal);
      results[index] = await work(bound, items[index], index, stop.signal);
    }
  };
  try {
    await Promise.all(lanes.map(take));
  } catch (error) {
    stop.abort();
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (stop.signal.aborted) throw abortError();
  return results;
}
