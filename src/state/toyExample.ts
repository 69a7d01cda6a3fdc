/**
 * The running example of Krichene & Rendle 2020 (section 3.2, Tables 1 and 2): three recommenders evaluated on
 * five instances with one relevant item each, n = 10,000 items, m = 99 sampled irrelevant items.
 */
import { singleRankData, type RankData } from '../core/index.ts';
import { compactRankData } from '../io/rankHistogram.ts';

const RANKS: Readonly<Record<string, readonly number[]>> = {
  A: [100, 100, 100, 100, 100],
  B: [40, 40, 8437, 9266, 4482],
  C: [212, 2, 743, 5342, 1548],
};

export const TOY_RECOMMENDERS: readonly { name: string; ranks: readonly number[]; data: RankData }[] = Object.entries(
  RANKS,
).map(([name, ranks]) => ({ name, ranks, data: compactRankData(singleRankData(name, ranks)) }));

export const TOY_ITEM_COUNT = 10_000;
export const TOY_SAMPLE_SIZE = 99;

/** The metrics of Tables 1 and 2, by the identifiers the CLI and the URL use. */
export const TOY_METRIC_IDS: readonly string[] = ['auc', 'ap', 'ndcg', 'recall@10'];
