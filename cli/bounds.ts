/**
 * How much one command-line run may ask for. Every size option has a bound, so that a run either finishes within a
 * few minutes on an ordinary machine or is refused before any work, with a message naming the options and what the
 * run would cost (issue 15: `correct --n 1000000000` used to compute for many minutes without a word).
 *
 * Options that only size a result have a plain cap (LIMITS, checked where the option is read). The work of the
 * heavy stages grows with products of sizes — n × m for the corrections, the users × m × T draws of a simulation —
 * so each stage has a bound on its product (WORK_BOUNDS), with the rate measured on the benchmark machine of the
 * README (2 cores, Node 20) to say in the message how long the run would take. At every bound the run completes in
 * a few minutes at most: e.g. `correct --n 10000000 --m 1000 --metrics ap --method bv`, the README's benchmark, is
 * at the bound of the corrections and takes about 30 s.
 * docs/cli.md lists the same numbers (bounds.test.ts checks that it does).
 */
import { UsageError } from './errors.ts';

/** Plain caps on options and inputs. */
export const LIMITS = {
  /** Bytes of one input file: parsing holds about 230 bytes per row (64 MiB ≈ 8·10^6 rows ≈ 2 GB, 15 s). */
  fileBytes: 64 * 1024 * 1024,
  /** Recommenders in one rank file. */
  recommenders: 1000,
  /** Items of --metrics and of --methods. */
  listItems: 100,
  /** m: the sampled metric and the kernels hold arrays of m + 1 values (80 MB each at the cap). */
  sampleSize: 10_000_000,
  /** --repeats. */
  repeats: 10_000_000,
  /** --bootstrap B. */
  bootstrap: 1_000_000,
  /** --max-iterations of the rank-distribution fits (their cost is bounded with n × m in WORK_BOUNDS.fitSize). */
  maxIterations: 1_000_000,
} as const;

/** The default iteration cap of the fits (core distribution/mle.ts DEFAULT_MAX_ITERATIONS). */
export const DEFAULT_MAX_ITERATIONS = 10_000;

export interface WorkBound {
  /** What is bounded and a verb, for messages: "the corrections need". */
  readonly stage: string;
  /** The product that is bounded, in the words of docs/cli.md: "Σ n × m". */
  readonly product: string;
  readonly limit: number;
  /** What one unit of the product costs: seconds (time) or bytes (memory) on the benchmark machine; 0 for output. */
  readonly resource: 'time' | 'memory' | 'output';
  readonly perUnit: number;
}

const bound = (
  stage: string,
  product: string,
  limit: number,
  resource: WorkBound['resource'],
  perUnit = 0,
): WorkBound => ({ stage, product, limit, resource, perUnit });

/**
 * The products bounded, with their measured costs (`node bin/sampled-metrics.mjs` timed on the benchmark machine):
 * `expected` on 2·10^6 rows with m = 10^6 took 180 s (1e-7 s per unit); `correct --method bv` with n = 10^7,
 * m = 1,000 and one metric 25–30 s, with n = 10^6, m = 1,000 and 10 metrics 30 s (1.4e-9 s per unit of
 * n × m × (metrics + 1), "kinds" counting ls, cls and bv once each); n = 10^8 with 3 metrics held 5.1 GB (17 bytes
 * per unit of n × metrics); the dense system at m = 5,000 took 110 s for bv, and cls at m = 2,000 with 2 metrics
 * 124 s (9e-10 s per unit); an EM step of `mle` at n × m = 10^7 ~5 ms, a whole fit ~1.5 s; `recover` with 5,000
 * distinct per-user n up to 10^5 (Σ n = 2.5·10^8) held 2.2 GB (9 bytes per unit of Σ n); a simulation draws
 * ~5·10^7 sampled items a second; a bootstrap resample takes ~1 µs per user.
 */
export const WORK_BOUNDS = {
  expected: bound('the expected sampled metrics need', 'rows × metrics × (√(m + 1) + 10)', 1e9, 'time', 1e-7),
  vectorTime: bound('the corrections need', 'Σ n × m × (metrics + 1) × kinds', 2e10, 'time', 1.4e-9),
  vectorMemory: bound('the corrections hold', 'n × metrics', 1e8, 'memory', 17),
  system: bound('the corrections need', 'distinct n × (m + 1)³ × (1, or 8 × metrics for cls)', 1.5e11, 'time', 9e-10),
  fitSize: bound('one rank-distribution fit may need', 'n × m × max-iterations', 1e11, 'time', 5e-10),
  fitTotal: bound('the rank-distribution fits need', 'fits × n × m', 1e9, 'time', 1.5e-7),
  distributions: bound('the distributions of every n hold', 'Σ n over the distinct n', 1e8, 'memory', 9),
  draws: bound('the simulation needs', 'T × Σ users × (m + k + methods × metrics)', 5e9, 'time', 2e-8),
  resamples: bound('the bootstrap needs', 'B × (users + rows × methods × metrics)', 1e8, 'time', 1e-6),
  replicates: bound(
    'the estimates of every repetition take',
    '(T or B) × recommenders × methods × metrics',
    1e8,
    'memory',
    8,
  ),
  outputRows: bound('the output has', 'rows of results', 1e6, 'output'),
  outputValues: bound('the output has', 'values printed', 1e7, 'output'),
} as const;

/** 12345678 → "1.2e7"; small values as they are. */
export function scientific(value: number): string {
  return value < 1e5 ? String(Math.round(value)) : value.toExponential(1).replace('e+', 'e');
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 2 * 86400) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}

function bytes(count: number): string {
  return count < 1e9 ? `${Math.round(count / 1e6)} MB` : `${(count / 1e9).toPrecision(2)} GB`;
}

/** "about 5 minutes" / "about 16 GB" / "" for an output bound. */
function cost(b: WorkBound, units: number): string {
  if (b.resource === 'time') return `about ${duration(units * b.perUnit)}`;
  if (b.resource === 'memory') return `about ${bytes(units * b.perUnit)} of memory`;
  return '';
}

/**
 * Refuses `units` of the bound's product when above its limit: `culprit` names the options (and files) that set the
 * product, `advice` what to lower. Example: "--n 1000000000, --m 99: the corrections need Σ n × m over the distinct
 * n = 9.9e10, more than the 1.0e10 allowed (about 5 minutes; at the bound about 30 s): lower --n or --m".
 */
export function checkWork(b: WorkBound, units: number, culprit: string, advice: string, command: string): void {
  if (units <= b.limit) return;
  const costs = b.resource === 'output' ? '' : ` (${cost(b, units)}; at the bound ${cost(b, b.limit)})`;
  throw new UsageError(
    `${culprit}: ${b.stage} ${b.product} = ${scientific(units)}, ` +
      `more than the ${scientific(b.limit)} allowed${costs}: ${advice}`,
    command,
  );
}
