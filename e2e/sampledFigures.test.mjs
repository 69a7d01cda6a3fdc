// The figures with sampled ranks (issue 12, items 2 and 4), on the built-in NCF-sampled MovieLens 1M ranks: Figure 7's
// tab draws the rank distribution recovered from them (point estimates first, then the bootstrap bands; metric@K read
// off for any K without recomputing), Figure 5 buckets the recovered P̂, no tab shows a Retry, the Tables tab says what
// Tables 1–2 need and offers the true ranks, and a copied link reopens the tab with the figure's settings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp } from './browser.mjs';

const url = baseUrl();
const browser = useBrowser();

/** Resamples of the users in this test: enough for bands, few enough for a short run. */
const B = 4;

/** Loads the built-in NCF-sampled MovieLens ranks and waits until the data are sampled ranks. */
async function loadNcfSampled(page) {
  await page.getByLabel('Built-in data set').selectOption('movielens-sampled');
  await page.getByRole('button', { name: 'Load data set' }).click();
  await page.getByRole('button', { name: 'Replace data' }).click();
  await page.waitForFunction(() => document.querySelector('input[type=radio][value=sampled]')?.checked === true);
}

async function openTab(page, name, id) {
  const section = page.locator('section.figures-section');
  await section.scrollIntoViewIfNeeded();
  await section.getByRole('tab', { name, exact: true }).click();
  return section.locator(`#tabpanel-${id}`);
}

/**
 * Waits until `locator` is attached, keeping `panel` on screen meanwhile: figures compute only while visible, and the
 * results table above grows as its intervals fill in.
 */
async function waitOnScreen(panel, locator, timeout) {
  const end = Date.now() + timeout;
  while ((await locator.count()) === 0) {
    if (Date.now() > end) throw new Error(`not shown within ${timeout} ms: ${locator}`);
    await panel.scrollIntoViewIfNeeded();
    await panel.page().waitForTimeout(250);
  }
}

async function setNumber(panel, label, value) {
  const input = panel.getByRole('textbox', { name: label, exact: true });
  await input.fill(String(value));
  await input.press('Enter');
}

test('NCF-sampled MovieLens: the recovered rank distribution with bands, metric@K, and a link that reopens it', async () => {
  const { context, page, problems } = await openApp(browser, url, { clipboard: true });
  try {
    await loadNcfSampled(page);
    const panel = await openTab(page, 'Figure 7 (Jin)', 'fig7');
    await panel.getByRole('heading', { name: /Rank distribution recovered from these sampled ranks/ }).waitFor();
    // The controls come with the first figure (the default B's point estimates).
    await waitOnScreen(panel, panel.getByRole('textbox', { name: 'Resamples B', exact: true }), 60_000);
    const start = Date.now();
    await setNumber(panel, 'Resamples B', B);
    // Point estimates first (drawn, not dimmed, while the bands compute), then the bands.
    const figure = panel.locator('figure.plot:not(.busy)');
    await waitOnScreen(panel, figure.locator('svg path.series'), 60_000);
    const points = Date.now() - start;
    const caption = figure.locator('figcaption', { hasText: `over B = ${B} resamples of the users` });
    await waitOnScreen(panel, caption, 120_000);
    console.log(
      `recovered distribution (3 × 6,040 users, 4 estimators): points ${points} ms, B = ${B} bands ${Date.now() - start} ms`,
    );
    // 3 recommenders × (pmf, CDF) × 4 estimators: a line and a band each.
    assert.equal(await figure.locator('svg path.band').count(), 24);
    assert.equal(await figure.locator('svg path.series').count(), 24);
    const text = await caption.textContent();
    assert.match(text, /pointwise 90% percentile band/);
    assert.match(text, /each user's own n from 1,393 to 3,687/);
    assert.match(text, /X \(6,040 users\): Recall@10 MLE 0\.0\d\d \[0\.0\d\d, 0\.\d{3}\]/);
    const table = panel.locator('.study-block', { hasText: 'Metric@10 read off the recovered P̂' });
    assert.equal(await table.locator('tbody tr').count(), 12);
    // Another K is read off the same fit: no new computation.
    await setNumber(panel, 'K', 20);
    await panel.locator('.study-block', { hasText: 'Metric@20 read off the recovered P̂' }).waitFor();
    assert.equal(await panel.getByRole('button', { name: 'Cancel' }).count(), 0);
    await panel.getByRole('combobox', { name: 'Value axis' }).selectOption('log');
    const expected = await panel.locator('figure.plot:not(.busy) figcaption', { hasText: 'K = 20' }).textContent();
    assert.equal(await panel.getByRole('button', { name: 'Retry' }).count(), 0);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor({ timeout: 10_000 });
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const fresh = await context.newPage();
    await fresh.goto(link);
    const section = fresh.locator('section.figures-section');
    await section.scrollIntoViewIfNeeded();
    // The link's view is applied once the session has started: wait for the tab rather than read it at once.
    await section.getByRole('tab', { name: 'Figure 7 (Jin)', selected: true }).waitFor({ timeout: 20_000 });
    const again = section.locator('#tabpanel-fig7');
    const freshCaption = again.locator('figure.plot:not(.busy) figcaption', { hasText: `over B = ${B} resamples` });
    await waitOnScreen(again, freshCaption, 120_000);
    assert.equal(await freshCaption.textContent(), expected);
    assert.equal(await again.getByRole('textbox', { name: 'Resamples B', exact: true }).inputValue(), String(B));
    assert.equal(await again.getByRole('textbox', { name: 'K', exact: true }).inputValue(), '20');
    assert.equal(await again.getByRole('combobox', { name: 'Value axis' }).inputValue(), 'log');
    await fresh.close();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('NCF-sampled MovieLens: every tab does something useful, or says what it needs, never with a Retry', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await loadNcfSampled(page);
    // Figure 5: the recovered P̂ in buckets, as expected users.
    const fig5 = await openTab(page, 'Figure 5', 'fig5');
    const histogram = fig5.locator('figure.plot:not(.busy)');
    await waitOnScreen(fig5, histogram.locator('svg rect.bar'), 60_000);
    assert.match(await histogram.locator('figcaption').textContent(), /recovered by MLE from the sampled ranks/);
    // Figures 1–4 and 6 draw (2 and 6 on true ranks drawn from the MLE P̂, as their captions say).
    for (const [name, id] of [
      ['Figure 1', 'fig1'],
      ['Figure 2', 'fig2'],
      ['Figure 3', 'fig3'],
      ['Figure 4', 'fig4'],
      ['Figure 6', 'fig6'],
    ]) {
      const tab = await openTab(page, name, id);
      const drawn = tab.locator('figure.plot:not(.busy)');
      const started = Date.now();
      await waitOnScreen(tab, drawn.locator('svg path.series'), 180_000);
      console.log(`${name} on the NCF-sampled ranks: drawn after ${Date.now() - started} ms`);
      if (id === 'fig2' || id === 'fig6') {
        assert.match(
          await drawn.locator('figcaption').textContent(),
          /Population: the MLE-recovered rank distribution/,
        );
      }
      assert.equal(await tab.getByRole('button', { name: 'Retry' }).count(), 0, name);
      assert.equal(await tab.getByText('needs true ranks').count(), 0, name);
    }
    // Figure 3 draws the data's m next to the paper's.
    const fig3 = await openTab(page, 'Figure 3', 'fig3');
    await waitOnScreen(fig3, fig3.getByRole('button', { name: 'm = 99', exact: true }), 60_000);
    // The Tables tab: Tables 1–2 say what they need and offer the true ranks; the studies wait for their button.
    const tables = await openTab(page, 'Tables', 'tables');
    await tables.getByText('Tables 1–2 need true ranks — these are sampled ranks').waitFor();
    assert.equal(await tables.getByRole('button', { name: 'Load MovieLens 1M true ranks (X, Y, Z)' }).count(), 1);
    assert.equal(await tables.getByRole('button', { name: /^Run the study/ }).count(), 2);
    assert.equal(await tables.getByRole('button', { name: 'Retry' }).count(), 0);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
