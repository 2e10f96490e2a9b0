// report.mjs: a referee report in Debian's chromium (headless), driven by
// playwright-core: no browser download. tests/test_report_browser.c writes the
// cases and runs it:
//
//   node tests/browser/report.mjs CASES.json SCREENSHOT_DIR
//
// Each case: {"game", "report" (a path), "bots", "cells", "games", "filterBot",
// "view": {"id", "board"}}. Each report is loaded twice: as a 390 px phone
// (mobile emulation: the page's viewport meta is honoured, and a page too wide
// would be zoomed out) and on a 1400 px screen. Fails (exit 1, saying why) on
// any console error, a page wider than the screen, a plot cut by its edge, a
// plot without its marks, a filter that lets other games through, a viewer
// out of view, a move list that does not step, or a viewer whose last board
// is not the record's.
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
const screens = [
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true,
    deviceScaleFactor: 2 },
  { name: '1400', viewport: { width: 1400, height: 900 }, isMobile: false, deviceScaleFactor: 1 },
];

// Where the page's width stands: the layout's, the window's, and each plot's box.
const fit = (page) => page.evaluate(() => ({
  scrollWidth: document.scrollingElement.scrollWidth,
  clientWidth: document.documentElement.clientWidth,
  innerWidth: window.innerWidth,
  plots: [...document.querySelectorAll('svg')].filter((s) => s.getClientRects().length)
    .map((s) => { const r = s.getBoundingClientRect(); return [s.id || s.className.baseVal, r.left, r.right]; }),
}));

// The viewer's box against the window.
const inView = (page) => page.evaluate(() => {
  const r = document.getElementById('viewer').getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right,
    height: window.innerHeight, width: document.documentElement.clientWidth };
});

for (const c of cases) {
  for (const screen of screens) {
    const context = await browser.newContext(screen);
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('file://' + c.report);
    const count = (sel) => page.locator(sel).count();
    const tag = `${c.game} at ${screen.name} px:`;
    if (screen.name === '390')
      await page.screenshot({ path: `${shots}/report-${c.game}-390-top.png` });

    // The page fits the screen: no sideways scroll, no zoom out, no plot cut.
    const f = await fit(page);
    expect(f.scrollWidth <= f.clientWidth, `${tag} the page is ${f.scrollWidth} px wide in ${f.clientWidth}`);
    expect(f.innerWidth <= screen.viewport.width, `${tag} zoomed out to ${f.innerWidth} px`);
    for (const [id, left, right] of f.plots)
      expect(left >= 0 && right <= f.clientWidth + 0.5, `${tag} plot ${id} spans ${left}..${right} of ${f.clientWidth}`);
    expect(f.plots.length >= 4, `${tag} ${f.plots.length} plots shown`);

    expect(await count('circle.elo-dot') === c.bots, `${tag} an Elo dot a bot`);
    expect(await count('rect.cell') === c.cells, `${tag} a crosstable cell a pair`);
    expect(await count('g.box') === c.bots, `${tag} a box of move times a bot`);
    expect(await count('g.box-first') === c.bots, `${tag} a box of first moves a bot`);
    expect(await count('line.limit') === 2, `${tag} the two limits drawn`);
    expect(await count('polyline.series') === await count('g.key'), `${tag} a key a line drawn`);
    expect((await page.textContent('.conditions')).includes(c.game), `${tag} the conditions name the game`);
    expect(await page.locator('#games-js').isVisible(), `${tag} the game list shows`);
    expect(await count('#game-list tbody tr') === Math.min(c.games, 50), `${tag} a page of games`);

    // Filters: by bot, by result, by reason.
    await page.selectOption('#game-filter-bot', c.filterBot);
    const rows = await page.$$eval('#game-list tbody tr', (trs) =>
      trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows.length > 0 && rows.every((r) => r[2] === c.filterBot || r[3] === c.filterBot),
      `${tag} the bot filter`);
    await page.selectOption('#game-filter-bot', '');
    await page.selectOption('#game-filter-result', '1-0');
    const results = await page.$$eval('#game-list tbody tr td:nth-child(5)', (tds) =>
      tds.map((td) => td.textContent));
    expect(results.every((r) => r === '1-0'), `${tag} the result filter`);
    await page.selectOption('#game-filter-result', '');
    await page.fill('#game-filter-reason', 'no such reason at all');
    expect(await count('#game-list tbody tr') === 0, `${tag} the reason filter`);
    await page.fill('#game-filter-reason', '');

    // The viewer, from the list's last row first: it comes into view.
    await page.locator('#game-list tbody tr').last().locator('button').click();
    let v = await inView(page);
    expect(v.top >= -1 && v.bottom <= v.height + 1 && v.left >= 0 && v.right <= v.width + 1,
      `${tag} the viewer in view: ${JSON.stringify(v)}`);
    while (await count(`#game-list tbody tr[data-id="${c.view.id}"]`) === 0 &&
           await page.locator('#game-prev').isEnabled())
      await page.click('#game-prev');
    await page.click(`#game-list tbody tr[data-id="${c.view.id}"] button`);
    v = await inView(page);
    expect(v.top >= -1 && v.bottom <= v.height + 1 && v.left >= 0 && v.right <= v.width + 1,
      `${tag} the viewer in view again: ${JSON.stringify(v)}`);
    const key = await page.textContent('#viewer-key');
    expect(key.includes('(first)') && key.includes('(second)'), `${tag} the key of colours: ${key}`);
    expect(await count('#viewer-board text.coord') > 0, `${tag} coordinates`);
    await page.click('#viewer-forward');
    expect((await page.textContent('#viewer-status')).includes('ply 1 of'), `${tag} a step`);
    expect(await count('#viewer-board circle.last-move') === 1, `${tag} the last move marked`);
    // The move list: a click on a move shows the board stepping gives.
    const moves = await count('#viewer-moves button');
    expect(moves > 2, `${tag} ${moves} moves listed`);
    await page.click('#viewer-forward');
    await page.click('#viewer-forward');
    const stepped = await page.getAttribute('#viewer-board svg', 'data-board');
    await page.click('#viewer-end');
    await page.click('#viewer-moves button[data-ply="3"]');
    expect((await page.textContent('#viewer-status')).includes('ply 3 of'), `${tag} move 3 clicked`);
    expect(await page.getAttribute('#viewer-board svg', 'data-board') === stepped,
      `${tag} move 3 clicked shows the board of ply 3`);
    expect(await count('#viewer-moves button.current') === 1, `${tag} the move shown marked`);
    await page.click(`#viewer-moves button[data-ply="${moves}"]`);
    const board = await page.getAttribute('#viewer-board svg', 'data-board');
    expect(board === c.view.board, `${tag} game ${c.view.id} ends on ${c.view.board}, the viewer shows ${board}`);
    expect((await page.textContent('#viewer-status')).includes('Result '), `${tag} its result`);
    v = await inView(page);
    expect(v.right <= v.width, `${tag} the viewer within the width`);
    await page.screenshot({ path: `${shots}/report-${c.game}-${screen.name}.png`,
      fullPage: screen.name !== '390' });
    for (const e of errors) failures.push(`${tag} console: ${e}`);
    await context.close();
  }
}
await browser.close();
if (failures.length) {
  console.log(failures.join('\n'));
  process.exit(1);
}
console.log(`ok: ${cases.length} reports`);
