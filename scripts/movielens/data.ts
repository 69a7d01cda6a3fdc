/**
 * Loads the binarized MovieLens-1M split (train.tsv, test.tsv, ncf_negatives.tsv; see ../shared/data/README.md)
 * into typed columns. Users and items get dense 0-based indices in ascending order of their MovieLens ids; the
 * catalogue is every movie in train ∪ test (3,706). The raw files are read here and nothing of them is written
 * out: the caller writes only ranks derived from them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Training interactions in both directions: what every recommender of this folder trains on. */
export interface Interactions {
  /** MovieLens user id of each dense user index. */
  readonly userIds: Int32Array;
  /** MovieLens movie id of each dense item index. */
  readonly itemIds: Int32Array;
  /** Training items of user u: userItems[userOffsets[u] .. userOffsets[u+1]), ascending. */
  readonly userOffsets: Int32Array;
  readonly userItems: Int32Array;
  /** Training users of item i: itemUsers[itemOffsets[i] .. itemOffsets[i+1]), ascending. */
  readonly itemOffsets: Int32Array;
  readonly itemUsers: Int32Array;
}

/** NCF's leave-latest-out split: the training interactions, one held-out item per user and NCF's negatives. */
export interface MovieLens extends Interactions {
  /** The held-out (latest) item of each user. */
  readonly testItem: Int32Array;
  /** NCF's 99 sampled negatives of each user, row-major users × 99 (dense item indices). */
  readonly negatives: Int32Array;
  readonly negativesPerUser: number;
  /** Users whose test row lists ambiguous candidate ids (kept, as the data README says). */
  readonly ambiguousUsers: number;
}

function tsvRows(path: string): string[][] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const rows: string[][] = [];
  for (const line of lines) if (line.trim() !== '') rows.push(line.replace(/\r$/, '').split('\t'));
  return rows;
}

function denseIndex(ids: Iterable<number>): { ids: Int32Array; index: Map<number, number> } {
  const sorted = Int32Array.from(new Set(ids)).sort();
  return { ids: sorted, index: new Map(Array.from(sorted, (id, i) => [id, i])) };
}

/** CSR of pairs grouped by `key` (values ascending within each group). */
export function csr(
  keys: Int32Array,
  values: Int32Array,
  keyCount: number,
): { offsets: Int32Array; values: Int32Array } {
  const offsets = new Int32Array(keyCount + 1);
  for (const k of keys) offsets[k + 1]++;
  for (let k = 0; k < keyCount; k++) offsets[k + 1] += offsets[k];
  const fill = offsets.slice(0, keyCount);
  const out = new Int32Array(values.length);
  for (let p = 0; p < keys.length; p++) out[fill[keys[p]]++] = values[p];
  for (let k = 0; k < keyCount; k++) out.subarray(offsets[k], offsets[k + 1]).sort();
  return { offsets, values: out };
}

/**
 * `maxUsers` keeps only the first users (ascending MovieLens id) for development runs on a small input; the
 * catalogue stays that of the whole data (3,706 movies), so items may lack training users.
 */
export function loadMovieLens(dir: string, maxUsers = Infinity): MovieLens {
  const train = tsvRows(join(dir, 'train.tsv'));
  const test = tsvRows(join(dir, 'test.tsv'));
  const negativeRows = tsvRows(join(dir, 'ncf_negatives.tsv'));
  if (train[0][0] !== 'user_id' || test[0][0] !== 'user_id') throw new Error(`${dir}: unexpected headers`);
  train.shift();
  test.shift();
  const users = denseIndex([...train.map((r) => Number(r[0])), ...test.map((r) => Number(r[0]))]);
  const items = denseIndex([...train.map((r) => Number(r[1])), ...test.map((r) => Number(r[1]))]);
  const U = Math.min(users.ids.length, maxUsers);
  const I = items.ids.length;
  const kept = (row: string[]) => (users.index.get(Number(row[0])) as number) < U;
  const trainRows = U < users.ids.length ? train.filter(kept) : train;
  const u = Int32Array.from(trainRows, (r) => users.index.get(Number(r[0])) as number);
  const i = Int32Array.from(trainRows, (r) => items.index.get(Number(r[1])) as number);
  const byUser = csr(u, i, U);
  const byItem = csr(i, u, I);
  const testItem = new Int32Array(U).fill(-1);
  let ambiguousUsers = 0;
  for (const row of test.filter(kept)) {
    testItem[users.index.get(Number(row[0])) as number] = items.index.get(Number(row[1])) as number;
    if ((row[4] ?? '').trim() !== '') ambiguousUsers++;
  }
  if (testItem.includes(-1)) throw new Error(`${dir}: a user has no test item`);
  const negativesPerUser = negativeRows[0].length - 1;
  const negatives = new Int32Array(U * negativesPerUser);
  for (const row of negativeRows) {
    const user = users.index.get(Number(row[0]));
    if (user === undefined || row.length !== negativesPerUser + 1) throw new Error(`${dir}: bad negatives row`);
    if (user >= U) continue;
    for (let k = 0; k < negativesPerUser; k++) {
      const item = items.index.get(Number(row[k + 1]));
      if (item === undefined) throw new Error(`${dir}: negative ${row[k + 1]} is not in the catalogue`);
      negatives[user * negativesPerUser + k] = item;
    }
  }
  return {
    userIds: users.ids.slice(0, U),
    itemIds: items.ids,
    userOffsets: byUser.offsets,
    userItems: byUser.values,
    itemOffsets: byItem.offsets,
    itemUsers: byItem.values,
    testItem,
    negatives,
    negativesPerUser,
    ambiguousUsers,
  };
}
