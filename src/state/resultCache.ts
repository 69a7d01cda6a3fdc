/**
 * Finished figure results by (channel, request key), so that going back to a setting, to a tab, or reopening a link
 * shows the figure at once instead of recomputing it (issue 13): the last MEMORY_ENTRIES results in memory, and in
 * IndexedDB those that took at least STORE_AFTER_MS (the MovieLens views) and hold at most STORED_BYTES, the last
 * STORED_ENTRIES of them.
 * Stored results are keyed by the build as well (BUILD_ID): a new version of the app never shows a result an older
 * one computed. The request key names every input (requestKey.ts), so a hit is the same computation's result.
 */
import { createStore, del, get, set } from 'idb-keyval';

export interface ResultCache {
  /** A result in memory, or undefined. */
  recall(channel: string, key: string): unknown;
  /** A stored result (IndexedDB), or undefined; never throws. */
  load(channel: string, key: string): Promise<unknown>;
  /** Keeps a finished result; stores it too when it took `elapsedMs` ≥ STORE_AFTER_MS. */
  remember(channel: string, key: string, value: unknown, elapsedMs: number): void;
}

export const MEMORY_ENTRIES = 32;
export const STORED_ENTRIES = 40;
export const STORE_AFTER_MS = 750;
/**
 * Larger results stay in memory only: IndexedDB copies a value (structured clone) on the page's thread, and a
 * figure of 10^6 points would block it for tens of milliseconds.
 */
export const STORED_BYTES = 2 ** 21;

/** Whether `value` holds at most `limit` bytes of numbers and text (a walk that stops as soon as it is over). */
export function fitsBytes(value: unknown, limit: number): boolean {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (ArrayBuffer.isView(item)) total += item.byteLength;
    else if (typeof item === 'string') total += 2 * item.length;
    else if (Array.isArray(item)) {
      total += 8 * item.length;
      if (total > limit) return false;
      for (const x of item) if (typeof x === 'object' || typeof x === 'string') stack.push(x);
    } else if (item !== null && typeof item === 'object') {
      for (const x of Object.values(item)) stack.push(x);
    } else total += 8;
    if (total > limit) return false;
  }
  return true;
}

/** What IndexedDB keeps: the value and the list of stored keys, oldest first, under INDEX. */
export interface StoreLike {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

const INDEX = 'index';

/** A cache over `store` (null: memory only). Writes are queued one after another so the index stays consistent. */
export function resultCache(store: StoreLike | null, build: string): ResultCache {
  const memory = new Map<string, unknown>();
  let queue: Promise<void> = Promise.resolve();
  const id = (channel: string, key: string) => `${build}|${channel}|${key}`;
  const touch = (k: string, value: unknown) => {
    memory.delete(k);
    memory.set(k, value);
    while (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
  };
  return {
    recall(channel, key) {
      const k = id(channel, key);
      const value = memory.get(k);
      if (value !== undefined) touch(k, value);
      return value;
    },
    async load(channel, key) {
      if (!store) return undefined;
      try {
        const value = await store.get(id(channel, key));
        if (value !== undefined) touch(id(channel, key), value);
        return value;
      } catch {
        return undefined; // private windows and full disks: recompute
      }
    },
    remember(channel, key, value, elapsedMs) {
      const k = id(channel, key);
      touch(k, value);
      if (!store || elapsedMs < STORE_AFTER_MS || !fitsBytes(value, STORED_BYTES)) return;
      queue = queue.then(async () => {
        try {
          const index = ((await store.get(INDEX)) as string[] | undefined)?.filter((x) => x !== k) ?? [];
          index.push(k);
          await store.set(k, value);
          while (index.length > STORED_ENTRIES) await store.del(index.shift()!);
          await store.set(INDEX, index);
        } catch {
          // Not stored (quota, a value IndexedDB cannot clone): it stays in memory.
        }
      });
    },
  };
}

declare const __BUILD_ID__: string | undefined;

/** The app's cache: IndexedDB in a built app where there is one; memory only in development and tests. */
export function appResultCache(): ResultCache {
  const build = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : null;
  if (build === null || typeof indexedDB === 'undefined') return resultCache(null, 'dev');
  const idb = createStore('sampled-metrics-results', 'results');
  return resultCache(
    {
      get: (key) => get(key, idb),
      set: (key, value) => set(key, value, idb),
      del: (key) => del(key, idb),
    },
    build,
  );
}
