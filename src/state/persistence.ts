/**
 * Where the user's work is kept between visits: IndexedDB (idb-keyval), which stores typed arrays as they are and
 * has room for data of any size. Slots: `work` (the current document), `previous` (the work that was showing when
 * a shared link replaced it, so that opening a link never silently destroys anything), and `data:KEY` (one
 * recommender's rank data, written once when the data change, so that changing a setting saves a few bytes).
 * Tests pass an in-memory store.
 */
import { createStore, del, get, keys, set } from 'idb-keyval';

export interface WorkStorage {
  load(key: string): Promise<unknown>;
  save(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

export function indexedDbStorage(): WorkStorage {
  const store = createStore('sampled-metrics-explorer', 'documents');
  return {
    load: (key) => get(key, store),
    save: (key, value) => set(key, value, store),
    remove: (key) => del(key, store),
    keys: async () => (await keys(store)).map(String),
  };
}

export function memoryStorage(): WorkStorage & { readonly slots: Map<string, unknown> } {
  const slots = new Map<string, unknown>();
  return {
    slots,
    load: async (key) => structuredClone(slots.get(key)),
    save: async (key, value) => void slots.set(key, structuredClone(value)),
    remove: async (key) => void slots.delete(key),
    keys: async () => [...slots.keys()],
  };
}
