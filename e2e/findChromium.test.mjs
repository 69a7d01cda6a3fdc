// The browser finder with the machine's own browser hidden: it must fall through to PATH, then the cache, and
// never throw for a missing /usr/bin/chromium.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findChromium } from './findChromium.mjs';

const hidden = '/nonexistent/chromium';

test('a Chromium on PATH is found when /usr/bin/chromium is hidden', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chromium-'));
  const fake = join(dir, 'chromium-browser');
  writeFileSync(fake, '#!/bin/sh\n');
  chmodSync(fake, 0o755);
  const found = findChromium({ env: { PATH: dir }, systemPath: hidden });
  assert.deepEqual(found, { path: fake, source: 'PATH' });
});

test('with nothing on PATH and no system browser the finder answers, never throws', () => {
  const found = findChromium({ env: { PATH: '' }, systemPath: hidden });
  // Either playwright's own cache has a browser, or there is none and ensureChromium would install one.
  if (found) assert.equal(found.source, "playwright's browser cache");
  else assert.equal(found, undefined);
});

test('an explicit CHROMIUM_PATH that is not executable is named', () => {
  assert.throws(() => findChromium({ env: { CHROMIUM_PATH: hidden }, systemPath: hidden }), /CHROMIUM_PATH=/);
});
