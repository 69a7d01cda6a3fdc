/** Replacing the whole document: a configuration file, a data set, restored work, a shared link. */
import { cancelTask, refreshAll } from './actions.ts';
import type { ExplorerDocument } from './document.ts';
import { parseTexts } from './recommenderActions.ts';
import { entriesOf, explorerStore as store } from './store.ts';

/** Lets the browser paint between two large updates, so that neither makes a long task with the other. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function applyDocument(document: ExplorerDocument): Promise<void> {
  cancelTask('study');
  store.setState({
    settings: document.settings,
    recommenders: entriesOf(document),
    study: { status: 'idle', value: null },
  });
  void parseTexts();
  await nextTask();
  return refreshAll();
}
