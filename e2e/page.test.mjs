// The first page in Chromium: the toy example of Krichene & Rendle 2020 (Tables 1 and 2, Figure 1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figurePanel, baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';

const url = baseUrl();

const METRICS = ['auc', 'ap', 'ndcg', 'recall@10'];
// Table 1 of the paper (exact, printed to 3 decimals).
const TABLE1 = {
  A: ['0.990', '0.010', '0.150', '0.000'],
  B: ['0.555', '0.010', '0.122', '0.000'],
  C: ['0.843', '0.101', '0.208', '0.200'],
};
// Table 2 of the paper: mean ± std of 1000 simulated repetitions with m = 99. The app computes the expectation
// exactly, so the paper's numbers differ from it by their Monte Carlo error (standard error ≤ 0.129/√1000 ≈ 0.004).
const TABLE2 = {
  A: [
    [0.99, 0.004],
    [0.63, 0.129],
    [0.724, 0.097],
    [1.0, 0.0],
  ],
  B: [
    [0.555, 0.014],
    [0.336, 0.073],
    [0.444, 0.054],
    [0.4, 0.0],
  ],
  C: [
    [0.843, 0.014],
    [0.325, 0.05],
    [0.46, 0.039],
    [0.567, 0.092],
  ],
};

const browser = useBrowser();

/** The table as { A: { exact: {auc: {value, best}}, sampled: {auc: {value, std, best}} }, … }. */
function readTable(page) {
  return page.$$eval('table.results tbody tr', (rows) =>
    Object.fromEntries(
      rows.map((tr) => {
        const out = { exact: {}, sampled: {} };
        for (const td of tr.querySelectorAll('td[data-metric]')) {
          out[td.dataset.kind][td.dataset.metric] = {
            value: td.querySelector('.value')?.textContent ?? null,
            std: td.querySelector('.std')?.textContent.replace('±', '').trim() ?? null,
            best: td.classList.contains('best'),
          };
        }
        return [tr.querySelector('th').textContent.trim(), out];
      }),
    ),
  );
}

test('shows Table 1 exactly, Table 2 within its Monte Carlo error, and Figure 1, without console errors', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const table = await readTable(page);
    assert.deepEqual(Object.keys(table), ['A', 'B', 'C']);
    for (const [name, exact] of Object.entries(TABLE1)) {
      assert.deepEqual(
        METRICS.map((id) => table[name].exact[id].value),
        exact,
        `exact metrics of ${name}`,
      );
      METRICS.forEach((id, j) => {
        const [mean, std] = TABLE2[name][j];
        const cell = table[name].sampled[id];
        assert.match(cell.value, /^\d\.\d{3}$/);
        assert.ok(Math.abs(Number(cell.value) - mean) <= 0.01, `sampled ${id} of ${name}: ${cell.value} vs ${mean}`);
        assert.ok(Math.abs(Number(cell.std) - std) <= 0.005, `std of sampled ${id} of ${name}: ${cell.std} vs ${std}`);
      });
    }
    const best = (kind) => METRICS.map((id) => ['A', 'B', 'C'].filter((n) => table[n][kind][id].best).join());
    assert.deepEqual(best('exact'), ['A', 'C', 'C', 'C']);
    assert.deepEqual(best('sampled'), ['A', 'A', 'A', 'A']);

    const note = await page.getByRole('note', { name: 'Ordering under sampling' }).textContent();
    assert.match(note, /sampled ordering differs from the exact ordering for AP, NDCG and Recall@10/);

    const figure = (await figurePanel(page)).locator('figure.plot');
    assert.equal(await page.getByRole('tab', { name: 'Figure 1' }).getAttribute('aria-selected'), 'true');
    assert.equal(await figure.locator('.legend button').count(), 4);
    assert.equal(await figure.locator('g.panel').count(), 2);
    assert.deepEqual(await figure.locator('.axis-title').allTextContents(), ['rank r', 'M(r)', 'rank r', 'M(r)']);
    assert.match(await figure.locator('figcaption').textContent(), /n = 10,000 items/);
    assert.equal(await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).inputValue(), '10000');
    assert.equal(await page.getByRole('spinbutton', { name: 'Sampled items (m)', exact: true }).inputValue(), '99');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('changing "Items (n)" and "Sampled items (m)" recomputes the table and the figure', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await page.getByRole('spinbutton', { name: 'Items (n)', exact: true }).fill('20000');
    // AUC of A at n = 20,000: (20000 − 100)/19999 = 0.99505.
    const aucA = page.locator('table.results tbody tr').first().locator('td[data-kind="exact"][data-metric="auc"]');
    await aucA.locator('.value', { hasText: '0.995' }).waitFor({ timeout: 10_000 });
    await waitForResults(page);
    let table = await readTable(page);
    assert.equal(table.C.exact.auc.value, '0.922'); // 1 − (211 + 1 + 742 + 5341 + 1547)/(5 · 19999)
    assert.equal(table.C.exact.ap.value, '0.101'); // AP does not depend on n
    const apA = Number(table.A.sampled.ap.value);
    const figure = await figurePanel(page);
    await figure.locator('figure.plot .tick-label', { hasText: '20,000' }).waitFor({ timeout: 10_000 });

    await page.getByRole('spinbutton', { name: 'Sampled items (m)', exact: true }).fill('999');
    // The sampled heading names the m of the numbers below it, so it changes when they do.
    await page.locator('table.results thead th', { hasText: 'm = 999 ' }).waitFor({ timeout: 10_000 });
    await waitForResults(page);
    table = await readTable(page);
    assert.ok(Number(table.A.sampled.ap.value) < apA, 'more samples: sampled AP of A moves towards its exact 0.010');
    assert.equal(table.A.exact.ap.value, '0.010');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
