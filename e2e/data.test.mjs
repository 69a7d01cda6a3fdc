// Data in: paste boxes, a bad paste, a CSV file with its preview, sampled ranks, the Monte Carlo study.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';
import { exactCell, readTable } from './helpers.mjs';

const url = baseUrl();
const browser = useBrowser();

test('typing ranks into a paste box updates the numbers; a new recommender gets its own row', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await page.getByRole('textbox', { name: 'Ranks of A' }).fill('1, 1\n1 1 1');
    await exactCell(page, 'A', 'auc').filter({ hasText: '1.000' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Add recommender' }).click();
    // The new box has the focus, so typing goes straight into it.
    await page.keyboard.type('2 4 8');
    await exactCell(page, 'D', 'ap').waitFor({ timeout: 10_000 });
    await waitForResults(page);
    const table = await readTable(page);
    assert.deepEqual(Object.keys(table), ['A', 'B', 'C', 'D']);
    assert.equal(table.D.exact.ap, ((1 / 2 + 1 / 4 + 1 / 8) / 3).toFixed(3));
    await page.getByRole('checkbox', { name: 'Show B in results' }).uncheck();
    await page.getByRole('button', { name: 'Remove C' }).click();
    await page.locator('table.results tbody tr').nth(1).locator('th', { hasText: 'D' }).waitFor({ timeout: 10_000 });
    assert.deepEqual(Object.keys(await readTable(page)), ['A', 'D']);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a bad paste names the line and the value, keeps the text, and the table keeps the last valid ranks', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const box = page.getByRole('textbox', { name: 'Ranks of B' });
    const text = '40 40\n8437\n12000 4482';
    await box.fill(text);
    await page.getByText('line 3: 12000 is larger than n = 10000').waitFor({ timeout: 10_000 });
    assert.equal(await box.inputValue(), text);
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    await waitForResults(page);
    assert.equal((await readTable(page)).B.exact.auc, '0.555');
    await box.fill('40 40 8437 9266 4482 1');
    await exactCell(page, 'B', 'ap').filter({ hasText: '0.175' }).waitFor({ timeout: 10_000 });
    assert.equal(await box.getAttribute('aria-invalid'), 'false');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a CSV file is previewed (recommenders, users, ranks) and replaces the data only when confirmed', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const csv = 'recommender,rank,count\nX,1,3\nX,500,1\nY,20,4\n';
    await page
      .getByLabel('Load file')
      .setInputFiles({ name: 'ranks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('region', { name: /Preview: ranks\.csv/ });
    await preview.waitFor({ timeout: 10_000 });
    assert.match(await preview.textContent(), /rank histogram/);
    assert.deepEqual(await preview.locator('tbody tr').allInnerTexts(), ['X\t4\t1 to 500', 'Y\t4\t20 to 20']);
    assert.deepEqual(Object.keys(await readTable(page)), ['A', 'B', 'C'], 'nothing replaced before confirming');
    await preview.getByRole('button', { name: 'Replace data' }).click();
    await exactCell(page, 'Y', 'recall@10').waitFor({ timeout: 10_000 });
    await waitForResults(page);
    const table = await readTable(page);
    assert.deepEqual(Object.keys(table), ['X', 'Y']);
    assert.equal(table.X.exact['recall@10'], '0.750');
    assert.equal(await page.getByRole('textbox', { name: 'Ranks of X' }).inputValue(), '1 1 1 500');

    const bad = 'recommender,rank\nX,3\nX,12000\n';
    await page
      .getByLabel('Load file')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    assert.match(await alert.textContent(), /bad\.csv:3: rank 12000 is larger than n = 10000/);
    assert.deepEqual(Object.keys(await readTable(page)), ['X', 'Y']);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('sampled ranks offer only estimates: every correction, and ranks above m + 1 are refused', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await page.getByRole('radio', { name: /Sampled ranks/ }).check();
    const estimates = page.getByRole('region', { name: 'Estimates table' });
    await estimates
      .locator('table[aria-busy="false"] td[data-method="cls"] .value')
      .first()
      .waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('button', { name: /Run simulation/ }).count(), 0);
    assert.equal(await page.locator('td[data-kind="exact"]').count(), 0);
    const headers = await estimates.locator('thead th').allInnerTexts();
    // LS is behind "Show LS" (issue 12); Jin et al.'s estimators follow, their parameters under their names.
    assert.deepEqual(headers, [
      'Recommender',
      'Sampled (uncorrected)',
      'Rank estimate',
      'CLS',
      'BV γ = 0.1',
      'MLE',
      'WMLE\nNDCG, C = 10',
      'MES\nη = 0.001',
      'BV-dist\nγ = 0.1',
    ]);
    // The toy example's true ranks are not sampled ranks: 100 is fine (m + 1 = 100), 8437 is not.
    await page.getByText('line 1: 8437 is larger than m + 1 = 100').waitFor({ timeout: 10_000 });
    await page.getByRole('textbox', { name: 'Ranks of B' }).fill('1 2 3 50 100');
    await page.getByRole('textbox', { name: 'Ranks of C' }).fill('1 1 2 2 3');
    await estimates.locator('tbody tr').nth(2).locator('th', { hasText: 'C' }).waitFor({ timeout: 10_000 });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the Monte Carlo study shows progress, can be cancelled, and gives mean ± std per method', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await page.getByRole('spinbutton', { name: 'Repetitions' }).fill('100000');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.getByRole('progressbar', { name: 'Simulation progress' }).waitFor({ timeout: 10_000 });
    // The study's own Cancel (the figures have theirs).
    await page.locator('section[aria-labelledby="study-title"]').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 5_000 });
    await page.getByRole('spinbutton', { name: 'Repetitions' }).fill('200');
    await page.getByRole('button', { name: 'Run simulation' }).click();
    const table = page.getByRole('region', { name: 'Simulation table' });
    await table.waitFor({ timeout: 30_000 });
    const aucA = await table.locator('tbody tr').first().locator('td[data-method="sampled"]').innerText();
    assert.match(aucA, /^0\.99\d ± 0\.00\d$/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
