// `bgaudit dice` on the archives that misled it: a match held twice, files that hold no roll,
// a damaged file held twice, one roll of 6-6, names with terminal escapes, and a run of many groups.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { CHARTED_GROUPS } from '../../src/report/dice-html.js';
import { FIXTURES, cli, tempDir } from '../helpers.js';

const mat = (...p: string[]) => join(FIXTURES, 'mat', ...p);
const tmp = () => tempDir('dice-trust-');

interface Doc {
  files: number;
  duplicatesLeftOut: number;
  rejected: number;
  groupsRejected: number;
  groups: { key: string; rolls: number }[];
}

/** A one-point match of one game: 3-1 opening, then the other player's `second`. */
function oneGame(left: string, second = '66: 24/18(2) 13/7(2)'): string {
  return ` 1 point match\n\n Game 1\n ${left} : 0                   Bob : 0\n  1) 31: 8/5 6/5                 ${second}\n`;
}

/** The command with a stdout that says whether it is a terminal. */
async function withStdout(tty: boolean, ...argv: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await run(argv, { stdout: (s) => void (stdout += s), stderr: () => {}, stdoutIsTTY: tty });
  return { code, stdout };
}

const EVIL = 'k\x1b]0;PWNED\x07\x1b[2J\u202eX';

describe('bgaudit dice: what it counts', () => {
  it('leaves out a match that repeats an earlier one, and says so; --keep-duplicates counts it', async () => {
    const dir = tmp();
    const copy = join(dir, 'copy.mat');
    writeFileSync(copy, readFileSync(mat('gnubg-7p-hits-and-dances.mat')));
    const one = JSON.parse((await cli('dice', mat('gnubg-7p-hits-and-dances.mat'), '--format', 'json')).stdout) as Doc;
    const r = await cli('dice', mat('gnubg-7p-hits-and-dances.mat'), copy, '--format', 'json');
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.duplicatesLeftOut).toBe(1);
    expect(doc.groups[0].rolls).toBe(one.groups[0].rolls);
    expect(r.stderr).toContain(
      '1 match left out: it repeats an earlier one of the run (--keep-duplicates counts them)',
    );
    expect(r.stderr).not.toContain('duplicate-match');
    const text = await cli('dice', mat('gnubg-7p-hits-and-dances.mat'), copy);
    expect(text.stdout).toContain('1 match left out as repeating an earlier one');
    const kept = JSON.parse(
      (await cli('dice', mat('gnubg-7p-hits-and-dances.mat'), copy, '--format', 'json', '--keep-duplicates')).stdout,
    ) as Doc;
    expect(kept.duplicatesLeftOut).toBe(0);
    expect(kept.groups[0].rolls).toBe(2 * one.groups[0].rolls);
  });

  it('two copies of a file with an unreadable line: one left out; two that differ past it: both counted', async () => {
    const dir = tmp();
    const text = readFileSync(join(FIXTURES, 'scoring', 'cube2-gammon.mat'), 'utf8');
    const broken = text.replace('  5) 42: 25/23 25/21*   ', '  5) 42: 25/23 25/21* !!');
    expect(broken).not.toBe(text);
    writeFileSync(join(dir, 'a.mat'), broken);
    writeFileSync(join(dir, 'b.mat'), broken.replace(/\n/g, '\r\n'));
    const doc = JSON.parse((await cli('dice', dir, '--format', 'json')).stdout) as Doc;
    expect(doc.duplicatesLeftOut).toBe(1);
    writeFileSync(join(dir, 'b.mat'), broken.replace('10) 32: 13/11 11/8', '10) 31: 13/10 11/10'));
    const other = JSON.parse((await cli('dice', dir, '--format', 'json')).stdout) as Doc;
    expect(other.duplicatesLeftOut).toBe(0);
  });

  it('leaves out the matches verify finds to repeat: the broken fixtures held twice', async () => {
    // dice reads files as verify does and keys each match from the same reading: the same duplicates.
    const dir = tmp();
    for (const copy of ['a', 'b'])
      for (const name of readdirSync(mat('broken')))
        writeFileSync(join(dir, `${copy}-${name}`), readFileSync(mat('broken', name)));
    const doc = JSON.parse((await cli('dice', dir, '--format', 'json')).stdout) as Doc;
    const verify = (await cli('verify', dir, '--format', 'json')).stdout;
    const repeats = (verify.match(/"code":"duplicate-match"/g) ?? []).length;
    expect(repeats).toBeGreaterThan(0);
    expect(doc.duplicatesLeftOut).toBe(repeats);
  });

  it('two files whose unreadable lines before the match differ are two matches', async () => {
    const dir = tmp();
    const text = readFileSync(join(FIXTURES, 'scoring', 'cube2-gammon.mat'), 'utf8');
    const at = text.indexOf(' 7 point match');
    writeFileSync(join(dir, 'a.mat'), `${text.slice(0, at)}!! one\n${text.slice(at)}`);
    writeFileSync(join(dir, 'b.mat'), `${text.slice(0, at)}?? two\n${text.slice(at)}`);
    const doc = JSON.parse((await cli('dice', dir, '--format', 'json')).stdout) as Doc;
    expect(doc.duplicatesLeftOut).toBe(0);
    writeFileSync(join(dir, 'b.mat'), `${text.slice(0, at)}!! one\n${text.slice(at)}`);
    const again = JSON.parse((await cli('dice', dir, '--format', 'json')).stdout) as Doc;
    expect(again.duplicatesLeftOut).toBe(1);
  });

  it('an archive of unreadable files: exit 2, "no rolls to test", never "nothing here shows unfair dice"', async () => {
    const r = await cli('dice', mat('broken', 'empty.mat'), mat('broken', 'binary.mat'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no rolls to test');
    expect(r.stdout).not.toContain('nothing here shows unfair dice');
  });

  it('a match with no rolls beside others: no NaN', async () => {
    const r = await cli('dice', mat('galaxy-resign-before-first-roll.mat'), '--by', 'file');
    expect(r.stdout).not.toContain('NaN');
    expect(r.stdout).toContain('no rolls');
  });

  it('one game whose only roll is 6-6: too few to test, exit 0', async () => {
    const dir = tmp();
    const file = join(dir, 'one66.mat');
    writeFileSync(file, oneGame('Alice'));
    const r = await cli('dice', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('doubles');
    expect(r.stdout).toContain('1 roll: too few to test');
    expect(r.stdout).toContain('No test rejects fair dice');
  });
});

describe('bgaudit dice: names with terminal escapes', () => {
  const dir = tmp();
  const file = join(dir, 'evil.mat');
  writeFileSync(file, oneGame(EVIL));

  it('csv on a terminal: escaped as the text format escapes it; in a file or a pipe: exact', async () => {
    const tty = await withStdout(true, 'dice', file, '--by', 'player', '--format', 'csv');
    expect(tty.stdout).not.toMatch(/[\x1b\x07\u202e]/);
    expect(tty.stdout).toContain('k\\x1b]0;PWNED\\x07\\x1b[2J\\u202eX');
    const pipe = await withStdout(false, 'dice', file, '--by', 'player', '--format', 'csv');
    expect(pipe.stdout).toContain(EVIL);
  });

  it('the page holds no control character, in text or in attributes', async () => {
    const out = join(dir, 'dice.html');
    await cli('dice', file, '--by', 'player', '--html', out, '--keep-duplicates');
    const page = readFileSync(out, 'utf8');
    expect(page).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]/);
    expect(page).toContain('k\\x1b]0;PWNED\\x07\\x1b[2J\\u202eX');
  });
});

describe('bgaudit dice --html over many groups', () => {
  it(`past ${CHARTED_GROUPS} groups: charts for the flagged groups only, and a table row for each`, async () => {
    const dir = tmp();
    const groups = CHARTED_GROUPS + 10;
    const bytes = readFileSync(mat('gnubg-7p-hits-and-dances.mat'));
    for (let i = 0; i < groups; i++) writeFileSync(join(dir, `m${String(i).padStart(3, '0')}.mat`), bytes);
    const out = join(dir, 'x.html');
    const r = await cli('dice', dir, '--by', 'file', '--html', out, '--keep-duplicates', '--format', 'json');
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.groups).toHaveLength(1 + groups);
    // 60 copies of one match: the whole run weighs its deviations 60 times, each file once
    expect(doc.groupsRejected).toBe(0);
    const page = readFileSync(out, 'utf8');
    // one card with charts: the whole run's; every file a row of the table
    expect((page.match(/<section class="card"><h2>The whole run/g) ?? []).length).toBe(1);
    expect((page.match(/<section class="card"><h2>file /g) ?? []).length).toBe(0);
    expect((page.match(/<tr><td>[^<]*m\d{3}\.mat<\/td>/g) ?? []).length).toBe(groups);
    expect(page.endsWith('</html>\n')).toBe(true);
  });
});
