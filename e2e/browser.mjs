// Launches Chromium through playwright-core: the one e2e/run.mjs found or installed (CHROMIUM_PATH), else the first
// usable one (e2e/findChromium.mjs), so a test file run on its own finds the same browser.
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { ensureChromium } from './findChromium.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || ensureChromium();

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens the app and waits until the table shows computed values. */
export async function openApp(browser, url, { colorScheme = 'light', width = 1100, clipboard = false, setup } = {}) {
  const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
  if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  if (setup) await setup(context);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  await waitForResults(page);
  return { context, page, problems };
}

/** Waits until every sampled cell holds a number and the table is not busy. */
export async function waitForResults(page) {
  await page.waitForSelector('table.results[aria-busy="false"] td[data-kind="sampled"] .value', { timeout: 20_000 });
}

/**
 * Scrolls to the figures section (figures compute only on screen) and waits until the open tab's figure is drawn;
 * returns the tab panel.
 */
export async function figurePanel(page, tab = 'fig1', timeout = 20_000) {
  const section = page.locator('section.figures-section');
  await section.scrollIntoViewIfNeeded();
  const panel = section.locator(`#tabpanel-${tab}`);
  // Attached, not visible: a flat line (e.g. AUC = 1 for every m) has an empty box and counts as hidden.
  await panel.locator('figure.plot svg path.series').first().waitFor({ state: 'attached', timeout });
  return panel;
}

/** The app's address, set by e2e/run.mjs; a test file run directly says how to run it. */
export function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the e2e tests through `node e2e/run.mjs`');
  return url;
}

/**
 * One browser for a test file: launched before its tests, closed after them. Returns a stand-in usable at once (at
 * the file's top level) that forwards to the launched browser, e.g. `openApp(browser, url)`.
 */
export function useBrowser() {
  let launched = null;
  before(async () => {
    launched = await launchBrowser();
  });
  after(async () => {
    await launched?.close();
  });
  return new Proxy(
    {},
    {
      get(_, key) {
        if (!launched) throw new Error('the browser is used before the tests run');
        const value = launched[key];
        return typeof value === 'function' ? value.bind(launched) : value;
      },
    },
  );
}
