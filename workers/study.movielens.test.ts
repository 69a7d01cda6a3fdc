/**
 * The app's study-tables job (workers/study.ts, Tables 3–4 in the explorer) on the shipped
 * MovieLens-1M true ranks: each user's own n by default, so the exact column is docs/reproduction.md's "Exact
 * metrics" (per-user n), not the single-n reading it reported before (its last column, n = 3,706 for all).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/expectClose.ts';
import type { RankData } from '../src/core/index.ts';
import { studyTables } from './study.ts';
import { parseRankFile } from '../src/io/index.ts';

const FILE = 'movielens-1m-true-ranks.csv';

/** The true-rank file as scripts/movielens/dataset.test.ts reads it (rank-file parser, per-row n). */
function rankData(): RankData[] {
  const parsed = parseRankFile(readFileSync(`public/datasets/${FILE}`, 'utf8'), { file: FILE, itemCount: 3706 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return [...parsed.value.recommenders];
}

// docs/reproduction.md, "Exact metrics" (%, per-user n) and its last column (AUC with n = 3,706 for all).
const EXACT: Record<string, number[]> = {
  X: [7.75, 3.82, 3.77, 89.25],
  Y: [8.84, 4.59, 4.32, 85.33],
  Z: [9.44, 4.79, 4.44, 74.87],
};
const GLOBAL_AUC: Record<string, number> = { X: 89.92, Y: 86.18, Z: 75.99 };
const METRICS = ['recall@10', 'ndcg@10', 'ap', 'auc'];

describe('MovieLens-1M Table 3 in the app (studyTables job)', () => {
  const recommenders = rankData();
  const request = {
    recommenders,
    metrics: METRICS,
    methods: ['sampled', 'cls', 'bv:0.1'],
    itemCount: 3706,
    sampleSize: 100,
    sampling: 'without-replacement' as const,
    repeats: 2,
    seed: 1,
  };

  it("uses each user's own n by default: the exact column is docs/reproduction.md's", () => {
    const study = studyTables(request);
    expect(study.note).toMatch(/own n \(743 distinct values\); the corrections are solved exactly at 12 values/);
    for (const [name, values] of Object.entries(EXACT)) {
      METRICS.forEach((metric, t) => {
        const row = study.results.find((r) => r.recommender === name && r.metric === metric && r.method === 'cls')!;
        expect(Math.round(10_000 * row.exact) / 100, `${name} ${metric}`).toBe(values[t]);
      });
    }
    // CLS Recall@10 of X over two repetitions, near docs/reproduction.md's 8.32 ± 0.15 (100 repetitions).
    const cls = study.results.find((r) => r.recommender === 'X' && r.metric === 'recall@10' && r.method === 'cls')!;
    expectClose(100 * cls.mean, 8.32, 0.5, 'CLS Recall@10 of X, in percent');
  }, 120_000);

  it('globalN: true still drops the per-user n (AUC as with n = 3,706 for all)', () => {
    const study = studyTables({ ...request, methods: ['sampled'], repeats: 2, globalN: true });
    expect(study.note).toContain('global n = 3,706');
    for (const [name, auc] of Object.entries(GLOBAL_AUC)) {
      const row = study.results.find((r) => r.recommender === name && r.metric === 'auc')!;
      expect(Math.round(10_000 * row.exact) / 100).toBe(auc);
    }
  }, 60_000);
});
