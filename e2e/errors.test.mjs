// Failure paths and keyboard use of the first page.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figurePanel, baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';

const url = baseUrl();
const browser = useBrowser();

test('an n below the largest rank is reported by the core, without a retry, and the table keeps its numbers', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).fill('5000');
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    assert.match(await alert.textContent(), /rank 8437 is outside 1\.\.5000/);
    assert.equal(await alert.getByRole('button', { name: 'Retry' }).count(), 0);
    assert.match(await page.locator('table.results thead').textContent(), /n = 10,000/);
    await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).fill('10000');
    await alert.waitFor({ state: 'detached', timeout: 10_000 });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a worker that fails to load shows an error with a Retry that recovers', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.route(/compute\.worker/, (route) => route.abort());
    await page.goto(url);
    const alert = page.getByRole('alert').first();
    await alert.waitFor({ timeout: 10_000 });
    assert.match(await alert.textContent(), /computation's worker failed/);
    await page.unroute(/compute\.worker/);
    // Every computation that needs the compute worker failed, and each offers its own Retry.
    const retry = page.getByRole('button', { name: 'Retry' });
    // A Retry may also go by itself while it is being clicked: when another Retry has restarted the worker its
    // computation shares, that computation recovers too. Then the click has nothing to click; the loop looks again.
    while ((await retry.count()) > 0) {
      await retry
        .first()
        .click({ timeout: 5_000 })
        .catch(async (error) => {
          if ((await retry.count()) > 0) throw error;
        });
    }
    await waitForResults(page);
    assert.equal(await page.getByRole('alert').count(), 0);
  } finally {
    await context.close();
  }
});

test('the chart panels are sliders: arrow keys move a rank cursor and the read-out gives M(r)', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const figure = await figurePanel(page);
    const slider = figure.getByRole('slider', { name: /Read values: Zoom: ranks 1 to 100/ });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await slider.getAttribute('aria-valuenow'), '2');
    // M(2) of eqs 7–13 at n = 10,000: AUC 9998/9999, AP 1/2, NDCG 1/log2(3), Recall@10 1.
    assert.equal(await slider.getAttribute('aria-valuetext'), 'r = 2: AUC 0.9999, AP 0.5, NDCG 0.6309, Recall@10 1');
    await page.keyboard.press('End');
    assert.match(await figure.locator('.plot-tooltip').textContent(), /^r = 100AUC0\.9901AP0\.01NDCG/);
    assert.match(await figure.locator('p[aria-live="polite"]').textContent(), /^r = 100: AUC 0\.9901, AP 0\.01, /);
    await figure.getByRole('button', { name: 'AP', exact: true }).click();
    assert.equal(await figure.getByRole('button', { name: 'AP', exact: true }).getAttribute('aria-pressed'), 'false');
    assert.equal(await figure.locator('g.panel').first().locator('path.series').count(), 3);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
