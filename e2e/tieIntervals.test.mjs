// Intervals over users under random ties (issue 16, item 2): MovieLens Z's exact values of true ranks get their 95%
// intervals (each user's expectation over its tie range computed once, core ties/userValues.ts), and the estimates
// from NCF-sampled ranks get theirs (each resample's users spread over their tie ranges, as the point estimates).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp } from './browser.mjs';
import { estimatesRegion, intervalsShown } from './helpers.mjs';

const url = baseUrl();
const browser = useBrowser();

const INTERVAL = /^\[−?\d\.\d{3}, −?\d\.\d{3}\]$/;

async function loadDataSet(page, id) {
  await page.getByLabel('Built-in data set').selectOption(id);
  await page.getByRole('button', { name: 'Load data set' }).click();
  await page.getByRole('button', { name: 'Replace data' }).click();
}

test('MovieLens true ranks under random ties: every exact value gets its interval over users (B = 200)', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await loadDataSet(page, 'movielens-true');
    await page
      .locator('table.results[aria-busy="false"] td[data-kind="exact"] .value')
      .first()
      .waitFor({ timeout: 60_000 });
    const start = Date.now();
    await page.getByLabel('Ties', { exact: true }).selectOption('random');
    await page.locator('table.results caption', { hasText: 'ties broken at random' }).waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const cells = [...document.querySelectorAll('table.results:not(.methods) td[data-kind="exact"]')];
        return cells.length > 0 && cells.every((td) => /^\[/.test(td.querySelector('.interval')?.textContent ?? ''));
      },
      null,
      { timeout: 120_000, polling: 200 },
    );
    console.log(`MovieLens true ranks, random ties: table and intervals (B = 200) after ${Date.now() - start} ms`);
    const intervals = await page.$$eval('table.results:not(.methods) td[data-kind="exact"] .interval', (els) =>
      els.map((e) => e.textContent),
    );
    for (const text of intervals) assert.match(text, INTERVAL);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('NCF-sampled MovieLens under random ties: every estimate gets its interval over users (B = 10)', async () => {
  const { context, page, problems } = await openApp(browser, url, { width: 1366 });
  try {
    await page.getByRole('radio', { name: /Sampled ranks/ }).check();
    await estimatesRegion(page).waitFor({ timeout: 20_000 });
    await page.locator('summary', { hasText: 'Estimator settings' }).click();
    await page.getByRole('spinbutton', { name: 'Bootstrap resamples B' }).fill('10');
    await loadDataSet(page, 'movielens-sampled');
    await page.getByLabel('Ties', { exact: true }).selectOption('random');
    await estimatesRegion(page)
      .locator('table', { has: page.locator('caption', { hasText: 'ties broken at random' }) })
      .waitFor({ timeout: 60_000 });
    await intervalsShown(page, 240_000);
    const cells = await estimatesRegion(page)
      .locator('table tbody td')
      .evaluateAll((tds) => tds.map((td) => td.querySelector('.interval')?.textContent ?? null));
    assert.ok(cells.length >= 3 * 8, `${cells.length} cells`);
    for (const text of cells) assert.match(text ?? 'none', INTERVAL);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
