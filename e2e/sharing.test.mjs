// Links, saved work and their failure modes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figurePanel, baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';
import { exactCell, readTable, waitForSaved } from './helpers.mjs';

const url = baseUrl();
const browser = useBrowser();

/** Edits the page away from the defaults: other ranks for A, n = 20,000, m = 199, a recommender D. */
async function makeWork(page) {
  await page.getByRole('textbox', { name: 'Ranks of A' }).fill('3 7 7 150');
  await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).fill('20000');
  await page.getByRole('spinbutton', { name: 'Sampled items (m)', exact: true }).fill('199');
  await page.getByRole('button', { name: 'Add recommender' }).click();
  await page.getByRole('textbox', { name: 'Ranks of D' }).fill('1 10 100 1000');
  await page.locator('table.results thead th', { hasText: 'm = 199 ' }).waitFor({ timeout: 10_000 });
  await exactCell(page, 'D', 'auc').waitFor({ timeout: 10_000 });
  await waitForResults(page);
}

async function copiedLink(page) {
  await page.getByRole('button', { name: 'Copy link' }).click();
  await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor({ timeout: 10_000 });
  return page.evaluate(() => navigator.clipboard.readText());
}

test('Copy link, opened in a fresh browser, shows the same data, settings and numbers', async () => {
  const { context, page, problems } = await openApp(browser, url, { clipboard: true });
  try {
    await makeWork(page);
    const figure = await figurePanel(page);
    await figure.getByRole('button', { name: 'NDCG', exact: true }).click(); // a view setting: hide a line
    const link = await copiedLink(page);
    assert.match(link, /#v1\.[A-Za-z0-9_-]+$/);
    const expected = await readTable(page);
    const fresh = await openApp(browser, link);
    try {
      await fresh.page.locator('table.results thead th', { hasText: 'm = 199 ' }).waitFor({ timeout: 10_000 });
      await waitForResults(fresh.page);
      assert.deepEqual(await readTable(fresh.page), expected);
      assert.equal(await fresh.page.getByRole('textbox', { name: 'Ranks of A' }).inputValue(), '3 7 7 150');
      assert.equal(await fresh.page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).inputValue(), '20000');
      assert.equal(await fresh.page.getByRole('alert').count(), 0);
      const ndcg = (await figurePanel(fresh.page)).getByRole('button', { name: 'NDCG', exact: true });
      assert.equal(await ndcg.getAttribute('aria-pressed'), 'false');
      assert.deepEqual(fresh.problems, []);
    } finally {
      await fresh.context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a tampered or truncated link shows a clear message and the toy example, and nothing breaks', async () => {
  const { context, page } = await openApp(browser, url, { clipboard: true });
  const link = await copiedLink(page);
  await context.close();
  const payload = link.slice(link.indexOf('#v1.') + 4);
  const damaged = [
    `${url}#v1.${payload.slice(0, Math.floor(payload.length / 2))}`,
    `${url}#v1.${payload.slice(0, 10)}AAAA${payload.slice(14)}`,
    `${url}#<img src=x onerror=alert(1)>`,
    `${url}#v1.${Buffer.from('{"settings":{"itemCount":"<script>"}}').toString('base64url')}`,
  ];
  for (const address of damaged) {
    const opened = await openApp(browser, address, {
      setup: (context) =>
        context.on('page', (p) =>
          p.on('dialog', (dialog) => {
            opened.problems.push(`a dialog opened: ${dialog.message()}`);
            void dialog.dismiss();
          }),
        ),
    });
    try {
      const alert = opened.page.getByRole('alert');
      await alert.waitFor({ timeout: 10_000 });
      assert.match(await alert.textContent(), /could not be (opened|read)/, address);
      const table = await readTable(opened.page);
      assert.deepEqual(Object.keys(table), ['A', 'B', 'C']);
      assert.equal(table.A.exact.auc, '0.990');
      assert.deepEqual(opened.problems, [], address);
    } finally {
      await opened.context.close();
    }
  }
});

test('reloading keeps the work; opening a shared link keeps it restorable', async () => {
  const { context, page, problems } = await openApp(browser, url, { clipboard: true });
  try {
    const shared = await copiedLink(page); // the toy example
    await makeWork(page);
    await waitForSaved(page, '1 10 100 1000');
    const expected = await readTable(page);
    await page.goto(url); // a reload, without the fragment
    await page.locator('table.results thead th', { hasText: 'm = 199 ' }).waitFor({ timeout: 10_000 });
    await waitForResults(page);
    assert.deepEqual(await readTable(page), expected);

    await page.goto('about:blank');
    await page.goto(shared);
    const notice = page.getByRole('status').filter({ hasText: 'You opened a shared link' });
    await notice.waitFor({ timeout: 10_000 });
    await waitForResults(page);
    assert.deepEqual(Object.keys(await readTable(page)), ['A', 'B', 'C']);
    await page.getByRole('button', { name: 'Restore previous work' }).click();
    await exactCell(page, 'D', 'auc').waitFor({ timeout: 10_000 });
    await page.locator('table.results thead th', { hasText: 'm = 199 ' }).waitFor({ timeout: 10_000 });
    await waitForResults(page);
    assert.deepEqual(await readTable(page), expected);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the configuration exported as JSON opens again through "Load file"', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await makeWork(page);
    const expected = await readTable(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    const text = await (await download.createReadStream()).toArray();
    const fresh = await openApp(browser, url);
    try {
      await fresh.page.getByLabel('Load file').setInputFiles({
        name: download.suggestedFilename(),
        mimeType: 'application/json',
        buffer: Buffer.concat(text),
      });
      await fresh.page
        .getByRole('region', { name: /configuration file/ })
        .getByRole('button', { name: 'Replace data' })
        .click();
      await fresh.page.locator('table.results thead th', { hasText: 'm = 199 ' }).waitFor({ timeout: 10_000 });
      await waitForResults(fresh.page);
      assert.deepEqual(await readTable(fresh.page), expected);
      assert.deepEqual(fresh.problems, []);
    } finally {
      await fresh.context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
