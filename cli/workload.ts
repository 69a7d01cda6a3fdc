/**
 * The products of cli/bounds.ts for one run, computed from its parsed inputs before any heavy work, and checked:
 * a run beyond a bound is refused with a message that names the options and files setting the product.
 */
import type { Method, PerUserN, RankData } from '../src/core/index.ts';
import { checkSystemSize, distinctItemCounts, needsFit, totalWeight } from '../src/core/index.ts';
import { checkWork, DEFAULT_MAX_ITERATIONS, scientific, WORK_BOUNDS } from './bounds.ts';

/** The sizes of a run: n, m, the rank file's recommenders (and its name), the metrics and the methods. */
export interface Workload {
  readonly command: string;
  readonly itemCount: number;
  readonly sampleSize: number;
  readonly recommenders: readonly RankData[];
  /** The rank file's display name, for messages. */
  readonly file: string;
  readonly metrics: number;
  readonly methods: readonly Method[];
  readonly perUserN?: PerUserN;
  readonly maxIterations?: number;
  /**
   * The correction solves planned (core EstimatorVectors.plannedSolves): with many per-user n, estimate and simulate
   * solve a geometric grid of n and interpolate, far fewer than the distinct n. Absent: one solve per distinct n.
   */
  readonly solves?: number;
}

const VECTOR_KINDS: ReadonlySet<string> = new Set(['ls', 'cls', 'bv', 'bv-dist']);

/** Every catalogue size of the run: the rank file's n column, and --n for the rows without one. */
function itemCounts(w: Workload): number[] {
  const values = distinctItemCounts(w.recommenders);
  if (w.recommenders.length === 0 || w.recommenders.some((r) => !r.itemCounts)) values.add(w.itemCount);
  return [...values];
}

/** The largest of many values (a spread into Math.max overflows the stack beyond ~10^5 of them). */
export function largestOf(values: Iterable<number>): number {
  let largest = -Infinity;
  for (const v of values) if (v > largest) largest = v;
  return largest;
}

/** "--n 10000, --m 99", or "--m 99 and the 744 n of ranks.csv (largest 3706)" with an n column. */
function sizes(w: Workload, counts: readonly number[]): string {
  const perUser = w.recommenders.some((r) => r.itemCounts);
  if (!perUser) return `--n ${w.itemCount}, --m ${w.sampleSize}`;
  return `--m ${w.sampleSize} and the ${counts.length} n of ${w.file} (largest ${largestOf(counts)})`;
}

/** `expected`: every row's kernel spans about √m sampled ranks, for each metric. */
export function checkExpected(w: Workload): void {
  const rows = w.recommenders.reduce((s, r) => s + r.weights.length, 0);
  const units = rows * w.metrics * (Math.sqrt(w.sampleSize + 1) + 10);
  const culprit = `--m ${w.sampleSize}, ${w.metrics} metric${w.metrics === 1 ? '' : 's'}, ${rows} rows of ${w.file}`;
  checkWork(WORK_BOUNDS.expected, units, culprit, 'lower --m, use fewer metrics, or write a histogram', w.command);
}

/**
 * The corrections ls, cls and bv (bv-dist uses bv's): at each n solved, one pass over the n × m kernel per kind
 * (every γ of bv shares one), each metric's vectors over 1..n, and a dense (m + 1)² system (cls solves one per metric).
 * The n solved are the distinct n, or at most `solves` of them, none above the largest.
 */
export function checkVectors(w: Workload): void {
  const kinds = new Set(w.methods.filter((m) => VECTOR_KINDS.has(m.kind)).map((m) => m.kind.replace('bv-dist', 'bv')));
  if (kinds.size > 0) checkCorrections(w, [...kinds]);
}

/** The same for the given kinds (`correct --method ls|cls|bv`); first the core's m ≤ 5,000 of the dense system. */
export function checkCorrections(w: Workload, kinds: readonly string[]): void {
  for (const kind of kinds) checkSystemSize(w.sampleSize, kind);
  const counts = itemCounts(w);
  const largest = largestOf(counts);
  const metrics = `${w.metrics} metric${w.metrics === 1 ? '' : 's'}`;
  const culprit = `${sizes(w, counts)}, ${metrics}`;
  checkWork(WORK_BOUNDS.vectorMemory, largest * w.metrics, culprit, 'lower n or use fewer metrics', w.command);
  const every = counts.reduce((s, n) => s + n, 0) * kinds.length;
  const spanned = w.solves === undefined ? every : Math.min(every, w.solves * largest);
  const passes = spanned * w.sampleSize * (w.metrics + 1);
  checkWork(WORK_BOUNDS.vectorTime, passes, culprit, 'lower n or m, or use fewer metrics', w.command);
  const perSystem = kinds.reduce((s, kind) => s + (kind === 'cls' ? 8 * w.metrics : 1), 0);
  const solved = w.solves === undefined ? counts.length : Math.min(counts.length, w.solves);
  const systems = solved * (w.sampleSize + 1) ** 3 * perSystem;
  const systemCulprit = `--m ${w.sampleSize}, ${metrics}${kinds.includes('cls') ? ' with cls' : ''}`;
  checkWork(WORK_BOUNDS.system, systems, systemCulprit, 'lower m, or use fewer metrics with cls', w.command);
}

/**
 * The rank-distribution fits (mle, wmle, mes): `fitsPerRecommender` fits of each method for each recommender (1, or
 * B + 1 with `--bootstrap B`, or T with `--repeats T`: `option` names it). One fit spans the largest n (the pooled
 * and shared models), or every distinct n with --per-user-n separate.
 */
export function checkFits(w: Workload, fitsPerRecommender: number, option?: string): void {
  const fitted = w.methods.filter(needsFit).length;
  if (fitted === 0) return;
  const counts = itemCounts(w);
  const largest = largestOf(counts);
  const spanned = w.perUserN === 'separate' ? counts.reduce((s, n) => s + n, 0) : largest;
  const iterations = w.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const one = largest * w.sampleSize * iterations;
  const culprit = `${sizes(w, counts)}${w.maxIterations === undefined ? '' : `, --max-iterations ${iterations}`}`;
  checkWork(WORK_BOUNDS.fitSize, one, culprit, 'lower n or m (or --max-iterations)', w.command);
  if (w.perUserN === 'separate') checkDistributions(w);
  const fits = fitsPerRecommender * w.recommenders.length * fitted;
  const repeated = option
    ? `${option} ${option === '--bootstrap' ? fitsPerRecommender - 1 : fitsPerRecommender}, `
    : '';
  const total = `${repeated}${culprit}, ${fits} fits`;
  const advice = `lower ${option ? `${option}, ` : ''}n or m, or use fewer recommenders`;
  checkWork(WORK_BOUNDS.fitTotal, fits * spanned * w.sampleSize, total, advice, w.command);
}

/**
 * The rank distributions of every distinct n, held at once by `recover` with an n column (P̂ of each n, mixed into
 * the users' P̂) and by the fits of --per-user-n separate.
 */
export function checkDistributions(w: Workload): void {
  const counts = itemCounts(w);
  if (counts.length < 2) return;
  const culprit = `${w.file}: ${counts.length} distinct n (largest ${largestOf(counts)})`;
  const units = counts.reduce((s, n) => s + n, 0);
  checkWork(WORK_BOUNDS.distributions, units, culprit, 'use fewer distinct n (round the n column)', w.command);
}

/** `simulate`: every user draws m items in every repetition, and each method adds up every metric. */
export function checkDraws(w: Workload, repeats: number): void {
  let perRepetition = 0;
  const perUser = w.sampleSize + w.methods.length * w.metrics;
  for (const data of w.recommenders) {
    for (let i = 0; i < data.weights.length; i++) {
      perRepetition += data.weights[i] * (perUser + data.offsets[i + 1] - data.offsets[i]);
    }
  }
  const users = w.recommenders.reduce((s, r) => s + totalWeight(r), 0);
  const culprit = `--repeats ${repeats}, --m ${w.sampleSize}, ${scientific(users)} users in ${w.file}`;
  checkWork(WORK_BOUNDS.draws, repeats * perRepetition, culprit, 'lower --repeats or --m', w.command);
  checkReplicates(w, repeats, '--repeats');
}

/** `estimate --bootstrap B`: each resample draws every user and recomputes every estimate. */
export function checkResamples(w: Workload, replicates: number): void {
  let perResample = 0;
  for (const data of w.recommenders)
    perResample += totalWeight(data) + data.weights.length * w.methods.length * w.metrics;
  const culprit = `--bootstrap ${replicates}, ${scientific(perResample)} users and rows in ${w.file}`;
  checkWork(WORK_BOUNDS.resamples, replicates * perResample, culprit, 'lower --bootstrap', w.command);
  checkReplicates(w, replicates, '--bootstrap');
}

function checkReplicates(w: Workload, count: number, option: string): void {
  const units = count * w.recommenders.length * w.methods.length * w.metrics;
  const culprit = `${option} ${count}, ${w.recommenders.length} recommenders, ${w.methods.length} methods, ${w.metrics} metrics`;
  checkWork(WORK_BOUNDS.replicates, units, culprit, `lower ${option} or use fewer metrics or methods`, w.command);
}

/** Rows of a results table (recommenders × metrics × methods, and pairs of recommenders). */
export function checkOutputRows(command: string, rows: number, culprit: string): void {
  checkWork(WORK_BOUNDS.outputRows, rows, culprit, 'use fewer recommenders, metrics or methods', command);
}

/** Values of printed vectors (`correct`: m + 1 per metric; `recover`: n per recommender). */
export function checkOutputValues(command: string, values: number, culprit: string, advice: string): void {
  checkWork(WORK_BOUNDS.outputValues, values, culprit, advice, command);
}
