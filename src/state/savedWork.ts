/**
 * Documents in storage (persistence.ts): the settings and names in a small record, each recommender's data under
 * its own keys, written only when the data change, in chunks of at most 1 MB (one IndexedDB write copies its value
 * on the page's thread: a 10 MB array would block it for tens of milliseconds). Loading validates everything like
 * a link (restore.ts), since saved work may come from an older version of the app.
 */
import type { RankData } from '../core/index.ts';
import type { ExplorerDocument } from './document.ts';
import type { WorkStorage } from './persistence.ts';
import { restoreDocument, toWireDocument } from './restore.ts';
import { toWire } from './wireRanks.ts';

const keyOfData = new WeakMap<RankData, string>();
/** Data keys known to be in each storage. */
const storedIn = new WeakMap<WorkStorage, Set<string>>();

function storedKeys(storage: WorkStorage): Set<string> {
  let keys = storedIn.get(storage);
  if (!keys) storedIn.set(storage, (keys = new Set()));
  return keys;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dataKey(data: RankData): string {
  let key = keyOfData.get(data);
  if (!key) {
    key = `data:${crypto.randomUUID()}`;
    keyOfData.set(data, key);
  }
  return key;
}

/** Writes a document to `slot`, with its data by reference. */
export async function saveDocument(storage: WorkStorage, slot: string, document: ExplorerDocument): Promise<void> {
  const stored = storedKeys(storage);
  const recommenders = [];
  for (const r of document.recommenders) {
    let data = null;
    if (r.data) {
      const key = dataKey(r.data);
      if (!stored.has(key)) {
        await saveData(storage, key, r.data);
        stored.add(key);
      }
      data = { ref: key };
    }
    recommenders.push({ ...r, data });
  }
  await storage.save(slot, { ...toWireDocument({ ...document, recommenders: [] }), recommenders });
}

/**
 * The work's record as saveDocument writes it, built synchronously for a page that is closing (session.ts keeps it in
 * localStorage, the one storage a closing page can write to): data already stored are referred to by key, data not
 * yet stored are carried inline in their wire form (wireRanks.ts) when small enough; null when they are not.
 */
export function pendingRecord(storage: WorkStorage, document: ExplorerDocument, maxInlineRanks = 50_000): unknown {
  const stored = storedKeys(storage);
  let inline = 0;
  const recommenders = [];
  for (const r of document.recommenders) {
    let data: unknown = null;
    if (r.data) {
      const key = dataKey(r.data);
      if (stored.has(key)) data = { ref: key };
      else {
        inline += r.data.ranks.length;
        if (inline > maxInlineRanks) return null;
        data = toWire(r.data);
      }
    }
    recommenders.push({ ...r, data });
  }
  return { ...toWireDocument({ ...document, recommenders: [] }), recommenders };
}

const FIELDS = ['offsets', 'ranks', 'weights', 'itemCounts'] as const;
/** Values per stored chunk: 1 MB of doubles. */
const CHUNK = 131_072;

/** `key` holds the lengths of the arrays; `key/field/i` holds chunk i of one array. */
async function saveData(storage: WorkStorage, key: string, data: RankData): Promise<void> {
  const lengths: Record<string, number | null> = {};
  for (const field of FIELDS) {
    const values = data[field];
    lengths[field] = values ? values.length : null;
    if (!values) continue;
    for (let start = 0, i = 0; start < values.length; start += CHUNK, i++) {
      await storage.save(`${key}/${field}/${i}`, values.slice(start, start + CHUNK));
    }
  }
  await storage.save(key, { lengths });
}

async function loadArray<T extends Float64Array | Int32Array>(
  storage: WorkStorage,
  key: string,
  length: number,
  make: (length: number) => T,
): Promise<T | null> {
  const out = make(length);
  for (let start = 0, i = 0; start < length; start += CHUNK, i++) {
    const chunk = await storage.load(`${key}/${i}`);
    const expected = Math.min(CHUNK, length - start);
    if (!(chunk instanceof Float64Array || chunk instanceof Int32Array) || chunk.length !== expected) return null;
    out.set(chunk, start);
  }
  return out;
}

async function loadData(storage: WorkStorage, key: unknown): Promise<unknown> {
  if (typeof key !== 'string' || !key.startsWith('data:')) return null;
  const raw = await storage.load(key);
  if (!isRecord(raw) || !isRecord(raw.lengths)) return null;
  const length = (field: string) => {
    const value = (raw.lengths as Record<string, unknown>)[field];
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 1e8 ? value : null;
  };
  const [o, r, w, n] = FIELDS.map(length);
  if (o === null || r === null || w === null) return null;
  const data = {
    name: '',
    offsets: await loadArray(storage, `${key}/offsets`, o, (k) => new Int32Array(k)),
    ranks: await loadArray(storage, `${key}/ranks`, r, (k) => new Float64Array(k)),
    weights: await loadArray(storage, `${key}/weights`, w, (k) => new Float64Array(k)),
    itemCounts: n === null ? null : await loadArray(storage, `${key}/itemCounts`, n, (k) => new Int32Array(k)),
  };
  if (!data.offsets || !data.ranks || !data.weights || (n !== null && !data.itemCounts)) return null;
  try {
    return toWire(data as RankData, true);
  } catch {
    return null;
  }
}

/** The document in `slot`, or null when there is none or storage is unavailable. */
export async function loadDocument(storage: WorkStorage, slot: string): Promise<ExplorerDocument | null> {
  try {
    const raw = await storage.load(slot);
    if (!isRecord(raw)) return null;
    const refs: unknown[] = [];
    let recommenders = raw.recommenders;
    if (Array.isArray(recommenders)) {
      recommenders = await Promise.all(
        recommenders.map(async (r) => {
          if (!isRecord(r) || !isRecord(r.data)) return r;
          if (!('ref' in r.data)) {
            refs.push(null); // data carried inline (a record written as the page closed)
            return r;
          }
          refs.push(r.data.ref);
          return { ...r, data: await loadData(storage, r.data.ref) };
        }),
      );
    }
    const { document } = restoreDocument({ ...raw, recommenders });
    // The restored data are new objects: remember that they are already stored under their keys.
    let next = 0;
    for (const r of document.recommenders) {
      if (!r.data) continue;
      const key = refs[next++];
      if (typeof key === 'string') {
        keyOfData.set(r.data, key);
        storedKeys(storage).add(key);
      }
    }
    return document;
  } catch {
    return null; // storage unavailable (private browsing): the session starts without saved work
  }
}

/** Deletes stored data that neither the work nor the previous work refers to any more. */
export async function collectGarbage(
  storage: WorkStorage,
  documents: readonly (ExplorerDocument | null)[],
): Promise<void> {
  const live = new Set<string>();
  for (const d of documents) for (const r of d?.recommenders ?? []) if (r.data) live.add(dataKey(r.data));
  for (const key of await storage.keys()) {
    if (key.startsWith('data:') && !live.has(key.split('/')[0])) {
      await storage.remove(key);
      storedKeys(storage).delete(key);
    }
  }
}
