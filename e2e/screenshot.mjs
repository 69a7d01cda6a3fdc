#!/usr/bin/env node
// Saves a full-page PNG of the app: `node e2e/screenshot.mjs OUT.png [--dark] [--width=1100] [--url=URL] [--settle=MS]
// [--scroll=CSS] [--until=CSS]` (--settle waits that long after the results are shown; --scroll brings an element on
// screen first, for the figures that compute only there; --until waits for the first element matching the selector
// and ends the picture at its bottom).
// Without --url it serves the built dist/ (run `npm run build` first).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openApp } from './browser.mjs';
import { serveStatic } from './server.mjs';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--'));
if (!out) {
  console.error('usage: node e2e/screenshot.mjs OUT.png [--dark] [--width=1100] [--url=URL] [--settle=MS]');
  process.exit(2);
}
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = option('url') ? null : await serveStatic(join(root, 'dist'));
const browser = await launchBrowser();
try {
  const { page, problems } = await openApp(browser, option('url') ?? server.url, {
    colorScheme: args.includes('--dark') ? 'dark' : 'light',
    width: Number(option('width') ?? 1100),
  });
  const scroll = option('scroll');
  if (scroll) await page.locator(scroll).first().scrollIntoViewIfNeeded();
  const until = option('until');
  if (until) await page.locator(until).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(Number(option('settle') ?? 0));
  mkdirSync(dirname(out), { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0)); // bounding boxes below are measured from the top of the page
  const box = until ? await page.locator(until).first().boundingBox() : null;
  const width = Number(option('width') ?? 1100);
  const clip = box ? { x: 0, y: 0, width, height: Math.ceil(box.y + box.height + 16) } : undefined;
  await page.screenshot({ path: out, fullPage: true, clip });
  for (const p of problems) console.error(p);
  console.log(`saved ${out}`);
} finally {
  await browser.close();
  await server?.close();
}
