#!/usr/bin/env node
// End-to-end tests: builds the app, serves dist/ on 127.0.0.1 (a free port), runs e2e/*.test.mjs with Node's test
// runner against it in Chromium, shuts the server down, and exits non-zero on any failure.
// Options: --no-build (reuse dist/), test files to run only those, and any further arguments are passed to
// `node --test`. E2E_OUT_DIR=path builds into and serves that directory instead of dist/ (so that two runs at once
// do not overwrite each other's build).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './findChromium.mjs';
import { serveStatic } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
// Test files named on the command line (e2e/x.test.mjs) run alone; otherwise every e2e/*.test.mjs runs.
const outDir = process.env.E2E_OUT_DIR ? process.env.E2E_OUT_DIR : join(root, 'dist');
const named = args.filter((a) => a.endsWith('.test.mjs'));
const testArgs = args.filter((a) => a !== '--no-build' && !a.endsWith('.test.mjs'));

function run(command, commandArgs, env = process.env) {
  return new Promise((done) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error);
      done(1);
    });
  });
}

// A browser first (found, or installed with a one-line message), so that a machine without one gets one failure
// with a clear sentence at most, never one per test.
let chromiumPath;
try {
  chromiumPath = ensureChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

if (build) {
  const code = await run(process.execPath, [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
  if (code !== 0) {
    console.error(`e2e: vite build failed (exit ${code})`);
    process.exit(code);
  }
}

const server = await serveStatic(outDir);
let code = 1;
try {
  const files =
    named.length > 0
      ? named
      : readdirSync(here)
          .filter((f) => f.endsWith('.test.mjs'))
          .sort()
          .map((f) => join('e2e', f));
  console.log(`e2e: serving ${outDir} at ${server.url}; running ${files.join(', ')}`);
  code = await run(process.execPath, ['--test', '--test-concurrency=1', ...testArgs, ...files], {
    ...process.env,
    E2E_BASE_URL: server.url,
    E2E_OUT_DIR: outDir,
    CHROMIUM_PATH: chromiumPath,
  });
} finally {
  await server.close();
}
process.exit(code);
