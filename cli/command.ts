/**
 * The shape of a subcommand: its options and help, and a function from parsed options to output. Its one-line summary
 * for the command list is in cli/run.ts, which imports the command only when it runs.
 */
import type { Args, OptionSpec } from './args.ts';
import type { CliIo } from './io.ts';

export interface CommandOutput {
  /** The document printed with --json. */
  readonly json: unknown;
  /** The readable tables printed otherwise. */
  readonly text: string;
}

export interface Command {
  readonly name: string;
  /** Paragraphs explaining what is computed (printed by --help). */
  readonly description: string;
  readonly options: readonly OptionSpec[];
  readonly example: string;
  run(args: Args, io: CliIo): CommandOutput | Promise<CommandOutput>;
}

export function commandHelp(command: Command): string {
  const usage = command.options
    .filter((o) => o.required)
    .map((o) => `--${o.name} ${o.value ?? ''}`.trimEnd())
    .join(' ');
  const width = Math.max(...command.options.map((o) => optionLabel(o).length));
  const lines = command.options.map(
    (o) => `  ${optionLabel(o).padEnd(width)}  ${o.help}${o.required ? ' (required)' : ''}`,
  );
  return [
    `usage: sampled-metrics ${command.name} ${usage} [options]`,
    '',
    command.description,
    '',
    'options:',
    ...lines,
    '',
    'example:',
    `  ${command.example}`,
    '',
  ].join('\n');
}

function optionLabel(option: OptionSpec): string {
  return option.value ? `--${option.name} ${option.value}` : `--${option.name}`;
}
