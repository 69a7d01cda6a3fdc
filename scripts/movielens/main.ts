/**
 * Krichene & Rendle (KDD 2020) section 6 on binarized MovieLens-1M, end to end: trains recommenders X, Y and Z,
 * ranks every test user's held-out item, and writes the derived ranks to public/datasets/.
 *
 *   npm run movielens                    # train, rank, write the two CSVs (about a minute on 2 cores)
 *   npm run movielens -- study           # docs/reproduction.md tables from the shipped CSVs (study.ts; ~20 min)
 *   npm run movielens -- ncf             # only Jin et al.'s estimators on NCF's sampled ranks (ncfDistribution.ts)
 *
 * Options: --data DIR (or MOVIELENS_DIR; default ../shared/data/movielens-1m), --out DIR (where the CSVs are
 * written, and read by `study`; default public/datasets), --seed S (default 1), --sweeps N (iALS sweeps, default
 * 50), --repeats T (study repetitions, default 100). The raw data are only read.
 *
 * Choices the paper leaves open, and how they are made here (../shared/reference/movielens-reproduction-notes.md
 * says which readings reproduce the paper):
 * - Catalogue: the 3,706 movies of train ∪ test; a user's candidates are all of them minus the user's training
 *   items, so n = 3,706 − |H_u| per user (1,393..3,687).
 * - X (ials.ts): d = 16, λ = 10 on ‖V‖²_F (users and items alike, not scaled by frequency), α = 0.2 on all
 *   user–item pairs; item factors initialised N(0, 0.1²) from the seeded xoshiro128** of src/core/random.ts,
 *   user factors solved first; `--sweeps` full sweeps (users then items), no early stopping: by sweep 50 the
 *   loss (printed every 10 sweeps) changes by < 1e-6 relatively per sweep. Converged models differ from the
 *   paper's X by about 0.1 point (docs/reproduction.md).
 * - Y, Z (itemknn.ts): eqs 27–30 as described there (Y keeps s_ii = 1, Z drops it and keeps each item's 10
 *   nearest neighbours, ties at the 10th to the lower MovieLens id; L2 row normalisation; no denominator in
 *   eq 30). Dense float64 similarities.
 * - Ties in the scores (rank.ts): broken uniformly at random, seeded (seed + 0, 1, 2 for X, Y, Z), one total
 *   order per user; the optimistic and pessimistic ranks are written as well. The paper's AUC for Z (74.73) is
 *   what random tie-breaking gives (optimistic ≈ 94, pessimistic ≈ 55).
 * - Popularity sampling mass (`popMassAbove`): weight of an item = its number of training users (α = 1); the
 *   movie that appears only in test has weight 0.
 * - NCF negatives: the 99 of ncf_negatives.tsv; a user's own held-out item among them (156 users) is dropped
 *   (`negatives` = 98 for them) — it is the relevant item, and NCF's evaluation code counts it as a hit.
 */
import { performance } from 'node:perf_hooks';
import { exactMetric, parseMetricList, singleRankData } from '../../src/core/index.ts';
import { createRandom } from '../../src/core/random.ts';
import type { MovieLens } from './data.ts';
import { loadMovieLens } from './data.ts';
import { ialsLoss, ialsScores, trainIals } from './ials.ts';
import {
  cooccurrence,
  cosineSimilarity,
  denseItemModel,
  denseItemScores,
  neighbourModel,
  neighbourScores,
} from './itemknn.ts';
import type { RecommenderRanks } from './output.ts';
import { writeSampledRanks, writeTrueRanks } from './output.ts';
import { HeldOutRanker } from './rank.ts';
import type { HeldOutRank } from './rank.ts';
import { runNcfDistribution } from './ncfDistribution.ts';
import { runStudy } from './study.ts';

interface Options {
  command: 'ranks' | 'study' | 'ncf';
  dataDir: string;
  outDir: string;
  seed: number;
  sweeps: number;
  repeats: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    command: 'ranks',
    dataDir: process.env.MOVIELENS_DIR ?? '../shared/data/movielens-1m',
    outDir: 'public/datasets',
    seed: 1,
    sweeps: 50,
    repeats: 100,
  };
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    const value = (): string => {
      const v = argv[++k];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === 'ranks' || arg === 'study' || arg === 'ncf') options.command = arg;
    else if (arg === '--data') options.dataDir = value();
    else if (arg === '--out') options.outDir = value();
    else if (arg === '--seed') options.seed = Number(value());
    else if (arg === '--sweeps') options.sweeps = Number(value());
    else if (arg === '--repeats') options.repeats = Number(value());
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!Number.isSafeInteger(options.seed)) throw new Error('--seed must be an integer');
  if (!Number.isSafeInteger(options.sweeps) || options.sweeps < 1) throw new Error('--sweeps must be ≥ 1');
  if (!Number.isSafeInteger(options.repeats) || options.repeats < 1) throw new Error('--repeats must be ≥ 1');
  return options;
}

function timed<T>(label: string, timings: Map<string, number>, body: () => T): T {
  const start = performance.now();
  const result = body();
  timings.set(label, (performance.now() - start) / 1000);
  return result;
}

function rankAll(data: MovieLens, ranker: HeldOutRanker, score: (user: number, out: Float64Array) => void) {
  const scores = new Float64Array(data.itemIds.length);
  const ranks: HeldOutRank[] = [];
  for (let u = 0; u < data.userIds.length; u++) {
    score(u, scores);
    ranks.push(ranker.rank(u, scores));
  }
  return ranks;
}

function buildRanks(options: Options): void {
  const timings = new Map<string, number>();
  const data = timed('load', timings, () => loadMovieLens(options.dataDir));
  const I = data.itemIds.length;
  console.log(`${data.userIds.length} users, ${I} items, ${data.userItems.length} training pairs`);
  const popularity = Float64Array.from({ length: I }, (_, i) => data.itemOffsets[i + 1] - data.itemOffsets[i]);
  const ranker = (index: number) => new HeldOutRanker(data, popularity, createRandom(options.seed + index));
  const results: RecommenderRanks[] = [];

  const model = timed('X train', timings, () =>
    trainIals(data, {
      dims: 16,
      lambda: 10,
      alpha: 0.2,
      sweeps: options.sweeps,
      initScale: 0.1,
      random: createRandom(options.seed),
      onSweep: (sweep, current) => {
        if (sweep % 10 !== 0 && sweep !== options.sweeps) return;
        console.log(`  iALS sweep ${sweep}: loss ${ialsLoss(data, current, 0.2, 10).toFixed(2)}`);
      },
    }),
  );
  const xRanker = ranker(0);
  results.push({
    name: 'X',
    ranks: timed('X rank', timings, () => rankAll(data, xRanker, (u, out) => ialsScores(model, u, out))),
  });

  const counts = timed('co-occurrence', timings, () => cooccurrence(data));
  const yModel = timed('Y train', timings, () => denseItemModel(cosineSimilarity(counts, I, 3, 1), I));
  const yRanker = ranker(1);
  results.push({
    name: 'Y',
    ranks: timed('Y rank', timings, () => rankAll(data, yRanker, (u, out) => denseItemScores(yModel, data, u, out))),
  });

  const zModel = timed('Z train', timings, () => neighbourModel(cosineSimilarity(counts, I, 1, 0), I, 10));
  console.log(`  Z: ${zModel.tiesAtK} items tie at their 10th neighbour (lower MovieLens id kept)`);
  const zRanker = ranker(2);
  results.push({
    name: 'Z',
    ranks: timed('Z rank', timings, () => rankAll(data, zRanker, (u, out) => neighbourScores(zModel, data, u, out))),
  });

  writeTrueRanks(`${options.outDir}/movielens-1m-true-ranks.csv`, data.userIds, results);
  writeSampledRanks(`${options.outDir}/movielens-1m-ncf-sampled-ranks.csv`, data.userIds, results);
  report(data, results, timings);
}

function report(data: MovieLens, results: RecommenderRanks[], timings: Map<string, number>): void {
  let total = 0;
  for (const [label, seconds] of timings) {
    total += seconds;
    console.log(`  ${label.padEnd(14)} ${seconds.toFixed(1)} s`);
  }
  console.log(`  ${'total'.padEnd(14)} ${total.toFixed(1)} s`);
  const metrics = parseMetricList('recall@10,ndcg@10,ap,auc');
  console.log(`\nexact metrics (%), per-user n; ${data.ambiguousUsers} users have an ambiguous test id`);
  console.log(`rec  ties         ${metrics.map((m) => m.id.padStart(9)).join('')}`);
  for (const { name, ranks } of results) {
    const n = ranks.map((r) => r.itemCount);
    for (const [tie, pick] of [
      ['random', (r: HeldOutRank) => r.rank],
      ['optimistic', (r: HeldOutRank) => r.optimistic],
      ['pessimistic', (r: HeldOutRank) => r.pessimistic],
    ] as const) {
      const rd = singleRankData(name, ranks.map(pick), null, n);
      const values = metrics.map((m) => (100 * exactMetric(rd, m, 3706)).toFixed(2).padStart(9));
      console.log(`${name.padEnd(4)} ${tie.padEnd(12)} ${values.join('')}`);
    }
  }
  const dropped = results[0].ranks.filter((r) => r.negatives < data.negativesPerUser).length;
  console.log(`\nNCF negatives: ${dropped} users had their held-out item among them (dropped)`);
}

const options = parseOptions(process.argv.slice(2));
if (options.command === 'study') runStudy({ dir: options.outDir, repeats: options.repeats, seed: options.seed });
else if (options.command === 'ncf') runNcfDistribution(options.outDir);
else buildRanks(options);
