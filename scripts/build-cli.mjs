#!/usr/bin/env node
/**
 * Bundles the CLI (cli/main.ts and all it imports) into dist-cli/, which bin/sampled-metrics.mjs runs with no
 * TypeScript loader: `npm run build:cli`. `npm ci` runs it too (the `prepare` script), and the bin runs it whenever a
 * source is newer than the bundle (scripts/cli/build.mjs).
 */
import { buildCli, PROJECT_ROOT } from './cli/build.mjs';

const started = performance.now();
try {
  const entry = await buildCli(PROJECT_ROOT);
  const name = entry.slice(entry.lastIndexOf('/dist-cli/') + 1);
  console.log(`built the CLI: ${name} (${(performance.now() - started).toFixed(0)} ms)`);
} catch (error) {
  process.stderr.write(`could not build the CLI: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
