/**
 * The CLI as a function: `run(argv, io)` parses the command line, runs the command and writes its output, and
 * returns the exit status: 0 success, 2 a user error (bad option or input file; message on stderr, nothing on
 * stdout), 1 a bug (unexpected exception).
 */
import { InputError } from '../src/core/index.ts';
import { parseArgs } from './args.ts';
import type { Command } from './command.ts';
import { commandHelp } from './command.ts';
import { correctCommand } from './commands/correct.ts';
import { estimateCommand } from './commands/estimate.ts';
import { exactCommand } from './commands/exact.ts';
import { expectedCommand } from './commands/expected.ts';
import { recoverCommand } from './commands/recover.ts';
import { simulateCommand } from './commands/simulate.ts';
import { variantsCommand } from './commands/variants.ts';
import { UsageError } from './errors.ts';
import type { CliIo } from './io.ts';

export const COMMANDS: readonly Command[] = [
  exactCommand,
  expectedCommand,
  correctCommand,
  estimateCommand,
  recoverCommand,
  simulateCommand,
  variantsCommand,
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
    io.stdout(topic ? commandHelp(topic) : mainHelp());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`unknown command "${name}": expected one of ${COMMANDS.map((c) => c.name).join(', ')}\n`);
    return 2;
  }
  try {
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
