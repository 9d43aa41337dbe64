// `bgaudit dice`: the same discovery, pool and exit codes as verify; counts added in input order.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { countFile } from '../../src/stats/count.js';
import { addCounts, newCounts, rollsOf } from '../../src/stats/dice.js';
import { FIXTURES, cli, cliWith, poolOnFewFiles, tempDir } from '../helpers.js';

// The pool's set-up, spied on: test/helpers.ts says why.
vi.mock(import('../../src/batch/pool-setup.js'), { spy: true });

const mat = (...p: string[]) => join(FIXTURES, 'mat', ...p);
const sgf = (...p: string[]) => join(FIXTURES, 'sgf', ...p);

interface DiceJson {
  bgaudit: { command: string; settings: { by: string } };
  files: number;
  testsMade: number;
  testsCounted: number;
  threshold: number;
  groupTests: { made: number; counted: number; threshold: number } | null;
  rejected: number;
  groups: {
    key: string;
    rolls: number;
    openings: number;
    tests: {
      name: string;
      statistic: number | null;
      df: number | null;
      p: number | null;
      observed: number[];
      rejected: boolean;
    }[];
  }[];
  unreadable: { file: string; code: string; message: string }[];
}

const FILES = [
  mat('gnubg-7p-hits-and-dances.mat'),
  mat('galaxy-names-with-spaces.mat'),
  mat('gnubg-money-beavers.mat'),
];

describe('bgaudit dice', () => {
  poolOnFewFiles();

  it('json: the whole run first, then each player; the run is the sum of the files, counted as countFile counts them', async () => {
    const r = await cli('dice', ...FILES, '--by', 'player', '--format', 'json');
    const doc = JSON.parse(r.stdout) as DiceJson;
    expect(doc.bgaudit).toMatchObject({ command: 'dice', settings: { by: 'player' } });
    expect(doc.groups[0].key).toBe('all');
    const keys = doc.groups.slice(1).map((g) => g.key);
    expect(keys).toEqual([...keys].sort());
    const sum = newCounts();
    for (const f of FILES)
      for (const g of countFile(readFileSync(f), f, 'player')?.groups ?? []) addCounts(sum, g.counts);
    expect(doc.groups[0].rolls).toBe(rollsOf(sum));
    expect(doc.groups.slice(1).reduce((s, g) => s + g.rolls, 0)).toBe(doc.groups[0].rolls);
    expect(doc.groups[0].tests.map((t) => t.name)).toEqual([
      'doubles',
      'rolls',
      'faces',
      'pips',
      'bar-entry',
      'sequence',
      'opening',
    ]);
    const rolls = doc.groups[0].tests[1];
    expect(rolls.df).toBe(20);
    expect(rolls.observed).toEqual([...sum.rolls]);
    // Two families: the whole run's tests, and the players'.
    const made = (groups: typeof doc.groups) => groups.flatMap((g) => g.tests).filter((t) => t.p !== null).length;
    expect(doc.testsMade).toBe(made(doc.groups.slice(0, 1)));
    expect(doc.testsCounted).toBeLessThanOrEqual(doc.testsMade);
    expect(doc.threshold).toBeCloseTo(0.05 / doc.testsCounted, 15);
    expect(doc.groupTests?.made).toBe(made(doc.groups.slice(1)));
    expect(doc.groupTests?.threshold).toBeCloseTo(0.05 / (doc.groupTests?.counted ?? 0), 15);
    expect(r.code).toBe(doc.rejected > 0 ? 1 : 0);
  });

  it("the whole run's verdicts are the same whatever --by asks", async () => {
    const verdicts = async (by: string) => {
      const doc = JSON.parse((await cli('dice', ...FILES, '--by', by, '--format', 'json')).stdout) as DiceJson;
      return { tests: doc.groups[0].tests.map((t) => [t.name, t.rejected]), threshold: doc.threshold };
    };
    const archive = await verdicts('archive');
    for (const by of ['player', 'site', 'file']) expect(await verdicts(by)).toEqual(archive);
  });

  it('text: one line per group, and the full table of a group with a test rejected only', async () => {
    const { stdout } = await cli('dice', ...FILES, '--by', 'player');
    expect(stdout).toContain(
      "Each player: each test's p (* rejected after the player tests' correction; - not tested)",
    );
    const rows = stdout.split('\n').filter((l) => /^ {2}\S+ +[\d,]+ +[\d,]+ /.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const name = row.trim().split(/ +/)[0];
      expect(stdout.includes(`player ${name}: `)).toBe(row.includes('*'));
    }
  });

  it('the pool (two workers) gives the same report as one', async () => {
    const one = await cli('dice', ...FILES, sgf(), '--by', 'file', '--format', 'json', '--jobs', '1');
    const two = await cli('dice', ...FILES, sgf(), '--by', 'file', '--format', 'json', '--jobs', '2');
    expect(two.stdout).toBe(one.stdout);
    const doc = JSON.parse(one.stdout) as DiceJson;
    // by file: input order
    expect(doc.groups.slice(1, 4).map((g) => g.key)).toEqual(FILES);
  });

  it('a file that cannot be read is named and counts nothing; not fatal', async () => {
    const r = await cli('dice', mat('broken', 'empty.mat'), FILES[0], '--format', 'json');
    const doc = JSON.parse(r.stdout) as DiceJson;
    expect(doc.files).toBe(2);
    expect(doc.unreadable).toEqual([
      { file: mat('broken', 'empty.mat'), code: 'parse-error', message: expect.any(String) },
    ]);
    expect(doc.groups[0].rolls).toBeGreaterThan(100);
    const text = await cli('dice', mat('broken', 'empty.mat'), FILES[0]);
    expect(text.stdout).toContain('1 file could not be read');
    expect([0, 1]).toContain(text.code);
  });

  it("text: the run's correction, a plain-words line per test, and why a test was not made", async () => {
    const r = await cli('dice', mat('galaxy-names-with-spaces.mat'));
    expect(r.stdout).toMatch(
      /Holm's step-down at a family-wise level of 0\.05: the first threshold is p <= 0\.05 \/ \d+ = /,
    );
    expect(r.stdout).toContain('the whole run:');
    expect(r.stdout).toMatch(/doubles .*exact two-sided binomial/);
    expect(r.stdout).toMatch(/p = [\d.e-]+: fair dice would/);
    expect(r.stdout).toMatch(/not tested: \d+ pairs of consecutive rolls: too few to test/);
    expect(r.stdout).not.toContain('warning: an expected count is below 5');
  });

  it('csv: a header, then one row per group and test', async () => {
    const r = await cli('dice', ...FILES, '--by', 'player', '--format', 'csv');
    const lines = r.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'group,rolls,test,method,statistic,df,p,rejected,counted,min_p,threshold,n,min_expected,observed,expected,labels',
    );
    const groups = (JSON.parse((await cli('dice', ...FILES, '--by', 'player', '--format', 'json')).stdout) as DiceJson)
      .groups;
    expect(lines.length - 1).toBe(groups.length * 7);
    expect(lines[1]).toMatch(/^all,\d+,doubles,exact two-sided binomial,/);
  });

  it('exit 2 for a missing path; a progress line only on a terminal', async () => {
    expect((await cli('dice', mat('no-such-file.mat'))).code).toBe(2);
    const tty = await cliWith({ tty: true }, 'dice', ...FILES);
    expect(tty.stderr).toContain('3/3');
    expect(tty.stdout).not.toContain('\r');
  });
});

describe('bgaudit dice --html', () => {
  it('writes one self-contained page: no script, no request; a chart per test made; names escaped', async () => {
    const dir = tempDir('dice-html-');
    const evil = join(dir, '<img src=x onerror=alert(1)>.mat');
    writeFileSync(evil, readFileSync(mat('gnubg-7p-hits-and-dances.mat')));
    const out = join(dir, 'dice.html');
    const r = await cli('dice', evil, ...FILES, '--by', 'file', '--html', out, '--format', 'json');
    const page = readFileSync(out, 'utf8');
    expect(page).toContain("default-src 'none'");
    expect(page.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')).not.toMatch(/<script|<link|https?:/i);
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;.mat');
    const doc = JSON.parse(r.stdout) as DiceJson;
    // a chart per test made but the pips (one number, said in words)
    const made = doc.groups
      .flatMap((g) => g.tests)
      .filter((t) => t.p !== null && t.observed.length > 0 && t.name !== 'pips').length;
    expect((page.match(/<svg /g) ?? []).length).toBe(made);
    expect((page.match(/<section class="card"><h2>/g) ?? []).length).toBe(1 + doc.groups.length);
  });

  it('refuses an output that is one of the inputs (exit 2), before writing anything', async () => {
    const dir = tempDir('dice-html-');
    const input = join(dir, 'a.mat');
    writeFileSync(input, readFileSync(FILES[0]));
    const r = await cli('dice', dir, '--html', input);
    expect(r.code).toBe(2);
    expect(readFileSync(input)).toEqual(readFileSync(FILES[0]));
  });
});
