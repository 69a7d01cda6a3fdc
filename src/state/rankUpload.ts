/**
 * Sends large rank data to a worker in chunks (rankRegistry.ts), each copied and transferred on its own, so that
 * no single task of the page copies tens of megabytes; small data are sent with the request as they are.
 */
import { transfer } from 'comlink';
import type { RankData } from '../core/index.ts';
import type { AsyncApi } from './workerBridge.ts';
import type { RankField, RankSource } from '../../workers/rankRegistry.ts';

/** Data with more ranks than this are uploaded by reference. */
export const UPLOAD_THRESHOLD = 100_000;
/** Values per chunk: 1 MB of doubles. */
const CHUNK = 131_072;

const keys = new WeakMap<RankData, string>();
let counter = 0;

function keyOf(data: RankData): string {
  let key = keys.get(data);
  if (!key) {
    counter += 1;
    key = `ranks-${counter}`;
    keys.set(data, key);
  }
  return key;
}

/** What a worker must expose to receive rank data by reference (the compute and the figures workers both do). */
export type RankUploadApi = Pick<AsyncApi, 'beginRankData' | 'putRankChunk' | 'retainRankData' | 'hasRankData'>;

/** The array of `data` sent as `field` (the registry's rankField, which the page may not import as a value). */
function columnOf(data: RankData, field: RankField): Float64Array | Int32Array | null {
  if (field === 'tiesLow') return data.ties?.low ?? null;
  if (field === 'tiesHigh') return data.ties?.high ?? null;
  return data[field] ?? null;
}

async function upload(api: RankUploadApi, key: string, data: RankData): Promise<void> {
  const shape = {
    offsets: data.offsets.length,
    ranks: data.ranks.length,
    weights: data.weights.length,
    itemCounts: data.itemCounts?.length ?? null,
    users: data.users?.length ?? null,
    relevance: data.relevance?.length ?? null,
    ties: data.ties?.low.length ?? null,
  };
  await api.beginRankData(key, shape);
  const fields: RankField[] = [
    'offsets',
    'ranks',
    'weights',
    'itemCounts',
    'users',
    'relevance',
    'tiesLow',
    'tiesHigh',
  ];
  for (const field of fields) {
    const values = columnOf(data, field);
    if (!values) continue;
    for (let start = 0; start < values.length; start += CHUNK) {
      const part = values.slice(start, start + CHUNK);
      await api.putRankChunk(key, field, start, transfer(part, [part.buffer]));
    }
  }
}

/** A recommender as the page's requests carry it: its name and its ranks. */
export interface NamedRanks {
  readonly name: string;
  readonly data: RankData;
}

/** A worker request as the page holds it: its recommenders by name and ranks (sent by withRankSources). */
export type NamedRequest<T extends { readonly recommenders: readonly RankData[] }> = Omit<T, 'recommenders'> & {
  readonly recommenders: readonly NamedRanks[];
};

/**
 * A request with its recommenders as the worker takes them (workers/api.ts WithSources): small data as they are,
 * large data uploaded once per worker and referred to. Every job of the page sends its data this way.
 */
export async function withRankSources<R extends { readonly recommenders: readonly NamedRanks[] }>(
  api: RankUploadApi,
  request: R,
): Promise<Omit<R, 'recommenders'> & { readonly recommenders: RankSource[] }> {
  return { ...request, recommenders: await rankInputs(api, request.recommenders) };
}

/** The inputs of a request: small data as they are, large data uploaded once per worker and referred to. */
export async function rankInputs(api: RankUploadApi, recommenders: readonly NamedRanks[]): Promise<RankSource[]> {
  const large = recommenders.filter((r) => r.data.ranks.length > UPLOAD_THRESHOLD);
  const used = large.map((r) => keyOf(r.data));
  await api.retainRankData(used);
  for (const r of large) {
    const key = keyOf(r.data);
    if (!(await api.hasRankData(key))) await upload(api, key, r.data);
  }
  return recommenders.map((r) =>
    r.data.ranks.length > UPLOAD_THRESHOLD ? { ref: keyOf(r.data), name: r.name } : { ...r.data, name: r.name },
  );
}
