/**
 * The intervals as the app computes a fit's group on a machine with `lanes` workers (src/state/intervalActions.ts):
 * each worker thread computes a slice of the B resamples (workers/intervals.ts bootstrapDraws), and the slices are
 * joined (intervalsFromDraws); one lane is bootstrapIntervals in process. The numbers are those of one run (tested).
 * The threads live from one fit's group to the next, as the app's workers do.
 */
import { Worker } from 'node:worker_threads';
import { intervalTasks, resampleSlices } from '../src/core/index.ts';
import {
  bootstrapIntervals,
  intervalsFromDraws,
  type IntervalDraws,
  type IntervalRequest,
  type IntervalResult,
  type ResampleSlice,
} from '../workers/intervals.ts';

/** A lane's worker thread, kept from one request to the next as the app keeps its workers. */
class Lane {
  private readonly worker = new Worker(new URL('./intervalLane.mjs', import.meta.url));
  private readonly ready = new Promise<void>((resolve, reject) => {
    this.worker.once('message', () => resolve());
    this.worker.once('error', reject);
  });

  async draws(request: IntervalRequest, slice: ResampleSlice): Promise<IntervalDraws> {
    await this.ready;
    return new Promise((resolve, reject) => {
      // Each call's listeners go when it settles (the thread serves many calls).
      const done = (draws: IntervalDraws) => {
        this.worker.off('error', failed);
        resolve(draws);
      };
      const failed = (error: Error) => {
        this.worker.off('message', done);
        reject(error);
      };
      this.worker.once('message', done);
      this.worker.once('error', failed);
      this.worker.postMessage({ request, slice });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** The lanes' threads, started on first use; `closeLanes` ends them. */
const threads: Lane[] = [];

export async function closeLanes(): Promise<void> {
  await Promise.all(threads.splice(0).map((lane) => lane.close()));
}

export async function intervalsInLanes(request: IntervalRequest, count: number): Promise<IntervalResult> {
  const slices = resampleSlices(request.replicates ?? 200, count);
  if (slices.length === 1) return bootstrapIntervals(request);
  while (threads.length < slices.length) threads.push(new Lane());
  return intervalsFromDraws(request, await Promise.all(slices.map((slice, k) => threads[k].draws(request, slice))));
}

/**
 * All of a sampled-ranks data set's interval groups as the app schedules them (src/state/intervalActions.ts): tasks
 * that `count` lane threads take in order, the first group (the vector methods) whole, each other group in a slice
 * per lane; a group's slices joined once all are in. The numbers are those of one run per group (tested).
 */
export async function scheduledIntervals(
  requests: readonly IntervalRequest[],
  count: number,
): Promise<IntervalResult[]> {
  while (threads.length < count) threads.push(new Lane());
  const replicates = requests[0].replicates ?? 200;
  const { tasks, slices } = intervalTasks(requests.length, replicates, count);
  const drawn = slices.map((n) => Array.from({ length: Math.max(1, n) }, (): IntervalDraws | null => null));
  const results: IntervalResult[] = [];
  let taken = 0;
  await Promise.all(
    threads.slice(0, count).map(async (lane) => {
      while (taken < tasks.length) {
        const { g, slice, index } = tasks[taken++];
        drawn[g][index] = await lane.draws(requests[g], slice ?? { from: 0, to: replicates });
        if (drawn[g].every((d) => d !== null))
          results[g] = intervalsFromDraws(requests[g], drawn[g] as IntervalDraws[]);
      }
    }),
  );
  return results;
}

/** Wall time of one async run, printed as bench() prints. */
export async function benchAsync<T>(name: string, run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await run();
  const ms = performance.now() - t0;
  console.log(`${name.padEnd(58)} median ${`${(ms / 1000).toFixed(2)} s`.padStart(9)}  (runs: 1)`);
  return { ms, value };
}

/**
 * The NCF-sampled MovieLens intervals (B = 200, each fit's group) computed as the app does on two cores: two workers
 * share each group's resamples; and the pasted ones (n = 50,000) as the app schedules them on two workers. `-- --lanes`.
 */
export async function runLaneBenches(quick: boolean, lanes = 2): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const { parseRankFile } = await import('../src/io/index.ts');
  const file = 'public/datasets/movielens-1m-ncf-sampled-ranks.csv';
  const ncfSetup = { itemCount: 3706, sampleSize: 99, sampling: 'without-replacement' as const };
  const parsed = parseRankFile(readFileSync(file, 'utf8'), { file, ...ncfSetup, sampled: true });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const replicates = quick ? 20 : 200;
  const groups = [['sampled', 'rank-estimate', 'cls', 'bv:0.1'], ['mle'], ['wmle'], ['mes'], ['bv-dist:0.1']];
  const request = (methods: string[]): IntervalRequest => ({
    ...ncfSetup,
    recommenders: [...parsed.value.recommenders],
    // The app's default metrics (src/state/toyExample.ts), whole-list NDCG among them.
    metrics: ['auc', 'ap', 'ndcg', 'recall@10'],
    methods,
    rankKind: 'sampled',
    replicates,
    seed: 1,
  });
  await benchAsync(
    `NCF-sampled intervals, every group as the app schedules them, B = ${replicates}, ${lanes} workers`,
    () => scheduledIntervals(groups.map(request), lanes),
  );
  await benchAsync(`NCF-sampled intervals, vector methods, B = ${replicates}, 1 worker`, () =>
    intervalsInLanes(request(groups[0]), 1),
  );
  for (const method of ['mle', 'wmle', 'mes', 'bv-dist:0.1']) {
    await benchAsync(`NCF-sampled intervals, ${method}, B = ${replicates}, ${lanes} workers`, () =>
      intervalsInLanes(
        {
          ...ncfSetup,
          recommenders: [...parsed.value.recommenders],
          // The app's default metrics (src/state/toyExample.ts), whole-list NDCG among them.
          metrics: ['auc', 'ap', 'ndcg', 'recall@10'],
          methods: [method],
          rankKind: 'sampled',
          replicates,
          seed: 1,
        },
        lanes,
      ),
    );
  }
  // Pasted sampled ranks (bench/pasted.ts): every group as the app schedules them, as for NCF above.
  const { sampledRanks } = await import('./pasted.ts');
  const pasted = (methods: string[]): IntervalRequest => ({
    itemCount: 50_000,
    sampleSize: 100,
    sampling: 'with-replacement' as const,
    recommenders: [sampledRanks('A', 1, 3), sampledRanks('B', 2, 2.5)],
    metrics: ['auc', 'ap', 'ndcg', 'recall@10', 'precision@10'],
    methods,
    rankKind: 'sampled' as const,
    replicates,
    seed: 1,
  });
  await benchAsync(
    `pasted 2 × 1,000, n = 50,000: intervals, every group as the app schedules them, B = ${replicates}, ${lanes} workers`,
    () => scheduledIntervals(groups.map(pasted), lanes),
  );
  await closeLanes();
}
