/**
 * Reads the shipped MovieLens-1M rank files (public/datasets/) back into typed columns per recommender. Used by
 * the study (study.ts) and by scripts/movielens/dataset.test.ts; reads only the derived files, never the raw data.
 * A `.gz` file is decompressed first; empty tie cells (the leaderboard files' "no tie") read as the rank.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ALPHAS } from './popularity.ts';

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

/** A leaderboard file's rows of one recommender: `massAbove[k]` is the `massAbove@α` column of ALPHAS[k]. */
export interface LeaderboardRanks extends RankColumns {
  readonly massAbove: readonly Float64Array[];
}

/** The text of a shipped file, decompressed when its name ends in `.gz`. */
export function readText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

export function readGroupedCsv(path: string): { header: string[]; groups: Map<string, string[][]> } {
  const lines = readText(path)
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

/** The columns of RankColumns from one recommender's rows (an empty tie cell is the rank itself). */
function rankColumns(header: string[], rows: string[][]): RankColumns {
  const rank = column(header, rows, 'rank', Int32Array);
  const tie = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`no ${name} column`);
    return Int32Array.from(rows, (cells, k) => (cells[at] === '' ? rank[k] : Number(cells[at])));
  };
  return {
    users: column(header, rows, 'user', Int32Array),
    rank,
    itemCount: column(header, rows, 'n', Int32Array),
    optimistic: tie('rankOptimistic'),
    pessimistic: tie('rankPessimistic'),
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

/** The leave-one-out leaderboard (true ranks) or the random split's file, per recommender in file order. */
export function readLeaderboard(dir: string, file: string): Map<string, LeaderboardRanks> {
  const { header, groups } = readGroupedCsv(join(dir, file));
  const out = new Map<string, LeaderboardRanks>();
  for (const [name, rows] of groups) {
    const massAbove = ALPHAS.map((alpha) => column(header, rows, `massAbove@${alpha}`, Float64Array));
    out.set(name, { ...rankColumns(header, rows), massAbove });
  }
  return out;
}

export function readSampledRanks(dir: string, file = SAMPLED_RANKS_FILE): Map<string, SampledRanks> {
  const { header, groups } = readGroupedCsv(join(dir, file));
  const out = new Map<string, SampledRanks>();
  for (const [name, rows] of groups) {
    out.set(name, { ...rankColumns(header, rows), negatives: column(header, rows, 'negatives', Int32Array) });
  }
  return out;
}
