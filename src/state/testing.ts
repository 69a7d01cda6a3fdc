/** Test set-up shared by the state tests: the store reset and every job run inline on the worker API. */
import { api } from '../../workers/api.ts';
import { setBridge } from './actions.ts';
import { explorerStore, initialState } from './store.ts';
import { inlineBridge } from './workerBridge.ts';

/** The worker API on the calling thread, derived from the API object. */
export const inline = inlineBridge(api);

export function resetExplorer(): void {
  explorerStore.setState(initialState(), true);
  setBridge(inline);
}

/** Resolves once `check` holds for the store (polling; the actions debounce and run asynchronously). */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for the store');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
