#!/usr/bin/env node
// The `sampled-metrics` command. It runs the bundle of cli/main.ts in dist-cli/ (plain JavaScript, built by
// `npm ci` through the `prepare` script: scripts/build-cli.mjs), so no TypeScript loader runs. The sources stay the
// truth: when the bundle is missing, or one of the files it was built from has changed since, it is rebuilt first
// (a few tenths of a second, once). Only if that fails (a read-only copy, say) do the sources run through tsx, with a
// warning on stderr.
import { buildCli, currentBuild } from '../scripts/cli/build.mjs';

const root = new URL('..', import.meta.url);
const argv = process.argv.slice(2);

let entry = currentBuild(root);
if (entry === null) {
  try {
    entry = await buildCli(root);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `sampled-metrics: warning: could not build the CLI into dist-cli/ (${reason.split('\n')[0]}); ` +
        'running the TypeScript sources through tsx instead (slower).\n',
    );
  }
}
if (entry === null) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../cli/main.ts', import.meta.url).href;
}
const { main } = await import(entry);
await main(argv);
