/**
 * Writes the derived rank files shipped in public/datasets/ (the CLI's rank-file format: a header, one row per
 * recommender and user). Only ranks, catalogue sizes and sampling shares leave the script — never the raw data.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { HeldOutRank } from './rank.ts';

export interface RecommenderRanks {
  readonly name: string;
  /** One entry per dense user index. */
  readonly ranks: readonly HeldOutRank[];
}

export const TRUE_RANKS_HEADER = 'recommender,user,rank,n,rankOptimistic,rankPessimistic,popMassAbove';
export const SAMPLED_RANKS_HEADER = 'recommender,user,rank,n,rankOptimistic,rankPessimistic,negatives';

export function writeTrueRanks(path: string, userIds: Int32Array, recommenders: readonly RecommenderRanks[]): void {
  const lines = [TRUE_RANKS_HEADER];
  for (const { name, ranks } of recommenders) {
    ranks.forEach((r, u) => {
      const share = r.popMassAbove === 0 ? '0' : r.popMassAbove.toPrecision(8);
      lines.push(`${name},${userIds[u]},${r.rank},${r.itemCount},${r.optimistic},${r.pessimistic},${share}`);
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

function write(path: string, lines: string[]): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, lines.join('\n') + '\n');
}
