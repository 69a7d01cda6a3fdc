/**
 * Reads the shipped MovieLens-1M rank files (public/datasets/) back into typed columns per recommender. Used by
 * the study (study.ts) and by scripts/movielens/dataset.test.ts; reads only the derived files, never the raw data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const TRUE_RANKS_FILE = 'movielens-1m-true-ranks.csv';
export const SAMPLED_RANKS_FILE = 'movielens-1m-ncf-sampled-ranks.csv';
/** The leaderboard of recommenders.ts on the leave-one-out split: true ranks, and ranks among NCF's negatives. */
export const LEADERBOARD_TRUE_FILE = 'movielens-1m-leaderboard-true-ranks.csv';
export const LEADERBOARD_SAMPLED_FILE = 'movielens-1m-leaderboard-ncf-sampled-ranks.csv';
/** The leaderboard on the random 80/20 split: every held-out item of a sample of users. */
export const RANDOM_SPLIT_FILE = 'movielens-1m-random-80-20-ranks.csv.gz';

/** The columns both shipped files have, per recommender. */
export interface RankColumns {
  readonly users: Int32Array;
  readonly rank: Int32Array;
  readonly itemCount: Int32Array;
  readonly optimistic: Int32Array;
  readonly pessimistic: Int32Array;
}

export interface TrueRanks extends RankColumns {
  readonly popMassAbove: Float64Array;
}

export interface SampledRanks extends RankColumns {
  readonly negatives: Int32Array;
}

export function readGroupedCsv(path: string): { header: string[]; groups: Map<string, string[][]> } {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const header = lines[0].split(',');
  const at = header.indexOf('recommender');
  if (at < 0) throw new Error(`${path}: no recommender column`);
  const groups = new Map<string, string[][]>();
  for (let k = 1; k < lines.length; k++) {
    const cells = lines[k].split(',');
    if (cells.length !== header.length)
      throw new Error(`${path}:${k + 1}: ${cells.length} cells, expected ${header.length}`);
    const rows = groups.get(cells[at]) ?? [];
    rows.push(cells);
    groups.set(cells[at], rows);
  }
  return { header, groups };
}

function column<T extends Int32Array | Float64Array>(
  header: string[],
  rows: string[][],
  name: string,
  make: new (length: number) => T,
): T {
  const at = header.indexOf(name);
  if (at < 0) throw new Error(`no ${name} column`);
  const out = new make(rows.length);
  rows.forEach((cells, k) => (out[k] = Number(cells[at])));
  return out;
}

/** The columns of RankColumns from one recommender's rows. */
function rankColumns(header: string[], rows: string[][]): RankColumns {
  return {
    users: column(header, rows, 'user', Int32Array),
    rank: column(header, rows, 'rank', Int32Array),
    itemCount: column(header, rows, 'n', Int32Array),
    optimistic: column(header, rows, 'rankOptimistic', Int32Array),
    pessimistic: column(header, rows, 'rankPessimistic', Int32Array),
  };
}

export function readTrueRanks(dir: string): Map<string, TrueRanks> {
  const { header, groups } = readGroupedCsv(join(dir, TRUE_RANKS_FILE));
  const out = new Map<string, TrueRanks>();
  for (const [name, rows] of groups) {
    out.set(name, { ...rankColumns(header, rows), popMassAbove: column(header, rows, 'popMassAbove', Float64Array) });
  }
  return out;
}

export function readSampledRanks(dir: string): Map<string, SampledRanks> {
  const { header, groups } = readGroupedCsv(join(dir, SAMPLED_RANKS_FILE));
  const out = new Map<string, SampledRanks>();
  for (const [name, rows] of groups) {
    out.set(name, { ...rankColumns(header, rows), negatives: column(header, rows, 'negatives', Int32Array) });
  }
  return out;
}
