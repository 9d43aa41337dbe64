// The same match twice in one run: `duplicate-match` on the later one in input order, naming the
// earlier, whatever the file's name, folder, line ends, layout or format, and saying where the two
// records differ and which has errors; nothing for two matches that differ in one roll or a name;
// `--no-duplicates` turns it off.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DuplicateIndex } from '../../src/batch/duplicates.js';
import type { ContentKey } from '../../src/scoring/match-key.js';
import { CORPUS, cli, fixtureText, poolOnFewFiles, reportsIn } from '../helpers.js';

// The pool's set-up, spied on: test/helpers.ts says why.
vi.mock(import('../../src/batch/pool-setup.js'), { spy: true });

const base = fixtureText('scoring', 'cube2-gammon.mat');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bgaudit-dup-'));
});
afterEach(() => {
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
      {
        file: join(dir, 'b', 'copy.mat'),
        match: 1,
        of: { file: join(dir, 'a', '1.mat'), match: 1, errors: 0, differsAt: null },
      },
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

  it('two broken files that agree up to the break and differ in the unreadable line are not duplicates', async () => {
    writeFileSync(join(dir, 'a.mat'), `${base.slice(0, base.indexOf(' 2)'))}  2) 72: 13/7\n`);
    writeFileSync(join(dir, 'b.mat'), `${base.slice(0, base.indexOf(' 2)'))}  2) xx: 13/7\n`);
    const r = await cli('verify', dir, '--format', 'json');
    expect(dups(r.stdout)).toEqual([]);
  });

  // A damaged file's copies: one with an unreadable line, one with a move the replay cannot make.
  const unreadable = base.replace('  5) 42: 25/23 25/21*   ', '  5) 42: 25/23 25/21* !!');
  const stopped = fixtureText('scoring', 'move-not-checked.mat');
  it.each([
    ['an unreadable line', unreadable],
    ['a move the replay cannot make', stopped],
  ])('two copies of a file with %s: one duplicate-match, naming the first', async (_, text) => {
    expect(text).not.toBe(base);
    writeFileSync(join(dir, 'a.mat'), text);
    writeFileSync(join(dir, 'b.mat'), text.replace(/\n/g, '\r\n'));
    const r = await cli('verify', dir, '--format', 'json');
    const errors = reportsIn(r.stdout)
      .filter((x) => x.file === join(dir, 'a.mat'))
      .flatMap((x) => x.findings)
      .filter((f) => f.severity === 'error').length;
    expect(dups(r.stdout)).toEqual([
      { file: join(dir, 'b.mat'), match: 1, of: { file: join(dir, 'a.mat'), match: 1, errors, differsAt: null } },
    ]);
  });

  it.each([
    [
      'an unreadable line, a roll past it',
      unreadable,
      (t: string) => t.replace('10) 32: 13/11 11/8', '10) 31: 13/10 11/10'),
    ],
    [
      'a move the replay cannot make, a roll past it',
      stopped,
      (t: string) => t.replace('13) 53: 8/5 8/3', '13) 54: 8/5 8/3'),
    ],
    [
      'a move the replay cannot make, a move past it',
      stopped,
      (t: string) => t.replace('13) 53: 8/5 8/3', '13) 53: 8/5 8/2'),
    ],
  ])('two damaged files that differ in one place (%s) are not duplicates', async (_, text, edit) => {
    expect(edit(text)).not.toBe(text);
    writeFileSync(join(dir, 'a.mat'), text);
    writeFileSync(join(dir, 'b.mat'), edit(text));
    const r = await cli('verify', dir, '--format', 'json');
    expect(reportsIn(r.stdout)).toHaveLength(2);
    expect(dups(r.stdout)).toEqual([]);
  });

  describe('with two workers', () => {
    poolOnFewFiles();

    it('in input order whatever order the workers finish in', async () => {
      const names = Array.from({ length: 12 }, (_, k) => `f${String(k).padStart(2, '0')}.mat`);
      for (const n of names) writeFileSync(join(dir, n), base);
      const r = await cli('verify', dir, '--format', 'ndjson', '--jobs', '2');
      const got = dups(r.stdout);
      expect(got.map((d) => d.file)).toEqual(names.slice(1).map((n) => join(dir, n)));
      for (const d of got) expect(d.of).toEqual({ file: join(dir, names[0]), match: 1, errors: 0, differsAt: null });
    });
  });
});

describe('which copy to keep', () => {
  const original = fixtureText('mat', 'gnubg-7p-hits-and-dances.mat');
  const errorsIn = (stdout: string, file: string) =>
    reportsIn(stdout)
      .filter((r) => r.file === file)
      .flatMap((r) => r.findings)
      .filter((f) => f.severity === 'error').length;
  it.each([
    ['a score line', (t: string) => t.replace('charlot2 : 2\n', 'charlot2 : 3\n'), 34, 'score line'],
    ['a result', (t: string) => t.replace(/Wins 3 points\n\n$/, 'Wins 3 points and the match\n\n'), 120, 'result'],
    ['a header', (t: string) => t.replace('2025.11.08', '2025.11.09'), 1, 'header'],
    ['a comment', (t: string) => t.replace('\n Game 2\n', '\n; edited by hand\n Game 2\n'), 34, 'comment'],
  ])(
    'an edited copy met first: the original says where they differ (%s) and who has errors',
    async (_, edit, line, part) => {
      const edited = join(dir, 'edited.mat');
      const kept = join(dir, 'original.mat');
      const text = edit(original);
      expect(text).not.toBe(original);
      writeFileSync(edited, text);
      writeFileSync(kept, original);
      const r = await cli('verify', edited, kept, '--format', 'json');
      const errors = errorsIn(r.stdout, edited);
      expect(errorsIn(r.stdout, kept)).toBe(0);
      expect(dups(r.stdout)).toEqual([
        { file: kept, match: 1, of: { file: edited, match: 1, errors, differsAt: line } },
      ]);
      const message = reportsIn(r.stdout)
        .flatMap((x) => x.findings)
        .find((f) => f.code === 'duplicate-match')?.message;
      const theirs =
        errors === 0
          ? 'neither has an error'
          : `that copy has ${errors === 1 ? '1 error' : `${errors} errors`}, this one none`;
      expect(message).toBe(
        `this match repeats ${edited}, match 1: the same players, length, rolls, moves, cube actions and results; the copies differ at line ${line} (${part}); ${theirs}`,
      );
    },
  );

  it('a .mat and its .sgf: not compared line by line, but which has errors is said', async () => {
    const mat = join(dir, 'm.mat');
    const sgf = join(dir, 'm.sgf');
    writeFileSync(mat, fixtureText('duplicates', 'galaxy-money-16pt.mat'));
    writeFileSync(sgf, fixtureText('duplicates', 'galaxy-money-16pt.gnubg.sgf'));
    const r = await cli('verify', mat, sgf, '--format', 'json');
    const here = errorsIn(r.stdout, sgf);
    expect(here).toBeGreaterThan(0);
    expect(dups(r.stdout)).toEqual([{ file: sgf, match: 1, of: { file: mat, match: 1, errors: 0, differsAt: null } }]);
    expect(r.stdout).toContain(`that copy has no error, this one ${here === 1 ? '1 error' : `${here} errors`}`);
  });
});

describe('names that collided under the former 53-bit key', () => {
  it('are never duplicates', async () => {
    // Pairs that had one key each under the former key (test/scoring/match-key.test.ts).
    const text = fixtureText('mat', 'gnubg-right-player-starts.mat');
    const names = ['PCHWfaaa', 'PITWWaaa', 'PruIjaaa', 'PZMuLaaa', 'PBJOjaaa', 'PsTvVaaa', 'Pskanaaa', 'PYMFUaaa'];
    for (const n of names) writeFileSync(join(dir, `${n}.mat`), text.replaceAll('charlot1', n));
    const r = await cli('verify', dir, '--format', 'ndjson');
    expect(reportsIn(r.stdout)).toHaveLength(names.length);
    expect(dups(r.stdout)).toEqual([]);
  });
});

describe('duplicate-match across formats', () => {
  it('a .mat and the .sgf GNU Backgammon wrote of the same match', async () => {
    for (const f of ['m04_len3_auto.mat', 'm04_len3_auto.sgf'])
      copyFileSync(join(CORPUS, 'gnubg-generated', f), join(dir, f));
    const r = await cli('verify', join(dir, 'm04_len3_auto.mat'), join(dir, 'm04_len3_auto.sgf'), '--format', 'json');
    expect(dups(r.stdout)).toEqual([
      {
        file: join(dir, 'm04_len3_auto.sgf'),
        match: 1,
        of: { file: join(dir, 'm04_len3_auto.mat'), match: 1, errors: 0, differsAt: null },
      },
    ]);
    expect(readFileSync(join(dir, 'm04_len3_auto.mat')).length).toBeGreaterThan(0);
  });
});

describe('DuplicateIndex', () => {
  /** A key whose digest is `n` in its last 53 bits and `high` in its first word; no parts, no errors. */
  const key = (n: number, high = 0, aside: Partial<ContentKey['aside']> = {}): ContentKey => ({
    digest: high.toString(16).padStart(8, '0') + n.toString(16).padStart(24, '0'),
    aside: { format: 'mat', parts: [], end: 1, errors: 0, ...aside },
  });
  /** A file's keys as the index meets them, a number standing for `key(n)`. */
  const keysOf = (keys: (number | ContentKey | null)[]) => keys.map((k) => (typeof k === 'number' ? key(k) : k));
  const same = { errors: 0, errorsHere: 0, differs: null };
  it('names the first place of each key, across files and within one; no key, no duplicate', () => {
    const index = new DuplicateIndex();
    expect(index.meetFile('a', keysOf([1, 2 ** 52 + 7, null]))).toEqual([]);
    expect(index.meetFile('b', keysOf([null, 5]))).toEqual([]);
    const again = index.meetFile('c', keysOf([5, 2 ** 52 + 7, 9, 9]));
    expect(again).toEqual([
      { match: 1, file: 'b', ofMatch: 2, ...same },
      { match: 2, file: 'a', ofMatch: 2, ...same },
      { match: 4, file: 'c', ofMatch: 3, ...same },
    ]);
    expect(index.count).toBe(3);
  });

  it('a file met match by match, not in file order, names each first copy by its own number', () => {
    const index = new DuplicateIndex();
    index.file('big');
    expect(index.match(3, key(30))).toBeNull();
    expect(index.match(1, key(10))).toBeNull();
    expect(index.match(2, key(30))).toEqual({ match: 2, file: 'big', ofMatch: 3, ...same });
    expect(index.meetFile('next', keysOf([10]))).toEqual([{ match: 1, file: 'big', ofMatch: 1, ...same }]);
  });

  it('holds 100,000 keys through its growth, every one found again', () => {
    const index = new DuplicateIndex();
    for (let k = 0; k < 100_000; k++) index.meetFile(`f${k}`, keysOf([k * 7919 + 1]));
    const again = index.meetFile('last', keysOf([1, 99_999 * 7919 + 1]));
    expect(again).toEqual([
      { match: 1, file: 'f0', ofMatch: 1, ...same },
      { match: 2, file: 'f99999', ofMatch: 1, ...same },
    ]);
  });

  it('keys equal in their last 96 bits and not in their first 32 are two matches', () => {
    const index = new DuplicateIndex();
    expect(index.meetFile('a', keysOf([key(5, 1)]))).toEqual([]);
    expect(index.meetFile('b', keysOf([key(5, 2)]))).toEqual([]);
    expect(index.count).toBe(0);
  });

  it("each entry's errors and format come back as stored, for every format of a list of three", () => {
    const formats = ['mat', 'sgf', 'xg'];
    const index = new DuplicateIndex(formats);
    const errors = [0, 1, 2, 3, 7, 1_000_000];
    let n = 0;
    for (const [f, format] of formats.entries())
      for (const e of errors) {
        const aside = { format: format as ContentKey['aside']['format'], errors: e };
        index.meetFile(`f${n}`, keysOf([key(n + 1, f, aside)]));
        n++;
      }
    n = 0;
    for (const format of formats)
      for (const e of errors) {
        expect(index.entry(n)).toEqual({ errors: e, format });
        n++;
      }
  });

  it('a copy of another format is not compared part by part; one of the same format is', () => {
    const formats = ['mat', 'sgf', 'xg'];
    for (const format of formats) {
      const index = new DuplicateIndex(formats);
      const as = (fmt: string, errors: number) => ({
        format: fmt as ContentKey['aside']['format'],
        errors,
        parts: [0 | (7 << 2), 1],
      });
      index.meetFile('a', keysOf([key(1, 0, as(format, 5))]));
      for (const other of formats) {
        const again = index.meetFile('b', keysOf([key(1, 0, { ...as(other, 0), parts: [0 | (8 << 2), 2] })]));
        expect(again[0]?.errors).toBe(5);
        expect(again[0]?.differs).toEqual(other === format ? { line: 2, part: 'header' } : null);
      }
    }
  });

  // Parts as the worker gives them: [kind | hash << 2, line] (kinds: header, score line, result, comment).
  const parts = (...p: [number, number, number][]) => p.flatMap(([kind, hash, line]) => [kind | (hash << 2), line]);
  const first = parts([0, 7, 1], [1, 9, 6], [2, 4, 31], [1, 3, 34]);
  it.each([
    ['the same parts', first, 'mat', null],
    ['a score line', parts([0, 7, 1], [1, 9, 6], [2, 4, 31], [1, 5, 35]), 'mat', { line: 35, part: 'score line' }],
    ['a header', parts([0, 8, 2], [1, 9, 6], [2, 4, 31], [1, 3, 34]), 'mat', { line: 2, part: 'header' }],
    [
      'a comment more',
      parts([0, 7, 1], [1, 9, 6], [3, 1, 20], [2, 4, 31], [1, 3, 34]),
      'mat',
      { line: 20, part: 'comment' },
    ],
    [
      "a part fewer here: the other's, said where it would be",
      parts([0, 7, 1], [2, 4, 31], [1, 3, 34]),
      'mat',
      { line: 31, part: 'score line' },
    ],
    ['a result fewer here', parts([0, 7, 1], [1, 9, 6], [1, 3, 34]), 'mat', { line: 34, part: 'result' }],
    [
      "a part fewer at the end: said at the copy's end",
      parts([0, 7, 1], [1, 9, 6], [2, 4, 31]),
      'mat',
      { line: 40, part: 'score line' },
    ],
    ['two formats: not compared', parts([0, 1, 1]), 'sgf', null],
  ] as const)('where two copies differ: %s', (_, later, format, differs) => {
    const index = new DuplicateIndex();
    index.meetFile('a', keysOf([key(1, 0, { parts: first, errors: 2 })]));
    const again = index.meetFile('b', keysOf([key(1, 0, { parts: [...later], format, end: 40 })]));
    expect(again).toEqual([{ match: 1, file: 'a', ofMatch: 1, errors: 2, errorsHere: 0, differs }]);
  });
});
