// The built page under its Content-Security-Policy, two tabs saving at once, and an edit made just before the tab
// closes (issue "Hardening", items 6 and 7).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figurePanel, baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';

const url = baseUrl();
const browser = useBrowser();

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(context) {
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__violations.push(`${event.violatedDirective}: ${event.blockedURI}`),
    );
  });
}

/** Polls a field until it shows `value` (restoring work applies it asynchronously). */
async function waitForValue(field, value, timeout = 10_000) {
  const start = Date.now();
  while ((await field.inputValue()) !== value) {
    if (Date.now() - start > timeout) assert.equal(await field.inputValue(), value);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mField = (page) => page.getByRole('spinbutton', { name: 'Sampled items (m)', exact: true });

test('the built page carries a strict CSP and works under it: results, a figure in a worker, no violation', async () => {
  const { context, page, problems } = await openApp(browser, url, { setup: watchViolations });
  try {
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    assert.doesNotMatch(policy, /'unsafe-eval'|unsafe-inline/);
    // WebAssembly compiles under it (the kernel products of src/core/wasm run where no worker can).
    const compiles = await page.evaluate(() => {
      try {
        return new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])) instanceof WebAssembly.Module;
      } catch {
        return false;
      }
    });
    assert.equal(compiles, true);
    // A figure computed in the worker and a table from the worker.
    await figurePanel(page, 'fig1');
    await mField(page).fill('50');
    await waitForResults(page);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("two tabs: the second tab's save keeps the first tab's work restorable and says so", async () => {
  const { context, page: first } = await openApp(browser, url);
  try {
    const second = await context.newPage();
    await second.goto(url);
    await waitForResults(second);
    await mField(first).fill('50');
    await first.waitForFunction(() => window.location.hash.length > 4);
    await first.waitForTimeout(600); // the first tab's save (after 300 ms) and its message to the other tab
    await mField(second).fill('60');
    const notice = second.getByText(/also open in another tab/);
    await notice.waitFor({ timeout: 10_000 });
    await second.getByRole('button', { name: 'Restore previous work' }).click();
    await waitForValue(mField(second), '50');
  } finally {
    await context.close();
  }
});

test('an edit made just before the tab closes is saved', async () => {
  const { context, page } = await openApp(browser, url);
  try {
    await mField(page).fill('77');
    await page.close({ runBeforeUnload: true });
    const again = await context.newPage();
    await again.goto(url.split('#')[0]);
    await waitForResults(again);
    await waitForValue(mField(again), '77');
  } finally {
    await context.close();
  }
});
