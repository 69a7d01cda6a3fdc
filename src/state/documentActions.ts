/** Replacing the whole document: a configuration file, a data set, restored work, a shared link. */
import { cancelTask, refreshAll } from './actions.ts';
import type { ExplorerDocument } from './document.ts';
import { parseTexts } from './recommenderActions.ts';
import { entriesOf, explorerStore as store } from './store.ts';

export function applyDocument(document: ExplorerDocument): Promise<void> {
  cancelTask('study');
  store.setState({
    settings: document.settings,
    recommenders: entriesOf(document),
    study: { status: 'idle', value: null },
  });
  void parseTexts();
  return refreshAll();
}
