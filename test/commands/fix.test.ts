// `bgaudit fix`: records with one injected error of each fixable kind come back byte for byte;
// records whose errors are not fixable get no copy; the output folder is guarded.
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS, FIXTURES, cli, tempDir } from '../helpers.js';
import { run } from '../../src/cli.js';
import { KINDS, type Kind, inject } from '../fix/inject.js';

const GNUBG = join(CORPUS, 'gnubg-generated', 'm14_len7_driven_resign.mat');
const GNUBG_DROP = join(CORPUS, 'gnubg-generated', 'm16_len11_auto.mat');
const GALAXY = join(CORPUS, 'mat', 'bglab_Llabba__match1301058.mat');
const STUDIO = join(CORPUS, 'mat', 'bglab_Llabba__BoardLord_-_Llabba_7pt_Backgammon_Studio_2023_08_09_18_11_07.mat');
const GALAXY_RESIGN = join(CORPUS, 'mat', 'bglab_lasse__match10030560.mat');
const STUDIO_RESIGN = join(
  CORPUS,
  'mat',
  'bglab_lasse__rossrock_-_Lasse_5pt_Backgammon_Studio_2024_05_11_21_39_07.mat',
);
const STUDIO_DROP = join(
  CORPUS,
  'mat',
  'bglab_Llabba__CroatianFish_-_Llabba_13pt_Backgammon_Studio_2023_07_23_18_59_01.mat',
);

/** `file` with one error of `kind` put into it, written into `dir` as `<kind>.mat`; its clean bytes. */
function injected(dir: string, file: string, kind: Kind): Uint8Array {
  const clean = readFileSync(file);
  const bad = inject(clean, file, kind);
  if (bad === null) throw new Error(`${file} has no place for a ${kind}`);
  expect(Buffer.from(bad).equals(clean)).toBe(false);
  writeFileSync(join(dir, `${kind}.mat`), bad);
  return clean;
}

describe('bgaudit fix: one injected error of each kind, fixed back to the record', () => {
  const writers: [string, Record<Kind, string>][] = [
    [
      'GNU Backgammon',
      {
        'score-mismatch': GNUBG,
        'points-mismatch': GNUBG,
        'gammon-on-drop': GNUBG_DROP,
        'resign-value': GNUBG_DROP,
        'winner-mismatch': GNUBG,
        'game-after-match': GNUBG,
      },
    ],
    [
      'Backgammon Galaxy',
      {
        'score-mismatch': GALAXY,
        'points-mismatch': GALAXY,
        'gammon-on-drop': GALAXY,
        'resign-value': GALAXY_RESIGN,
        'winner-mismatch': GALAXY,
        'game-after-match': GALAXY,
      },
    ],
    [
      'Backgammon Studio',
      {
        'score-mismatch': STUDIO,
        'points-mismatch': STUDIO,
        'gammon-on-drop': STUDIO_DROP,
        'resign-value': STUDIO_RESIGN,
        'winner-mismatch': STUDIO,
        'game-after-match': STUDIO,
      },
    ],
  ];
  for (const [writer, files] of writers)
    it(`${writer}: each fixable code is fixed, the copy equal to the clean record`, async () => {
      const dir = tempDir('bgaudit-fix-in-');
      const out = join(tempDir('bgaudit-fix-out-'), 'fixed');
      const clean = new Map(KINDS.map((k) => [k, injected(dir, files[k], k)]));
      const before = await cli('verify', dir, '--format', 'json');
      for (const k of KINDS) expect(before.stdout).toContain(`"code":"${k}"`);
      const { code, stdout } = await cli('fix', dir, '--out', out);
      expect(stdout).toContain('6 fixes written in 6 files; no finding left.');
      // Each fix listed: the lines removed, a cell moved, a value replaced.
      expect(stdout).toMatch(/^ {2}game-after-match \(game \d+\): lines \d+-\d+ removed$/m);
      expect(stdout).toMatch(
        /^ {2}winner-mismatch \(game \d+\): line \d+:\d+: 'Wins \d+ points?' moves to column \d+$/m,
      );
      expect(stdout).toMatch(/^ {2}points-mismatch \(game \d+\): line \d+:\d+: '\d+ points?' becomes '\d+ points?'$/m);
      expect(code).toBe(0);
      for (const k of KINDS)
        expect(Buffer.from(readFileSync(join(out, `${k}.mat`)))).toEqual(Buffer.from(clean.get(k) ?? []));
    });
});

describe('bgaudit fix on SGF: the same fixes on RE and MI', () => {
  it('fixes a score, points, a gammon on a drop, a winner and a game after the match in GNU Backgammon SGF', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    const out = join(tempDir('bgaudit-fix-out-'), 'fixed');
    const sgf = readFileSync(join(CORPUS, 'gnubg-generated', 'm14_len7_driven_resign.sgf'), 'latin1');
    const drop = readFileSync(join(CORPUS, 'gnubg-generated', 'm16_len11_auto.sgf'), 'latin1');
    // Game 1 again, as game 6, after the fifth game won the match.
    const again = sgf.split('\n').slice(0, 49).join('\n').replace('[game:0]', '[game:5]');
    const cases: [string, string, string][] = [
      ['score.sgf', sgf, sgf.replace('[ws:4][bs:0]', '[ws:5][bs:0]')],
      ['points.sgf', sgf, sgf.replace('RE[W+4]', 'RE[W+5]')],
      ['drop.sgf', drop, drop.replace('RE[W+1]', 'RE[W+2]')],
      ['winner.sgf', sgf, sgf.replace('RE[W+2]', 'RE[B+2]')],
      ['after.sgf', sgf, `${sgf}${again}\n`],
    ];
    for (const [name, , bad] of cases) writeFileSync(join(dir, name), bad, 'latin1');
    const { code, stdout } = await cli('fix', dir, '--out', out);
    expect(stdout).toContain('5 fixes written in 5 files; no finding left.');
    expect(code).toBe(0);
    for (const [name, clean] of cases) expect(readFileSync(join(out, name), 'latin1')).toBe(clean);
  });
});

describe('bgaudit fix: what is never fixed', () => {
  it('writes no copy of a record whose only error is an illegal move, an unreadable line or a Crawford double', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    const out = join(tempDir('bgaudit-fix-out-'), 'fixed');
    const lines = readFileSync(GNUBG, 'latin1').split('\n');
    // An illegal move: 6-3 played as 24/17 (7 pips).
    const illegal = lines.map((l, k) => (k === 35 ? l.replace('63: 24/18 18/15', '63: 24/17 18/15') : l));
    // An unreadable line in the middle of a game.
    const unreadable = lines.map((l, k) => (k === 36 ? '  2) 32: 24/21 15/13 ??garbage??' : l));
    writeFileSync(join(dir, 'illegal.mat'), illegal.join('\n'), 'latin1');
    writeFileSync(join(dir, 'unreadable.mat'), unreadable.join('\n'), 'latin1');
    writeFileSync(join(dir, 'crawford.mat'), readFileSync(join(FIXTURES, 'scoring', 'crawford-double.mat')));
    const { code, stdout } = await cli('fix', dir, '--out', out);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^0 fixes written in 0 files; \d+ findings left unfixed: .*illegal-move 1/m);
    expect(stdout).toContain('crawford-double 1');
    expect(stdout).toContain('parse-error');
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('leaves a points-mismatch in a match-winning game, where the writer may cap the points', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    // gnubg writes the match-winning gammon on a 4-cube in a 3-point match as 8; 5 is within 3 to 8.
    const text = readFileSync(join(CORPUS, 'gnubg-generated', 'm05_len3_auto.mat'), 'latin1');
    writeFileSync(join(dir, 'a.mat'), text.replace('Wins 8 points', 'Wins 9 points'), 'latin1');
    const { code, stdout } = await cli('fix', dir, '--diff');
    expect(stdout).toBe('');
    expect(code).toBe(1);
  });
});

describe('bgaudit fix: a game after the match is removed only when the win is beyond doubt', () => {
  it('leaves the next game when a resignation written at what the winner needed may be what ended the match', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    // Game 10 (8-10 in 11 points), resigned on a 2-cube, written as 3: what its winner needed, so
    // the match looks won there and game 11 after it; but 3 may be the slip, not game 11.
    const text = readFileSync(GNUBG_DROP, 'latin1').split('\n');
    text[240] = (text[240] ?? '').replace('Wins 2 points', 'Wins 3 points');
    writeFileSync(join(dir, 'a.mat'), text.join('\n'), 'latin1');
    const { code, stdout, stderr } = await cli('fix', dir, '--diff');
    expect(stdout).toBe('');
    expect(stderr).toContain('0 fixes to apply in 0 files; 1 finding left unfixed: game-after-match 1.');
    expect(code).toBe(1);
  });
});

describe('bgaudit fix: options', () => {
  it('--diff prints a unified diff and writes nothing; exit 1', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    injected(dir, GNUBG, 'points-mismatch');
    const { code, stdout, stderr } = await cli('fix', join(dir, 'points-mismatch.mat'), '--diff');
    expect(code).toBe(1);
    expect(stdout).toContain(`--- ${join(dir, 'points-mismatch.mat')}\n+++ `);
    expect(stdout).toMatch(/^@@ -29,7 \+29,7 @@$/m);
    expect(stdout).toContain('\n-      Wins 5 points\n+      Wins 4 points\n');
    expect(stderr).toContain('1 fix to apply in 1 file; no finding left.');
    expect(readdirSync(dir)).toEqual(['points-mismatch.mat']);
  });

  const hasPatch = spawnSync('patch', ['--version']).status === 0;
  it.skipIf(!hasPatch)(
    "--diff prints each file's own bytes: patch applies it to Windows-1252, a byte-order mark, lone CRs, no final newline",
    async () => {
      const dir = tempDir('bgaudit-fix-in-');
      const out = join(tempDir('bgaudit-fix-out-'), 'fixed');
      const record = readFileSync(join(FIXTURES, 'scoring', 'gammon-on-drop.mat'), 'utf8');
      // A comment in Windows-1252 just above the result fixed (in the diff's context), CRLF ends;
      // and the record from its header on, its first game's score wrong (a fix beside line 1).
      const lines = record.split('\n');
      const result = lines.map((l) => l.includes('Wins')).lastIndexOf(true);
      const commented = [...lines.slice(0, result), '; notes by Renée', ...lines.slice(result)].join('\r\n');
      writeFileSync(join(dir, 'cp1252.mat'), Buffer.from(commented, 'latin1'));
      const fromHeader = record.slice(record.indexOf(' 3 point match')).replace(' Anna : 0 ', ' Anna : 1 ');
      writeFileSync(join(dir, 'bom.mat'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(fromHeader)]));
      // Lone CR line ends (patch's lines end at a LF); and a file with no final newline whose last
      // lines go (the line left last loses its line end).
      writeFileSync(join(dir, 'cr.mat'), record.replace(/\n/g, '\r'));
      const after = readFileSync(join(FIXTURES, 'scoring', 'game-after-match.mat'), 'utf8');
      writeFileSync(join(dir, 'endless.mat'), after.replace(/\n$/, ''));
      const diff = await cli('fix', dir, '--diff');
      expect(diff.code).toBe(1);
      expect(diff.stdoutBytes.includes(Buffer.from(' ; notes by Ren\xe9e\r\n', 'latin1'))).toBe(true);
      expect(diff.stdoutBytes.includes(Buffer.from(' \xef\xbb\xbf 3 point match\n', 'latin1'))).toBe(true);
      expect((await cli('fix', dir, '--out', out)).code).toBe(1);
      const patched = spawnSync('patch', ['-p0', '--fuzz=0', '--no-backup-if-mismatch'], {
        cwd: '/',
        input: diff.stdoutBytes,
      });
      expect(patched.stderr.toString()).toBe('');
      expect(patched.status).toBe(0);
      for (const name of ['cp1252.mat', 'bom.mat', 'cr.mat', 'endless.mat'])
        expect(readFileSync(join(dir, name)).equals(readFileSync(join(out, name)))).toBe(true);
    },
  );

  it('--diff on a terminal is text to read: escaped, and each line ended by a LF, lone CRs too', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    const record = readFileSync(join(FIXTURES, 'scoring', 'gammon-on-drop.mat'), 'utf8');
    writeFileSync(join(dir, 'cr.mat'), record.replace(/\n/g, '\r'));
    let stdout = '';
    const code = await run(['fix', join(dir, 'cr.mat'), '--diff'], {
      stdout: (s) => void (stdout += s),
      stdoutBytes: () => {
        throw new Error('a terminal is given text');
      },
      stderr: () => {},
      stdoutIsTTY: true,
    });
    expect(code).toBe(1);
    expect(stdout).not.toContain('\r');
    expect(stdout).toContain(
      '\n-                                  Wins 2 points\n+                                  Wins 1 point\n',
    );
  });

  it('--select and --ignore choose the codes fixed; the others are left', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    const out = join(tempDir('bgaudit-fix-out-'), 'fixed');
    injected(dir, GNUBG, 'score-mismatch');
    injected(dir, GNUBG, 'points-mismatch');
    const { code, stdout } = await cli('fix', dir, '--out', out, '--ignore', 'score-mismatch');
    expect(code).toBe(1);
    expect(stdout).toContain('1 fix written in 1 file; 1 finding left unfixed: score-mismatch 1.');
    expect(readdirSync(out)).toEqual(['points-mismatch.mat']);
    const selected = await cli('fix', dir, '--diff', '--select', 'score-mismatch');
    expect(selected.stdout).toContain('score-mismatch.mat');
    expect(selected.stdout).not.toContain('points-mismatch.mat');
    const wrong = await cli('fix', dir, '--diff', '--select', 'illegal-move');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('not a code bgaudit fixes');
  });

  it('keeps a copy at its path under the folder named, CRLF line ends and Windows-1252 bytes as they are', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    const out = join(tempDir('bgaudit-fix-out-'), 'fixed');
    mkdirSync(join(dir, 'sub'));
    const clean = readFileSync(GNUBG, 'latin1').replace('; [EventDate', '; [Player 1 "J\xe9r\xf4me"]\n; [EventDate');
    const crlf = clean.replace(/\n/g, '\r\n');
    writeFileSync(join(dir, 'sub', 'a.mat'), crlf.replace('Wins 4 points', 'Wins 3 points'), 'latin1');
    const { code } = await cli('fix', dir, '--out', out);
    expect(code).toBe(0);
    expect(readFileSync(join(out, 'sub', 'a.mat'), 'latin1')).toBe(crlf);
  });
});

describe('bgaudit fix: what a walk finds', () => {
  it('passes over a text file that is not a match, and names a file whose name is not UTF-8', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    injected(dir, GNUBG, 'points-mismatch');
    writeFileSync(join(dir, 'README.txt'), 'notes on the archive\n');
    writeFileSync(Buffer.concat([Buffer.from(join(dir, 'caf')), Buffer.from([0xe9]), Buffer.from('.mat')]), 'x');
    const { code, stdout, stderr } = await cli('fix', dir, '--diff');
    expect(stdout).toContain('points-mismatch.mat');
    expect(stderr).toContain('caf\\xe9.mat: its name is not valid UTF-8: not fixed');
    expect(stderr).toContain('1 fix to apply in 1 file; no finding left.');
    expect(code).toBe(2);
  });
});

describe('bgaudit fix: the output folder is guarded', () => {
  it('refuses an output folder inside an input folder, or one holding an input', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    injected(dir, GNUBG, 'points-mismatch');
    const inside = await cli('fix', dir, '--out', join(dir, 'fixed'));
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain('is inside the input');
    const holding = await cli('fix', join(dir, 'points-mismatch.mat'), '--out', dir);
    expect(holding.code).toBe(2);
    expect(holding.stderr).toContain('holds the input');
    expect(readdirSync(dir)).toEqual(['points-mismatch.mat']);
    expect((await cli('fix', dir)).code).toBe(2);
    expect((await cli('fix', '-', '--diff')).code).toBe(2);
  });

  it('never overwrites a file and never writes through a symbolic link', async () => {
    const dir = tempDir('bgaudit-fix-in-');
    const out = tempDir('bgaudit-fix-out-');
    const elsewhere = tempDir('bgaudit-fix-elsewhere-');
    mkdirSync(join(dir, 'sub'));
    injected(dir, GNUBG, 'points-mismatch');
    injected(join(dir, 'sub'), GNUBG, 'score-mismatch');
    writeFileSync(join(out, 'points-mismatch.mat'), 'mine');
    symlinkSync(elsewhere, join(out, 'sub'));
    const { code, stderr } = await cli('fix', dir, '--out', out);
    expect(code).toBe(2);
    expect(stderr).toContain('exists: bgaudit fix never overwrites a file');
    expect(stderr).toContain('is a symbolic link, not followed');
    expect(readFileSync(join(out, 'points-mismatch.mat'), 'utf8')).toBe('mine');
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

describe('bgaudit fix: what it reads and names', () => {
  /** A folder with one record whose points are wrong, at `name`. */
  function oneWrong(dir: string, name: string): string {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, inject(readFileSync(GNUBG), GNUBG, 'points-mismatch') ?? new Uint8Array(0));
    return path;
  }

  it('a FIFO or a device named is not read and never hangs the run: exit 2, said', async () => {
    const dir = tempDir('bgaudit-fix-');
    const fifo = join(dir, 'f.mat');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    for (const path of [fifo, '/dev/zero']) {
      const r = await cli('fix', path, '--diff');
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('not a regular file');
    }
  });

  it('a file named twice, under any name, is fixed once', async () => {
    const dir = tempDir('bgaudit-fix-');
    const path = oneWrong(dir, 'a.mat');
    const once = await cli('fix', path, '--diff');
    const twice = await cli('fix', path, join(dir, '.', 'a.mat'), dir, '--diff');
    expect(twice.stdout).toBe(once.stdout);
    expect(twice.stderr).toBe(once.stderr);
    expect(twice.code).toBe(1);
  });

  it('two inputs whose copies would have one name: a usage error, nothing written', async () => {
    const dir = tempDir('bgaudit-fix-');
    const a = oneWrong(dir, 'a/x.mat');
    const b = oneWrong(dir, 'b/x.mat');
    const out = join(dir, 'out');
    const r = await cli('fix', a, b, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('would both be copied to');
    expect(existsSync(join(out, 'x.mat'))).toBe(false);
  });

  it("--diff: a name with a line end is not fixed (a diff's header could not carry it)", async () => {
    const dir = tempDir('bgaudit-fix-');
    oneWrong(dir, 'x\n+++ victim.mat');
    const r = await cli('fix', dir, '--diff');
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('control character');
    expect(r.code).toBe(2);
  });

  it('a copy under the longest name a file may have is written', async () => {
    const dir = tempDir('bgaudit-fix-');
    const name = `${'n'.repeat(251)}.mat`;
    oneWrong(join(dir, 'in'), name);
    const out = join(dir, 'out');
    const r = await cli('fix', join(dir, 'in'), '--out', out);
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, name)).equals(readFileSync(GNUBG))).toBe(true);
  });
});
