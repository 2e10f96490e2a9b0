// load.mjs: how long Debian's chromium (headless, through playwright-core)
// takes to open referee reports, and whether a large field's crosstable
// opens an entry's opponents on a click. scripts/report-bench prints its
// figures; tests/test_report_browser.c runs it on a league's page:
//
//   node tests/browser/load.mjs REPORT.html...
//
// For each page, one line of JSON: its bytes; loadMs, from the navigation's
// start to the end of its load event (the page parsed, its plots laid out,
// its script run: the game list filled), as the page's own Navigation Timing
// says, on a 1400 px screen; cells (the square's) and rows (the crosstable's
// rows of a large field); and for a large field, opened: the opponents listed
// under the first row's <details> once its summary is clicked, and shown:
// how many of those are then visible; fitsPhone: whether the page, that row
// opened, fits a 390 px phone (no sideways scroll, no zoom out). Exits 1,
// saying why, on a console error or a page that does not load.
import { statSync } from 'node:fs';
import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
let failed = false;

// The page on a 390 px phone, its crosstable's first row opened: no wider.
async function fitsPhone(report, errors) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 },
    isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('file://' + report, { waitUntil: 'load', timeout: 600000 });
  const first = page.locator('table.cross details summary').first();
  if (await first.count()) await first.click();
  const fits = await page.evaluate(() => document.scrollingElement.scrollWidth <=
    document.documentElement.clientWidth && window.innerWidth <= 390);
  await context.close();
  return fits;
}
for (const report of process.argv.slice(2)) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('file://' + report, { waitUntil: 'load', timeout: 600000 });
  const loadMs = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return Math.round(nav.loadEventEnd - nav.startTime);
  });
  const out = { report, bytes: statSync(report).size, loadMs,
    cells: await page.locator('rect.cell').count(),
    rows: await page.locator('table.cross tr:has(td)').count() };
  const first = page.locator('table.cross details').first();
  if (await first.count()) {
    const items = first.locator('li');
    const before = await items.first().isVisible();
    await first.locator('summary').click();
    out.opened = await items.count();
    out.shown = 0;
    for (let i = 0; i < out.opened; i++) out.shown += await items.nth(i).isVisible();
    if (before) errors.push('the opponents were shown before the click');
  }
  await context.close();
  out.fitsPhone = await fitsPhone(report, errors);
  for (const e of errors) { console.error(`${report}: ${e}`); failed = true; }
  console.log(JSON.stringify(out));
}
await browser.close();
process.exit(failed ? 1 : 0);
