/**
 * Property-based fuzzing of the command line (issue 15, "What stays"): generated malformed arguments, rank files,
 * histograms and prior files, and generated valid inputs. Every run must end in one of two ways, never another:
 *   - exit 0, nothing on stderr, one JSON document on stdout that parses, its numbers finite (valid input);
 *   - exit 2, nothing on stdout, on stderr one message whose first line names an option (`--m …`), a file
 *     (`r.csv: …`, `r.csv:4: …`) or a stray argument, then at most the `Run … --help` hint; no stack trace;
 * and no run may take more than RUN_SECONDS (up-front bounds, cli/bounds.ts, refuse what would).
 *
 * Deterministic: a fixed seed and FUZZ_RUNS runs per property (default 40; `node scripts/fuzz.mjs` runs many more
 * with a fresh seed, and prints the seed to replay a failure with FUZZ_SEED).
 *
 * That it catches bugs was checked by planting two, one at a time (neither committed), with the default seed and runs:
 *   - `integerCell` (src/io/cells.ts) returning NaN for the cell "7" (`if (text === '7') return Number.NaN;`):
 *     'valid inputs' fails on its first cases, e.g. `recover … --sampled-ranks r.csv` on a histogram with a count
 *     of 7: exit 2 "r.csv: recommender "B", instance 1: count must be positive, got NaN" for a valid file;
 *   - `Args.number` (cli/args.ts) returning NaN instead of the value: 'valid inputs' fails on `recover …
 *     --tolerance 1e-6` (exit 2, "tolerance must be a number in (0, 1), got NaN").
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { CliResult } from './testing.ts';
import { cli } from './testing.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 15);
const RUN_SECONDS = 5;
const settings = { numRuns: RUNS, seed: SEED, endOnFailure: true };

type Files = Record<string, string | Uint8Array>;

/** Runs one case and checks the outcome contract; throws with the case when it is broken. */
async function expectClean(argv: readonly string[], files: Files = {}, valid = false): Promise<CliResult> {
  const start = performance.now();
  const result = await cli(argv, files);
  const seconds = (performance.now() - start) / 1000;
  // A file is named by its path as given (inline or on disk): any argument, or the value after `--name=`.
  const paths = [...Object.keys(files), ...argv.map((arg) => arg.replace(/^--[^=]*=/, ''))].filter((p) => p !== '');
  // With --progress, stderr carries progress lines ("simulate: 3/10 repetitions") besides any message.
  const err = argv.includes('--progress') ? result.err.replace(new RegExp(`^${argv[0]}: .*\n`, 'gm'), '') : result.err;
  const checked = { ...result, err };
  const problem = valid && result.code !== 0 ? 'a valid input refused' : contractProblem(checked, paths, seconds);
  if (problem) {
    const shown = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? v : [...v]]));
    throw new Error(
      `${problem}\nargv: ${JSON.stringify(argv)}\nfiles: ${JSON.stringify(shown)}\n` +
        `exit ${result.code}\nstdout: ${result.out.slice(0, 300)}\nstderr: ${result.err.slice(0, 600)}`,
    );
  }
  return result;
}

function contractProblem(result: CliResult, files: readonly string[], seconds: number): string | null {
  if (seconds > RUN_SECONDS) return `took ${seconds.toFixed(1)} s`;
  if (result.code === 0) {
    if (result.err !== '') return 'exit 0 with something on stderr';
    try {
      const numbers = finiteProblem(JSON.parse(result.out));
      return numbers ? `exit 0 with ${numbers}` : null;
    } catch {
      return 'exit 0 without one JSON document on stdout';
    }
  }
  if (result.code !== 2) return `exit ${result.code}`;
  if (result.out !== '') return 'exit 2 with something on stdout';
  if (/\n\s+at |internal error|TypeError|RangeError|ReferenceError/.test(result.err)) return 'a stack trace';
  const lines = result.err.replace(/\n$/, '').split('\n');
  if (!result.err.endsWith('\n') || lines.length > 2) return 'not one message line (and the hint)';
  if (lines.length === 2 && !/^Run `sampled-metrics \w+ --help` for usage\.$/.test(lines[1])) return 'a second line';
  const namesFile = files.some((file) => lines[0].startsWith(`${file}:`));
  const namesArgument = /(^|\s)--\S/.test(lines[0]) || /^unexpected argument "/.test(lines[0]);
  return namesFile || namesArgument ? null : 'a message naming no option, argument or file';
}

/** "a non-finite number at results[2].exact", or null: JSON has no NaN, but null where a number was is one. */
function finiteProblem(value: unknown, path = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${value} at ${path}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = finiteProblem(value[i], `${path}[${i}]`);
      if (inner) return inner;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = finiteProblem(inner, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

// ---- malformed arguments -------------------------------------------------------------------------------------

/** Small runs of every command that succeed (each takes well under a second). */
const BASES: readonly (readonly string[])[] = [
  ['exact', '--n', '10000', '--ranks', 'fixtures/toy.csv', '--metrics', 'ap,recall@10'],
  ['expected', '--n', '10000', '--m', '99', '--ranks', 'fixtures/toy.csv', '--metrics', 'ap,ndcg'],
  ['correct', '--n', '1000', '--m', '9', '--metrics', 'ap', '--method', 'bv', '--gamma', '0.1'],
  [
    ...['estimate', '--n', '10000', '--m', '99', '--sampled-ranks', 'fixtures/toy-sampled.csv', '--metrics', 'ap'],
    ...['--methods', 'sampled,cls', '--bootstrap', '5', '--seed', '1'],
  ],
  [
    ...['simulate', '--n', '10000', '--m', '99', '--ranks', 'fixtures/toy.csv', '--metrics', 'ap'],
    ...['--methods', 'sampled,bv:0.1', '--repeats', '3', '--seed', '1'],
  ],
  ['recover', '--n', '1000', '--m', '99', '--sampled-ranks', 'fixtures/toy-sampled.csv', '--method', 'bv-dist:0.1'],
];

/** Options a command may take besides its base ones (some it does not know: those must be refused too). */
const EXTRA_OPTIONS = [
  'n',
  'm',
  'metrics',
  'methods',
  'method',
  'gamma',
  'digits',
  'sampling',
  'prior',
  'repeats',
  'seed',
  'bootstrap',
  'tolerance',
  'max-iterations',
  'algorithm',
  'per-user-n',
  'compare',
  'ties',
  'progress',
  'quiet',
  'json',
  'nn',
];

/**
 * Values that break a parser somewhere: number forms Number() reads but a user did not mean, lists, paths. Large
 * sizes are beyond the bounds (refused at once): a size just under a bound is valid and may take a minute.
 */
const HOSTILE = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-0',
    '1',
    '2',
    '-1',
    '1.5',
    '1e2',
    '1e309',
    '-1e309',
    'NaN',
    'Infinity',
    '0x10',
    '0b1',
    '0o7',
    '1_000',
    '1,000',
    '١٢',
    '９',
    '99999999999999999999',
    '1000000000',
    '1000000000000000',
    'abc',
    'auc,',
    ',auc',
    'ap,,ndcg',
    ',',
    'recall@0',
    'recall@1e3',
    'ndcg@-1',
    'ap@',
    'bv',
    'bv:',
    'bv:2',
    'bv:0x1',
    'bv:-0.5',
    'mle:1',
    'mes:0',
    'wmle:x',
    'bv-dist:0',
    'sampled,,cls',
    'without-replacement',
    'with',
    '-',
    'no/such/file.csv',
    'fixtures/toy.csv',
    'fixtures/prior.csv',
    'fixtures/multi.csv',
    '--json',
    '--',
    'true',
    'em',
    'newton',
    'separate',
    'random',
    '\u0000',
    '"',
    'é',
  ),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.double({ noNaN: false }).map(String),
);

type Mutation =
  | { kind: 'value'; at: number; value: string }
  | { kind: 'drop'; at: number }
  | { kind: 'twice'; at: number }
  | { kind: 'add'; name: string; value: string | null }
  | { kind: 'stray'; value: string }
  | { kind: 'equals'; at: number; value: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('value' as const), at: fc.nat(), value: HOSTILE }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('twice' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    name: fc.constantFrom(...EXTRA_OPTIONS),
    value: fc.option(HOSTILE, { nil: null }),
  }),
  fc.record({ kind: fc.constant('stray' as const), value: HOSTILE }),
  fc.record({ kind: fc.constant('equals' as const), at: fc.nat(), value: HOSTILE }),
);

/** The arguments after the command as groups: `--name value`, `--flag`, `--name=value`, a stray word. */
function groups(base: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 1; i < base.length; i += 2) out.push([base[i], base[i + 1]]);
  return out;
}

/** Applies a mutation to the groups (the one at index `at` modulo their count). */
function mutate(pairs: readonly string[][], m: Mutation): string[][] {
  const out = pairs.map((group) => [...group]);
  const at = 'at' in m ? m.at % Math.max(1, out.length) : 0;
  if (out.length === 0 && m.kind !== 'add' && m.kind !== 'stray') return out;
  if (m.kind === 'value') out[at] = [out[at][0].replace(/=.*$/, ''), m.value];
  if (m.kind === 'drop') out.splice(at, 1);
  if (m.kind === 'twice') out.push(out[at]);
  if (m.kind === 'add') out.push(m.value === null ? [`--${m.name}`] : [`--${m.name}`, m.value]);
  if (m.kind === 'stray') out.splice(at, 0, [m.value]);
  if (m.kind === 'equals') out[at] = [`${out[at][0].replace(/=.*$/, '')}=${m.value}`];
  return out;
}

// ---- malformed files -----------------------------------------------------------------------------------------

const CELL: Record<string, fc.Arbitrary<string>> = {
  recommender: fc.constantFrom('A', 'B', 'C', '', ' ', '"q""x"', 'é', '=1+1', 'a,b', '"open'),
  rank: fc.constantFrom('1', '2', '5', '10', '100', '0', '-3', '2.5', '1e1', '', 'x', '0x5', '99999999', 'NaN'),
  count: fc.constantFrom('1', '2', '0', '0.5', '-1', '1e12', '1e300', '', 'x', '3.0'),
  user: fc.constantFrom('u1', 'u2', 'u3', '', '"u1"'),
  n: fc.constantFrom('', '10', '200', '1', '5000', '1e3', 'x', '0', '2.5'),
  weight: fc.constantFrom('1', '0', '-1', '0.5', '1e308', '1e-320', '', 'x', 'NaN', '1e400'),
  other: fc.string({ maxLength: 4 }),
};

const HEADERS = [
  ['recommender', 'rank'],
  ['recommender', 'rank', 'count'],
  ['recommender', 'user', 'rank'],
  ['recommender', 'rank', 'n'],
  ['recommender', 'rank', 'count', 'n'],
  ['rank'],
  ['recommender', 'rank', 'rank'],
  ['recommender', 'Rank', 'other'],
];

/** A CSV/TSV text of `columns` with rows of generated cells, and some noise: comments, blanks, CRLF, a BOM. */
function table(columns: fc.Arbitrary<readonly string[]>): fc.Arbitrary<string> {
  return columns.chain((header) =>
    fc
      .record({
        rows: fc.array(
          fc
            .tuple(...header.map((name) => CELL[name.toLowerCase()] ?? CELL.other))
            .chain((cells) =>
              fc.oneof(
                { weight: 8, arbitrary: fc.constant(cells) },
                { weight: 1, arbitrary: fc.constant(cells.slice(1)) },
                { weight: 1, arbitrary: fc.constant([...cells, '7']) },
              ),
            ),
          { maxLength: 8 },
        ),
        tab: fc.boolean(),
        crlf: fc.boolean(),
        bom: fc.boolean(),
        noise: fc.constantFrom('', '# a comment\n', '\n\n', '   \n'),
      })
      .map(({ rows, tab, crlf, bom, noise }) => {
        const sep = tab ? '\t' : ',';
        const lines = [header.join(sep), ...rows.map((r) => r.join(sep))];
        return (bom ? '\ufeff' : '') + noise + lines.join(crlf ? '\r\n' : '\n') + '\n';
      }),
  );
}

/** Sometimes a byte that is not UTF-8 somewhere in the file. */
function withBadBytes(text: fc.Arbitrary<string>): fc.Arbitrary<string | Uint8Array> {
  return fc.oneof(
    { weight: 4, arbitrary: text },
    {
      weight: 1,
      arbitrary: fc.tuple(text, fc.nat(), fc.constantFrom(0xff, 0xe9, 0xc0, 0x80, 0xed)).map(([t, at, byte]) => {
        const bytes = [...new TextEncoder().encode(t)];
        bytes.splice(at % (bytes.length + 1), 0, byte);
        return Uint8Array.from(bytes);
      }),
    },
  );
}

const rankFile = withBadBytes(table(fc.constantFrom(...HEADERS)));
const priorFile = withBadBytes(
  table(fc.constantFrom(['rank', 'weight'], ['weight'], ['rank', 'weight', 'weight'], ['Rank', 'Weight'])),
);

/** A command reading `r.csv` (true or sampled ranks) with small sizes, --m 9 so that sampled ranks 1..10 fit. */
const fileCommand = fc.constantFrom(
  ['exact', '--n', '200', '--ranks', 'r.csv', '--metrics', 'ap,recall@5'],
  ['expected', '--n', '200', '--m', '9', '--ranks', 'r.csv', '--metrics', 'ndcg,auc'],
  ['expected', '--n', '200', '--m', '9', '--ranks', 'r.csv', '--metrics', 'ap', '--sampling', 'without-replacement'],
  ['estimate', '--n', '200', '--m', '9', '--sampled-ranks', 'r.csv', '--metrics', 'ap', '--methods', 'sampled,cls,mle'],
  ['estimate', '--n', '200', '--m', '9', '--sampled-ranks', 'r.csv', '--metrics', 'ap', '--methods', 'sampled'],
  ['simulate', '--n', '200', '--m', '9', '--ranks', 'r.csv', '--metrics', 'ap', '--methods', 'sampled,bv:0.1'],
  ['recover', '--n', '200', '--m', '9', '--sampled-ranks', 'r.csv', '--method', 'mes'],
);

const SIMULATE_TAIL = ['--repeats', '2', '--seed', '1'];

function withTail(argv: readonly string[]): string[] {
  return [...argv, ...(argv[0] === 'simulate' ? SIMULATE_TAIL : []), '--json'];
}

// ---- valid inputs ----------------------------------------------------------------------------------------------

const METRICS = ['auc', 'ap', 'ndcg', 'recall@1', 'recall@10', 'precision@5', 'ap@10', 'ndcg@20', 'HR@3', 'MRR'];

/** A valid case: a rank file of ranks in 1..n (or 1..m+1 for sampled ranks), and a command on it. */
const validCase = fc
  .record({
    n: fc.integer({ min: 10, max: 3000 }),
    m: fc.integer({ min: 1, max: 9 }),
    metrics: fc.uniqueArray(fc.constantFrom(...METRICS), { minLength: 1, maxLength: 3 }),
    command: fc.constantFrom('exact', 'expected', 'correct', 'estimate', 'simulate', 'recover'),
    histogram: fc.boolean(),
    rows: fc.array(fc.tuple(fc.constantFrom('A', 'B', 'Ω'), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(5)), {
      minLength: 2,
      maxLength: 12,
    }),
    sampling: fc.constantFrom('with-replacement', 'without-replacement'),
    correction: fc.constantFrom('rank-estimate', 'ls', 'cls', 'bv', 'sampled'),
    gamma: fc.constantFrom('0', '0.1', '.5', '1', '1e-2'),
    methods: fc.uniqueArray(fc.constantFrom('sampled', 'rank-estimate', 'ls', 'cls', 'bv:0.1', 'bv:1', 'bv-dist:0.5'), {
      minLength: 1,
      maxLength: 3,
    }),
    bootstrap: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
    seed: fc.integer({ min: 0, max: 5 }),
    digits: fc.integer({ min: 0, max: 15 }),
    distribution: fc.constantFrom('mes', 'bv-dist:0.3'),
  })
  .map((c) => {
    const sampled = c.command === 'estimate' || c.command === 'recover';
    const top = sampled ? c.m + 1 : c.n;
    // Every recommender has at least two users (the fits need them): the rows, and two more of each at rank 1.
    const extra = ['A', 'B', 'Ω'].flatMap((name) => [[name, 0, 0] as const, [name, 0, 0] as const]);
    const rows: (readonly [string, number, number])[] = [...c.rows, ...extra];
    const lines = rows.map(
      ([name, u, k]) => `${name},${1 + Math.floor(u * (top - 1))}${c.histogram ? `,${k + 2}` : ''}`,
    );
    const file = `recommender,rank${c.histogram ? ',count' : ''}\n${lines.join('\n')}\n`;
    const setup = ['--n', String(c.n), '--metrics', c.metrics.join(','), '--digits', String(c.digits)];
    const sizes = [...setup, '--m', String(c.m), '--sampling', c.sampling];
    const gamma = c.correction === 'bv' ? ['--gamma', c.gamma] : [];
    const bootstrap = c.bootstrap === undefined ? [] : ['--bootstrap', String(c.bootstrap), '--seed', String(c.seed)];
    const methods = c.methods.join(',');
    const argv: Record<string, string[]> = {
      exact: ['exact', ...setup, '--ranks', 'r.csv'],
      expected: ['expected', ...sizes, '--ranks', 'r.csv'],
      correct: ['correct', ...sizes, '--method', c.correction, ...gamma],
      estimate: ['estimate', ...sizes, '--sampled-ranks', 'r.csv', '--methods', methods, ...bootstrap],
      simulate: ['simulate', ...sizes, '--ranks', 'r.csv', '--methods', methods, '--repeats', '2', '--seed', '1'],
      recover: [
        ...['recover', '--n', String(c.n), '--m', String(c.m), '--sampling', c.sampling, '--sampled-ranks', 'r.csv'],
        ...['--method', c.distribution, '--tolerance', '1e-6'],
      ],
    };
    return { argv: [...argv[c.command], '--json'], files: { 'r.csv': file } };
  });

describe('CLI fuzz (property-based; FUZZ_RUNS, FUZZ_SEED)', () => {
  it('malformed arguments: a clean exit 0 or a one-line exit 2 naming the option, quickly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BASES),
        fc.array(mutation, { minLength: 1, maxLength: 2 }),
        async (base, ms) => {
          await expectClean([base[0], ...ms.reduce(mutate, groups(base)).flat(), '--json']);
        },
      ),
      settings,
    );
  });

  it('malformed rank and histogram files: a clean exit 0 or exit 2 naming the file (and line)', async () => {
    await fc.assert(
      fc.asyncProperty(fileCommand, rankFile, async (argv, file) => {
        await expectClean(withTail(argv), { 'r.csv': file });
      }),
      { ...settings, numRuns: RUNS * 3 },
    );
  });

  it('malformed prior files: a clean exit 0 or exit 2 naming the file (and line)', async () => {
    const commands = fc.constantFrom(
      ['correct', '--n', '50', '--m', '9', '--metrics', 'ap', '--method', 'cls', '--prior', 'p.csv'],
      ['correct', '--n', '50', '--m', '9', '--metrics', 'ap', '--method', 'bv:0.1', '--prior', 'p.csv'],
      [
        ...['estimate', '--n', '200', '--m', '99', '--sampled-ranks', 'fixtures/toy-sampled.csv', '--metrics', 'ap'],
        ...['--methods', 'ls,bv-dist:0.1', '--prior', 'p.csv'],
      ],
    );
    await fc.assert(
      fc.asyncProperty(commands, priorFile, async (argv, file) => {
        await expectClean([...argv, '--json'], { 'p.csv': file });
      }),
      { ...settings, numRuns: RUNS * 2 },
    );
  });

  it('valid inputs: exit 0 and one JSON document with finite numbers', async () => {
    await fc.assert(
      fc.asyncProperty(validCase, async ({ argv, files }) => {
        await expectClean(argv, files, true);
      }),
      { ...settings, numRuns: RUNS * 2 },
    );
  });
});
