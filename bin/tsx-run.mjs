#!/usr/bin/env node
// Runs the TypeScript file given as the first argument (e.g. `node bin/tsx-run.mjs bench/run.ts`), with tsx
// registered as for the CLI. Further arguments stay in process.argv for the script.
import { register } from 'tsx/esm/api';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const script = process.argv[2];
if (!script) {
  process.stderr.write('usage: node bin/tsx-run.mjs FILE.ts [ARGS...]\n');
  process.exit(2);
}
register();
process.argv.splice(1, 1);
await import(pathToFileURL(resolve(script)).href);
