// The page's own bundle carries no estimator code: the math runs in the worker bundle (or, without workers, in a
// chunk loaded on demand). Checked on the built dist/ that e2e/run.mjs serves, by strings only those modules hold.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const assets = join(process.env.E2E_OUT_DIR ?? join(import.meta.dirname, '..', 'dist'), 'assets');

/**
 * 64 characters from the middle of the fits' WebAssembly module (src/core/wasm/windowsModule.ts, base64): the kernels'
 * products and whatever imports them (a constant of binnedKernel.ts once pulled 23 KB of it into the main bundle).
 * Read from the source, so that a rebuilt module (scripts/build-wasm.mjs) keeps the check.
 */
const wasmBytes = (() => {
  const source = readFileSync(join(import.meta.dirname, '..', 'src/core/wasm/windowsModule.ts'), 'utf8');
  const base64 = source.match(/'([A-Za-z0-9+/=]{200,})'/)?.[1];
  assert.ok(base64, 'the WebAssembly module as base64 in windowsModule.ts');
  const middle = Math.floor(base64.length / 2);
  return base64.slice(middle, middle + 64);
})();

test('the main bundle holds no estimator, correction or simulation code', () => {
  const main = readdirSync(assets).filter((f) => /^index-.*\.js$/.test(f));
  assert.equal(main.length, 1, `one main chunk expected, found ${main.join(', ')}`);
  const code = readFileSync(join(assets, main[0]), 'utf8');
  for (const marker of [
    'unknown per-user n model', // distribution/recover.ts
    'pooled per-user n model needs sampling with replacement', // distribution/recover.ts
    'too large for the', // corrections/moments.ts
    'the bootstrap resamples users', // compare.ts
    'no WebAssembly here', // wasm/windows.ts: the kernels' products
    wasmBytes, // wasm/windowsModule.ts
  ]) {
    assert.equal(code.includes(marker), false, `the main bundle contains "${marker}"`);
  }
  const worker = readdirSync(assets).filter((f) => /^compute\.worker-.*\.js$/.test(f));
  assert.equal(worker.length, 1);
  const workerCode = readFileSync(join(assets, worker[0]), 'utf8');
  // The markers are real: the worker bundle holds them.
  assert.equal(workerCode.includes('unknown per-user n model'), true);
  assert.equal(workerCode.includes(wasmBytes), true);
});
