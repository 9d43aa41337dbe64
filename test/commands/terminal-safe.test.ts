// What a record's text may do to a terminal: on a terminal, players' CSV and the JSON of verify,
// players and dice write every character a terminal acts on escaped (an OSC title, a clear
// screen, a C1 CSI, bidi overrides, a next-line); to a file or a pipe the exact text.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { tempDir } from '../helpers.js';
import { jsonForTerminal } from '../../src/report/json-terminal.js';

/** A name that retitles the terminal, clears it, and hides and reorders text. */
const EVIL = 'k\x1b]0;PWNED\x07\x1b[2J\u009b31m\u202eX\u2066\u0085\u200bY';
/** What a terminal acts on (C0 but the line ends, DEL, C1, the separators, bidi controls): escape.ts's rule. */
// eslint-disable-next-line no-control-regex -- control characters are what the test looks for
const ACTS = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

async function stdoutOf(tty: boolean, ...argv: string[]): Promise<string> {
  let stdout = '';
  await run(argv, { stdout: (s) => void (stdout += s), stderr: () => {}, stdoutIsTTY: tty });
  return stdout;
}

function evilFile(): string {
  const dir = tempDir('bgaudit-tty-');
  const text = ` 1 point match\n\n Game 1\n ${EVIL} : 0                   Bob : 0\n  1) 31: 8/5 6/5                 66: 24/18(2) 13/7(2)\n      Wins 1 point\n`;
  writeFileSync(join(dir, 'evil.mat'), text);
  return join(dir, 'evil.mat');
}

describe('on a terminal', () => {
  const file = evilFile();
  it.each([
    ['verify --format json', ['verify', file, '--format', 'json']],
    ['verify --format ndjson', ['verify', file, '--format', 'ndjson']],
    ['players --format json', ['players', file, '--format', 'json']],
    ['players --format csv', ['players', file, '--format', 'csv']],
    ['dice --format json --by player', ['dice', file, '--format', 'json', '--by', 'player']],
  ])('%s escapes what a terminal acts on; a pipe gets the exact text', async (_, argv) => {
    const shown = await stdoutOf(true, ...argv);
    const exact = await stdoutOf(false, ...argv);
    expect(exact).toMatch(/PWNED/);
    expect(shown).toMatch(/PWNED/);
    expect(shown).not.toMatch(ACTS);
    // The same JSON, read back: only its escapes differ.
    const parsed = (out: string): unknown =>
      argv.includes('ndjson')
        ? out
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as unknown)
        : JSON.parse(out);
    if (argv.includes('json') || argv.includes('ndjson')) expect(parsed(shown)).toEqual(parsed(exact));
  });

  it('jsonForTerminal leaves JSON without such characters as it is', () => {
    const text = JSON.stringify({ name: 'Zoë Ångström 日本語 😀', n: 1 });
    expect(jsonForTerminal(text)).toBe(text);
    expect(JSON.parse(jsonForTerminal(JSON.stringify(EVIL)))).toBe(EVIL);
  });
});
