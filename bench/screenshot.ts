// `npm run build && node dist/bench/screenshot.js [--out docs/report.png] [--players-out
// docs/players.png]`: the README's pictures, made the way a user makes the pages, opened in
// headless Chromium (CHROMIUM_PATH or /usr/bin/chromium). The HTML report: `verify fixtures/
// --html`, filtered to the illegal move, that finding opened to its board and lines. The
// standings: `players` on the small tournament of fixtures/results (its aliases file, the pairs'
// table), sorted by matches won. Run it again whenever a page changes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { itemAt } from '../src/core/at.js';

const args = process.argv.slice(2);
const out = resolve(args.includes('--out') ? itemAt(args, args.indexOf('--out') + 1) : 'docs/report.png');
const playersOut = resolve(
  args.includes('--players-out') ? itemAt(args, args.indexOf('--players-out') + 1) : 'docs/players.png',
);
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!chromiumPath) throw new Error('no Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH');

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-shot-'));
try {
  const page = join(dir, 'report.html');
  // Relative paths, as a user types them: the page shows "verify fixtures/".
  spawnSync(process.execPath, [resolve('dist/bin/bgaudit.js'), 'verify', 'fixtures/', '--html', page, '--quiet'], {
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath });
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await tab.goto(pathToFileURL(page).href);
  await tab.waitForSelector('#controls:not([hidden])');
  await tab.selectOption('#code', 'illegal-move');
  await tab.locator('tr[data-code="illegal-move"]').first().click();
  await tab.locator('tr.ev svg').waitFor();
  await tab.screenshot({ path: out, fullPage: true });
  console.log(`wrote ${out}`);

  const standings = join(dir, 'players.html');
  spawnSync(
    process.execPath,
    [
      resolve('dist/bin/bgaudit.js'),
      'players',
      'fixtures/results/',
      '--aliases',
      'fixtures/results/aliases.csv',
      '--head-to-head',
      '--format',
      'html',
      '-o',
      standings,
    ],
    { stdio: 'ignore' },
  );
  const table = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  await table.goto(pathToFileURL(standings).href);
  await table.click('#standings th:text-is("Won")');
  await table.screenshot({ path: playersOut, fullPage: true });
  console.log(`wrote ${playersOut}`);
  await browser.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
