/** Reading and checking the inputs shared by several commands, with messages that name the option or file. */
import type { Method, Metric, PerUserN, RankData, Sampling, SamplingSetup } from '../src/core/index.ts';
import {
  InputError,
  methodSyntaxes,
  PER_USER_N,
  parseMethodList,
  parseMetricList,
  parseSampling,
} from '../src/core/index.ts';
import type { Parsed, RankFileOptions } from '../src/io/index.ts';
import { formatFileError, parsePriorFile, parseRankFile } from '../src/io/index.ts';
import type { Args, OptionSpec } from './args.ts';
import { UsageError } from './errors.ts';
import type { CliIo } from './io.ts';

export const COMMON_OPTIONS: readonly OptionSpec[] = [
  { name: 'json', help: 'print one JSON document instead of tables' },
  { name: 'digits', value: 'D', help: 'decimals in tables (default 4)' },
  { name: 'help', help: 'show this help' },
];

const required = (name: string, value: string, help: string): OptionSpec => ({ name, value, required: true, help });

export const N_OPTION = required(
  'n',
  'N',
  'number of items in the catalogue (the default for rows without an n column)',
);
export const M_OPTION = required('m', 'M', 'number of sampled irrelevant items per user');
export const METRICS_OPTION = required(
  'metrics',
  'LIST',
  'comma-separated: auc, precision@K, recall@K, ap, ap@K, ndcg, ndcg@K',
);
export const RANKS_OPTION = required('ranks', 'FILE', 'CSV/TSV of true ranks: recommender,rank [user] [count] [n]');
export const SAMPLED_RANKS_OPTION = required(
  'sampled-ranks',
  'FILE',
  'CSV/TSV of sampled ranks: recommender,rank [user] [count] [n]',
);

export const SAMPLING_OPTION: OptionSpec = {
  name: 'sampling',
  value: 'with-replacement|without-replacement',
  help: 'how the m irrelevant items are drawn (default with-replacement)',
};

export function readDigits(args: Args): number {
  return args.integer('digits', 0, 15) ?? 4;
}

export function readItemCount(args: Args): number {
  return args.requiredInteger('n', 2);
}

function readSampling(args: Args): Sampling {
  const text = args.string('sampling');
  return text === undefined ? 'with-replacement' : withOption(args, 'sampling', () => parseSampling(text));
}

/** --n, --sampling and --m, read in that order. */
export function readSetup(args: Args): SamplingSetup {
  const itemCount = readItemCount(args);
  const sampling = readSampling(args);
  return { itemCount, sampling, sampleSize: readSampleSize(args, itemCount, sampling) };
}

/** m ≥ 1, and m ≤ n − 1 when sampling without replacement. */
function readSampleSize(args: Args, itemCount: number, sampling: Sampling): number {
  const m = args.requiredInteger('m', 1);
  if (sampling === 'without-replacement' && m > itemCount - 1) {
    throw args.error(
      `--m ${m} is larger than the n − 1 = ${itemCount - 1} irrelevant items: sampling without replacement needs m ≤ n − 1 (or use --sampling with-replacement)`,
    );
  }
  return m;
}

export function readMetrics(args: Args): Metric[] {
  const text = args.required('metrics');
  return withOption(args, 'metrics', () => parseMetricList(text));
}

/** Runs a core parser on an option's value, prefixing its InputError with the option's name. */
export function withOption<T>(args: Args, name: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof InputError) throw args.error(`--${name}: ${e.message}`);
    throw e;
  }
}

/** The text of the file named by an option; an unreadable file is a user error naming the option and path. */
export function readText(args: Args, io: CliIo, option: string): { text: string; file: string } {
  const path = args.required(option);
  try {
    return { text: io.readFile(path), file: path === '-' ? '<stdin>' : path };
  } catch (e) {
    throw new UsageError(`cannot read --${option} file "${path}": ${describeFsError(e)}`);
  }
}

function describeFsError(e: unknown): string {
  const code = (e as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return e instanceof Error ? e.message : String(e);
}

export function unwrap<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new UsageError(formatFileError(parsed.error));
  return parsed.value;
}

/** Reads a rank file named by `--ranks` or `--sampled-ranks`. */
export function readRankFile(
  args: Args,
  io: CliIo,
  option: string,
  options: Omit<RankFileOptions, 'file'>,
): readonly RankData[] {
  const { text, file } = readText(args, io, option);
  return unwrap(parseRankFile(text, { ...options, file })).recommenders;
}

/** The optional `--prior FILE` (rank,weight), or undefined for the uniform prior. */
export function readPrior(args: Args, io: CliIo, itemCount: number): Float64Array | undefined {
  if (!args.has('prior')) return undefined;
  const { text, file } = readText(args, io, 'prior');
  return unwrap(parsePriorFile(text, { file, itemCount }));
}

/** The estimators of the core's registry (src/core/estimators.ts). */
export const METHODS_OPTION = required(
  'methods',
  'LIST',
  `comma-separated: ${methodSyntaxes(false).join(', ')}, and (estimate, simulate) ${methodSyntaxes(true).join(', ')}`,
);

export const PRIOR_OPTION: OptionSpec = {
  name: 'prior',
  value: 'FILE',
  help: 'prior p(r) on true ranks as rank,weight CSV (default uniform over 1..n)',
};

export function readMethods(args: Args): Method[] {
  const text = args.required('methods');
  return withOption(args, 'methods', () => parseMethodList(text));
}

/** How users with their own n (the rank file's `n` column) are fitted; shared by `recover` and `estimate`. */
export const PER_USER_N_OPTION: OptionSpec = {
  name: 'per-user-n',
  value: 'pooled|interpolated|shared|separate',
  help:
    'with an n column: one distribution of the relative position (R − 1)/(N − 1) for all users, each keeping its ' +
    'own n in eq 14, fitted on the one kernel Bin(r̃ − 1; m, θ) all users share with replacement (pooled, the ' +
    "default with replacement) or on each user's exact kernel (shared, the default without replacement); or one " +
    'fit per distinct n (separate)',
};

export function readPerUserN(args: Args): PerUserN | undefined {
  const value = args.string('per-user-n');
  if (value === undefined) return undefined;
  if (!PER_USER_N.includes(value as PerUserN)) {
    throw args.error(`--per-user-n must be pooled, interpolated, shared or separate, got "${value}"`);
  }
  return value as PerUserN;
}
