import { useStore } from 'zustand';
import { explorerStore, type ExplorerState } from '../state/store.ts';

/** Subscribes a component to one slice of the explorer store (select one field or a stable value). */
export function useExplorer<T>(selector: (state: ExplorerState) => T): T {
  return useStore(explorerStore, selector);
}
