// An output is replaced whole or not at all: a run stopped part way or a write that fails leaves
// last week's file as it was (and nothing beside it); a finished run renames its
// new file over the old one, keeping its mode and any symbolic link to it; a new file left by a
// process killed outright is removed by the next run; a file the run reads is never an output.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openOutput } from '../../src/commands/output-file.js';
import { FIXTURES, ROOT, cli, tempDir } from '../helpers.js';

const BIN = join(ROOT, 'dist', 'bin', 'bgaudit.js');
const LAST_WEEK = 'last week\n';

function withLastWeek(name = 'games.csv'): { dir: string; path: string } {
  const dir = tempDir('bgaudit-output-');
  const path = join(dir, name);
  writeFileSync(path, LAST_WEEK);
  return { dir, path };
}

describe('an output file', () => {
  it('is replaced by a finished run, keeping its mode, through a symbolic link', async () => {
    const { dir, path } = withLastWeek();
    chmodSync(path, 0o640);
    symlinkSync('games.csv', join(dir, 'link.csv'));
    const r = await cli('csv', join(FIXTURES, 'scoring', 'gammon-on-drop.mat'), '-o', join(dir, 'link.csv'));
    expect(r.code).toBe(0);
    expect(readFileSync(path, 'utf8')).toMatch(/^file,match,game,/);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(lstatSync(join(dir, 'link.csv')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.csv'))).toBe('games.csv');
    expect(readdirSync(dir).sort()).toEqual(['games.csv', 'link.csv']);
  });

  it('is left as it was when a write fails, and nothing is left beside it', () => {
    const { dir, path } = withLastWeek();
    const full = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    const out = openOutput(path, {
      writeBytes: () => {
        throw full;
      },
    });
    expect(() => out.write('new text')).toThrow(/no space left on the device/);
    out.finish(); // a failed output is never renamed into place
    out.close();
    expect(readFileSync(path, 'utf8')).toBe(LAST_WEEK);
    expect(readdirSync(dir)).toEqual(['games.csv']);
  });

  it.skipIf(process.platform === 'win32').each(['SIGINT', 'SIGTERM'] as const)(
    'is left as it was when the run is stopped by %s, and its new file is removed',
    async (signal) => {
      const { dir, path } = withLastWeek();
      const one = readFileSync(join(FIXTURES, 'mat', 'gnubg-money-beavers.mat'));
      for (let k = 0; k < 400; k++) writeFileSync(join(dir, `m${k}.mat`), one);
      const child = spawn(process.execPath, [BIN, 'verify', dir, '--csv', path, '--jobs', '1', '-q'], {
        stdio: 'ignore',
      });
      const ended = new Promise<NodeJS.Signals | null>((done) => child.on('close', (_, s) => done(s)));
      const beside = () => readdirSync(dir).filter((n) => n.startsWith('.games.csv.bgaudit-'));
      // Once the run has opened its new file.
      for (let k = 0; k < 200 && beside().length === 0; k++) await new Promise((r) => setTimeout(r, 25));
      expect(beside()).toHaveLength(1);
      child.kill(signal);
      expect(await ended).toBe(signal);
      expect(readFileSync(path, 'utf8')).toBe(LAST_WEEK);
      expect(beside()).toEqual([]);
    },
  );

  it('left by a process that is gone is removed by the next run writing the same output', async () => {
    const { dir, path } = withLastWeek();
    // A process id no process has (beyond Linux's largest).
    writeFileSync(join(dir, '.games.csv.bgaudit-99999999-0123abcd'), 'half a run');
    writeFileSync(join(dir, '.other.csv.bgaudit-99999999-0123abcd'), 'not this output');
    const r = await cli('csv', join(FIXTURES, 'scoring', 'gammon-on-drop.mat'), '-o', path);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.other.csv.bgaudit-99999999-0123abcd', 'games.csv']);
  });

  it("written by two runs at once is one run's output, whole", async () => {
    const { path } = withLastWeek();
    // Outputs of different lengths, written over the same time: truncated and written in place,
    // the longer one's tail would outlast the shorter one.
    const inputs = [FIXTURES, join(FIXTURES, 'scoring')];
    const run = (input: string) =>
      new Promise<number | null>((done) =>
        spawn(process.execPath, [BIN, 'csv', input, '-o', path, '--jobs', '1'], { stdio: 'ignore' }).on('close', done),
      );
    expect(await Promise.all(inputs.map(run))).toEqual([0, 0]);
    const alone = await Promise.all(inputs.map(async (input) => (await cli('csv', input)).stdout));
    expect(alone).toContain(readFileSync(path, 'utf8'));
  });
});

describe('a file the run reads is never an output', () => {
  const SHEET = 'player1,player2,winner\nAnna,Boris,1\n';
  const ALIASES = 'alias,name\nbob,Bob\n';
  const BASELINE = '{"bgaudit":"baseline","version":1}\n';
  it.each([
    ['players --aliases', ALIASES, (f: string) => ['players', FIXTURES, '--aliases', f, '-o', f]],
    ['verify --results', SHEET, (f: string) => ['verify', FIXTURES, '--results', f, '--csv', f]],
    [
      'verify --aliases',
      ALIASES,
      (f: string) => [
        'verify',
        FIXTURES,
        '--results',
        join(FIXTURES, 'results', 'results.csv'),
        '--aliases',
        f,
        '--html',
        f,
      ],
    ],
    ['verify --baseline', BASELINE, (f: string) => ['verify', FIXTURES, '--baseline', f, '--csv', f]],
    ['verify --baseline, --html', BASELINE, (f: string) => ['verify', FIXTURES, '--baseline', f, '--html', f]],
    ['csv --baseline', BASELINE, (f: string) => ['csv', FIXTURES, '--baseline', f, '-o', f]],
  ])('%s: a usage error, the file untouched', async (_, text, argv) => {
    const dir = tempDir('bgaudit-read-');
    const file = join(dir, 'kept.csv');
    writeFileSync(file, text);
    const r = await cli(...argv(file));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/ file .*kept\.csv is also an output \(.*kept\.csv\); nothing was written/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
