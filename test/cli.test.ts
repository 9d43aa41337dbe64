import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURES, cli, cliWith, poolOnFewFiles, reportsIn, tempDir } from './helpers.js';

// The pool's set-up, spied on: test/helpers.ts says why.
vi.mock(import('../src/batch/pool-setup.js'), { spy: true });

const mat = (...p: string[]) => join(FIXTURES, 'mat', ...p);

describe('bgaudit verify', () => {
  it('ndjson: one object per match, in input order, with the recorded fields', async () => {
    const r = await cli(
      'verify',
      mat('gnubg-7p-hits-and-dances.mat'),
      mat('bbgt-two-matches-gridgammon-ratings.mat'),
      '--format',
      'ndjson',
    );
    const reports = reportsIn(r.stdout);
    expect(reports.map((x) => [x.file.split('/').pop(), x.match])).toEqual([
      ['gnubg-7p-hits-and-dances.mat', 1],
      ['bbgt-two-matches-gridgammon-ratings.mat', 1],
      ['bbgt-two-matches-gridgammon-ratings.mat', 2],
    ]);
    expect(reports[0]).toMatchObject({ format: 'mat', players: ['charlot1', 'charlot2'], length: 7 });
    expect(reports[0].games[2]).toMatchObject({
      game: 3,
      line: 59,
      startScore: { recorded: [2, 2] },
      winner: 0,
      points: { recorded: 4 },
    });
  });

  it('json: one array; a file that cannot be read still gets one report', async () => {
    const r = await cli('verify', mat('broken', 'empty.mat'), mat('gnubg-right-player-starts.mat'), '--format', 'json');
    const reports = reportsIn(r.stdout);
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({
      match: null,
      games: [],
      findings: [{ code: 'parse-error', severity: 'error', line: 1, column: 1 }],
    });
    expect(r.code).toBe(1);
  });

  it('text: linter style, a summary, exit 1 on error findings', async () => {
    const r = await cli('verify', mat('broken'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /point-not-a-number\.mat\n\s+8:13\s+error\s+game 1: cannot read this line: expected a point.*parse-error\n/,
    );
    expect(r.stdout).toMatch(/^12 files, 11 matches, 13 games: 12 errors, 1 warning, 0 info$/m);
  });

  it('exit 0 on clean files', async () => {
    const r = await cli('verify', mat('gnubg-right-player-starts.mat'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('1 file, 1 match, 1 game: 0 errors, 0 warnings, 0 info\n');
  });

  it('exit 2 for a path that does not exist, still reporting it', async () => {
    const r = await cli('verify', '/no/such/place.mat', '--format', 'ndjson');
    expect(r.code).toBe(2);
    expect(reportsIn(r.stdout)[0]).toMatchObject({
      file: '/no/such/place.mat',
      match: null,
      findings: [{ code: 'io-error' }],
    });
    expect(r.stderr).toContain('no such file or folder');
    // The reason the report gives, not always 'no such file'.
    expect((await cli('verify', '/no/such/*.mat')).stderr).toBe(
      'bgaudit: /no/such/*.mat: no file matches this pattern\n',
    );
  });

  it('exit 2 on usage errors, 0 on --help', async () => {
    expect((await cli('verify', '--format', 'xml', 'a.mat')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    const help = await cli('verify', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--format');
  });

  it('walks folders in sorted order and skips files that are not matches', async () => {
    const r = await cli('verify', FIXTURES, '--format', 'ndjson');
    const files = reportsIn(r.stdout).map((x) => x.file);
    const unique = [...new Set(files)];
    expect(unique).toEqual([...unique].sort());
    expect(unique.some((f) => f.endsWith('.tsv'))).toBe(false);
  });
});

describe('bgaudit csv and verify --csv', () => {
  it('csv writes a header and one row per game to stdout', async () => {
    const r = await cli('csv', join(FIXTURES, 'scoring', 'crawford-post-crawford.mat'));
    const lines = r.stdout.trim().split('\r\n');
    expect(lines[0].startsWith('file,match,game,player0,player1,length,rules')).toBe(true);
    expect(lines).toHaveLength(6);
    expect(r.code).toBe(0);
  });

  it('verify --csv writes the same rows to a file beside the report', async () => {
    const out = join(tempDir('bgaudit-cli-'), 'games.csv');
    const file = join(FIXTURES, 'scoring', 'gammon-on-drop.mat');
    const r = await cli('verify', file, '--csv', out);
    expect(r.code).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe((await cli('csv', file)).stdout);
  });

  it('a CSV file that cannot be written is a usage/I-O failure: exit 2', async () => {
    const r = await cli('verify', join(FIXTURES, 'scoring', 'cube2-gammon.mat'), '--csv', '/no/such/dir/out.csv');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write /no/such/dir/out.csv');
  });

  it('rejects a bad --jobs or --max-file-size with exit 2', async () => {
    expect((await cli('verify', 'x.mat', '--jobs', '0')).code).toBe(2);
    expect((await cli('verify', 'x.mat', '--max-file-size', 'lots')).code).toBe(2);
  });
});

describe('bgaudit show', () => {
  it('a match of unknown length (a length past any match) is said so, never "null-point"', async () => {
    const dir = tempDir('bgaudit-show-');
    const text = readFileSync(join(FIXTURES, 'scoring', 'cube2-gammon.mat'), 'utf8').replace(
      /^ 7 point match$/m,
      ` ${'9'.repeat(10_000)} point match`,
    );
    writeFileSync(join(dir, 'x.mat'), text);
    const r = await cli('show', join(dir, 'x.mat'));
    expect(r.stdout).toContain('Game 1 (line 6), match of unknown length');
    expect(r.stdout).not.toMatch(/null|NaN|Infinity/);
  });

  it("prints each game's board, IDs and ending", async () => {
    const r = await cli('show', join(FIXTURES, 'scoring', 'cube2-gammon.mat'));
    expect(r.stdout).toContain('Game 1 (line 6), 7-point match, Anna 0 - 0 Boris before the game');
    expect(r.stdout).toMatch(/Position ID \S{14} {3}Match ID \S{12}/);
    expect(r.stdout).toContain('XGID=');
    expect(r.stdout).toContain('Cube 2, owned by Anna. Boris wins by bearing off: a gammon, 4 points (recorded 4).');
    expect(r.code).toBe(0);
  });

  it('--game picks one game; a missing file is exit 2', async () => {
    const r = await cli('show', join(FIXTURES, 'scoring', 'crawford-post-crawford.mat'), '--game', '4');
    expect(r.stdout).toContain('Game 4');
    expect(r.stdout).toContain('Crawford game');
    expect(r.stdout).not.toContain('Game 3 ');
    expect((await cli('show', '/no/file.mat')).code).toBe(2);
  });
});

describe('progress', () => {
  const withTTY = (...argv: string[]) => cliWith({ tty: true }, ...argv);

  it('on a terminal: a progress line on stderr, with the total; nothing of it on stdout', async () => {
    const r = await withTTY('verify', join(FIXTURES, 'scoring'), '--format', 'ndjson', '--jobs', '1');
    expect(r.stderr).toMatch(/\r\[#+\] \d+\/\d+ files, \d+ games, \d+ findings, \d+ files\/s, ETA/);
    expect(r.stdout).not.toContain('\r');
  });

  it('--quiet, or stderr not a terminal: no progress line', async () => {
    expect((await withTTY('verify', join(FIXTURES, 'scoring'), '--format', 'ndjson', '--quiet')).stderr).not.toContain(
      '\r',
    );
    expect((await cli('verify', join(FIXTURES, 'scoring'), '--format', 'ndjson')).stderr).not.toContain('\r');
  });
});

describe('bgaudit verify across the worker pool', () => {
  poolOnFewFiles(); // without it, 42 files stay in process and the comparison could not fail

  it('--jobs 2 and --jobs 1 give the same output', async () => {
    const one = await cli('verify', join(FIXTURES, 'scoring'), '--format', 'ndjson', '--jobs', '1');
    const two = await cli('verify', join(FIXTURES, 'scoring'), '--format', 'ndjson', '--jobs', '2');
    expect(two.stdout).toBe(one.stdout);
    expect(two.code).toBe(one.code);
  });
});

describe('the run record', () => {
  it.each(['ndjson', 'json'])(
    '%s: the first record says which version, command, paths and settings made the report',
    async (format) => {
      const pkg = JSON.parse(readFileSync(join(FIXTURES, '..', 'package.json'), 'utf8')) as { version: string };
      const file = mat('gnubg-right-player-starts.mat');
      const r = await cli(
        'verify',
        file,
        '--format',
        format,
        '--no-crawford',
        '--ignore',
        'hit-marker',
        '--file-timeout',
        '30',
      );
      const text = r.stdout.trim();
      const first = (format === 'json' ? (JSON.parse(text) as unknown[])[0] : JSON.parse(text.split('\n')[0])) as {
        bgaudit: Record<string, unknown>;
      };
      expect(first).toEqual({
        bgaudit: {
          version: pkg.version,
          command: 'verify',
          paths: [file],
          settings: expect.objectContaining({
            crawford: false,
            ignore: ['hit-marker'],
            fileTimeout: 30,
            maxFileSize: 16 * 1024 * 1024,
            follow: false,
          }),
        },
      });
      expect(reportsIn(r.stdout)).toHaveLength(1);
    },
  );
});

describe('a Galaxy money game written as a 16-point match', () => {
  it('is said on stderr, with what decided it, not only with --info', async () => {
    const galaxy = await cli('verify', join(FIXTURES, 'mat', 'galaxy-resign-before-first-roll.mat'));
    expect(galaxy.stderr).toContain(
      'bgaudit: 1 record read as a money session, not a match: it is one game with [Site "Backgammon Galaxy"] written as a "16 point match"',
    );
    const other = await cli('verify', join(FIXTURES, 'scoring', 'gammon-on-drop.mat'));
    expect(other.stderr).not.toContain('money session');
  });
});
