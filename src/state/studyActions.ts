/** The Monte Carlo study (Krichene & Rendle Tables 2–4): a long job with progress, cancellation and retry. */
import { proxy } from 'comlink';
import { methodIds } from '../core/index.ts';
import { activeRecommenders, cancelTask, failure, startTask } from './actions.ts';
import { rankInputs } from './rankUpload.ts';
import { explorerStore as store } from './store.ts';

export async function runStudy(): Promise<void> {
  const state = store.getState();
  const { metrics, itemCount, sampleSize, sampling, prior, gammas, seed, repetitions, ties } = state.settings;
  const methods = methodIds(gammas);
  const active = activeRecommenders(state);
  // The tie rule goes to the core's simulation, which orders tied items in each repetition (workers/jobs.ts).
  const request = {
    metrics,
    methods,
    itemCount,
    sampleSize,
    sampling,
    prior,
    seed,
    repetitions,
    ...(ties ? { ties } : {}),
  };
  const previous = state.study.value;
  store.setState({ study: { status: 'loading', value: previous, progress: 0 } });
  const onProgress = (done: number, total: number) => {
    const study = store.getState().study;
    if (study.status === 'loading') store.setState({ study: { ...study, progress: done / total } });
  };
  const outcome = await startTask('study', (backend, signal) =>
    backend.run(signal, async (api) =>
      api.runStudy({ ...request, recommenders: await rankInputs(api, active) }, proxy(onProgress)),
    ),
  );
  if (outcome === null) return;
  if ('error' in outcome) {
    store.setState({ study: failure(outcome.error, previous) });
    return;
  }
  const value = { ...outcome.value, repetitions, seed, sampleSize, metrics, methods };
  store.setState({ study: { status: 'ready', value } });
}

export function cancelStudy(): void {
  cancelTask('study');
  const study = store.getState().study;
  store.setState({ study: { status: 'idle', value: study.value } });
}
