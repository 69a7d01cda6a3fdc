// The page's own bundle carries no estimator code: the math runs in the worker bundle (or, without workers, in a
// chunk loaded on demand). Checked on the built dist/ that e2e/run.mjs serves, by strings only those modules hold.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const assets = join(process.env.E2E_OUT_DIR ?? join(import.meta.dirname, '..', 'dist'), 'assets');

test('the main bundle holds no estimator, correction or simulation code', () => {
  const main = readdirSync(assets).filter((f) => /^index-.*\.js$/.test(f));
  assert.equal(main.length, 1, `one main chunk expected, found ${main.join(', ')}`);
  const code = readFileSync(join(assets, main[0]), 'utf8');
  for (const marker of [
    'unknown per-user n model', // distribution/recover.ts
    'pooled per-user n model needs sampling with replacement', // distribution/recover.ts
    'too large for the', // corrections/moments.ts
    'the bootstrap resamples users', // compare.ts
  ]) {
    assert.equal(code.includes(marker), false, `the main bundle contains "${marker}"`);
  }
  const worker = readdirSync(assets).filter((f) => /^compute\.worker-.*\.js$/.test(f));
  assert.equal(worker.length, 1);
  assert.equal(readFileSync(join(assets, worker[0]), 'utf8').includes('unknown per-user n model'), true);
});
