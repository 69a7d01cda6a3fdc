/**
 * Krichene & Rendle (KDD 2020) section 6 on binarized MovieLens-1M, end to end: trains recommenders X, Y and Z,
 * ranks every test user's held-out item, and writes the derived ranks to public/datasets/; then the leaderboard
 * of 13 recommenders (recommenders.ts: X, Y, Z and ten more) on NCF's leave-one-out split and on a random 80/20
 * split per user (split.ts), with popularity shares for α = 0.5 and 1 (popularity.ts).
 *
 *   npm run movielens                    # train, rank, write every file (see public/datasets/README.md)
 *   npm run movielens -- study           # docs/reproduction.md tables from the shipped CSVs (study.ts; ~20 min)
 *   npm run movielens -- ncf             # only Jin et al.'s estimators on NCF's sampled ranks (ncfDistribution.ts)
 *
 * Options: --data DIR (or MOVIELENS_DIR; default ../shared/data/movielens-1m), --out DIR (where the CSVs are
 * written, and read by `study`; default public/datasets), --seed S (default 1), --sweeps N (X's iALS sweeps, default
 * 50), --repeats T (study repetitions, default 100), --split-users N (users of the random split written to its
 * file, a seeded sample; default 800), and for development on a small input --max-users N (the first N users),
 * --recommenders a,b (a subset of recommenders.ts by name) and --splits loo,random (default both), which need an
 * --out other than public/datasets. The two splits run at once, the random one in a child process (each is
 * single-threaded); --sequential runs them in turn. --random-split-all FILE also writes the random split's ranks
 * of all 6,040 users to FILE (not shipped: 2.57 million rows, 21 MB compressed). The raw data are only read.
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
 * - Popularity sampling mass (`popMassAbove`, and `massAbove@α` for α = 0.5 and 1): weight of an item = its number
 *   of training users to the power α (`popMassAbove` = `massAbove@1`); the movie that appears only in test has
 *   weight 0. RecBole counts every split's interactions instead (docs/protocols.md).
 * - The leaderboard (leaderboard.ts): every recommender trained on each split's training part only; the random
 *   split's file keeps a seeded sample of --split-users users (all their held-out items), to keep the file small.
 * - NCF negatives: the 99 of ncf_negatives.tsv; a user's own held-out item among them (156 users) is dropped
 *   (`negatives` = 98 for them) — it is the relevant item, and NCF's evaluation code counts it as a hit.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createRandom } from '../../src/core/random.ts';
import { loadMovieLens } from './data.ts';
import {
  LEADERBOARD_SAMPLED_FILE,
  LEADERBOARD_TRUE_FILE,
  RANDOM_SPLIT_FILE,
  SAMPLED_RANKS_FILE,
  TRUE_RANKS_FILE,
} from './dataset.ts';
import { runLeaveOneOut, runRandomSplit } from './leaderboard.ts';
import type { RecommenderPositives, RecommenderRanks } from './output.ts';
import {
  writeLeaderboardSampledRanks,
  writeLeaderboardTrueRanks,
  writePositives,
  writeSampledRanks,
  writeTrueRanks,
} from './output.ts';
import { RECOMMENDERS } from './recommenders.ts';
import { printLeaderboard, printTieTable, printTimings } from './report.ts';
import { runNcfDistribution } from './ncfDistribution.ts';
import { randomSplit } from './split.ts';
import { runStudy } from './study.ts';

const DEFAULT_OUT = 'public/datasets';
/** Seed offsets of the random split: its shuffle, its shipped users, its recommenders' streams. */
const SPLIT_SHUFFLE = 98;
const SPLIT_SAMPLE = 99;
const SPLIT_STREAMS = 100;

interface Options {
  command: 'ranks' | 'study' | 'ncf';
  dataDir: string;
  outDir: string;
  seed: number;
  sweeps: number;
  repeats: number;
  splitUsers: number;
  maxUsers: number;
  recommenders: string[] | null;
  splits: string[];
  /** Both splits at once, the random split in a child process (the default); `--sequential` runs them in turn. */
  parallel: boolean;
  /** This process is that child (internal flag `--child`): it may write the random split's file alone. */
  child: boolean;
  /** `--random-split-all FILE`: also write the random split's ranks of every user there (not shipped). */
  randomSplitAll: string | null;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    command: 'ranks',
    dataDir: process.env.MOVIELENS_DIR ?? '../shared/data/movielens-1m',
    outDir: DEFAULT_OUT,
    seed: 1,
    sweeps: 50,
    repeats: 100,
    splitUsers: 800,
    maxUsers: Infinity,
    recommenders: null,
    splits: ['loo', 'random'],
    parallel: true,
    child: false,
    randomSplitAll: null,
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
    else if (arg === '--split-users') options.splitUsers = Number(value());
    else if (arg === '--max-users') options.maxUsers = Number(value());
    else if (arg === '--recommenders') options.recommenders = value().split(',');
    else if (arg === '--splits') options.splits = value().split(',');
    else if (arg === '--sequential') options.parallel = false;
    else if (arg === '--child') options.child = true;
    else if (arg === '--random-split-all') options.randomSplitAll = value();
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!Number.isSafeInteger(options.seed)) throw new Error('--seed must be an integer');
  if (!Number.isSafeInteger(options.sweeps) || options.sweeps < 1) throw new Error('--sweeps must be ≥ 1');
  if (!Number.isSafeInteger(options.repeats) || options.repeats < 1) throw new Error('--repeats must be ≥ 1');
  if (!Number.isSafeInteger(options.splitUsers) || options.splitUsers < 1) throw new Error('--split-users must be ≥ 1');
  if (options.maxUsers !== Infinity && !(Number.isSafeInteger(options.maxUsers) && options.maxUsers >= 1))
    throw new Error('--max-users must be ≥ 1');
  for (const name of options.recommenders ?? []) {
    if (!RECOMMENDERS.some((r) => r.name === name)) throw new Error(`--recommenders: no recommender "${name}"`);
  }
  for (const split of options.splits) if (split !== 'loo' && split !== 'random') throw new Error(`--splits: ${split}?`);
  const partial = options.maxUsers !== Infinity || options.recommenders !== null || options.splits.length < 2;
  if (partial && !options.child && options.outDir === DEFAULT_OUT) {
    throw new Error(
      '--max-users, --recommenders and --splits write partial files: give an --out other than public/datasets',
    );
  }
  return options;
}

/** `count` users drawn without replacement (partial Fisher–Yates), ascending; all of them if count ≥ users. */
function sampleUsers(users: number, count: number, seed: number): Int32Array {
  if (count >= users) return Int32Array.from({ length: users }, (_, u) => u);
  const pool = Int32Array.from({ length: users }, (_, u) => u);
  const random = createRandom(seed);
  for (let k = 0; k < count; k++) {
    const j = k + random.nextInt(users - k);
    [pool[k], pool[j]] = [pool[j], pool[k]];
  }
  return pool.slice(0, count).sort();
}

/**
 * Runs this script again for the random split alone, in a child process (the two splits share nothing but the
 * data, and each is single-threaded: on two cores they take the time of the longer). Its output is kept and
 * printed after ours.
 */
function spawnRandomSplit(argv: readonly string[]): Promise<string> {
  const args: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--splits') k++;
    else args.push(argv[k]);
  }
  const runner = fileURLToPath(new URL('../../bin/tsx-run.mjs', import.meta.url));
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [runner, script, ...args, '--splits', 'random', '--child'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`the random split's process exited with ${code}`)),
    );
  });
}

async function buildRanks(options: Options, argv: readonly string[]): Promise<void> {
  const wall = performance.now();
  const inChild =
    options.parallel && !options.child && options.splits.includes('random') && options.splits.includes('loo');
  const childOutput = inChild ? spawnRandomSplit(argv) : null;
  if (inChild) options.splits = ['loo'];
  const timings = new Map<string, number>();
  const start = performance.now();
  const data = loadMovieLens(options.dataDir, options.maxUsers);
  timings.set('load', (performance.now() - start) / 1000);
  const I = data.itemIds.length;
  console.log(`${data.userIds.length} users, ${I} items, ${data.userItems.length} training pairs`);
  const indices = RECOMMENDERS.map((_, k) => k).filter(
    (k) => !options.recommenders || options.recommenders.includes(RECOMMENDERS[k].name),
  );
  const run = {
    seed: options.seed,
    sweeps: options.sweeps,
    recommenders: indices.map((k) => RECOMMENDERS[k]),
    indices,
    log: (line: string) => console.log(line),
    timings,
  };
  const out = (file: string) => `${options.outDir}/${file}`;

  let loo: RecommenderRanks[] = [];
  if (options.splits.includes('loo')) {
    console.log('\nleave-one-out split (NCF)');
    loo = runLeaveOneOut(data, { ...run, offset: 0 });
    const paper = ['X', 'Y', 'Z'].map((name) => loo.find((r) => r.name === name));
    if (paper.every((r) => r !== undefined)) {
      writeTrueRanks(out(TRUE_RANKS_FILE), data.userIds, paper);
      writeSampledRanks(out(SAMPLED_RANKS_FILE), data.userIds, paper);
    }
    writeLeaderboardTrueRanks(out(LEADERBOARD_TRUE_FILE), data.userIds, loo);
    writeLeaderboardSampledRanks(out(LEADERBOARD_SAMPLED_FILE), data.userIds, loo);
  }
  let split: RecommenderPositives[] = [];
  let shipped: Int32Array | null = null;
  if (options.splits.includes('random')) {
    const held = randomSplit(data, 0.2, createRandom(options.seed + SPLIT_SHUFFLE));
    console.log(`\nrandom 80/20 split: ${held.userItems.length} training pairs, ${held.testItems.length} held out`);
    split = runRandomSplit(held, { ...run, offset: SPLIT_STREAMS });
    shipped = sampleUsers(data.userIds.length, options.splitUsers, options.seed + SPLIT_SAMPLE);
    writePositives(out(RANDOM_SPLIT_FILE), data.userIds, shipped, split);
    if (options.randomSplitAll) {
      const all = sampleUsers(data.userIds.length, data.userIds.length, 0);
      writePositives(options.randomSplitAll, data.userIds, all, split);
    }
    console.log(
      `${RANDOM_SPLIT_FILE}: ${shipped.length} users, their ${shipped.reduce((s, u) => s + held.testOffsets[u + 1] - held.testOffsets[u], 0)} held-out items`,
    );
  }
  console.log('\ntimes');
  printTimings(timings);
  if (loo.length > 0) {
    printTieTable(
      data,
      loo.filter((r) => ['X', 'Y', 'Z'].includes(r.name)),
    );
  }
  const settings = new Map(RECOMMENDERS.map((r) => [r.name, r.settings]));
  printLeaderboard(loo, split, shipped && shipped.length < data.userIds.length ? shipped : null, settings);
  if (childOutput) {
    console.log(`\n--- the random split (child process) ---\n${await childOutput}`);
  }
  console.log(`wall time: ${((performance.now() - wall) / 1000).toFixed(0)} s`);
}

const argv = process.argv.slice(2);
const options = parseOptions(argv);
if (options.command === 'study') runStudy({ dir: options.outDir, repeats: options.repeats, seed: options.seed });
else if (options.command === 'ncf') runNcfDistribution(options.outDir);
else await buildRanks(options, argv);
