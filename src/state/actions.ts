/**
 * Computation actions: plain module functions that start the computations and put their results in the store
 * (zustand's "actions outside the store"). Each kind of job has its own worker; a new request aborts the one it
 * replaces, which terminates that worker (tasks.ts, workerBridge.ts), so stale work never finishes. The point
 * values come first; the intervals over users follow (intervalActions.ts).
 */
import { rankSummary } from '../io/rankHistogram.ts';
import { definedMetricIds, formatInteger } from '../core/index.ts';
import {
  estimateMethodIds,
  estimatorSettingsOf,
  intervalGroups,
  pointGroups,
  type MethodGroup,
} from './estimatorSettings.ts';
import { cancelIntervals, clearIntervals, runIntervals, type IntervalPlan } from './intervalActions.ts';
import { definitionsOf, tieResolvedData } from './definitions.ts';
import { computeTable, type NamedData } from './jobs.ts';
import { explorerStore as store, type ExplorerState } from './store.ts';
import type { RecommenderEntry } from './store.ts';
import { proxy } from 'comlink';
import type { JobContext } from './jobRunner.ts';
import { withRankSources } from './rankUpload.ts';
import { cancelTask, failure, replaceBridge, startTask } from './tasks.ts';
import type { Bridge } from './workerBridge.ts';

export { cancelTask, currentBridge, failure, startTask } from './tasks.ts';
export type { JobKey } from './tasks.ts';

type Value<K extends 'table' | 'estimates' | 'study'> = NonNullable<ExplorerState[K]['value']>;

let pending: ReturnType<typeof setTimeout> | null = null;

/** Replaces the bridge (tests pass an inline one; null goes back to the app's workers); pending work is dropped. */
export function setBridge(next: Bridge | null): void {
  if (pending !== null) clearTimeout(pending);
  pending = null;
  replaceBridge(next);
}

/** Runs a job into the store; its value once stored, null when it failed or a newer job replaced it. */
export async function runJob<K extends 'table' | 'estimates' | 'study'>(
  key: K,
  task: (job: JobContext<never>) => Promise<Value<K>>,
): Promise<Value<K> | null> {
  const previous = store.getState()[key].value;
  store.setState({ [key]: { status: 'loading', value: previous } });
  const outcome = await startTask(key, task);
  if (outcome === null) return null;
  store.setState({
    [key]: 'value' in outcome ? { status: 'ready', value: outcome.value } : failure(outcome.error, previous),
  });
  return 'value' in outcome ? outcome.value : null;
}

/**
 * "100, 100, 100" for a short list (as typed, or the last valid ranks while the text has a problem);
 * "6,040 users, ranks 1 to 3,706" for anything longer.
 */
export function ranksTextOf(entry: RecommenderEntry): string {
  const tokens = entry.text?.split(/[\s,;]+/).filter((t) => t !== '') ?? [];
  if (entry.text !== null && entry.problem === null && tokens.length <= 8) return tokens.join(', ');
  if (!entry.data) return '';
  const s = rankSummary(entry.data);
  if (!s.grouped && s.instances <= 8 && entry.data.weights.every(Number.isInteger)) {
    return Array.from(entry.data.ranks)
      .flatMap((r, i) => Array<number>(entry.data!.weights[i]).fill(r))
      .join(', ');
  }
  const users = `${formatInteger(s.instances)} ${s.instances === 1 ? 'user' : 'users'}`;
  return `${users}, ranks ${formatInteger(s.minRank)} to ${formatInteger(s.maxRank)}`;
}

/** The recommenders the results are about: shown, and with valid data. */
export function activeRecommenders(state: ExplorerState): NamedData[] {
  return state.recommenders
    .filter((r) => !r.hidden && r.data !== null)
    .map((r) => ({ name: r.name, data: r.data!, ranksText: ranksTextOf(r) }));
}

/** Recomputes the table of exact and expected sampled metrics (true ranks), then the exact metrics' intervals. */
export async function refreshTable(): Promise<void> {
  clearIntervals();
  const state = store.getState();
  const { metrics, itemCount, sampleSize, sampling } = state.settings;
  const definitions = definitionsOf(state.settings);
  const recommenders = activeRecommenders(state);
  const request = { recommenders, metrics, itemCount, sampleSize, sampling, ...(definitions ? { definitions } : {}) };
  const table = await runJob('table', async (job) => ({
    rows: await job.worker((api) => computeTable(api, request)),
    itemCount,
    sampleSize,
    sampling,
    metrics,
    ...(definitions ? { definitions } : {}),
  }));
  if (table !== null && store.getState().table.value === table) {
    void runIntervals(intervalPlan(state, recommenders, [{ methods: ['exact'] }]));
  }
}

/** True when every relevant item's rank is a possible sampled rank: at most m + |R| in its instance. */
export function fitsSample(data: NamedData['data'], sampleSize: number): boolean {
  for (let i = 0; i + 1 < data.offsets.length; i++) {
    const limit = sampleSize + data.offsets[i + 1] - data.offsets[i];
    for (let j = data.offsets[i]; j < data.offsets[i + 1]; j++) if (data.ranks[j] > limit) return false;
  }
  return true;
}

/** What the intervals of the current results are computed from: the same data, settings and methods. */
function intervalPlan(
  state: ExplorerState,
  recommenders: readonly NamedData[],
  groups: readonly MethodGroup[],
): IntervalPlan {
  const { rankKind, metrics, itemCount, sampleSize, sampling, prior, seed } = state.settings;
  const { replicates } = estimatorSettingsOf(state.settings.estimators);
  const plan = { rankKind, metrics, groups, itemCount, sampleSize, sampling, prior, replicates, seed };
  if (rankKind === 'true') {
    // Exact values under the chosen definitions on each resample of the users (their grades and tie ranges travel
    // with them; each user's value computed once, core ties/userValues.ts), as the table computes them.
    const definitions = definitionsOf(state.settings);
    return { ...plan, recommenders, ...(definitions ? { definitions } : {}) };
  }
  // Estimates from sampled ranks: the intervals resample the users as the estimates saw them (optimistic and
  // pessimistic ties resolved; random: each user with its tie range, spread over it on every resample, as the
  // point estimates are).
  const definitions = definitionsOf({ ties: state.settings.ties });
  const resampled = recommenders.map((r) => ({ ...r, data: tieResolvedData(r.data, state.settings.ties) }));
  // The metrics read under the chosen variants, as the point estimates were (estimatesRequest).
  const computed = definedMetricIds(
    metrics,
    state.settings.variants,
    recommenders.map((r) => r.data),
  );
  const qualified = computed.some((id, j) => id !== metrics[j]);
  return {
    ...plan,
    recommenders: resampled,
    ...(definitions ? { definitions } : {}),
    ...(qualified ? { computedMetrics: computed } : {}),
  };
}

/** The estimates' recommenders (those whose ranks can be sampled ranks), those left out, and their methods. */
function estimatesRequest(state: ExplorerState) {
  const { gammas, sampleSize } = state.settings;
  const settings = estimatorSettingsOf(state.settings.estimators);
  const shown = activeRecommenders(state);
  const active = shown.filter((r) => fitsSample(r.data, sampleSize));
  const excluded = shown.filter((r) => !active.includes(r)).map((r) => r.name);
  const methods = estimateMethodIds(gammas, settings);
  const computed = definedMetricIds(
    state.settings.metrics,
    state.settings.variants,
    active.map((r) => r.data),
  );
  return { settings, active, excluded, methods, computed };
}

/**
 * Recomputes the estimates of the exact metrics from sampled ranks, by every method (the point values: one call,
 * or two when EM's stopping rule is the papers'), then their intervals over users. Recommenders whose ranks cannot
 * be sampled ranks (typed as true ranks before the switch) are left out and named.
 */
export async function refreshEstimates(): Promise<void> {
  clearIntervals();
  const state = store.getState();
  const { metrics, itemCount, sampleSize, sampling, prior } = state.settings;
  const { settings, active, excluded, methods, computed } = estimatesRequest(state);
  const definitions = definitionsOf(state.settings);
  const groups = pointGroups(methods, settings);
  const result = await runJob('estimates', async (job) => {
    const estimates = active.map(() => methods.map(() => [] as number[]));
    let done = 0;
    // Each group's solves, as a fraction of all the groups.
    const onProgress = (solved: number, total: number) => job.onProgress(done + solved / total, groups.length);
    for (const group of groups) {
      const values = await job.worker(async (api) =>
        api.estimateAll(
          await withRankSources(api, {
            recommenders: active,
            metrics: computed,
            methods: group.methods,
            itemCount,
            sampleSize,
            sampling,
            prior,
            ...(group.fit ? { fit: group.fit } : {}),
            ...(state.settings.ties ? { ties: state.settings.ties } : {}),
          }),
          proxy(onProgress),
        ),
      );
      group.methods.forEach((id, i) => values.forEach((row, r) => (estimates[r][methods.indexOf(id)] = row[i])));
      done += 1;
    }
    return {
      estimates,
      recommenders: active.map((r) => r.name),
      excluded,
      methods,
      metrics,
      itemCount,
      sampleSize,
      emRule: settings.emRule,
      ...(definitions ? { definitions } : {}),
      ...(computed.some((id, j) => id !== metrics[j]) ? { computedMetrics: computed } : {}),
    };
  });
  if (result !== null && store.getState().estimates.value === result) {
    void runIntervals(intervalPlan(state, active, intervalGroups(methods, settings)));
  }
}

/** Computes the intervals of the results on show again (after a Cancel, a new B or seed). */
export function refreshIntervals(): void {
  const state = store.getState();
  if (state.settings.rankKind === 'true') {
    if (state.table.status !== 'ready') return;
    void runIntervals(intervalPlan(state, activeRecommenders(state), [{ methods: ['exact'] }]));
    return;
  }
  if (state.estimates.status !== 'ready') return;
  const { settings, active, methods } = estimatesRequest(state);
  void runIntervals(intervalPlan(state, active, intervalGroups(methods, settings)));
}

/** Stops what is computing: the point estimates (the previous ones stay, with a retry), else the intervals. */
export function cancelEstimates(): void {
  if (!cancelTask('estimates')) {
    cancelIntervals();
    return;
  }
  clearIntervals();
  const value = store.getState().estimates.value;
  store.setState({
    estimates: { status: 'error', value, message: 'The estimates were cancelled.', retryable: true },
  });
}

/** Recomputes what the current kind of ranks shows; the other kind's results are cleared. */
export function refreshAll(): Promise<void> {
  if (pending !== null) clearTimeout(pending);
  pending = null;
  const trueRanks = store.getState().settings.rankKind === 'true';
  if (trueRanks) {
    cancelTask('estimates');
    store.setState({ estimates: { status: 'idle', value: null } });
  } else {
    cancelTask('table');
    store.setState({ table: { status: 'idle', value: null } });
  }
  return trueRanks ? refreshTable() : refreshEstimates();
}

/** Recomputes after typing has paused, so that "10000" does not start five computations. */
export function refreshSoon(delayMs = 150): void {
  if (pending !== null) clearTimeout(pending);
  pending = setTimeout(() => void refreshAll(), delayMs);
}
