/**
 * Issue 12's second target: pasted sampled ranks of two recommenders, 1,000 users each, n = 50,000, m = 100 (with
 * replacement, the app's default): every method's point estimate and its B = 200 interval, as the app computes them
 * (the estimates job, then the intervals job for each group of methods in turn), here on one worker; `-- --lanes`
 * runs the intervals on two workers as the app schedules them. Target: everything ≤ 5 s (met on two workers since
 * 2026-11-24 22:26 UTC: the fits run on bins of ranks, src/core/distribution/binnedKernel.ts).
 * The ranks are drawn, seeded: a true rank r = ⌈n·u³⌉ (top-heavy, like a useful recommender), then its sampled rank
 * 1 + Binomial(m, (r − 1)/(n − 1)), literally, as a sampled evaluation would give it.
 */
import * as core from '../src/core/index.ts';
import { estimateAll } from '../workers/jobs.ts';
import { bootstrapIntervals } from '../workers/intervals.ts';
import { bench } from './harness.ts';

const N = 50_000;
const M = 100;
const USERS = 1000;

export function sampledRanks(name: string, seed: number, power: number): core.RankData {
  const random = core.createRandom(seed);
  const ranks: number[] = [];
  for (let u = 0; u < USERS; u++) {
    const r = Math.max(1, Math.ceil(N * random.next() ** power));
    let above = 0;
    for (let j = 0; j < M; j++) if (random.next() < (r - 1) / (N - 1)) above++;
    ranks.push(1 + above);
  }
  return core.singleRankData(name, ranks);
}

/** `full`: B = 200 as the app (about 9 minutes here); otherwise B = 20, a tenth of the intervals' work. */
export function runPastedBenches(quick: boolean, full = true): void {
  const recommenders = [sampledRanks('A', 1, 3), sampledRanks('B', 2, 2.5)];
  const setup = { itemCount: N, sampleSize: M, sampling: 'with-replacement' as const };
  const metrics = ['auc', 'ap', 'ndcg', 'recall@10', 'precision@10'];
  const methods = ['sampled', 'rank-estimate', 'cls', 'bv:0.1', 'mle', 'wmle', 'mes', 'bv-dist:0.1'];
  const replicates = quick || !full ? 20 : 200;
  const what = 'pasted sampled ranks, 2 × 1,000 users, n = 50,000, m = 100';
  bench(`${what}: points, 8 methods`, 3, () =>
    estimateAll({ ...setup, recommenders, metrics, methods, prior: { kind: 'uniform' } }),
  );
  for (const group of [['sampled', 'rank-estimate', 'cls', 'bv:0.1'], ['mle'], ['wmle'], ['mes'], ['bv-dist:0.1']]) {
    const name = group.length > 1 ? 'vector methods' : group[0];
    bench(`${what}: intervals, ${name}, B = ${replicates}`, 1, () =>
      bootstrapIntervals({ ...setup, recommenders, metrics, methods: group, rankKind: 'sampled', replicates, seed: 1 }),
    );
  }
}
