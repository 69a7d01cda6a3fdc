/**
 * Writes the derived rank files shipped in public/datasets/ (the CLI's rank-file format: a header, one row per
 * recommender and user, or per recommender and held-out item). Only ranks, catalogue sizes and sampling shares
 * leave the script — never the raw data. A path ending in `.gz` is written gzip-compressed (level 9).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ALPHAS } from './popularity.ts';
import type { UserPositiveRanks } from './positives.ts';
import type { HeldOutRank } from './rank.ts';

export interface RecommenderRanks {
  readonly name: string;
  /** One entry per dense user index. */
  readonly ranks: readonly HeldOutRank[];
}

export interface RecommenderPositives {
  readonly name: string;
  /** One entry per dense user index. */
  readonly users: readonly UserPositiveRanks[];
}

const MASS_COLUMNS = ALPHAS.map((alpha) => `massAbove@${alpha}`).join(',');
export const TRUE_RANKS_HEADER = `recommender,user,rank,n,rankOptimistic,rankPessimistic,popMassAbove,${MASS_COLUMNS}`;
export const SAMPLED_RANKS_HEADER = 'recommender,user,rank,n,rankOptimistic,rankPessimistic,negatives';
/**
 * The leaderboard files: the per-user cells first and the tie cells last (empty when the item has no tie), so that
 * gzip finds each row's repeated start and end; shares to `digits` significant digits.
 */
export const LEADERBOARD_HEADER = `recommender,user,n,rank,${MASS_COLUMNS},rankOptimistic,rankPessimistic`;
export const LEADERBOARD_SAMPLED_HEADER = 'recommender,user,n,negatives,rank,rankOptimistic,rankPessimistic';

/** X, Y, Z's file: every cell written, shares to 8 significant digits as `popMassAbove` always was. */
export function writeTrueRanks(path: string, userIds: Int32Array, recommenders: readonly RecommenderRanks[]): void {
  const lines = [TRUE_RANKS_HEADER];
  const share = (value: number) => (value === 0 ? '0' : value.toPrecision(8));
  for (const { name, ranks } of recommenders) {
    ranks.forEach((r, u) => {
      const shares = [r.popMassAbove, ...r.massAbove].map(share).join(',');
      lines.push(`${name},${userIds[u]},${r.rank},${r.itemCount},${r.optimistic},${r.pessimistic},${shares}`);
    });
  }
  write(path, lines);
}

export function writeSampledRanks(path: string, userIds: Int32Array, recommenders: readonly RecommenderRanks[]): void {
  const lines = [SAMPLED_RANKS_HEADER];
  for (const { name, ranks } of recommenders) {
    ranks.forEach((r, u) => {
      lines.push(
        `${name},${userIds[u]},${r.sampledRank},${r.itemCount},${r.sampledOptimistic},${r.sampledPessimistic},${r.negatives}`,
      );
    });
  }
  write(path, lines);
}

/**
 * A share rounded to `digits` significant digits, in JavaScript's shortest form ("0", "1", "0.01235", "1.2e-7").
 * Rounding is monotone, so shares that do not decrease with the rank still do not.
 */
export function compactShare(value: number, digits: number): string {
  return value === 0 ? '0' : String(Number(value.toPrecision(digits)));
}

function tieCells(rank: number, optimistic: number, pessimistic: number): string {
  return optimistic === rank && pessimistic === rank ? ',' : `${optimistic},${pessimistic}`;
}

/** Significant digits of the shares: 6 in the leave-one-out leaderboard, 4 in the (larger) random split's file. */
export const LEADERBOARD_DIGITS = 6;
export const RANDOM_SPLIT_DIGITS = 4;

/** The leave-one-out leaderboard: one row per recommender and user. */
export function writeLeaderboardTrueRanks(
  path: string,
  userIds: Int32Array,
  recommenders: readonly RecommenderRanks[],
): void {
  const lines = [LEADERBOARD_HEADER];
  for (const { name, ranks } of recommenders) {
    ranks.forEach((r, u) => {
      const ties = tieCells(r.rank, r.optimistic, r.pessimistic);
      const shares = r.massAbove.map((q) => compactShare(q, LEADERBOARD_DIGITS)).join(',');
      lines.push(`${name},${userIds[u]},${r.itemCount},${r.rank},${shares},${ties}`);
    });
  }
  write(path, lines);
}

/** The leave-one-out leaderboard among NCF's negatives: one row per recommender and user. */
export function writeLeaderboardSampledRanks(
  path: string,
  userIds: Int32Array,
  recommenders: readonly RecommenderRanks[],
): void {
  const lines = [LEADERBOARD_SAMPLED_HEADER];
  for (const { name, ranks } of recommenders) {
    ranks.forEach((r, u) => {
      const ties = tieCells(r.sampledRank, r.sampledOptimistic, r.sampledPessimistic);
      lines.push(`${name},${userIds[u]},${r.itemCount},${r.negatives},${r.sampledRank},${ties}`);
    });
  }
  write(path, lines);
}

/** The random split: one row per recommender and held-out item of the `users` given (dense indices, ascending). */
export function writePositives(
  path: string,
  userIds: Int32Array,
  users: Int32Array,
  recommenders: readonly RecommenderPositives[],
): void {
  const lines = [LEADERBOARD_HEADER];
  for (const { name, users: ranked } of recommenders) {
    for (const u of users) {
      const { itemCount, positives } = ranked[u];
      for (const p of positives) {
        const ties = tieCells(p.rank, p.optimistic, p.pessimistic);
        const shares = p.massAbove.map((q) => compactShare(q, RANDOM_SPLIT_DIGITS)).join(',');
        lines.push(`${name},${userIds[u]},${itemCount},${p.rank},${shares},${ties}`);
      }
    }
  }
  write(path, lines);
}

function write(path: string, lines: string[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const text = lines.join('\n') + '\n';
  writeFileSync(path, path.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
}
