// MES as the papers' code scales it (issue 12, item 1): on the toy example's sampled ranks, the estimator settings
// offer the objective of Jin et al.'s code (η H − (m + 1) E), the table's MES column then says so and carries the
// method id `mes:η:code`, and the address bar's link reopens the same setting.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp } from './browser.mjs';
import { estimatesRegion, reopenAddressBarLink } from './helpers.mjs';

const url = baseUrl();

const browser = useBrowser();

const estimates = estimatesRegion;

async function mesHeader(page) {
  const cell = estimates(page).locator('table[aria-busy="false"] td[data-method="mes:0.001:code"] .value').first();
  await cell.waitFor({ timeout: 60_000 });
  const headers = await estimates(page)
    .locator('table thead th')
    .evaluateAll((ths) => ths.map((th) => th.innerText.replace(/\s+/g, ' ').trim()));
  return headers.find((h) => h.startsWith('MES'));
}

test('the MES objective of the papers’ code: chosen in the settings, named in the table, kept by the link', async () => {
  const { context, page, problems } = await openApp(browser, url, { width: 1366 });
  try {
    await page.getByRole('radio', { name: /Sampled ranks/ }).check();
    await estimates(page).waitFor({ timeout: 20_000 });
    await page.locator('summary', { hasText: 'Estimator settings' }).click();
    await page.getByRole('spinbutton', { name: 'Bootstrap resamples B' }).fill('0');
    await page.getByLabel('MES objective').selectOption('code');
    assert.equal(await mesHeader(page), 'MES η = 0.001, E × (m + 1) as the papers’ code');
    assert.match(
      await page.locator('summary', { hasText: 'Estimator settings' }).innerText(),
      /MES η = 0\.001, E × \(m \+ 1\) \(the papers’ code\)/,
    );

    const { context: fresh, page: reopened } = await reopenAddressBarLink(browser, page);
    try {
      await estimates(reopened).waitFor({ timeout: 30_000 });
      assert.equal(await mesHeader(reopened), 'MES η = 0.001, E × (m + 1) as the papers’ code');
      await reopened.locator('summary', { hasText: 'Estimator settings' }).click();
      assert.equal(await reopened.getByLabel('MES objective').inputValue(), 'code');
    } finally {
      await fresh.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
