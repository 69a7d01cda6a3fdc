/**
 * The CLI as a function: `run(argv, io)` parses the command line, runs the command and writes its output, and
 * returns the exit status: 0 success, 2 a user error (bad option or input file; message on stderr, nothing on
 * stdout), 1 a bug (unexpected exception).
 */
// InputError from its own module, not the core's index: importing the index would put the whole core into the chunk
// that `--help` loads (scripts/cli/build.mjs splits the bundle at the commands' imports).
import { InputError } from '../src/core/errors.ts';
import { parseArgs } from './args.ts';
import type { Command } from './command.ts';
import { commandHelp } from './command.ts';
import { UsageError } from './errors.ts';
import type { CliIo } from './io.ts';

/**
 * A command as `sampled-metrics --help` lists it. Its module (options, help text, computation) is imported only when
 * it runs or its help is asked for, so that `--help` and a mistyped command load none of them, and in the bundle
 * (scripts/cli/build.mjs) each is a chunk of its own.
 */
export interface CommandEntry {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'exact',
    summary: 'exact metrics from the true ranks among all n items',
    load: async () => (await import('./commands/exact.ts')).exactCommand,
  },
  {
    name: 'expected',
    summary: 'expected sampled metrics (mean ± std over the sampling) next to the exact ones',
    load: async () => (await import('./commands/expected.ts')).expectedCommand,
  },
  {
    name: 'correct',
    summary: 'corrected metric vectors M̂(r̃), r̃ = 1..m+1',
    load: async () => (await import('./commands/correct.ts')).correctCommand,
  },
  {
    name: 'estimate',
    summary: 'estimate exact metrics from sampled ranks, with or without correction',
    load: async () => (await import('./commands/estimate.ts')).estimateCommand,
  },
  {
    name: 'recover',
    summary: 'learn the distribution of true ranks P(R) from sampled ranks (Jin et al. 2021)',
    load: async () => (await import('./commands/recover.ts')).recoverCommand,
  },
  {
    name: 'simulate',
    summary: 'Monte Carlo study: sampled and corrected estimates over repeated samples, and ordering accuracy',
    load: async () => (await import('./commands/simulate.ts')).simulateCommand,
  },
  {
    name: 'variants',
    summary: 'every library’s reading of HitRate, MAP, MRR, NDCG, Precision, Recall and AUC (Tamm et al. 2021)',
    load: async () => (await import('./commands/variants.ts')).variantsCommand,
  },
];

export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: sampled-metrics COMMAND [options]',
    '',
    'Exact, expected-sampled and corrected ranking metrics for recommender evaluation',
    '(Krichene & Rendle, "On Sampled Metrics for Item Recommendation", KDD 2020).',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `sampled-metrics COMMAND --help` for the options of a command.',
    '',
  ].join('\n');
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    if (name === undefined) {
      io.stderr(mainHelp());
      return 2;
    }
    io.stdout(topic ? commandHelp(await topic.load()) : mainHelp());
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    io.stderr(`unknown command "${name}": expected one of ${COMMANDS.map((c) => c.name).join(', ')}\n`);
    return 2;
  }
  try {
    const command = await entry.load();
    const args = parseArgs(command.name, rest, command.options);
    if (args.flag('help')) {
      io.stdout(commandHelp(command));
      return 0;
    }
    const output = await command.run(args, io);
    io.stdout(args.flag('json') ? JSON.stringify(output.json, null, 2) + '\n' : output.text);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      const hint = e.command ? `\nRun \`sampled-metrics ${e.command} --help\` for usage.` : '';
      io.stderr(`${e.message}${hint}\n`);
      return 2;
    }
    if (e instanceof InputError) {
      io.stderr(`${e.message}\n`);
      return 2;
    }
    const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
    io.stderr(`sampled-metrics: internal error (a bug; please report it): ${detail}\n`);
    return 1;
  }
}
