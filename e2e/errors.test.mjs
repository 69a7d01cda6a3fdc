// Failure paths and keyboard use of the first page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openApp, waitForResults } from './browser.mjs';

const url = process.env.E2E_BASE_URL;
if (!url) throw new Error('E2E_BASE_URL is not set: run the e2e tests through `node e2e/run.mjs`');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

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
    assert.match(await alert.textContent(), /compute worker failed/);
    await page.unroute(/compute\.worker/);
    // The table and the figure each have a worker; both failed, and each offers its own Retry.
    const retry = page.getByRole('button', { name: 'Retry' });
    while ((await retry.count()) > 0) await retry.first().click();
    await waitForResults(page);
    assert.equal(await page.getByRole('alert').count(), 0);
  } finally {
    await context.close();
  }
});

test('the chart panels are sliders: arrow keys move a rank cursor and the read-out gives M(r)', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const slider = page.getByRole('slider', { name: /Top ranks/ });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await slider.getAttribute('aria-valuenow'), '2');
    assert.match(
      await slider.getAttribute('aria-valuetext'),
      /rank 2: AUC 1\.000, AP 0\.500, NDCG 0\.631, Recall@10 1\.000/,
    );
    await page.keyboard.press('End');
    assert.match(await page.locator('.readout').textContent(), /r = 100.*AP 0\.010/);
    await page.getByRole('button', { name: 'AP', exact: true }).click();
    assert.equal(await page.getByRole('button', { name: 'AP', exact: true }).getAttribute('aria-pressed'), 'false');
    assert.equal(await page.locator('g.panel').first().locator('path.series').count(), 3);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
