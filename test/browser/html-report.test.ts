/// <reference lib="dom" />
// The HTML report in a real browser: headless Chromium through playwright-core, on pages made
// from the fixtures. One browser for the file, a few pages.
// A machine without Chromium skips these tests, and says so in one line.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkersPerSide } from '../../src/engine/board.js';
import type { MatchReport } from '../../src/core/model.js';
import { cli, FIXTURES } from '../helpers.js';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => p !== undefined && p !== '' && existsSync(p),
);
if (!CHROMIUM)
  console.log('test/browser: skipped, no Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH)');

interface Made {
  url: string;
  reports: MatchReport[];
}

/** Runs verify on `paths` with --html and --format json: the page's URL and the same run's reports. */
async function make(dir: string, name: string, ...paths: string[]): Promise<Made> {
  const file = join(dir, name);
  const { stdout } = await cli('verify', ...paths, '--format', 'json', '--html', file);
  return { url: pathToFileURL(file).href, reports: (JSON.parse(stdout) as MatchReport[]).slice(1) };
}

/** A page that records every request, console error and page error. */
async function open(browser: Browser, url: string, javaScriptEnabled = true) {
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
  // The rows are read from the page a few MB at a time: the controls show once they all are.
  if (javaScriptEnabled) await page.waitForSelector('#controls:not([hidden])');
  return { page, requests, errors, close: () => context.close() };
}

/** The rows shown, as `file|code|severity|line`. */
async function visibleRows(page: Page): Promise<string[]> {
  return page.$$eval('tr[data-code]', (rows) =>
    rows
      .filter((r) => !(r as HTMLElement).hidden && (r as HTMLElement).offsetParent !== null)
      .map((r) =>
        [
          r.getAttribute('data-file'),
          r.getAttribute('data-code'),
          r.getAttribute('data-severity'),
          r.children[3].textContent,
        ].join('|'),
      ),
  );
}

function expectedRows(reports: MatchReport[]): string[] {
  return reports.flatMap((r) =>
    r.findings.map((f) =>
      [
        r.file,
        f.code,
        f.severity,
        f.line === undefined ? '' : f.column === undefined ? f.line : `${f.line}:${f.column}`,
      ].join('|'),
    ),
  );
}

describe.skipIf(!CHROMIUM)('the HTML report in Chromium', () => {
  let browser: Browser;
  let dir: string;
  let fixtures: Made;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bgaudit-browser-'));
    fixtures = await make(dir, 'fixtures.html', FIXTURES);
    browser = await chromium.launch({ executablePath: CHROMIUM });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows every finding of the JSON report as a row, asks nothing of the network, logs no error', async () => {
    const { page, requests, errors, close } = await open(browser, fixtures.url);
    await page.check('input[data-sev="info"]');
    expect((await visibleRows(page)).sort()).toEqual(expectedRows(fixtures.reports).sort());
    expect(await page.textContent('#count')).toBe(`${expectedRows(fixtures.reports).length} findings`);
    expect(requests).toEqual([fixtures.url]);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens on what matters: errors first, then warnings, by file and line; info unticked', async () => {
    const { page, errors, close } = await open(browser, fixtures.url);
    const all = expectedRows(fixtures.reports);
    const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    const place = (p: string) => (p === '' ? [0, 0] : p.split(':').map(Number).concat(0).slice(0, 2));
    const firstOrder = all
      .filter((r) => r.split('|')[2] !== 'info')
      .map((r, k) => ({ r, k, f: r.split('|') }))
      .sort((a, b) => {
        const [x, y] = [place(a.f[3]), place(b.f[3])];
        return (
          rank[a.f[2]] - rank[b.f[2]] || collator.compare(a.f[0], b.f[0]) || x[0] - y[0] || x[1] - y[1] || a.k - b.k
        );
      })
      .map((e) => e.r);
    expect(all.some((r) => r.split('|')[2] === 'info')).toBe(true);
    expect(await page.isChecked('input[data-sev="info"]')).toBe(false);
    expect(await visibleRows(page)).toEqual(firstOrder.slice(0, 500));
    expect((await visibleRows(page))[0].split('|')[2]).toBe('error');
    expect(await page.textContent('#count')).toBe(`${firstOrder.length} of ${all.length} findings shown`);
    // A code of info picked in the chart or the list shows its rows: its severity is ticked.
    const info = all.find((r) => r.split('|')[2] === 'info')?.split('|')[1] ?? '';
    await page.selectOption('#code', info);
    expect(await page.isChecked('input[data-sev="info"]')).toBe(true);
    expect(await visibleRows(page)).toHaveLength(all.filter((r) => r.split('|')[1] === info).length);
    expect(errors).toEqual([]);
    await close();
  });

  it('a report of info only shows it', async () => {
    const only = join(dir, 'info-only');
    mkdirSync(only);
    // A forfeit the record writes as a huge result: info, and nothing else.
    writeFileSync(
      join(only, 'forfeit.mat'),
      ' 3 point match\n\n Game 1\n Anna : 0                       Boris : 0\n' +
        '  1)                             41: 13/9 24/23\n  2) 21: ????                      Wins 4016 point\n',
    );
    const made = await make(dir, 'info-only.html', only);
    const rows = expectedRows(made.reports);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.split('|')[2] === 'info')).toBe(true);
    const { page, close } = await open(browser, made.url);
    expect(await page.isChecked('input[data-sev="info"]')).toBe(true);
    expect((await visibleRows(page)).sort()).toEqual(rows.sort());
    await close();
  });

  it('filters by code, by severity and by file name text', async () => {
    const { page, errors, close } = await open(browser, fixtures.url);
    const all = expectedRows(fixtures.reports);
    for (const code of ['illegal-move', 'match-unfinished', 'parse-error']) {
      await page.selectOption('#code', code);
      expect((await visibleRows(page)).sort()).toEqual(all.filter((r) => r.split('|')[1] === code).sort());
    }
    await page.selectOption('#code', '');
    await page.check('input[data-sev="info"]');
    await page.uncheck('input[data-sev="warning"]');
    expect((await visibleRows(page)).sort()).toEqual(all.filter((r) => r.split('|')[2] !== 'warning').sort());
    await page.check('input[data-sev="warning"]');
    await page.fill('#file', 'SCORING/CUBE');
    await page.waitForFunction(() => document.querySelector('#count')?.textContent?.includes(' of '));
    expect((await visibleRows(page)).sort()).toEqual(all.filter((r) => r.includes('scoring/cube')).sort());
    await page.fill('#file', '');
    await page.click('[data-bar-code="illegal-move"]');
    expect(await visibleRows(page)).toHaveLength(all.filter((r) => r.split('|')[1] === 'illegal-move').length);
    expect(errors).toEqual([]);
    await close();
  });

  it('sorts by a column, both ways', async () => {
    const { page, close } = await open(browser, fixtures.url);
    const codes = () => page.$$eval('tr[data-code]', (rows) => rows.map((r) => r.getAttribute('data-code') ?? ''));
    const th = page.locator('th', { hasText: 'Code' });
    await th.click();
    const up = await codes();
    expect(up).toEqual([...up].sort((a, b) => a.localeCompare(b)));
    await th.click();
    expect(await codes()).toEqual([...up].reverse());
    await page.locator('th', { hasText: 'Line' }).click();
    const lines = await page.$$eval('tr[data-code] td:nth-child(4)', (tds) =>
      tds.map((t) => parseInt(t.textContent || '0', 10) || 0),
    );
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    await close();
  });

  it('opens each finding with a position to a board holding every checker of each side', async () => {
    const { page, errors, close } = await open(browser, fixtures.url);
    await page.check('input[data-sev="info"]');
    const variant = new Map(fixtures.reports.map((r) => [r.file, r.rules?.variant ?? 'backgammon']));
    const rows = page.locator('tr[data-code]');
    const n = await rows.count();
    await rows.nth(n - 1).click(); // a real click; the others through the DOM, one round trip
    await page.$$eval('tr[data-code]:not([aria-expanded="true"])', (all) =>
      all.forEach((r) => (r as HTMLElement).click()),
    );
    // Every row open, each followed by its panel: what each panel shows, read in one pass.
    const panels = await page.$$eval('tr[aria-expanded="true"]', (open) =>
      open.map((row) => {
        const panel = row.nextElementSibling as HTMLElement;
        const svg = panel.querySelector('svg');
        const sum = (sel: string) =>
          svg ? Array.from(svg.querySelectorAll(sel)).reduce((t, g) => t + Number(g.getAttribute('data-count')), 0) : 0;
        return {
          file: row.getAttribute('data-file') ?? '',
          code: row.getAttribute('data-code') ?? '',
          line: row.children[3].textContent ?? '',
          board: svg !== null,
          counts: [0, 1].map((s) => sum(`[data-side="${s}"][data-point]`) + sum(`[data-off-side="${s}"]`)),
          plays: svg ? svg.querySelectorAll('[data-play]').length : 0,
          highlighted: panel.querySelector('.src .hl .no')?.textContent ?? null,
          text: panel.textContent ?? '',
        };
      }),
    );
    expect(panels).toHaveLength(n);
    const withPosition = fixtures.reports.flatMap((r) => r.findings.filter((f) => f.position).map((f) => ({ r, f })));
    expect(withPosition.length).toBeGreaterThan(10);
    expect(panels.filter((p) => p.board)).toHaveLength(withPosition.length);
    for (const p of panels) {
      if (!p.board) {
        expect(p.text).toContain('No position recorded');
        continue;
      }
      const total = checkersPerSide(variant.get(p.file) ?? 'backgammon');
      expect(p.counts, `${p.file} ${p.code}`).toEqual([total, total]);
      if (p.line !== '') expect(p.highlighted).toBe(p.line.split(':')[0]);
      if (p.code === 'illegal-move') expect(p.plays).toBe(2);
    }
    await rows.first().click();
    expect(await rows.first().getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('tr.ev').count()).toBe(n - 1);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a long list a page at a time, every finding on one of them', async () => {
    const many = join(dir, 'many');
    mkdirSync(many);
    const game = (n: number, them = 'Boris') =>
      ` Game ${n}\n Anna : 0                       ${them} : ${n > 1 ? 1 : 0}\n  1)                             41: 13/9 24/23\n` +
      '  2) 65: 24/18 18/13              Doubles => 2\n  3)  Drops                       Wins 1 point\n\n';
    // Two matches of 600 findings each (a file lists at most --max-findings, 1,000), not duplicates.
    for (const them of ['Boris', 'Cleo'])
      writeFileSync(
        join(many, `after-${them}.mat`),
        ' 1 point match\n\n' + Array.from({ length: 601 }, (_, k) => game(k + 1, them)).join(''),
      );
    const made = await make(dir, 'many.html', many);
    const { page, errors, close } = await open(browser, made.url);
    const expected = expectedRows(made.reports);
    expect(expected).toHaveLength(1200);
    const seen: string[] = [];
    for (let k = 0; k < 3; k++) {
      const rows = await visibleRows(page);
      expect(rows).toHaveLength(k < 2 ? 500 : 200);
      seen.push(...rows);
      expect(await page.textContent('#pager span')).toBe(
        `${(k * 500 + 1).toLocaleString('en-US')}–${(k * 500 + rows.length).toLocaleString('en-US')} of 1,200`,
      );
      if (k < 2) await page.click('#pager [data-go="1"]');
    }
    expect(await page.isDisabled('#pager [data-go="1"]')).toBe(true);
    expect(seen.sort()).toEqual(expected.sort());
    await page.fill('#file', 'nothing like it');
    await page.waitForFunction(() => document.querySelector('#count')?.textContent?.startsWith('0 of'));
    expect(await visibleRows(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('draws a hypergammon board with three checkers a side', async () => {
    const hyper = join(dir, 'hyper');
    mkdirSync(hyper);
    writeFileSync(
      join(hyper, 'h.sgf'),
      '(;FF[4]GM[6]CA[UTF-8]AP[test]MI[length:3][game:0][ws:0][bs:0]PW[Anna]PB[Boris]RU[Hypergammon3]RE[W+1];W[44];B[31])\n',
    );
    const made = await make(dir, 'hyper.html', hyper);
    expect(made.reports[0].rules?.variant).toBe('hypergammon3');
    const { page, errors, close } = await open(browser, made.url);
    const rows = page.locator('tr[data-code="illegal-move"], tr[data-code="opening-double"]');
    expect(await rows.count()).toBe(2);
    for (const row of await rows.all()) await row.click();
    const counts = await page.$$eval('tr.ev svg', (svgs) =>
      svgs.map((svg) => {
        const sum = (sel: string) =>
          Array.from(svg.querySelectorAll(sel)).reduce((t, g) => t + Number(g.getAttribute('data-count')), 0);
        return [0, 1].map((s) => sum(`[data-side="${s}"][data-point]`) + sum(`[data-off-side="${s}"]`));
      }),
    );
    const total = checkersPerSide('hypergammon3');
    expect(total).toBe(3);
    expect(counts).toEqual([
      [total, total],
      [total, total],
    ]);
    expect(errors).toEqual([]);
    await close();
  });

  it('lists every finding without script', async () => {
    const { page, close } = await open(browser, fixtures.url, false);
    expect((await visibleRows(page)).sort()).toEqual(expectedRows(fixtures.reports).sort());
    expect(await page.locator('p.note').textContent()).toContain('Script is off');
    expect(await page.isVisible('p.note')).toBe(true);
    expect(await page.isVisible('.summary')).toBe(true);
    await close();
  });

  it('runs nothing and asks for nothing from a hostile file, name and contents', async () => {
    const hostile = join(dir, 'in');
    mkdirSync(hostile);
    const bad = `"><img src=http://127.0.0.1:9/x onerror=alert(1)><script>alert(2)</script>`;
    const text = readFileSync(join(FIXTURES, 'scoring', 'illegal-move.mat'), 'utf8')
      .replace(/Anna/g, `${bad}\u202e`)
      .replace('Boris', '</script><script>alert(3)</script>');
    writeFileSync(join(hostile, `${bad.replace(/\//g, '_')}.mat`), text);
    const made = await make(dir, 'hostile.html', hostile);
    const { page, requests, errors, close } = await open(browser, made.url);
    await page.check('input[data-sev="info"]');
    expect((await visibleRows(page)).sort()).toEqual(expectedRows(made.reports).sort());
    for (const row of await page.locator('tr[data-code]').all()) await row.click();
    expect(await page.locator('tr.ev svg').count()).toBeGreaterThan(0);
    expect(await page.locator('img, iframe, object, embed').count()).toBe(0);
    expect(await page.locator('script').evaluateAll((s) => s.filter((e) => !e.getAttribute('type')).length)).toBe(1);
    expect(requests).toEqual([made.url]);
    expect(errors).toEqual([]);
    await close();
  });
});
