/** Reading and checking the inputs shared by several commands, with messages that name the option or file. */
import type { Method, Metric, PerUserN, RankData, Sampling, SamplingSetup } from '../src/core/index.ts';
import {
  InputError,
  methodSyntaxes,
  PER_USER_N,
  parseDefinedMetric,
  parseMethodList,
  parseSampling,
} from '../src/core/index.ts';
import { parseIdList, refuseEmptyItems } from '../src/core/idList.ts';
import type { Parsed, RankFileOptions } from '../src/io/index.ts';
import { decodeUtf8, formatFileError, parsePriorFile, parseRankFile } from '../src/io/index.ts';
import type { Args, OptionSpec } from './args.ts';
import { isDecimal } from './args.ts';
import { LIMITS } from './bounds.ts';
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
export const M_OPTION = required(
  'm',
  'M',
  `number of sampled irrelevant items per user (at most ${LIMITS.sampleSize.toLocaleString('en-US')}; ` +
    '5,000 for ls, cls, bv and bv-dist)',
);
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

/** 1 ≤ m ≤ 10^7 (LIMITS.sampleSize), and m ≤ n − 1 when sampling without replacement. */
function readSampleSize(args: Args, itemCount: number, sampling: Sampling): number {
  const m = args.requiredInteger('m', 1, LIMITS.sampleSize);
  if (sampling === 'without-replacement' && m > itemCount - 1) {
    throw args.error(
      `--m ${m} is larger than the n − 1 = ${itemCount - 1} irrelevant items: sampling without replacement needs m ≤ n − 1 (or use --sampling with-replacement)`,
    );
  }
  return m;
}

/**
 * The --metrics list; an id may name the definition it is read under after a colon (`ap@10:ap-k`, DaisyRec's
 * AP@K / K; core variants/definedMetric.ts), for one relevant item per user.
 */
export function readMetrics(args: Args): Metric[] {
  const text = args.required('metrics');
  return withOption(args, 'metrics', () =>
    boundedList(args, 'metrics', parseIdList(checkedList(text, 'metric'), 'metric', parseDefinedMetric)),
  );
}

/** A list without empty items (`auc,,ap` and `auc,` are refused, not read as shorter lists). */
function checkedList(text: string, noun: string): string {
  refuseEmptyItems(text, noun);
  return text;
}

function boundedList<T>(args: Args, option: string, items: T[]): T[] {
  if (items.length > LIMITS.listItems) {
    throw args.error(`--${option} lists ${items.length} items: at most ${LIMITS.listItems}`);
  }
  return items;
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

/**
 * The text of the file named by an option, decoded as strict UTF-8 (src/io/utf8.ts: another encoding is refused
 * with its line); an unreadable file, or one above LIMITS.fileBytes, is a user error naming the option and path.
 */
export function readText(args: Args, io: CliIo, option: string): { text: string; file: string } {
  const path = args.required(option);
  const file = path === '-' ? '<stdin>' : path;
  let bytes: Uint8Array;
  try {
    bytes = io.readFile(path);
  } catch (e) {
    throw new UsageError(`cannot read --${option} file "${path}": ${describeFsError(e)}`);
  }
  if (bytes.length > LIMITS.fileBytes) {
    const size = (bytes.length / 2 ** 20).toFixed(0);
    throw new UsageError(
      `${file}: the file has ${size} MiB, more than the ${LIMITS.fileBytes / 2 ** 20} MiB a --${option} file may have ` +
        '(a histogram, recommender,rank,count, holds any number of users in at most n rows)',
    );
  }
  return { text: unwrap(decodeUtf8(bytes, file)), file };
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
  return readRanks(args, io, option, options).recommenders;
}

/** The same with the file's display name (for messages about its data); at most LIMITS.recommenders of them. */
export function readRanks(
  args: Args,
  io: CliIo,
  option: string,
  options: Omit<RankFileOptions, 'file'>,
): { recommenders: readonly RankData[]; file: string } {
  const { text, file } = readText(args, io, option);
  const { recommenders } = unwrap(parseRankFile(text, { ...options, file }));
  if (recommenders.length > LIMITS.recommenders) {
    throw new UsageError(`${file}: ${recommenders.length} recommenders, more than the ${LIMITS.recommenders} allowed`);
  }
  return { recommenders, file };
}

/**
 * A core error about one recommender's data, located: `ranks.csv: recommender "B" has 1 instance: …` (the core's
 * message names the recommender already, or gets the name here, never twice).
 */
export function dataError(file: string, recommender: string, message: string): UsageError {
  const named = message.startsWith(`recommender "${recommender}"`)
    ? message
    : `recommender "${recommender}": ${message}`;
  return new UsageError(`${file}: ${named}`);
}

/** Runs core work on a file's data, locating an InputError about a recommender (`recommender "B" …`) in the file. */
export function inFile<T>(file: string, work: () => T): T {
  try {
    return work();
  } catch (e) {
    if (e instanceof InputError && e.message.startsWith('recommender "')) throw new UsageError(`${file}: ${e.message}`);
    throw e;
  }
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
  return withOption(args, 'methods', () => {
    for (const item of checkedList(text, 'method').split(',')) refuseNonDecimal(item.trim());
    return boundedList(args, 'methods', parseMethodList(text));
  });
}

/** A method's numeric parameters are decimal: `bv:0x1` is refused, as `--gamma 0x1` is (Number() reads it as 1). */
function refuseNonDecimal(item: string): void {
  for (const param of item.split(':').slice(1)) {
    if (!/^[a-z]*$/i.test(param) && !isDecimal(param)) {
      throw new InputError(`method "${item}": "${param}" is not a decimal number`);
    }
  }
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
