// The figures section in Chromium: tabs by keyboard, Figure 2's named ordering changes on the toy example, the
// tooltip read-out, SVG/PNG export of a figure and CSV export of a table, a figure tab's own settings in a link,
// and Figure 7's two workers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { figurePanel, baseUrl, useBrowser, openApp } from './browser.mjs';

const url = baseUrl();
const browser = useBrowser();

async function openFigures(page) {
  const section = page.locator('section.figures-section');
  await section.scrollIntoViewIfNeeded();
  return section;
}

test('Figure 2 names where the toy example reorders, reads values by keyboard, and exports SVG and PNG', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const section = await openFigures(page);
    await section.getByRole('tab', { name: 'Figure 2' }).click();
    const panel = section.locator('#tabpanel-fig2');
    await panel.locator('figure.plot figcaption', { hasText: 'A > C > B for m < 73' }).waitFor({ timeout: 60_000 });
    const labels = await panel.locator('.plot-text.text-event').allTextContents();
    assert.deepEqual(labels.slice(0, 4), ['B > C (73)', 'C > B (281)', 'C > A (438)', 'B > A (954)']);
    const slider = panel.getByRole('slider', { name: /Read values: AP/ });
    await slider.focus();
    await page.keyboard.press('Home');
    assert.match(await slider.getAttribute('aria-valuetext'), /^m = 1: A 0\.9\d+, B 0\.\d+, C 0\.\d+$/);
    await page.keyboard.press('End');
    assert.match(await slider.getAttribute('aria-valuetext'), /^m = 9,999: /);
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'SVG' }).click(),
    ]);
    assert.equal(svg.suggestedFilename(), 'fig2.svg');
    const markup = readFileSync(await svg.path(), 'utf8');
    assert.match(markup, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(markup, /Expected sampled metric vs\. number of sampled items m/);
    assert.doesNotMatch(markup, /var\(--/);
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'PNG' }).click(),
    ]);
    assert.equal(png.suggestedFilename(), 'fig2.png');
    assert.equal(
      readFileSync(await png.path())
        .subarray(1, 4)
        .toString(),
      'PNG',
    );
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the tabs follow the arrow keys, and the tables export CSV with contradicting cells marked', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const section = await openFigures(page);
    await section.getByRole('tab', { name: 'Figure 2' }).focus();
    await page.keyboard.press('End');
    const tables = section.getByRole('tab', { name: 'Tables' });
    assert.equal(await tables.getAttribute('aria-selected'), 'true');
    const panel = section.locator('#tabpanel-tables');
    await panel.locator('table.study-table').nth(5).waitFor({ timeout: 120_000 });
    assert.equal(await panel.locator('table.study-table').first().locator('td.wrong').count(), 0);
    assert.equal(await panel.locator('table.study-table').nth(1).locator('td.wrong').count(), 7);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      panel
        .locator('.study-block', { hasText: 'Table 1 · Exact metrics' })
        .getByRole('button', { name: 'CSV' })
        .click(),
    ]);
    assert.equal(csv.suggestedFilename(), 'table1.csv');
    assert.equal(readFileSync(await csv.path(), 'utf8').split('\n')[0], 'Recommender,AUC,AP,NDCG,Recall@10');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a figure tab with its own zoom, axis scale and hidden legend entry comes back from Copy link', async () => {
  const { context, page, problems } = await openApp(browser, url, { clipboard: true });
  try {
    const section = await openFigures(page);
    await section.getByRole('tab', { name: 'Figure 3' }).click();
    const panel = section.locator('#tabpanel-fig3');
    await panel.locator('figure.plot:not(.busy) svg path.series').first().waitFor({ timeout: 60_000 });
    const top = panel.getByRole('textbox', { name: 'Top ranks' });
    await top.fill('100');
    await top.press('Enter');
    await panel.getByRole('combobox', { name: 'Value axis' }).selectOption('log');
    await panel.getByRole('button', { name: 'm = 100', exact: true }).click();
    const caption = panel.locator('figure.plot:not(.busy) figcaption', { hasText: 'ranks 1 to 100 ' });
    await caption.waitFor({ timeout: 60_000 });
    const expected = {
      caption: await caption.textContent(),
      ticks: await panel.locator('g.panel').first().locator('.tick-label').allTextContents(),
    };
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor({ timeout: 10_000 });
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(link, /#v1\.[A-Za-z0-9_-]+$/);

    const fresh = await openApp(browser, link);
    try {
      const freshSection = await openFigures(fresh.page);
      assert.equal(await freshSection.getByRole('tab', { name: 'Figure 3' }).getAttribute('aria-selected'), 'true');
      const freshPanel = freshSection.locator('#tabpanel-fig3');
      const freshCaption = freshPanel.locator('figure.plot:not(.busy) figcaption', { hasText: 'ranks 1 to 100 ' });
      await freshCaption.waitFor({ timeout: 60_000 });
      assert.equal(await freshCaption.textContent(), expected.caption);
      assert.deepEqual(
        await freshPanel.locator('g.panel').first().locator('.tick-label').allTextContents(),
        expected.ticks,
      );
      assert.equal(await freshPanel.getByRole('textbox', { name: 'Top ranks' }).inputValue(), '100');
      assert.equal(await freshPanel.getByRole('combobox', { name: 'Value axis' }).inputValue(), 'log');
      assert.equal(await freshPanel.getByRole('combobox', { name: 'Rank axis' }).inputValue(), 'linear');
      const hidden = freshPanel.getByRole('button', { name: 'm = 100', exact: true });
      assert.equal(await hidden.getAttribute('aria-pressed'), 'false');
      assert.equal(
        await freshPanel.getByRole('button', { name: 'm = 10', exact: true }).getAttribute('aria-pressed'),
        'true',
      );
      assert.equal(await fresh.page.getByRole('alert').count(), 0);
      assert.deepEqual(fresh.problems, []);
    } finally {
      await fresh.context.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Figure 7 fits its recommenders in two workers; a new setting mid-run cancels both and shows the new result', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    await figurePanel(page, 'fig1'); // Figure 1's own worker is running before we count
    // The other views (the summary, the Definitions section near the screen) start their workers on their own
    // schedule, which load can push into the count: wait until no worker has started for 1.5 s.
    let last = Date.now();
    const quiet = () => (last = Date.now());
    page.on('worker', quiet);
    while (Date.now() - last < 1500) await page.waitForTimeout(250);
    page.off('worker', quiet);
    let started = 0;
    page.on('worker', () => {
      started += 1;
    });
    const section = await openFigures(page);
    await section.getByRole('tab', { name: 'Figure 7 (Jin)' }).click();
    const panel = section.locator('#tabpanel-fig7');
    const caption = panel.locator('figure.plot figcaption');
    await caption.filter({ hasText: 'averaged over 10 seeded' }).waitFor({ timeout: 60_000 });
    assert.equal(started, 2, 'Figure 7 computes in two figure workers');
    // Every recommender of the toy example is in the figure, whichever worker fitted it.
    for (const name of ['A', 'B', 'C']) assert.match(await caption.textContent(), new RegExp(`${name}: Recall@10`));
    const repetitions = panel.getByLabel('Repetitions');
    await repetitions.fill('3');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(150);
    await repetitions.fill('4');
    await page.keyboard.press('Enter');
    await caption.filter({ hasText: 'averaged over 4 seeded' }).waitFor({ timeout: 60_000 });
    assert.match(await caption.textContent(), /C: Recall@10/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
