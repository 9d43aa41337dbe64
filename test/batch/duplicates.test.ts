// The same match twice in one run (issue 13): `duplicate-match` on the later one in input order,
// naming the earlier, whatever the file's name, folder, line ends, layout or format; nothing for
// two matches that differ in one roll; `--no-duplicates` turns it off.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateIndex } from '../../src/batch/duplicates.js';
import type { FileOutcome } from '../../src/batch/outcome.js';
import { CORPUS, cli, fixtureText, reportsIn } from '../helpers.js';

const base = fixtureText('scoring', 'cube2-gammon.mat');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bgaudit-dup-'));
});
afterEach(() => {
  delete process.env.BGAUDIT_POOL_FROM;
  rmSync(dir, { recursive: true, force: true });
});

const dups = (stdout: string) =>
  reportsIn(stdout).flatMap((r) =>
    r.findings
      .filter((f) => f.code === 'duplicate-match')
      .map((f) => ({ file: r.file, match: r.match, of: f.expected })),
  );

describe('duplicate-match', () => {
  it('the later copy in input order, renamed, in another folder, with CRLF and other columns', async () => {
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'a', '1.mat'), base);
    writeFileSync(
      join(dir, 'b', 'copy.mat'),
      `; exported again\n${base.replace(/ {2,}/g, (s) => `${s}  `).replace(/\n/g, '\r\n')}`,
    );
    writeFileSync(
      join(dir, 'b', 'other.mat'),
      base.replace(/ 1\) (\d)(\d):/, (_, a, b) => ` 1) ${b === '6' ? 5 : 6}${a}:`),
    );
    const r = await cli('verify', dir, '--format', 'json');
    expect(dups(r.stdout)).toEqual([
      { file: join(dir, 'b', 'copy.mat'), match: 1, of: { file: join(dir, 'a', '1.mat'), match: 1 } },
    ]);
    expect(r.stderr).toContain('1 match repeats an earlier one of the run');
    const off = await cli('verify', dir, '--format', 'json', '--no-duplicates');
    expect(dups(off.stdout)).toEqual([]);
  });

  it('a second match of one file: named as match 1 of this file', async () => {
    writeFileSync(join(dir, 'two.mat'), `${base}\n\n${base}`);
    const r = await cli('verify', join(dir, 'two.mat'));
    expect(r.stdout).toContain('this match repeats match 1 of this file');
  });

  it('in input order whatever order the workers finish in (two workers)', async () => {
    process.env.BGAUDIT_POOL_FROM = '1';
    const names = Array.from({ length: 12 }, (_, k) => `f${String(k).padStart(2, '0')}.mat`);
    for (const n of names) writeFileSync(join(dir, n), base);
    const r = await cli('verify', dir, '--format', 'ndjson', '--jobs', '2');
    const got = dups(r.stdout);
    expect(got.map((d) => d.file)).toEqual(names.slice(1).map((n) => join(dir, n)));
    for (const d of got) expect(d.of).toEqual({ file: join(dir, names[0]), match: 1 });
  });

  it('a file that could not be read whole has no key (two broken files that agree up to the break)', async () => {
    writeFileSync(join(dir, 'a.mat'), `${base.slice(0, base.indexOf(' 2)'))}  2) 72: 13/7\n`);
    writeFileSync(join(dir, 'b.mat'), `${base.slice(0, base.indexOf(' 2)'))}  2) xx: 13/7\n`);
    const r = await cli('verify', dir, '--format', 'json');
    expect(dups(r.stdout)).toEqual([]);
  });
});

describe('duplicate-match across formats', () => {
  it('a .mat and the .sgf GNU Backgammon wrote of the same match', async () => {
    for (const f of ['m04_len3_auto.mat', 'm04_len3_auto.sgf'])
      copyFileSync(join(CORPUS, 'gnubg-generated', f), join(dir, f));
    const r = await cli('verify', join(dir, 'm04_len3_auto.mat'), join(dir, 'm04_len3_auto.sgf'), '--format', 'json');
    expect(dups(r.stdout)).toEqual([
      { file: join(dir, 'm04_len3_auto.sgf'), match: 1, of: { file: join(dir, 'm04_len3_auto.mat'), match: 1 } },
    ]);
    expect(readFileSync(join(dir, 'm04_len3_auto.mat')).length).toBeGreaterThan(0);
  });
});

describe('DuplicateIndex', () => {
  const outcome = (path: string, keys: (number | null)[]): FileOutcome => ({
    path,
    skipped: false,
    rendered: { counts: { matches: 0, games: 0, bySeverity: { error: 0, warning: 0, info: 0 }, byCode: {} }, out: {} },
    keys,
  });
  it('names the first place of each key, across files and within one; no key, no duplicate', () => {
    const index = new DuplicateIndex();
    expect(index.meet(outcome('a', [1, 2 ** 52 + 7, null]), { path: 'a', sniff: false })).toBeNull();
    expect(index.meet(outcome('b', [null, 5]), { path: 'b', sniff: false })).toBeNull();
    const again = index.meet(outcome('c', [5, 2 ** 52 + 7, 9, 9]), { path: 'c', sniff: false });
    expect(again?.duplicates).toEqual([
      { match: 1, file: 'b', ofMatch: 2 },
      { match: 2, file: 'a', ofMatch: 2 },
      { match: 4, file: 'c', ofMatch: 3 },
    ]);
    expect(index.count).toBe(3);
  });

  it('holds 100,000 keys through its growth, every one found again', () => {
    const index = new DuplicateIndex();
    for (let k = 0; k < 100_000; k++) index.meet(outcome(`f${k}`, [k * 7919 + 1]), { path: `f${k}`, sniff: false });
    const again = index.meet(outcome('last', [1, 99_999 * 7919 + 1]), { path: 'last', sniff: false });
    expect(again?.duplicates).toEqual([
      { match: 1, file: 'f0', ofMatch: 1 },
      { match: 2, file: 'f99999', ofMatch: 1 },
    ]);
  });
});
