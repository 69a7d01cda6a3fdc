/**
 * The running example of Krichene & Rendle 2020 (section 3.2, Tables 1 and 2): three recommenders evaluated on
 * five instances with one relevant item each, n = 10,000 items, m = 99 sampled irrelevant items.
 */
import type { MetricColumn } from '../figures/resultsTable.ts';
import type { Recommender } from './jobs.ts';

export const TOY_RECOMMENDERS: readonly Recommender[] = [
  { name: 'A', ranks: [100, 100, 100, 100, 100] },
  { name: 'B', ranks: [40, 40, 8437, 9266, 4482] },
  { name: 'C', ranks: [212, 2, 743, 5342, 1548] },
];

export const TOY_ITEM_COUNT = 10_000;
export const TOY_SAMPLE_SIZE = 99;

/** The metrics of Tables 1 and 2, by the identifiers the CLI and the URL use. */
export const TOY_METRICS: readonly MetricColumn[] = [
  { id: 'auc', label: 'AUC' },
  { id: 'ap', label: 'AP' },
  { id: 'ndcg', label: 'NDCG' },
  { id: 'recall@10', label: 'Recall@10' },
];
