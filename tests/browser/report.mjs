// report.mjs: a referee report in Debian's chromium (headless), driven by
// playwright-core: no browser download. tests/test_report_browser.c writes the
// cases and runs it:
//
//   node tests/browser/report.mjs CASES.json SCREENSHOT_DIR
//
// Each case: {"game", "report" (a path), "bots", "cells", "games", "filterBot",
// "view": {"id", "board"}}. Fails (exit 1, saying why) on any console error,
// a plot without its marks, a filter that lets other games through, or a
// viewer whose last board is not the record's.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [casesPath, shots] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesPath, 'utf8'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const failures = [];
const expect = (ok, what) => { if (!ok) failures.push(what); };

for (const c of cases) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('file://' + c.report);
  const count = (sel) => page.locator(sel).count();
  const tag = `${c.game}:`;

  expect(await count('circle.elo-dot') === c.bots, `${tag} an Elo dot a bot`);
  expect(await count('rect.cell') === c.cells, `${tag} a crosstable cell a pair`);
  expect(await count('g.box') === c.bots, `${tag} a box of move times a bot`);
  expect(await count('polyline.series') >= c.bots, `${tag} a line a bot over the run`);
  expect(await page.locator('#games-js').isVisible(), `${tag} the game list shows`);
  expect(await count('#game-list tbody tr') === Math.min(c.games, 50), `${tag} a page of games`);

  // Filters: by bot, by result, by reason.
  await page.selectOption('#game-filter-bot', c.filterBot);
  const rows = await page.$$eval('#game-list tbody tr', (trs) =>
    trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  expect(rows.length > 0 && rows.every((r) => r[1] === c.filterBot || r[2] === c.filterBot),
    `${tag} the bot filter`);
  await page.selectOption('#game-filter-bot', '');
  await page.selectOption('#game-filter-result', '1-0');
  const results = await page.$$eval('#game-list tbody tr td:nth-child(4)', (tds) =>
    tds.map((td) => td.textContent));
  expect(results.every((r) => r === '1-0'), `${tag} the result filter`);
  await page.selectOption('#game-filter-result', '');
  await page.fill('#game-filter-reason', 'no such reason at all');
  expect(await count('#game-list tbody tr') === 0, `${tag} the reason filter`);
  await page.fill('#game-filter-reason', '');

  // The viewer: the game, stepped to its end, is the record's final board.
  while (await count(`#game-list tbody tr[data-id="${c.view.id}"]`) === 0 &&
         await page.locator('#game-next').isEnabled())
    await page.click('#game-next');
  await page.click(`#game-list tbody tr[data-id="${c.view.id}"] button`);
  await page.click('#viewer-forward');
  expect((await page.textContent('#viewer-status')).includes('Ply 1 of'), `${tag} a step`);
  await page.click('#viewer-end');
  const board = await page.getAttribute('#viewer-board svg', 'data-board');
  expect(board === c.view.board, `${tag} game ${c.view.id} ends on ${c.view.board}, the viewer shows ${board}`);
  expect((await page.textContent('#viewer-status')).includes('Result '), `${tag} its result`);
  await page.screenshot({ path: `${shots}/report-${c.game}.png`, fullPage: true });
  for (const e of errors) failures.push(`${tag} console: ${e}`);
  await page.close();
}
await browser.close();
if (failures.length) {
  console.log(failures.join('\n'));
  process.exit(1);
}
console.log(`ok: ${cases.length} reports`);
