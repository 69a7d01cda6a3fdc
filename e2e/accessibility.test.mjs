// Accessibility: names and visible labels of every control, keyboard-only use, focus that can be seen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';
import { exactCell, readTable } from './helpers.mjs';

const url = baseUrl();
const browser = useBrowser();

test('the contract names exist, and every form control has a visible label and every button a name', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    for (const [role, name] of [
      ['spinbutton', 'Items (n)'],
      ['spinbutton', 'Sampled items (m)'],
      ['button', 'Copy link'],
      ['button', 'Add recommender'],
    ]) {
      assert.equal(await page.getByRole(role, { name, exact: true }).count(), 1, `${role} "${name}"`);
    }
    assert.equal(await page.getByLabel('Load file', { exact: true }).getAttribute('type'), 'file');
    const unlabelled = await page.$$eval('input, select, textarea', (controls) =>
      controls
        // A label's rendered text (innerText) for a control on screen; its text for one in a closed <details>.
        .filter((c) => {
          const text = (l) => (c.checkVisibility() ? l.innerText : l.textContent).trim();
          return !(c.labels?.length && [...c.labels].some((l) => text(l) !== ''));
        })
        .map((c) => c.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(unlabelled, []);
    const nameless = await page.$$eval('button', (buttons) =>
      buttons.filter((b) => (b.getAttribute('aria-label') ?? b.textContent).trim() === '').map((b) => b.outerHTML),
    );
    assert.deepEqual(nameless, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('works with the keyboard alone: add a recommender, type its ranks, switch the kind of ranks', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    // Tab from the top of the page to "Add recommender".
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Add recommender') break;
    }
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none', 'the focused button shows a focus ring');
    await page.keyboard.press('Enter');
    await page.keyboard.type('2 4 8');
    await exactCell(page, 'D', 'ap').waitFor({ timeout: 10_000 });
    // The ranks are typed key by key: the table follows the last of them (2, 4, 8) once it has settled.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('table.results:not(.methods) tbody td.ranks')].some((td) => td.title === '2, 4, 8'),
    );
    await waitForResults(page);
    assert.equal((await readTable(page)).D.exact.ap, '0.292');
    await page.getByRole('radio', { name: /True ranks/ }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('radio', { name: /Sampled ranks/ }).isChecked(), true);
    await page.getByRole('region', { name: 'Estimates table' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a file dropped on the data panel is read like a picked one', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const drop = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['recommender,rank\nW,5\nW,6\n'], 'dropped.csv', { type: 'text/csv' }));
      return transfer;
    });
    await page.locator('.input-panel').dispatchEvent('drop', { dataTransfer: drop });
    const preview = page.getByRole('region', { name: /Preview: dropped\.csv/ });
    await preview.waitFor({ timeout: 10_000 });
    await preview.getByRole('button', { name: 'Replace data' }).click();
    await exactCell(page, 'W', 'auc').waitFor({ timeout: 10_000 });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
