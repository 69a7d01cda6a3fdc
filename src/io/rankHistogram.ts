/**
 * Compact forms of rank data for the web app. Instances with one relevant item and the global n are exchangeable,
 * so they can be summarised as a histogram (rank, count) sorted by rank without changing any metric, expectation
 * or estimate: at most n rows for any number of users.
 */
import type { RankData } from '../core/rankData.ts';
import { singleRankData } from '../core/rankData.ts';

/**
 * A histogram of the data when every instance has one relevant item and no n, grade or tie range of its own;
 * otherwise the data.
 */
export function compactRankData(data: RankData): RankData {
  if (data.itemCounts !== null || data.ranks.length !== data.weights.length) return data;
  if (data.relevance || data.ties) return data;
  const order = Array.from(data.ranks.keys()).sort((a, b) => data.ranks[a] - data.ranks[b]);
  const ranks: number[] = [];
  const counts: number[] = [];
  for (const i of order) {
    const rank = data.ranks[i];
    if (ranks.length > 0 && ranks[ranks.length - 1] === rank) counts[counts.length - 1] += data.weights[i];
    else {
      ranks.push(rank);
      counts.push(data.weights[i]);
    }
  }
  return singleRankData(data.name, ranks, counts);
}

export interface RankSummary {
  /** Number of instances (users), counting histogram weights. */
  readonly instances: number;
  /** Relevant items over all instances. */
  readonly relevantItems: number;
  readonly minRank: number;
  readonly maxRank: number;
  /** True when some instance has several relevant items. */
  readonly grouped: boolean;
}

export function summariseRanks(data: RankData): RankSummary {
  let instances = 0;
  let relevantItems = 0;
  let minRank = Infinity;
  let maxRank = -Infinity;
  for (let i = 0; i < data.weights.length; i++) {
    const w = data.weights[i];
    const k = data.offsets[i + 1] - data.offsets[i];
    instances += w;
    relevantItems += w * k;
  }
  for (let j = 0; j < data.ranks.length; j++) {
    if (data.ranks[j] < minRank) minRank = data.ranks[j];
    if (data.ranks[j] > maxRank) maxRank = data.ranks[j];
  }
  return { instances, relevantItems, minRank, maxRank, grouped: data.ranks.length !== data.weights.length };
}

const summaries = new WeakMap<RankData, RankSummary>();

/** Rank data that carry their summary, computed where they were made (a worker), so the page need not. */
export type SummarisedRankData = RankData & { readonly summary?: RankSummary };

export function withSummary(data: RankData): SummarisedRankData {
  return { ...data, summary: summariseRanks(data) };
}

/** summariseRanks, computed once per data object (the page asks for it on every render). */
export function rankSummary(data: SummarisedRankData): RankSummary {
  if (data.summary) return data.summary;
  let summary = summaries.get(data);
  if (!summary) {
    summary = summariseRanks(data);
    summaries.set(data, summary);
  }
  return summary;
}
