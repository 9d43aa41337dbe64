/// <reference lib="dom" />
// The standings page (`players --format html`) in headless Chromium: it opens sorted by rating
// with script on or off, a click on a column head sorts by that column (again: the other way),
// and hostile names (markup, a script end tag, ESC, a bidi override) are shown as text, run
// nothing and ask nothing of the network. A machine without Chromium skips these tests.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, CORPUS } from '../helpers.js';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => p !== undefined && p !== '' && existsSync(p),
);

interface Row {
  name: string;
  rating: number | null;
  won: number;
  matches: number;
}

const BAD = `"><img src=http://127.0.0.1:9/x onerror=alert(1)><script>alert(2)</script>`;
const GNUBG = join(CORPUS, 'gnubg-generated');

describe.skipIf(!CHROMIUM)('the standings page in Chromium', () => {
  let browser: Browser;
  let dir: string;
  let url: string;
  let players: Row[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bgaudit-players-page-'));
    const input = join(dir, 'in');
    mkdirSync(input);
    for (const f of ['m04_len3_auto.mat', 'm13_len7_auto.sgf', 'm14_len7_driven_resign.sgf', 'm11_len5_matchinfo.sgf'])
      copyFileSync(join(GNUBG, f), join(input, f));
    // The same real match, its players renamed to hostile names.
    const text = readFileSync(join(GNUBG, 'm04_len3_auto.mat'), 'utf8')
      .replace(/White_gnubg/g, `${BAD}\u202e`)
      .replace(/Black_gnubg/g, `</script><script>alert(3)</script>\u001b[2J`);
    writeFileSync(join(input, 'hostile.mat'), text);
    const page = join(dir, 'players.html');
    const made = await cli('players', input, '--format', 'html', '-o', page, '--head-to-head', '--jobs', '1');
    expect(made.code).toBe(0);
    url = pathToFileURL(page).href;
    const json = await cli('players', input, '--format', 'json', '--jobs', '1');
    players = (JSON.parse(json.stdout) as { players: Row[] }).players;
    browser = await chromium.launch({ executablePath: CHROMIUM });
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(javaScriptEnabled = true) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1300, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('dialog', (d) => {
      errors.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.goto(url);
    return { page, requests, errors, close: () => context.close() };
  }

  /** The standings' rows as shown: each cell's text. */
  const shownRows = (page: Page) =>
    page.$$eval('#standings tbody tr', (rows) => rows.map((r) => Array.from(r.children, (c) => c.textContent ?? '')));
  const column = async (page: Page, title: string) => {
    const heads = await page.$$eval('#standings thead th', (th) => th.map((h) => h.textContent));
    const c = heads.indexOf(title);
    return (await shownRows(page)).map((r) => r[c]);
  };
  /** Names as the page shows them: control characters escaped as the text output escapes them. */
  const printed = (name: string) => name.replace('\u202e', '\\u202e').replace('\u001b', '\\x1b');

  it('opens sorted by rating, with script and without', async () => {
    const byRating = players.map((p) => printed(p.name));
    for (const script of [true, false]) {
      const { page, errors, close } = await open(script);
      expect(await column(page, 'Player')).toEqual(byRating);
      expect(await column(page, 'Rating')).toEqual(
        players.map((p) => (p.rating === null ? '\u2013' : p.rating.toFixed(2))),
      );
      expect(errors).toEqual([]);
      await close();
    }
  });

  it('sorts by the column clicked, and the other way on a second click', async () => {
    const { page, errors, close } = await open();
    await page.click('#standings th:text-is("Won")');
    const won = (await column(page, 'Won')).map(Number);
    expect(won).toEqual([...won].sort((a, b) => b - a));
    expect(await page.getAttribute('#standings th:text-is("Won")', 'aria-sort')).toBe('descending');
    expect(await page.getAttribute('#standings th:text-is("Rating")', 'aria-sort')).toBeNull();
    await page.click('#standings th:text-is("Won")');
    const again = (await column(page, 'Won')).map(Number);
    expect(again).toEqual([...won].sort((a, b) => a - b));
    // Names: ascending first, as people sort them (case and accents aside).
    await page.click('#standings th:text-is("Player")');
    const names = await column(page, 'Player');
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    expect(names).toEqual([...names].sort(collator.compare));
    expect(new Set(names)).toEqual(new Set(players.map((p) => printed(p.name))));
    // Back to the ratings: a number column sorts the largest first.
    await page.click('#standings th:text-is("Rating")');
    expect(await column(page, 'Player')).toEqual(players.map((p) => printed(p.name)));
    // The keyboard sorts too.
    await page.focus('#standings th:text-is("Matches")');
    await page.keyboard.press('Enter');
    const matches = (await column(page, 'Matches')).map(Number);
    expect(matches).toEqual([...matches].sort((a, b) => b - a));
    expect(errors).toEqual([]);
    await close();
  });

  it('shows hostile names as text: nothing runs, nothing is asked of the network', async () => {
    const { page, requests, errors, close } = await open();
    const names = await column(page, 'Player');
    expect(names).toContain(`${BAD}\\u202e`);
    expect(names).toContain('</script><script>alert(3)</script>\\x1b[2J');
    expect(await page.locator('#pairs tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('.charts figure').count()).toBe(players.filter((p) => p.rating !== null).length);
    expect(await page.locator('img, iframe, object, embed').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(requests).toEqual([url]);
    expect(errors).toEqual([]);
    await close();
  });
});
