/**
 * Rank data for a figure request: small data as they are; large data uploaded to the worker once, in 1 MB chunks
 * each copied and transferred on its own (as src/state/rankUpload.ts does for the compute worker), then referred
 * to by key, so that no task of the page copies tens of megabytes.
 */
import { transfer } from 'comlink';
import type { RankData } from '../../core/index.ts';
import type { RankField, RankSource } from '../../state/rankRegistry.ts';
import type { AsyncFigureJobs } from '../../../workers/figureJobs.ts';

export const UPLOAD_THRESHOLD = 100_000;
const CHUNK = 131_072;
const keys = new WeakMap<RankData, string>();
let counter = 0;

function keyOf(data: RankData): string {
  let key = keys.get(data);
  if (!key) keys.set(data, (key = `figure-ranks-${++counter}`));
  return key;
}

async function upload(api: AsyncFigureJobs, key: string, data: RankData): Promise<void> {
  const { offsets, ranks, weights, itemCounts } = data;
  const shape = {
    offsets: offsets.length,
    ranks: ranks.length,
    weights: weights.length,
    itemCounts: itemCounts?.length ?? null,
  };
  await api.beginRankData(key, shape);
  const fields: [RankField, Float64Array | Int32Array | null][] = [
    ['offsets', offsets],
    ['ranks', ranks],
    ['weights', weights],
    ['itemCounts', itemCounts],
  ];
  for (const [field, values] of fields) {
    if (!values) continue;
    for (let start = 0; start < values.length; start += CHUNK) {
      const part = values.slice(start, start + CHUNK);
      await api.putRankChunk(key, field, start, transfer(part, [part.buffer]));
    }
  }
}

export async function rankSources(
  api: AsyncFigureJobs,
  recommenders: readonly { readonly name: string; readonly data: RankData }[],
): Promise<RankSource[]> {
  const large = recommenders.filter((r) => r.data.ranks.length > UPLOAD_THRESHOLD);
  await api.retainRankData(large.map((r) => keyOf(r.data)));
  for (const r of large) {
    const key = keyOf(r.data);
    if (!(await api.hasRankData(key))) await upload(api, key, r.data);
  }
  return recommenders.map((r) =>
    r.data.ranks.length > UPLOAD_THRESHOLD ? { ref: keyOf(r.data), name: r.name } : { ...r.data, name: r.name },
  );
}
