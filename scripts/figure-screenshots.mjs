#!/usr/bin/env node
// Screenshots of the figures section, one PNG per tab: `node scripts/figure-screenshots.mjs URL OUTDIR [tab…]
// [--dark] [--width=1100] [--movielens]`, e.g. against `npm start` or `npm run preview`. Tabs are the ids fig1 … fig7, tables.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ensureChromium } from '../e2e/findChromium.mjs';

const args = process.argv.slice(2);
const [url, outDir, ...rest] = args.filter((a) => !a.startsWith('--'));
if (!url || !outDir) {
  console.error('usage: node scripts/figure-screenshots.mjs URL OUTDIR [tab…] [--dark] [--width=1100]');
  process.exit(2);
}
const tabs = rest.length > 0 ? rest : ['fig1', 'fig2', 'fig3', 'fig4', 'fig5', 'fig6', 'fig7', 'tables'];
const width = Number(args.find((a) => a.startsWith('--width='))?.slice(8) ?? 1100);
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const context = await browser.newContext({
    colorScheme: args.includes('--dark') ? 'dark' : 'light',
    viewport: { width, height: 1000 },
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`pageerror: ${error.message}`));
  page.on('console', (m) => (m.type() === 'error' ? console.error(`console: ${m.text()}`) : undefined));
  await page.goto(url);
  // Let the sections above settle first: figures compute only on screen, and the page grows as results arrive.
  await page.locator('table.results td[data-kind="sampled"] .value').first().waitFor({ timeout: 60_000 });
  mkdirSync(outDir, { recursive: true });
  if (args.includes('--movielens')) {
    // The MovieLens figures' button loads the paper's recommenders X, Y, Z.
    await page.locator('#tab-fig5').click();
    await page.getByRole('button', { name: /Load MovieLens 1M/ }).click();
    await page.locator('#tabpanel-fig5 .panel-title', { hasText: /^X / }).waitFor({ timeout: 120_000 });
  }
  for (const tab of tabs) {
    const button = page.locator(`#tab-${tab}`);
    if ((await button.count()) === 0) {
      console.error(`no tab ${tab}`);
      continue;
    }
    await button.click();
    const panel = page.locator(`#tabpanel-${tab}`);
    await panel.scrollIntoViewIfNeeded();
    await panel
      .locator('figure.plot svg path.series, figure.plot svg rect.bar, table')
      .first()
      .waitFor({ state: 'attached', timeout: 300_000 });
    await panel
      .locator('figure.plot[aria-busy="true"]')
      .waitFor({ state: 'detached', timeout: 300_000 })
      .catch(() => {});
    if (tab === 'tables') {
      // Large data wait for a click before simulating; then every study's tables must be there.
      await page.waitForTimeout(2000);
      const run = panel.getByRole('button', { name: /Run the study/ });
      while ((await run.count()) > 0) {
        await run.first().click();
        await page.waitForTimeout(1000);
      }
      await panel.locator('table.study-table').nth(5).waitFor({ timeout: 900_000 });
      await page.waitForFunction(
        () => !document.querySelector('#tabpanel-tables')?.textContent?.includes('Simulating'),
        null,
        {
          timeout: 900_000,
        },
      );
    }
    await page.waitForTimeout(300);
    const file = join(outDir, `${tab}${args.includes('--dark') ? '-dark' : ''}.png`);
    await panel.screenshot({ path: file });
    console.log(`saved ${file}`);
  }
} finally {
  await browser.close();
}
