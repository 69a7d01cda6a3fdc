// Issue 35: Figure 6 without replacement on MovieLens-1M draws only values within the metric's range. The value axes
// span the values drawn (the panels' domain is their [min, max], src/figures/sweepPanel.ts), so every tick label of
// both panels must lie within [0, 1]: before the corrections checked their compressed system, a corrected value of
// −3.8e86 stretched the axis that far. The worker-level test (workers/figures/sweep.movielens.test.ts) checks every
// value; this checks the page draws them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, figurePanel, openApp, useBrowser } from './browser.mjs';

const url = baseUrl();
const browser = useBrowser();

/** "0.08", "8%", "−0.02", "1e-3" → a number (percentages as fractions). */
function tickValue(text) {
  const plain = text
    .replace(/\u2212/g, '-')
    .replace(/,/g, '')
    .trim();
  return plain.endsWith('%') ? Number(plain.slice(0, -1)) / 100 : Number(plain);
}

test('Figure 6 without replacement on MovieLens-1M: both value axes within [0, 1]', async () => {
  const { context, page, problems } = await openApp(browser, url, { width: 1366 });
  try {
    await page.getByLabel('Built-in data set').selectOption('movielens-true');
    await page.getByRole('button', { name: 'Load data set', exact: true }).click();
    await page.getByRole('button', { name: 'Replace data', exact: true }).click();
    await page.waitForSelector('table.results[aria-busy="false"]', { timeout: 20_000 });
    await page.getByLabel('Sampling', { exact: true }).selectOption('without-replacement');
    await page.waitForSelector('table.results[aria-busy="false"]', { timeout: 20_000 });
    const section = page.locator('section.figures-section');
    await section.scrollIntoViewIfNeeded();
    await section.locator('#tab-fig6').click();
    const panel = await figurePanel(page, 'fig6', 180_000);
    await panel.locator('figure.plot:not(.busy) svg path.series').first().waitFor({ timeout: 180_000 });
    assert.match(await panel.locator('figure.plot figcaption').textContent(), /without replacement/);
    // The value axis' labels are anchored at their end (PlotPanelView), the m axis' in their middle.
    const labels = await panel.locator('figure.plot svg text.tick-label[text-anchor="end"]').allTextContents();
    const values = labels.map(tickValue);
    assert.ok(values.length >= 4, `value-axis labels: ${JSON.stringify(labels)}`);
    const outside = values.filter((v) => !(v >= 0 && v <= 1));
    assert.deepEqual(outside, [], `value-axis labels outside [0, 1]: ${JSON.stringify(labels)}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
