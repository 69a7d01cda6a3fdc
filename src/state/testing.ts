/** Test set-up shared by the state tests: the store reset and every job run inline. */
import { setComputeBackends } from './actions.ts';
import { inlineBackend } from './inlineBackend.ts';
import { explorerStore, initialState } from './store.ts';

export function resetExplorer(): void {
  explorerStore.setState(initialState(), true);
  setComputeBackends({
    table: inlineBackend,
    estimates: inlineBackend,
    study: inlineBackend,
    input: inlineBackend,
    parse: inlineBackend,
    dataset: inlineBackend,
  });
}

/** Resolves once `check` holds for the store (polling; the actions debounce and run asynchronously). */
export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for the store');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
