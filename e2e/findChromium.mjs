// Finds a Chromium for the browser tests, or installs one, so that `npm test` needs no set-up step of its own.
// Order: $CHROMIUM_PATH, /usr/bin/chromium, a Chromium or Chrome on PATH, playwright's own browser cache. Where
// there is none: Debian's package when running as root with apt-get, otherwise playwright's browser download.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from 'playwright-core';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
const SYSTEM_PATH = '/usr/bin/chromium';

function executable(path) {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(env) {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of NAMES) if (executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

function playwrightCache() {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The first usable browser, with where it was found; `undefined` when there is none. `systemPath` and `env` are
 * parameters so that a test can hide the machine's browser.
 */
export function findChromium({ env = process.env, systemPath = SYSTEM_PATH } = {}) {
  if (env.CHROMIUM_PATH) {
    if (executable(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
    throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file`);
  }
  if (executable(systemPath)) return { path: systemPath, source: systemPath };
  const path = onPath(env);
  if (path) return { path, source: 'PATH' };
  const cached = playwrightCache();
  if (executable(cached)) return { path: cached, source: "playwright's browser cache" };
  return undefined;
}

function canApt() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return root && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Installs a browser: Debian's chromium as root with apt, else playwright's download. Throws when it fails. */
export function installChromium({ log = console.log } = {}) {
  if (canApt()) {
    log("e2e: no Chromium found; installing Debian's chromium package (apt-get install -y chromium)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    return;
  }
  log("e2e: no Chromium found; downloading playwright's Chromium (playwright-core install chromium)");
  const cli = join(process.cwd(), 'node_modules', 'playwright-core', 'cli.js');
  execFileSync(process.execPath, [cli, 'install', 'chromium'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Finds a browser, installing one where needed; returns its path or throws with one clear sentence. */
export function ensureChromium({ log = console.log } = {}) {
  const found = findChromium();
  if (found) return found.path;
  try {
    installChromium({ log });
  } catch (error) {
    throw new Error(
      `e2e: could not install a Chromium (${error.message.split('\n')[0]}); install one and set CHROMIUM_PATH to it`,
    );
  }
  const after = findChromium();
  if (!after) throw new Error('e2e: the Chromium install finished but no browser was found; set CHROMIUM_PATH');
  return after.path;
}
