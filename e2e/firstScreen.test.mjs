// The first screen: the answer in words at the top of the results, beside the data on a wide screen; the results
// table's first column stays put on a phone; ranks above n offer to set n; replacing data can be undone.
// UPDATE_SCREENSHOTS=1 writes docs/figures/first-screen.png and first-screen-phone.png.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { baseUrl, useBrowser, waitForResults } from './browser.mjs';

const url = baseUrl();
const browser = useBrowser();
const figures = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'figures');
const screenshots = process.env.UPDATE_SCREENSHOTS === '1';

async function open(width, height) {
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width, height } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url);
  await waitForResults(page);
  return { context, page, problems };
}

test('1366×768: after pasting two recommenders the summary names the m from which the order is right, on screen', async () => {
  const { context, page, problems } = await open(1366, 768);
  try {
    await page.getByRole('button', { name: 'Remove C' }).click();
    await page.getByRole('textbox', { name: 'Ranks of A' }).fill('3 8 20 40 200 1200 3000');
    await page.getByRole('textbox', { name: 'Metrics' }).fill('auc, ap, ndcg, recall@10, ndcg@10');
    await page.getByRole('textbox', { name: 'Metrics' }).press('Tab');
    await page.getByRole('textbox', { name: 'Ranks of B' }).fill('1 2 60 90 500 700 9000');
    await page.locator('table.results tbody tr').nth(1).waitFor({ timeout: 10_000 });
    await waitForResults(page);
    const summary = page.locator('section.answer-summary');
    // AP's sampled order is wrong at m = 99 (the exact order is B > A): the sentence names a larger m, never
    // "at every m" (which a sweep of the data shown before, kept beside the new table, once said).
    const sentence = summary.locator('li[data-metric="ap"]', { hasText: /orders correctly from m = [\d,]+/ });
    await sentence.waitFor({ timeout: 30_000 });
    const from = Number(
      (await sentence.textContent()).match(/orders correctly from m = ([\d,]+)/)[1].replace(/,/g, ''),
    );
    assert.ok(from > 99, `AP is wrong at m = 99, so its order is right only from a larger m, not ${from}`);
    assert.doesNotMatch(await sentence.textContent(), /at every m/);
    await page.evaluate(() => window.scrollTo(0, 0)); // the first screen
    const box = await sentence.boundingBox();
    assert.ok(
      box && box.y >= 0 && box.y + box.height <= 768,
      `the sentence is on the first screen: ${JSON.stringify(box)}`,
    );
    // The results table fits beside the data with 5 metrics.
    const table = page.locator('table.results');
    const scroll = page.getByRole('region', { name: 'Metrics table' });
    const [tableWidth, scrollWidth] = await scroll.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    assert.ok(tableWidth <= scrollWidth + 1, `the table fits: ${tableWidth} ≤ ${scrollWidth}`);
    assert.equal(await table.locator('thead tr').nth(1).locator('th').count(), 10);
    if (screenshots) await page.screenshot({ path: join(figures, 'first-screen.png') });
    // One click from the sentence to the figure that shows it.
    await sentence.getByRole('button', { name: 'Figure 2' }).click();
    await page
      .getByRole('tab', { name: /Figure 2/ })
      .and(page.locator('[aria-selected="true"]'))
      .waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('390 px: the results table scrolls sideways and its first column stays in view', async () => {
  const { context, page, problems } = await open(390, 844);
  try {
    const scroll = page.getByRole('region', { name: 'Metrics table' });
    const first = page.locator('table.results tbody th[scope="row"]').first();
    const before = await first.boundingBox();
    const moved = await scroll.evaluate((el) => {
      el.scrollLeft = 300;
      return el.scrollLeft;
    });
    assert.ok(moved > 0, 'the table is wider than the phone and scrolls');
    const afterScroll = await first.boundingBox();
    assert.ok(Math.abs(afterScroll.x - before.x) < 1, `the first column stays put: ${before.x} → ${afterScroll.x}`);
    const cell = page.locator('table.results tbody tr').first().locator('td').nth(1);
    assert.ok((await cell.boundingBox()).x < before.x + 300, 'the other cells moved');
    if (screenshots) {
      await scroll.evaluate((el) => (el.scrollLeft = 0));
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(figures, 'first-screen-phone.png') });
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('ranks above n offer "Set n to the largest rank", every bad line is listed, and one click fixes it', async () => {
  const { context, page, problems } = await open(1100, 900);
  try {
    const box = page.getByRole('textbox', { name: 'Ranks of B' });
    await box.fill('40 12000\n8437\n15000 x');
    const card = page.locator('[data-recommender]').nth(1);
    await card.getByText('line 1: 12000 is larger than n = 10000.').waitFor({ timeout: 10_000 });
    await card.getByText('line 3: "x" is not a number (ranks are 1, 2, 3, …).').waitFor();
    await card.getByRole('button', { name: 'Set n to the largest rank (15,000)' }).click();
    await page.locator('table.results thead th', { hasText: 'n = 15,000' }).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).inputValue(), '15000');
    assert.equal(await box.getAttribute('aria-invalid'), 'true', 'the "x" is still wrong');
    await box.fill('40 12000\n8437\n15000');
    await page.waitForFunction((el) => el.getAttribute('aria-invalid') === 'false', await box.elementHandle());
    assert.equal(await box.getAttribute('aria-invalid'), 'false');
    // A file: the same offer beside the message; one click sets n and shows the preview.
    const csv = 'recommender,rank\nX,3\nX,21000\nY,20\n';
    await page
      .getByLabel('Load file')
      .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByText('big.csv:3: rank 21000 is larger than n = 15000.').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Set n to the largest rank (21,000)' }).click();
    await page.getByRole('region', { name: /Preview: big\.csv/ }).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).inputValue(), '21000');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('loading MovieLens over pasted data can be undone: the pasted data come back', async () => {
  const { context, page, problems } = await open(1366, 768);
  try {
    const box = page.getByRole('textbox', { name: 'Ranks of A' });
    await box.fill('1 2 3 50');
    await page.locator('td[data-kind="exact"][data-metric="auc"]').first().waitFor();
    await page.getByLabel('Built-in data set').selectOption('movielens-true');
    await page.getByRole('button', { name: 'Load data set' }).click();
    await page.getByRole('button', { name: 'Replace data' }).click({ timeout: 15_000 });
    await page.locator('table.results tbody th', { hasText: 'Z' }).waitFor({ timeout: 30_000 });
    await page.locator('table.results thead th', { hasText: 'Exact, each user’s own n (1,393–3,687)' }).waitFor();
    const notice = page.locator('.notice', { hasText: 'replaced your data' });
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.notice', { hasText: 'Your data are back.' }).waitFor({ timeout: 10_000 });
    await page.locator('table.results tbody th', { hasText: 'C' }).waitFor({ timeout: 30_000 });
    await waitForResults(page);
    assert.deepEqual(await page.locator('table.results tbody th').allInnerTexts(), ['A', 'B', 'C']);
    assert.equal(await box.inputValue(), '1 2 3 50');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('tables label Recall@10 (= HR@10); a cut-off K above n gets a warning', async () => {
  const { context, page, problems } = await open(1366, 768);
  try {
    const header = page.locator('table.results thead tr').nth(1).locator('th').nth(3);
    assert.equal((await header.innerText()).replace(/\s+/g, ' '), 'Recall@10 (= HR@10)');
    await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).fill('8');
    await page
      .getByText('The cut-off K of Recall@10 is above n = 8, so it cuts nothing off')
      .waitFor({ timeout: 10_000 });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
