/**
 * The intervals over users (workers/intervals.ts): after the point values are shown, B resamples of the users give
 * a 95% interval for every value and every pairwise difference. For sampled ranks they run on a channel of their
 * own, one call per group of methods (the vector methods first, then each rank-distribution fit), so that they
 * fill in while the rest computes; for true ranks one call for the exact metrics on the table's channel, after it.
 * Cancel keeps the point values and what has filled in.
 */
import type { Definitions, RankData, SamplingSetup } from '../core/index.ts';
import { intervalTasks } from '../core/resampleSlices.ts';
import type { PriorSpec } from '../core/index.ts';
import { proxy } from 'comlink';
import type { RankKind } from './document.ts';
import type { MethodGroup } from './estimatorSettings.ts';
import { withRankSources, type NamedRequest } from './rankUpload.ts';
import { explorerStore as store, type IntervalsResult } from './store.ts';
import { fanOut } from './fanOut.ts';
import { cancelTask, failure, startTask } from './tasks.ts';
import type { AsyncApi } from './workerBridge.ts';
import type { IntervalDraws, IntervalRequest, IntervalResult } from '../../workers/intervals.ts';

export interface IntervalPlan extends SamplingSetup {
  readonly rankKind: RankKind;
  readonly recommenders: readonly { readonly name: string; readonly data: RankData }[];
  readonly metrics: readonly string[];
  /** Groups of methods in the order they are computed; true ranks: one group, `exact`. */
  readonly groups: readonly MethodGroup[];
  readonly prior: PriorSpec;
  readonly replicates: number;
  readonly seed: number;
  /** The chosen definitions the values follow on each resample (sampled ranks: the tie rule of the estimates). */
  readonly definitions?: Definitions;
  /** Sampled ranks: the ids the estimates were computed for (variant-qualified, store.ts EstimatesResult). */
  readonly computedMetrics?: readonly string[];
}

const LEVEL = 0.95;

/** The message of intervals stopped by the user (not a failure: the page offers to compute them again). */
export const INTERVALS_CANCELLED = 'The intervals were cancelled.';

/** Users in a recommender's data (its counts summed). */
function userCount(data: RankData): number {
  let users = 0;
  for (const w of data.weights) users += w;
  return users;
}

/** Aborts the intervals being computed and forgets the old ones: the values they were about are gone. */
export function clearIntervals(): void {
  cancelTask('intervals');
  store.setState({ intervals: { status: 'idle', value: null } });
}

/** Stops the intervals at the user's request: what has filled in stays, and the page says they were cancelled. */
export function cancelIntervals(): void {
  if (!cancelTask('intervals')) return;
  const value = store.getState().intervals.value;
  store.setState({ intervals: { status: 'error', value, message: INTERVALS_CANCELLED, retryable: true } });
}

/**
 * How many workers share a fit's resamples: one per core but one (for the page and the figures), at most eight; on
 * two cores both (the page is idle while the fits run, and they are most of the wait).
 */
function fitLanes(): number {
  const cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(8, cores <= 2 ? cores : cores - 1));
}

/** The worker request of group `g` of the plan. */
function intervalRequest(plan: IntervalPlan, g: number): NamedRequest<IntervalRequest> {
  const { recommenders } = plan;
  const { itemCount, sampleSize, sampling, prior, metrics, replicates, seed, rankKind } = plan;
  const { methods, fit } = plan.groups[g];
  return {
    recommenders,
    metrics,
    methods,
    rankKind,
    itemCount,
    sampleSize,
    sampling,
    prior,
    replicates,
    seed,
    level: LEVEL,
    ...(fit ? { fit } : {}),
    ...(plan.definitions ? { definitions: plan.definitions } : {}),
    ...(plan.computedMetrics ? { computedMetrics: plan.computedMetrics } : {}),
  };
}

/** The intervals with one more group's values and differences. */
function merged(current: IntervalsResult, result: IntervalResult): IntervalsResult {
  const values = { ...current.values };
  result.methods.forEach((method, i) => (values[method] = result.values.map((byMethod) => byMethod[i])));
  return { ...current, values, differences: [...current.differences, ...result.differences], paired: result.paired };
}

/**
 * Computes the intervals of `plan` into the store, group by group as they complete (the first in one worker, each
 * fit's resamples shared by parallel workers where the machine has the cores); idle when B is 0 or there is nothing
 * to do.
 */
export async function runIntervals(plan: IntervalPlan): Promise<void> {
  if (plan.replicates < 1 || plan.recommenders.length === 0 || plan.groups.length === 0) {
    clearIntervals();
    return;
  }
  const methods = plan.groups.flatMap((g) => g.methods);
  const empty: IntervalsResult = {
    rankKind: plan.rankKind,
    recommenders: plan.recommenders.map((r) => r.name),
    metrics: plan.metrics,
    methods,
    values: {},
    differences: [],
    users: plan.recommenders.map((r) => userCount(r.data)),
    paired: plan.recommenders.map(() => false),
    replicates: plan.replicates,
    seed: plan.seed,
    level: LEVEL,
  };
  store.setState({ intervals: { status: 'loading', value: empty, progress: 0 } });
  let current = empty;
  const { groups } = plan;
  const done = new Float64Array(groups.length);
  const channel = plan.rankKind === 'true' ? 'table' : 'intervals';
  const outcome = await startTask<IntervalsResult>(
    'intervals',
    async (job) => {
      // Progress over the groups (the runner passes it to the store at most every 250 ms: every lane reports each
      // resample; the gap between the NCF intervals in the page and in the workers was not this but eq 14's per-n
      // tables; this only spares the page renders nobody can see).
      const report = (g: number, fraction: number) => {
        done[g] = fraction;
        job.onProgress(
          done.reduce((a, b) => a + b, 0),
          groups.length,
        );
      };
      const show = (g: number, result: IntervalResult) => {
        current = merged(current, result);
        done[g] = 1;
        const progress = done.reduce((a, b) => a + b, 0) / groups.length;
        store.setState({ intervals: { status: 'loading', value: current, progress } });
      };
      // The work as tasks that `lanes` workers take in order (fanOut.ts): the vector methods' group whole (its cost
      // is a fixed set-up, the same in every slice: NCF-sampled MovieLens 1.2 s of its 1.3 s), each fit's group in
      // `lanes` slices of its resamples. A lane that finishes a task takes the next, so no lane waits at the end of a
      // group for another; the lane that finishes a group's last slice joins it (the same values as one worker's
      // run) and shows it, while the others go on. A failing group stops the others.
      const lanes = plan.rankKind === 'true' ? 1 : fitLanes();
      const { tasks, slices } = intervalTasks(groups.length, plan.replicates, lanes);
      const drawn = slices.map((count) => Array.from({ length: count }, (): IntervalDraws | null => null));
      const counts = slices.map((count) => new Float64Array(count));
      await fanOut(
        Array.from({ length: lanes }, (_, l) => job.lane(l)),
        tasks,
        async (lane, { g, slice, index }, _i, signal) => {
          const request = (api: AsyncApi) => withRankSources(api, intervalRequest(plan, g));
          if (!slice) {
            const onProgress = (count: number, total: number) => report(g, count / total);
            const result = await lane(async (api) => api.bootstrapIntervals(await request(api), proxy(onProgress)));
            if (!signal.aborted) show(g, result);
            return;
          }
          const onProgress = (count: number) => {
            counts[g][index] = count;
            report(g, counts[g].reduce((a, b) => a + b, 0) / plan.replicates);
          };
          drawn[g][index] = await lane(async (api) => api.bootstrapDraws(await request(api), slice, proxy(onProgress)));
          if (signal.aborted || !drawn[g].every((d) => d !== null)) return;
          const all = drawn[g] as IntervalDraws[];
          const result = await lane(async (api) => api.joinIntervals(await request(api), all));
          if (!signal.aborted) show(g, result);
        },
        job.signal,
      );
      return current;
    },
    channel,
  );
  if (outcome === null) return;
  store.setState({
    intervals: 'value' in outcome ? { status: 'ready', value: outcome.value } : failure(outcome.error, current),
  });
}
