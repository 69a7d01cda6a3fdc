// Shared helpers of the explorer's browser tests.

/** The results table as { A: { exact: {auc: '0.990', …}, sampled: {auc: '0.990', …} }, … } (values as shown). */
export function readTable(page) {
  return page.$$eval('table.results:not(.methods) tbody tr', (rows) =>
    Object.fromEntries(
      rows.map((tr) => {
        const out = { exact: {}, sampled: {} };
        for (const td of tr.querySelectorAll('td[data-metric]')) {
          out[td.dataset.kind][td.dataset.metric] = td.querySelector('.value')?.textContent ?? null;
        }
        return [tr.querySelector('th').textContent.trim(), out];
      }),
    ),
  );
}

/** The exact value of one metric for one recommender, as shown. */
export function exactCell(page, name, metric) {
  return page
    .locator('table.results:not(.methods) tbody tr', { has: page.locator('th', { hasText: new RegExp(`^${name}$`) }) })
    .locator(`td[data-kind="exact"][data-metric="${metric}"] .value`);
}

/** Records main-thread long tasks (> 50 ms) from the first script on: window.__longTasks. */
export async function observeLongTasks(context) {
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Long tasks that started after `since` (a performance.now() of the page). */
export function longTasksSince(page, since) {
  return page.evaluate((t) => window.__longTasks.filter((e) => e.start >= t), since);
}

/** Whether the saved work (IndexedDB) holds `text` in a paste box; false while nothing is saved. */
function savedHas(page, text) {
  return page.evaluate(async (wanted) => {
    // Never open a database the page has not created: that would create it without its object store.
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('sampled-metrics-explorer')) return false;
    const db = await new Promise((done, fail) => {
      const open = indexedDB.open('sampled-metrics-explorer');
      open.onsuccess = () => done(open.result);
      open.onerror = () => fail(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('documents')) return false;
      const work = await new Promise((done) => {
        const get = db.transaction('documents').objectStore('documents').get('work');
        get.onsuccess = () => done(get.result);
        get.onerror = () => done(undefined);
      });
      return JSON.stringify(work?.recommenders?.map((r) => r.text) ?? []).includes(wanted);
    } finally {
      db.close();
    }
  }, text);
}

/**
 * Waits until the page has saved its work (the save is debounced) with `text` in a paste box. Polls from here:
 * page.waitForFunction would take the promise of an async predicate for a truthy answer and not wait at all.
 */
export async function waitForSaved(page, text, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await savedHas(page, text))) {
    if (Date.now() > end) throw new Error(`the work was not saved with "${text}" within ${timeoutMs} ms`);
    await page.waitForTimeout(50);
  }
}

/** The estimates table of sampled ranks (its region). */
export const estimatesRegion = (page) => page.getByRole('region', { name: 'Estimates table' });

/** Waits until every cell of the estimates table shows its interval (none is still "…") and none computes. */
export async function intervalsShown(page, timeout = 180_000) {
  await page.waitForFunction(
    () => {
      const table = document.querySelector('table.results.methods[aria-busy="false"]');
      const intervals = table ? [...table.querySelectorAll('td .interval')] : [];
      return (
        intervals.length > 0 &&
        intervals.every((e) => e.textContent !== '…') &&
        !document.querySelector('progress[aria-label="Interval progress"]')
      );
    },
    null,
    { timeout, polling: 200 },
  );
}

/**
 * The address bar's link, once its fragment follows the last change, opened in a fresh browser context (a reader
 * who gets the link): the new context and page. Close the context when done.
 */
export async function reopenAddressBarLink(browser, page) {
  await page.waitForFunction(() => location.hash.startsWith('#v1.'));
  await page.waitForTimeout(500); // the fragment follows the last change
  const link = await page.evaluate(() => location.href);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const reopened = await context.newPage();
    await reopened.goto(link);
    return { context, page: reopened };
  } catch (error) {
    await context.close();
    throw error;
  }
}
