/** Helpers for the CLI tests: run the CLI in-process on fixture files and inline files. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './io.ts';
import { run } from './run.ts';

export const FIXTURES = fileURLToPath(new URL('../test/fixtures/cli/', import.meta.url));

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/**
 * Runs `sampled-metrics ...argv`. A path starting with `fixtures/` reads test/fixtures/cli/; other paths are
 * looked up in `files` (inline contents: text, or bytes for a file that is not UTF-8), and are unreadable (ENOENT)
 * otherwise. `terminal` pretends that standard error is an interactive terminal.
 */
export async function cli(
  argv: readonly string[],
  files: Readonly<Record<string, string | Uint8Array>> = {},
  options: { terminal?: boolean } = {},
): Promise<CliResult> {
  const result: CliResult = { code: -1, out: '', err: '' };
  const io: CliIo = {
    stdout: (text) => void (result.out += text),
    stderr: (text) => void (result.err += text),
    readFile(path) {
      if (path in files) {
        const content = files[path];
        return typeof content === 'string' ? new TextEncoder().encode(content) : content;
      }
      if (path.startsWith('fixtures/')) return readFileSync(FIXTURES + path.slice('fixtures/'.length));
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    },
    terminal: options.terminal,
  };
  result.code = await run(argv, io);
  return result;
}

/** Runs with --json and parses stdout; fails the test with stderr if the command did not succeed. */
export async function cliJson<T = Record<string, unknown>>(
  argv: readonly string[],
  files?: Readonly<Record<string, string | Uint8Array>>,
): Promise<T> {
  const result = await cli([...argv, '--json'], files);
  if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.err}`);
  return JSON.parse(result.out) as T;
}

export const TOY = { n: '10000', m: '99', ranks: 'fixtures/toy.csv' };

/** `sampled-metrics COMMAND --key value …` as argv: argv('exact', { n: 10, metrics: 'ap' }). */
export function argv(command: string, options: Readonly<Record<string, string | number>>): string[] {
  return [command, ...Object.entries(options).flatMap(([name, value]) => [`--${name}`, String(value)])];
}
