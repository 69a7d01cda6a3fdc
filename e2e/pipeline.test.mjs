// The figure registry and the worker bridge in Chromium: a new prior exponent recomputes Figures 4 and 6 and Table 3
// in place (captions name the prior); every figure and study has a Cancel that stops its worker; an idle worker is
// released after the bridge's delay.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, useBrowser, openApp } from './browser.mjs';

const url = baseUrl();
const browser = useBrowser();

/** src/state/workerBridge.ts IDLE_RELEASE_MS. */
const IDLE_RELEASE_MS = 10_000;

/**
 * Delays every reply of every worker by `window.__replyDelay` ms (0 at first), so that a computation of any size
 * is still running, its worker alive, when the test presses Cancel. Only the page's side is slowed.
 */
function slowReplies() {
  window.__replyDelay = 0;
  const Native = window.Worker;
  window.Worker = class extends Native {
    addEventListener(type, listener, options) {
      if (type !== 'message' || typeof listener !== 'function') return super.addEventListener(type, listener, options);
      return super.addEventListener(
        type,
        (event) => setTimeout(() => listener.call(this, event), window.__replyDelay),
        options,
      );
    }
  };
}

async function openFigures(page, tab) {
  const section = page.locator('section.figures-section');
  await section.scrollIntoViewIfNeeded();
  await section.locator(`#tab-${tab}`).click();
  await section.scrollIntoViewIfNeeded();
  return section.locator(`#tabpanel-${tab}`);
}

/** The caption of the panel's figure once it is computed and not dimmed. */
async function caption(panel, hasText) {
  const figcaption = panel.locator('figure.plot:not(.busy) figcaption', { hasText });
  await figcaption.waitFor({ timeout: 120_000 });
  return figcaption.textContent();
}

async function setPriorExponent(page, exponent) {
  const prior = page.getByLabel('Prior on true ranks');
  if ((await prior.inputValue()) !== 'power') await prior.selectOption('power');
  await page.getByLabel('Prior exponent a').fill(String(exponent));
}

/** The caption without the words that name the prior: what is left are the numbers. */
const numbers = (text) => text.replace(/prior p\(r\) ∝ r\^−\d+/g, '').replace(/uniform prior p\(r\) = 1\/n/g, '');

test('a new prior exponent recomputes Figures 4 and 6 and Table 3 without leaving their tab', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    for (const [tab, from, to] of [
      ['fig4', 1, 2],
      ['fig6', 1, 2],
    ]) {
      let panel = await openFigures(page, tab);
      await caption(panel, '');
      await setPriorExponent(page, from);
      panel = await openFigures(page, tab);
      const before = await caption(panel, `r^−${from}`);
      await setPriorExponent(page, to);
      panel = await openFigures(page, tab);
      const changed = await caption(panel, `r^−${to}`);
      assert.notEqual(numbers(changed), numbers(before), `${tab}: the numbers follow the prior`);
      assert.match(await panel.locator('.lede').textContent(), new RegExp(`r\\^−${to}`));
    }
    const panel = await openFigures(page, 'tables');
    const table3 = panel.locator('.study-block', { hasText: 'Table 3' }).locator('table:not(.busy)');
    await table3.locator('caption', { hasText: 'r^−2' }).waitFor({ timeout: 120_000 });
    const before = await table3.locator('tbody').first().textContent();
    await setPriorExponent(page, 1);
    await openFigures(page, 'tables');
    await table3.locator('caption', { hasText: 'r^−1' }).waitFor({ timeout: 120_000 });
    assert.notEqual(await table3.locator('tbody').first().textContent(), before, 'Table 3 follows the prior');
    assert.match(await panel.locator('section', { hasText: 'Tables 3–4' }).locator('.lede').textContent(), /r\^−1/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** Presses the panel's Cancel `times` times while its computations run; each stops `perCancel` live workers. */
async function cancelStopsWorkers(page, panel, { perCancel = 1, times = 1 } = {}) {
  for (let i = 0; i < times; i++) {
    const cancel = panel.getByRole('button', { name: 'Cancel', exact: true }).first();
    await cancel.waitFor({ timeout: 10_000 });
    const closed = [];
    for (const worker of page.workers()) worker.once('close', () => closed.push(worker));
    const live = page.workers().length;
    await cancel.click();
    for (let wait = 0; wait < 50 && closed.length < perCancel; wait++) await page.waitForTimeout(50);
    assert.ok(closed.length >= perCancel, `Cancel stopped ${closed.length} workers, expected ${perCancel}`);
    assert.equal(page.workers().length, live - closed.length);
  }
}

test('every figure and study shows a Cancel that stops its worker, and leaves a clear cancelled state', async () => {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.addInitScript(slowReplies);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  try {
    await page.goto(url);
    await page.waitForSelector('table.results[aria-busy="false"] td[data-kind="sampled"] .value', { timeout: 20_000 });
    await page.evaluate(() => (window.__replyDelay = 3000));
    for (const tab of ['fig1', 'fig2', 'fig3', 'fig4', 'fig6', 'fig7']) {
      const panel = await openFigures(page, tab);
      // Wait until the channel's worker(s) run: Figure 7 fits in two.
      await page.waitForTimeout(400);
      await cancelStopsWorkers(page, panel, { perCancel: tab === 'fig7' ? 2 : 1 });
      await panel.getByText('Cancelled.').waitFor();
      await panel.getByRole('button', { name: 'Run again' }).waitFor();
      assert.equal(await panel.getByRole('button', { name: 'Retry' }).count(), 0);
    }
    const tables = await openFigures(page, 'tables');
    await page.waitForTimeout(400);
    await cancelStopsWorkers(page, tables, { times: 3 });
    assert.equal(await tables.getByText('Cancelled.').count(), 3);
    // Run again computes; a later Cancel keeps that result on screen, dimmed.
    await page.evaluate(() => (window.__replyDelay = 0));
    await tables.getByRole('button', { name: 'Run again' }).first().click();
    await tables.locator('table.study-table:not(.busy)').nth(1).waitFor({ timeout: 60_000 });
    const fig4 = await openFigures(page, 'fig4');
    const computed = await caption(fig4, 'Corrected AP');
    await page.evaluate(() => (window.__replyDelay = 3000));
    const m = fig4.getByRole('textbox', { name: 'm', exact: true });
    await m.fill('50');
    await m.press('Enter');
    await page.waitForTimeout(400);
    await cancelStopsWorkers(page, fig4);
    assert.equal(await fig4.locator('figure.plot.busy figcaption').textContent(), computed);
    await fig4.getByText('Cancelled.').waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a worker that has finished is released after the idle delay', async () => {
  const { context, page, problems } = await openApp(browser, url);
  try {
    const earlier = new Set(page.workers());
    const panel = await openFigures(page, 'fig1');
    await caption(panel, 'Value M(r)');
    const live = page.workers().length;
    const figure1 = page.workers().find((w) => !earlier.has(w));
    assert.ok(figure1, 'Figure 1 computed in a worker of its own');
    const done = Date.now();
    await figure1.waitForEvent('close', { timeout: IDLE_RELEASE_MS + 5_000 });
    assert.ok(Date.now() - done > IDLE_RELEASE_MS - 2_000, 'released after the idle delay, not before');
    await page.waitForTimeout(1_000);
    assert.ok(page.workers().length < live, `live workers ${page.workers().length}, were ${live}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
