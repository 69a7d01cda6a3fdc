/**
 * What `npm run movielens` prints after training: the time of every stage, X, Y, Z's exact metrics under the three
 * tie rules (as before), and the leaderboard of both splits — exact Recall@10 and NDCG@10 (Krichene & Rendle eqs 4
 * and 6: hits / |R| and DCG / ideal DCG over the user's held-out items, random ties, per-user n), as a Markdown
 * table for public/datasets/README.md.
 */
import { exactMetric, groupedRankData, parseMetricList, singleRankData } from '../../src/core/index.ts';
import type { MovieLens } from './data.ts';
import { markdownTable, pct } from './markdown.ts';
import type { RecommenderPositives, RecommenderRanks } from './output.ts';
import type { HeldOutRank } from './rank.ts';

const CATALOGUE = 3706;

export function printTimings(timings: Map<string, number>): void {
  let total = 0;
  for (const [label, seconds] of timings) {
    total += seconds;
    console.log(`  ${label.padEnd(28)} ${seconds.toFixed(1)} s`);
  }
  console.log(`  ${'total'.padEnd(28)} ${total.toFixed(1)} s`);
}

/** X, Y, Z (or whichever recommenders ran) with random, optimistic and pessimistic ties, as the study reads them. */
export function printTieTable(data: MovieLens, results: readonly RecommenderRanks[]): void {
  const metrics = parseMetricList('recall@10,ndcg@10,ap,auc');
  console.log(`\nexact metrics (%), per-user n; ${data.ambiguousUsers} users have an ambiguous test id`);
  console.log(`rec            ties         ${metrics.map((m) => m.id.padStart(9)).join('')}`);
  for (const { name, ranks } of results) {
    const n = ranks.map((r) => r.itemCount);
    for (const [tie, pick] of [
      ['random', (r: HeldOutRank) => r.rank],
      ['optimistic', (r: HeldOutRank) => r.optimistic],
      ['pessimistic', (r: HeldOutRank) => r.pessimistic],
    ] as const) {
      const rd = singleRankData(name, ranks.map(pick), null, n);
      const values = metrics.map((m) => (100 * exactMetric(rd, m, CATALOGUE)).toFixed(2).padStart(9));
      console.log(`${name.padEnd(14)} ${tie.padEnd(12)} ${values.join('')}`);
    }
  }
  const dropped = results[0]?.ranks.filter((r) => r.negatives < data.negativesPerUser).length ?? 0;
  console.log(`\nNCF negatives: ${dropped} users had their held-out item among them (dropped)`);
}

/** Exact Recall@10 and NDCG@10 (%) of one split's recommenders, keyed by name; `users` restricts the random split. */
function splitMetrics(
  loo: readonly RecommenderRanks[],
  split: readonly RecommenderPositives[],
  users: Int32Array | null,
): Map<string, string[]> {
  const metrics = parseMetricList('recall@10,ndcg@10');
  const out = new Map<string, string[]>();
  const cells = (name: string) => out.get(name) ?? (out.set(name, []).get(name) as string[]);
  for (const { name, ranks } of loo) {
    const rd = singleRankData(
      name,
      ranks.map((r) => r.rank),
      null,
      ranks.map((r) => r.itemCount),
    );
    cells(name).push(...metrics.map((m) => pct(exactMetric(rd, m, CATALOGUE))));
  }
  for (const { name, users: ranked } of split) {
    for (const subset of users ? [null, users] : [null]) {
      const chosen = subset ? Array.from(subset, (u) => ranked[u]) : ranked;
      const rd = groupedRankData(
        name,
        chosen.map((u) => u.positives.map((p) => p.rank)),
        chosen.map((u) => u.itemCount),
      );
      cells(name).push(...metrics.map((m) => pct(exactMetric(rd, m, CATALOGUE))));
    }
  }
  return out;
}

export function printLeaderboard(
  loo: readonly RecommenderRanks[],
  split: readonly RecommenderPositives[],
  shippedUsers: Int32Array | null,
  settings: ReadonlyMap<string, string>,
): void {
  const values = splitMetrics(loo, split, shippedUsers);
  const header = ['recommender'];
  if (loo.length > 0) header.push('LOO Recall@10', 'LOO NDCG@10');
  if (split.length > 0) header.push('80/20 Recall@10', '80/20 NDCG@10');
  if (split.length > 0 && shippedUsers) header.push('shipped users: Recall@10', 'NDCG@10');
  header.push('settings');
  const rows = [...values].map(([name, cells]) => [`\`${name}\``, ...cells, settings.get(name) ?? '']);
  console.log(`\nLeaderboard: exact metrics (%), random ties, per-user n\n\n${markdownTable(header, rows)}\n`);
}
