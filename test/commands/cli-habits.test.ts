// The command line's habits from the linters people know: an example in every --help, csv's exit
// codes (the export written is a success), and the options verify and csv share for scripts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, cli } from '../helpers.js';

const COMMANDS = ['verify', 'csv', 'show', 'dice', 'players', 'rules', 'rule'];

describe('--help', () => {
  it.each([[[]], ...COMMANDS.map((c) => [[c]])])('bgaudit %j --help shows an example', async (command) => {
    const { code, stdout } = await cli(...command, '--help');
    expect(code).toBe(0);
    // A section of its own, then at least one indented command line.
    expect(stdout).toMatch(/^Examples?:\n {2}bgaudit /m);
  });
});

describe('csv exit codes', () => {
  const scoring = (name: string) => join(FIXTURES, 'scoring', name);
  const errors = scoring('gammon-on-drop.mat'); // an error finding
  const warnings = scoring('cube2-gammon.mat'); // a warning, no error
  const clean = scoring('crawford-post-crawford.mat');

  it.each([
    ['an error finding: the export is written, exit 0', [errors], 0],
    ['--fail-on error and an error finding: exit 1', [errors, '--fail-on', 'error'], 1],
    ['--fail-on error and a warning only: exit 0', [warnings, '--fail-on', 'error'], 0],
    ['--fail-on warning and a warning: exit 1', [warnings, '--fail-on', 'warning'], 1],
    ['--fail-on warning and a clean file: exit 0', [clean, '--fail-on', 'warning'], 0],
    [
      '--fail-on warning with the warnings ignored: exit 0',
      [warnings, '--fail-on', 'warning', '--min-severity', 'error'],
      0,
    ],
    ['--fail-on a level that is not one: exit 2', [errors, '--fail-on', 'info'], 2],
    ['a path that does not exist: exit 2', [join(FIXTURES, 'no-such-file.mat')], 2],
  ])('%s', async (_, args, expected) => {
    const { code, stdout } = await cli('csv', ...args);
    expect(code).toBe(expected);
    if (expected !== 2) expect(stdout.split('\r\n')[0]).toMatch(/^file,match,game,/);
  });

  it('an output that cannot be written: exit 2', async () => {
    expect((await cli('csv', clean, '-o', '/no/such/dir/out.csv')).code).toBe(2);
  });

  it('verify keeps its exit codes', async () => {
    expect((await cli('verify', errors)).code).toBe(1);
    expect((await cli('verify', warnings)).code).toBe(0);
  });
});

describe('--list-skipped', () => {
  let dir = '';
  let walked = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bgaudit-skipped-'));
    walked = join(dir, 'archive');
    mkdirSync(join(dir, 'elsewhere'));
    mkdirSync(walked);
    const match = readFileSync(join(FIXTURES, 'scoring', 'opening-double.mat'));
    writeFileSync(join(walked, 'a.mat'), match);
    writeFileSync(join(walked, '.hidden.mat'), match);
    writeFileSync(join(walked, 'photo.png'), 'not a match');
    writeFileSync(join(walked, 'notes.txt'), 'not a match either');
    writeFileSync(join(walked, 'evil\x1b[2J.png'), 'x');
    writeFileSync(join(dir, 'elsewhere', 'b.mat'), match);
    symlinkSync(join(dir, 'elsewhere'), join(walked, 'folder-link'));
    symlinkSync(join(dir, 'elsewhere', 'b.mat'), join(walked, 'outside.mat'));
    if (process.platform !== 'win32') spawnSync('mkfifo', [join(walked, 'pipe.mat')]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const expected = () => {
    const at = (name: string) => `bgaudit: skipped ${join(walked, name)}: `;
    const link =
      'a symbolic link to a folder, or to a file outside the folder walked, not followed (--follow follows it)';
    return [
      `${at('.hidden.mat')}a hidden file (its name starts with a dot)`,
      `${at('evil\\x1b[2J.png')}not a match file by its extension (.png; a walk reads .mat, .sgf, .xg, .txt and names without one)`,
      `${at('folder-link')}${link}`,
      `${at('notes.txt')}not a match file by its content (it does not start as a .mat match, an SGF collection or an .xg file does)`,
      `${at('outside.mat')}${link}`,
      `${at('photo.png')}not a match file by its extension (.png; a walk reads .mat, .sgf, .xg, .txt and names without one)`,
      ...(process.platform === 'win32'
        ? []
        : [`${at('pipe.mat')}a special file (a FIFO, a device or a socket), not read`]),
      // The output is written beside report.txt under a hidden name, and renamed into place at the end.
      `${at('.report.txt.bgaudit-PID-HEX')}a hidden file (its name starts with a dot)`,
    ].sort();
  };
  /** The lines --list-skipped wrote, in name order (they come as the walk meets them). */
  const listed = (stderr: string) =>
    stderr
      .split('\n')
      .filter((l) => l.startsWith('bgaudit: skipped '))
      .map((l) => l.replace(/\.bgaudit-\d+-[0-9a-f]{8}:/, '.bgaudit-PID-HEX:'))
      .sort();

  it('verify: each file skipped and why, paths escaped; nothing without the option', async () => {
    const html = join(walked, 'report.txt');
    const r = await cli('verify', walked, '--list-skipped', '--html', html, '-q');
    expect(r.code).toBe(1);
    expect(listed(r.stderr)).toEqual(expected());
    expect(r.stderr).not.toContain('\x1b');
    rmSync(html);
    expect(listed((await cli('verify', walked, '--html', html, '-q')).stderr)).toEqual([]);
    rmSync(html);
  });

  it('csv too, each file once however many paths meet it', async () => {
    const r = await cli('csv', walked, walked, '--list-skipped', '-o', join(walked, 'report.txt'));
    expect(r.code).toBe(0);
    expect(listed(r.stderr)).toEqual(expected());
    rmSync(join(walked, 'report.txt'));
  });
});
