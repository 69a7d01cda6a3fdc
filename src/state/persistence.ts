/**
 * Where the user's work is kept between visits: IndexedDB (idb-keyval), which stores typed arrays as they are and
 * has room for data of any size. Two slots: the current work, and the work that was showing when a shared link
 * replaced it (so that opening a link never silently destroys anything). Tests pass an in-memory store.
 */
import { createStore, del, get, set } from 'idb-keyval';

export type Slot = 'work' | 'previous';

export interface WorkStorage {
  load(slot: Slot): Promise<unknown>;
  save(slot: Slot, value: unknown): Promise<void>;
  remove(slot: Slot): Promise<void>;
}

export function indexedDbStorage(): WorkStorage {
  const store = createStore('sampled-metrics-explorer', 'documents');
  return {
    load: (slot) => get(slot, store),
    save: (slot, value) => set(slot, value, store),
    remove: (slot) => del(slot, store),
  };
}

export function memoryStorage(): WorkStorage & { readonly slots: Map<Slot, unknown> } {
  const slots = new Map<Slot, unknown>();
  return {
    slots,
    load: async (slot) => structuredClone(slots.get(slot)),
    save: async (slot, value) => void slots.set(slot, structuredClone(value)),
    remove: async (slot) => void slots.delete(slot),
  };
}
