// The command line's habits from the linters people know: an example in every --help, csv's exit
// codes (the export written is a success), and the options verify and csv share for scripts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
