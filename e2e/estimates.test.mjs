// The estimates of sampled ranks with every method, their intervals over users and the verdicts (issue 12, items
// 1 and 3), on the built-in NCF-sampled MovieLens ranks: the table shows MLE and MES columns with 95% intervals, the
// verdict sentence names the pair and its interval, and the address bar's link reopens the same estimator settings
// and the same table. B is set to 10 (not the default 200) to keep the run short.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp } from './browser.mjs';
import { estimatesRegion, intervalsShown, longTasksSince, observeLongTasks, reopenAddressBarLink } from './helpers.mjs';

const url = baseUrl();
const browser = useBrowser();

const INTERVAL = /^\[−?\d\.\d{3}, −?\d\.\d{3}\]$/;
const ms = (t) => `${Math.round(t)} ms`;

const estimates = estimatesRegion;

/** The estimates table as text: headers, and per row every value with its interval. */
function readEstimates(page) {
  return estimates(page)
    .locator('table')
    .evaluate((table) => ({
      headers: [...table.querySelectorAll('thead th')].map((th) => th.innerText.replace(/\s+/g, ' ').trim()),
      rows: [...table.querySelectorAll('tbody tr')].map((tr) => [
        tr.querySelector('th').textContent,
        ...[...tr.querySelectorAll('td')].map((td) => ({
          method: td.dataset.method,
          value: td.querySelector('.value')?.textContent,
          interval: td.querySelector('.interval')?.textContent,
        })),
      ]),
    }));
}

test('NCF-sampled MovieLens: MLE and MES with 95% intervals, a verdict per pair, and a link that reopens them', async () => {
  const { context, page, problems } = await openApp(browser, url, { width: 1366, setup: observeLongTasks });
  try {
    // The estimator settings first (on the toy example's sampled ranks), so that MovieLens is computed once.
    await page.getByRole('radio', { name: /Sampled ranks/ }).check();
    await estimates(page).waitFor({ timeout: 20_000 });
    await page.locator('summary', { hasText: 'Estimator settings' }).click();
    await page.getByRole('spinbutton', { name: 'Bootstrap resamples B' }).fill('10');
    await page.getByRole('textbox', { name: 'MES η' }).fill('0.01');

    await page.getByLabel('Built-in data set').selectOption('movielens-sampled');
    await page.getByRole('button', { name: 'Load data set' }).click();
    const replace = page.getByRole('button', { name: 'Replace data' });
    await replace.waitFor({ timeout: 10_000 });
    const start = Date.now();
    const pageStart = await page.evaluate(() => performance.now());
    await replace.click();
    // The NCF recommenders' rows (the toy example's rows showed values before), then their computed MES values.
    await estimates(page).locator('tbody th', { hasText: /^Z$/ }).waitFor({ timeout: 60_000 });
    await estimates(page)
      .locator('table[aria-busy="false"] td[data-method="mes:0.01"] .value')
      .first()
      .waitFor({ timeout: 60_000 });
    const point = Date.now() - start;
    await intervalsShown(page);
    // Main-thread tasks over 50 ms from Replace to the last interval (issue 12: the page never blocked): printed, not
    // enforced (load-sensitive on a shared 2-core machine, as e2e/responsive.test.mjs explains).
    const blocked = await longTasksSince(page, pageStart);
    console.log(
      `NCF-sampled MovieLens: point estimates after ${ms(point)}, intervals (B = 10) after ${ms(Date.now() - start)}; ` +
        `main-thread tasks over 50 ms: ${blocked.length === 0 ? 'none' : blocked.map((t) => `${ms(t.duration)} at ${ms(t.start - pageStart)}`).join(', ')}`,
    );

    const table = await readEstimates(page);
    assert.deepEqual(table.headers, [
      'Recommender',
      'Sampled (uncorrected)',
      'Rank estimate',
      'CLS',
      'BV γ = 0.1',
      'MLE',
      'WMLE NDCG, C = 10',
      'MES η = 0.01',
      'BV-dist γ = 0.1',
    ]);
    assert.deepEqual(
      table.rows.map((r) => r[0]),
      ['X', 'Y', 'Z'],
    );
    for (const row of table.rows) {
      for (const method of ['mle', 'mes:0.01']) {
        const cell = row.find((c) => c.method === method);
        assert.match(cell.value, /^0\.\d{3}$/, `${row[0]} ${method}`);
        assert.match(cell.interval, INTERVAL, `${row[0]} ${method}`);
        const [low, high] = cell.interval.slice(1, -1).split(', ').map(Number);
        assert.ok(
          low <= Number(cell.value) && Number(cell.value) <= high,
          `${row[0]} ${method}: ${cell.value} in ${cell.interval}`,
        );
      }
    }
    assert.equal(
      await page.getByRole('columnheader', { name: 'LS', exact: true }).count(),
      0,
      'LS is hidden by default',
    );

    // The verdicts on Recall@10: one sentence per pair, each naming the pair and its interval.
    await page.getByRole('combobox', { name: 'Metric', exact: true }).selectOption('recall@10');
    const sentences = await page
      .getByRole('region', { name: 'Verdicts' })
      .locator('.verdict-sentences li')
      .allInnerTexts();
    assert.equal(sentences.length, 3);
    for (const sentence of sentences) {
      assert.match(
        sentence,
        /^([XYZ]) (beats|and) ([XYZ]) .*Recall@10.* \[−?\d\.\d{3}, −?\d\.\d{3}\] \(MLE; paired over 6,040 users\)/,
      );
    }
    const pairs = sentences.map((s) =>
      [...s.matchAll(/\b[XYZ]\b/g)]
        .slice(0, 2)
        .map((m) => m[0])
        .sort()
        .join(),
    );
    assert.deepEqual(pairs.sort(), ['X,Y', 'X,Z', 'Y,Z']);
    const shown = await readEstimates(page);

    // The address bar's link: a fresh browser reopens the same settings and the same table.
    const { context: fresh, page: reopened } = await reopenAddressBarLink(browser, page);
    try {
      await estimates(reopened).waitFor({ timeout: 30_000 });
      await intervalsShown(reopened);
      assert.deepEqual(await readEstimates(reopened), shown);
      await reopened.locator('summary', { hasText: 'Estimator settings' }).click();
      assert.equal(await reopened.getByRole('spinbutton', { name: 'Bootstrap resamples B' }).inputValue(), '10');
      assert.equal(await reopened.getByRole('textbox', { name: 'MES η' }).inputValue(), '0.01');
      assert.equal(await reopened.getByRole('checkbox', { name: 'Show LS' }).isChecked(), false);
      const again = await reopened
        .getByRole('region', { name: 'Verdicts' })
        .locator('.verdict-sentences li')
        .allInnerTexts();
      assert.deepEqual(again, sentences);
    } finally {
      await fresh.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
