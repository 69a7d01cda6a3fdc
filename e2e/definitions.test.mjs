// Metric definitions (issue 16): choosing a variant changes the table, survives a shared link and appears in the
// methods paragraph; MovieLens Z shows Recall@10 and AUC under the three tie rules side by side; bad relevance and tie
// columns in a file get a message naming the file, line and value.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp, waitForResults } from './browser.mjs';
import { exactCell } from './helpers.mjs';

const url = baseUrl();

const browser = useBrowser();

const apHeader = (page) => page.locator('table.results thead th', { hasText: 'AP (AP@K / K)' });

test('choosing AP@K / K changes the table, survives a shared link and appears in the methods paragraph', async () => {
  const { context, page, problems } = await openApp(browser, url, { clipboard: true });
  try {
    assert.equal(await exactCell(page, 'C', 'ap').textContent(), '0.101');
    await page.getByLabel('AP@K definition').selectOption('ap-k');
    await apHeader(page).first().waitFor({ timeout: 10_000 });
    await waitForResults(page);
    // Untruncated AP read as AP@K / K with K = n = 10,000: C's 0.1014 / 10,000, written with more decimals than
    // the other columns (it would read 0.000).
    // (A's, about 1e-6, is the smallest: 7 decimals show it with two significant digits.)
    const cAp = (p) => exactCell(p, 'C', 'ap').textContent();
    assert.equal(await cAp(page), '0.0000101');
    assert.equal(await exactCell(page, 'C', 'auc').textContent(), '0.843', 'other metrics keep their values');
    // The figures and the Tables tab follow the chosen definition, and say so above them.
    assert.match(
      await page.locator('.figures-definitions-note').textContent(),
      /use the definitions chosen in Definitions: AP \(AP@K \/ K\)/,
    );
    const section = page.locator('section.figures-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('tab', { name: 'Figure 2' }).click();
    await section
      .locator('#tabpanel-fig2 figure.plot figcaption', { hasText: 'AP (AP@K / K)' })
      .waitFor({ timeout: 60_000 });
    await section.getByRole('tab', { name: 'Tables' }).click();
    const table1 = section.locator('.study-block', { hasText: 'Table 1 · Exact metrics' });
    await table1.locator('th', { hasText: 'AP (AP@K / K)' }).waitFor({ timeout: 60_000 });
    // Table 1's AP column is C's 0.101 / 10,000 too.
    const apColumn = await table1.locator('thead th').allInnerTexts();
    const c = table1.locator('tbody tr', { has: page.locator('th', { hasText: /^C$/ }) });
    assert.equal((await c.locator('td').allInnerTexts())[apColumn.indexOf('AP (AP@K / K)') - 1], '0.000');
    await page.getByText('Methods paragraph for a paper').click();
    const paragraph = page.getByLabel('Methods paragraph', { exact: true });
    // The paragraph is written when its disclosure opens.
    await page.waitForFunction(() => document.querySelector('.methods-paragraph textarea')?.value.length > 0);
    assert.match(await paragraph.inputValue(), /AP \(AP@K \/ K\), \$\\mathrm\{AP@K\}\(u\) = \\frac\{1\}\{K\}/);
    assert.match(await paragraph.inputValue(), /Tamm et al\. 2021, as in DaisyRec/);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor({ timeout: 10_000 });
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const fresh = await openApp(browser, link);
    try {
      await apHeader(fresh.page).first().waitFor({ timeout: 10_000 });
      assert.equal(await fresh.page.getByLabel('AP@K definition').inputValue(), 'ap-k');
      assert.equal(await cAp(fresh.page), '0.0000101');
      await fresh.page.getByText('Methods paragraph for a paper').click();
      await fresh.page.waitForFunction(() => document.querySelector('.methods-paragraph textarea')?.value.length > 0);
      assert.match(await fresh.page.getByLabel('Methods paragraph', { exact: true }).inputValue(), /AP \(AP@K \/ K\)/);
      assert.deepEqual(fresh.problems, []);
    } finally {
      await fresh.context.close();
    }
    // The Definitions view lists every variant with its value (computed once on screen); the chosen one is marked.
    await page.locator('section.definitions-section').scrollIntoViewIfNeeded();
    // The catalogue is closed at first (it is long): one click opens it.
    await page.getByText('Every definition, K = ').click();
    const variants = page.getByRole('region', { name: 'Metric variants' });
    await variants.locator('tr[data-variant="ap-k"]').waitFor({ timeout: 20_000 });
    assert.match(
      await variants.locator('tr[data-variant="ap-k"] th').textContent(),
      /^● \(used in the results table\) AP@K \/ K/,
    );
    assert.equal(await page.getByLabel('Ties', { exact: true }).isDisabled(), true, 'the toy data carry no tie ranges');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** Z's exact Recall@10 and AUC at the optimistic end, averaged over and at the pessimistic end of each tie range. */
function zByTieRule() {
  const text = readFileSync(new URL('../public/datasets/movielens-1m-true-ranks.csv', import.meta.url), 'utf8');
  const [header, ...lines] = text.trim().split('\n');
  const col = (name) => header.split(',').indexOf(name);
  const rows = lines.map((l) => l.split(',')).filter((f) => f[col('recommender')] === 'Z');
  const mean = (m) =>
    rows.reduce(
      (s, f) => {
        const [lo, hi, n] = [+f[col('rankOptimistic')], +f[col('rankPessimistic')], +f[col('n')]];
        const within = [m(lo, n), 0, m(hi, n)];
        for (let r = lo; r <= hi; r++) within[1] += m(r, n) / (hi - lo + 1);
        return s.map((v, i) => v + within[i] / rows.length);
      },
      [0, 0, 0],
    );
  return [...mean((r) => (r <= 10 ? 1 : 0)), ...mean((r, n) => (n - r) / (n - 1))].map((v) => v.toFixed(4));
}

test('MovieLens Z: Recall@10 and AUC under optimistic, random and pessimistic ties side by side', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await page.getByLabel('Built-in data set').selectOption('movielens-true');
    await page.getByRole('button', { name: 'Load data set' }).click();
    await page.getByRole('button', { name: 'Replace data' }).click();
    await page.locator('section.definitions-section').scrollIntoViewIfNeeded();
    const ties = page.getByRole('region', { name: 'Ties comparison' });
    const z = ties.locator('tbody tr', { has: page.locator('th', { hasText: /^Z$/ }) });
    await z.waitFor({ timeout: 60_000 });
    const cells = await z.locator('td').allInnerTexts();
    assert.equal(cells[0], '2,621', 'users with a tie range');
    assert.deepEqual(cells.slice(1), zByTieRule());
    assert.equal(await page.getByLabel('Ties', { exact: true }).isDisabled(), false);
    // The rule changes the results table too, and its caption names it.
    await page.getByLabel('Ties', { exact: true }).selectOption('pessimistic');
    await page
      .locator('table.results caption', { hasText: 'ties broken pessimistically' })
      .waitFor({ timeout: 30_000 });
    await page.waitForSelector('table.results[aria-busy="false"]', { timeout: 30_000 });
    const auc = await exactCell(page, 'Z', 'auc').textContent();
    assert.equal(auc, Number(zByTieRule()[5]).toFixed(3));
    // The figures follow the rule too: optimistically Z's AUC (0.944) passes X's (0.893) and Y's (0.853), which
    // Figure 2's caption names as the exact order (the rank column as it is gives X > Y > Z).
    await page.getByLabel('Ties', { exact: true }).selectOption('optimistic');
    const section = page.locator('section.figures-section');
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('tab', { name: 'Figure 2' }).click();
    await section
      .locator('#tabpanel-fig2 figure.plot figcaption', { hasText: 'AUC (exact Z > X > Y)' })
      .waitFor({ timeout: 60_000 });
    assert.match(await page.locator('.figures-definitions-note').textContent(), /ties broken optimistically/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a file with a negative or non-numeric relevance, or rankOptimistic > rankPessimistic, is refused by line', async () => {
  const { context, page } = await openApp(browser, url);
  try {
    const files = [
      ['grades.csv', 'recommender,rank,relevance\nX,3,2\nX,4,-1\n', /grades\.csv:3: relevance -1 is negative/],
      ['words.csv', 'recommender,rank,relevance\nX,3,high\n', /words\.csv:2: relevance "high" is not a number/],
      [
        'ties.csv',
        'recommender,rank,rankOptimistic,rankPessimistic\nX,5,6,4\n',
        /ties\.csv:2: rankOptimistic 6 is larger than rankPessimistic 4/,
      ],
    ];
    for (const [name, csv, message] of files) {
      await page.getByLabel('Load file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      const alert = page.getByRole('alert').filter({ hasText: name });
      await alert.waitFor({ timeout: 10_000 });
      assert.match(await alert.textContent(), message);
    }
    assert.equal(await exactCell(page, 'C', 'auc').textContent(), '0.843', 'the data stay');
  } finally {
    await context.close();
  }
});
