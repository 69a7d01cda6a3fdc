// Ready for the paper: the results table downloads as CSV (its header names each column) and copies as a LaTeX
// tabular. E2E_SCREENSHOT_DIR=dir saves a picture of the export controls there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';

const url = baseUrl();
const shots = process.env.E2E_SCREENSHOT_DIR;

const browser = useBrowser();

/** Two pasted recommenders, A and B, with the metrics of the first screen's test. */
async function pasteTwo(page) {
  await page.getByRole('button', { name: 'Remove C' }).click();
  await page.getByRole('textbox', { name: 'Ranks of A' }).fill('3 8 20 40 200 1200 3000');
  await page.getByRole('textbox', { name: 'Ranks of B' }).fill('1 2 60 90 500 700 9000');
  await page.getByRole('textbox', { name: 'Metrics' }).fill('auc, ap, ndcg, recall@10');
  await page.getByRole('textbox', { name: 'Metrics' }).press('Tab');
  await page.locator('table.results tbody tr').nth(1).waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => document.querySelectorAll('table.results tbody tr').length === 2);
  // The table shows both pasted recommenders (not a result computed before the last edit), then its numbers.
  await page.waitForFunction(() => {
    const ranks = [...document.querySelectorAll('table.results:not(.methods) tbody td.ranks')].map((td) => td.title);
    return ranks.length === 2 && ranks[0].startsWith('3, 8, 20') && ranks[1].startsWith('1, 2, 60');
  });
  await waitForResults(page);
}

test('the results table downloads as CSV whose header names the columns and whose values are the table’s', async () => {
  const { context, page, problems } = await openApp(browser, url, { width: 1366, clipboard: true });
  try {
    await pasteTwo(page);
    const bar = page.getByRole('group', { name: 'Export the metrics table' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: 'CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'metrics.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\n');
    assert.equal(lines.length, 3);
    const header = lines[0].match(/("[^"]*"|[^,]+)/g).map((h) => h.replace(/^"|"$/g, ''));
    assert.equal(header[0], 'Recommender');
    assert.ok(header.includes('Recall@10 (= HR@10), exact, all n = 10,000 items'), header.join(' | '));
    const sampledAp = header.findIndex((h) =>
      /^AP, expected sampled, m = [\d,]+ sampled items (with|without) replacement$/.test(h),
    );
    assert.ok(sampledAp > 0, header.join(' | '));
    assert.equal(header[sampledAp + 1], `${header[sampledAp]}, std`);
    // B's expected sampled AP, as the table shows it at 3 decimals.
    const rowB = lines.find((l) => l.startsWith('B,')).split(',');
    const shown = await page
      .locator('table.results tbody tr', { has: page.locator('th', { hasText: /^B$/ }) })
      .locator('td[data-metric="ap"][data-kind="sampled"] .value')
      .textContent();
    assert.equal(Number(rowB[sampledAp]).toFixed(3), shown);

    await bar.getByRole('button', { name: 'Copy LaTeX' }).click();
    await bar.getByRole('status').filter({ hasText: 'LaTeX copied.' }).waitFor();
    const latex = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(latex, /\\begin\{tabular\}\{lrrrrrrrr\}/);
    assert.match(latex, /\\toprule/);
    assert.match(latex, /^B & .* \$\\pm\$ /m);
    if (shots) await bar.screenshot({ path: join(shots, 'export-bar.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the Cite box gives BibTeX for the papers behind the numbers and for the tool, Jin et al. only for sampled ranks', async () => {
  const { context, page, problems } = await openApp(browser, url, { width: 1366, clipboard: true });
  try {
    await page.getByText('Cite', { exact: true }).click();
    const bibtex = page.getByRole('textbox', { name: 'BibTeX' });
    const text = await bibtex.inputValue();
    assert.match(text, /^@inproceedings\{krichene2020sampled,/);
    assert.match(text, /@software\{sampled_metrics_explorer,\n {2}title/);
    assert.doesNotMatch(text, /jin2021/);
    await page.getByRole('button', { name: 'Copy BibTeX' }).click();
    await page.getByRole('status').filter({ hasText: 'BibTeX copied.' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
    if (shots) {
      const header = page.locator('header.page-header');
      await header.screenshot({ path: join(shots, 'cite-box.png') });
    }
    await page.getByRole('radio', { name: /Sampled ranks/ }).check();
    await page.waitForFunction(() =>
      document.querySelector('.cite-box textarea')?.value.includes('@inproceedings{jin2021estimating,'),
    );
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a file with 25 bad lines lists the first 20 of them and counts the rest, and still offers to set n', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const rows = Array.from({ length: 25 }, (_, i) => `X,${20_001 + i}`);
    const csv = `recommender,rank\nX,3\n${rows.join('\n')}\n`;
    await page
      .getByLabel('Load file')
      .setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const alert = page.getByRole('alert').filter({ hasText: 'many.csv' });
    await alert.waitFor({ timeout: 10_000 });
    assert.equal(await alert.locator('p').first().textContent(), 'many.csv: 25 lines have problems:');
    const items = await alert.locator('ul.problem-lines li').allTextContents();
    assert.equal(items.length, 21);
    assert.equal(items[0], 'many.csv:3: rank 20001 is larger than n = 10000.');
    assert.equal(items[19], 'many.csv:22: rank 20020 is larger than n = 10000.');
    assert.equal(items[20], 'and 5 more.');
    await alert.getByRole('button', { name: /Set n to the largest rank \(20,025\)/ }).waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
