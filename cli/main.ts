/** Entry point of the `sampled-metrics` command (bin/sampled-metrics.mjs): runs the CLI on the real process. */
import { readFileSync } from 'node:fs';
import type { CliIo } from './io.ts';
import { run } from './run.ts';

export function nodeIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readFile: (path) => readFileSync(path === '-' ? 0 : path),
    terminal: Boolean(process.stderr.isTTY),
  };
}

export async function main(argv: readonly string[]): Promise<void> {
  // A reader that stops early (`sampled-metrics … | head`) closes the pipe: end quietly, as other tools do, instead
  // of an unhandled EPIPE with a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  process.exitCode = await run(argv, nodeIo());
}
