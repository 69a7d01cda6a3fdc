/** Replacing the whole document: a configuration file, a data set, restored work, a shared link. */
import { cancelTask, refreshAll, startTask } from './actions.ts';
import { datasetById, DEFAULT_SYNTHETIC } from './datasets/registry.ts';
import type { ExplorerDocument } from './document.ts';
import { parseTexts } from './recommenderActions.ts';
import { entriesOf, explorerStore as store, type RecommenderEntry } from './store.ts';

/** Lets the browser paint between two large updates, so that neither makes a long task with the other. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Loads the data that a link names by data set instead of carrying them (restore.ts: linkDocument). */
async function resolveDatasets(): Promise<void> {
  const missing = store.getState().recommenders.filter((r) => r.dataset !== null && r.data === null);
  const groups = new Map<string, RecommenderEntry[]>();
  for (const r of missing) {
    const key = JSON.stringify([r.dataset!.id, r.dataset!.params]);
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const entries of groups.values()) {
    const { id, params } = entries[0].dataset!;
    const dataset = datasetById(id);
    if (!dataset) continue;
    const outcome = await startTask('dataset', (job) => dataset.load(job, params ?? DEFAULT_SYNTHETIC));
    if (outcome === null) return; // a newer document replaced this one
    if ('error' in outcome) {
      const message = `The data of ${entries.map((e) => e.name).join(', ')} (${dataset.label}) could not be loaded: ${(outcome.error as Error).message}`;
      store.setState({ notice: { tone: 'error', message } });
      continue;
    }
    const loaded = outcome.value.recommenders;
    store.setState((s) => ({
      recommenders: s.recommenders.map((r) => {
        const from = entries.find((e) => e.id === r.id);
        const data = from && r.data === null ? loaded[from.dataset!.index]?.data : undefined;
        return data ? { ...r, data } : r;
      }),
    }));
  }
}

export async function applyDocument(document: ExplorerDocument): Promise<void> {
  cancelTask('study');
  store.setState({
    settings: document.settings,
    view: document.view,
    recommenders: entriesOf(document),
    study: { status: 'idle', value: null },
  });
  void parseTexts();
  await resolveDatasets();
  await nextTask();
  return refreshAll();
}
