/**
 * The results' Monte Carlo study (Krichene & Rendle Tables 2–4): a long job with progress, cancellation and retry,
 * the same worker job as the Tables tab's studies (workers/study.ts).
 */
import { proxy } from 'comlink';
import { methodIds } from '../core/index.ts';
import { activeRecommenders, cancelTask, failure, startTask } from './actions.ts';
import { withRankSources } from './rankUpload.ts';
import { explorerStore as store } from './store.ts';

export async function runStudy(): Promise<void> {
  const state = store.getState();
  const { metrics, itemCount, sampleSize, sampling, prior, gammas, seed, repetitions, ties } = state.settings;
  const methods = methodIds(gammas);
  const active = activeRecommenders(state);
  // The tie rule goes to the core's simulation, which orders tied items in each repetition (workers/study.ts).
  const request = {
    recommenders: active,
    metrics,
    methods,
    itemCount,
    sampleSize,
    sampling,
    prior,
    seed,
    repeats: repetitions,
    ...(ties ? { ties } : {}),
  };
  const previous = state.study.value;
  store.setState({ study: { status: 'loading', value: previous, progress: 0 } });
  const outcome = await startTask('study', (job) =>
    job.worker(async (api) => api.studyTables(await withRankSources(api, request), proxy(job.onProgress))),
  );
  if (outcome === null) return;
  if ('error' in outcome) {
    store.setState({ study: failure(outcome.error, previous) });
    return;
  }
  const { results, orderings, winners } = outcome.value;
  const value = { results, orderings, winners, repetitions, seed, sampleSize, metrics, methods };
  store.setState({ study: { status: 'ready', value } });
}

export function cancelStudy(): void {
  cancelTask('study');
  const study = store.getState().study;
  store.setState({ study: { status: 'idle', value: study.value } });
}
