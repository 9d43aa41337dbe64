// verify's concise format (one `path:line:col: severity code message` line a finding) and colour
// on a terminal: what each writes, that colour never lets a file's bytes through raw, and that
// the text report without colour is the text report as it was.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { colorWanted } from '../../src/commands/common.js';
import { FIXTURES, cli, reportsIn } from '../helpers.js';

const scoring = (name: string) => join(FIXTURES, 'scoring', name);
/** The SGR sequences bgaudit writes, and nothing else. */
const OURS = /\x1b\[(?:0|1|2|31|33|34)m/g;
/** `path:line:col: severity code message`, `path:line: …` or `path: …`. */
const CONCISE = /^(.+?):(?:(\d+):(?:(\d+):)?)? (error|warning|info) ([a-z0-9-]+) (.+)$/;

/** verify as the command line runs it, with stdout a terminal or not, in an environment of its own. */
async function verifyOn(tty: boolean, env: Record<string, string>, ...args: string[]) {
  const saved = { ...process.env };
  for (const k of ['NO_COLOR', 'FORCE_COLOR', 'TERM']) delete process.env[k];
  Object.assign(process.env, env);
  let stdout = '';
  try {
    const code = await run(['verify', ...args], {
      stdout: (s) => void (stdout += s),
      stderr: () => {},
      stdoutIsTTY: tty,
    });
    return { code, stdout };
  } finally {
    for (const k of ['NO_COLOR', 'FORCE_COLOR', 'TERM']) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

let dir = '';
let twoMatches = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bgaudit-concise-'));
  // Two copies of a match in one file: match 2's findings say which match they are in.
  twoMatches = join(dir, 'two.mat');
  const one = readFileSync(scoring('gammon-on-drop.mat'));
  writeFileSync(twoMatches, Buffer.concat([one, one]));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--format concise', () => {
  it('one line a finding, path:line:col:, the match and game before the message; nothing else on stdout', async () => {
    const { code, stdout, stderr } = await cli('verify', twoMatches, '-f', 'concise');
    expect(code).toBe(1);
    const p = twoMatches;
    expect(stdout).toBe(
      [
        `${p}:25: warning match-unfinished the record stops at 0-1 in a 3-point match: nobody has won it`,
        `${p}:25:35: error gammon-on-drop game 1: a refused double scores the cube before it, 1 point, never a gammon; the record says 2`,
        `${p}:31: warning duplicate-match match 2, this match repeats match 1 of this file: the same players, length, rolls, moves, cube actions and results`,
        `${p}:50: warning match-unfinished match 2, the record stops at 0-1 in a 3-point match: nobody has won it`,
        `${p}:50:35: error gammon-on-drop match 2, game 1: a refused double scores the cube before it, 1 point, never a gammon; the record says 2`,
        '',
      ].join('\n'),
    );
    // The summary goes to stderr, as with JSON.
    expect(stderr).toContain('1 file, 2 matches, 2 games, 2 errors, 3 warnings, 0 info\n');
  });

  it('a finding about the whole file is path: severity code message; info only with --info', async () => {
    const file = join(FIXTURES, 'mat', 'cp1252-names-illegal-play.mat');
    const withInfo = (await cli('verify', file, '-f', 'concise', '--info')).stdout.split('\n');
    expect(withInfo[0]).toBe(`${file}: info encoding the file is not valid UTF-8; it was read as Windows-1252`);
    const without = (await cli('verify', file, '-f', 'concise')).stdout;
    expect(without).not.toContain(' info encoding ');
    expect(without.split('\n')[0]).toMatch(/:9:6: warning move-not-checked game 1: /);
  });

  it('the fixtures: every line has the shape, one a finding the text report lists', async () => {
    const [concise, json] = await Promise.all([
      cli('verify', FIXTURES, '-f', 'concise', '--jobs', '1'),
      cli('verify', FIXTURES, '-f', 'json', '-q', '--jobs', '1'),
    ]);
    const lines = concise.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line).toMatch(CONCISE);
    const listed = reportsIn(json.stdout).flatMap((r) => r.findings.filter((f) => f.severity !== 'info'));
    expect(lines).toHaveLength(listed.length);
    expect(concise.code).toBe((await cli('verify', FIXTURES, '-q', '--jobs', '1')).code);
  });

  it('a file read in pieces writes the lines it writes read whole', async () => {
    const big = join(dir, 'big.mat');
    const one = readFileSync(scoring('gammon-on-drop.mat'));
    writeFileSync(big, Buffer.concat(Array.from({ length: 40 }, () => one)));
    const whole = await cli('verify', big, '-f', 'concise', '--no-duplicates');
    const pieces = await cli('verify', big, '-f', 'concise', '--no-duplicates', '--max-file-size', '2k');
    expect(whole.stdout.split('\n')).toHaveLength(81);
    expect(pieces.stdout).toBe(whole.stdout);
  });

  it('findings past --max-findings: one line that says so, after the path', async () => {
    const { stdout } = await cli('verify', twoMatches, '-f', 'concise', '--max-findings', '2');
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(
      `${twoMatches}: and 3 more findings not listed (1 error, 2 warnings: duplicate-match 1, gammon-on-drop 1, match-unfinished 1); at most 2 are listed a file (--max-findings)`,
    );
  });

  it("escapes a path's control characters, as the text format does", async () => {
    const evil = join(dir, 'e\x1b[2Jvil\n.mat');
    writeFileSync(evil, readFileSync(scoring('gammon-on-drop.mat')));
    const { stdout } = await cli('verify', evil, '-f', 'concise');
    expect(stdout).not.toContain('\x1b');
    expect(stdout.split('\n')[0].startsWith(`${join(dir, 'e\\x1b[2Jvil\\n.mat')}:25: warning `)).toBe(true);
  });
  it('writes a path that holds a colon or a quote as a JSON string: no file name passes for a place', async () => {
    const fake = join(dir, 'x.mat:3:1: error score-mismatch "y".mat');
    writeFileSync(fake, readFileSync(scoring('gammon-on-drop.mat')));
    const { stdout } = await cli('verify', fake, '-f', 'concise', '--max-findings', '1');
    const [first, more] = stdout.trimEnd().split('\n');
    expect(first).toBe(
      `${JSON.stringify(fake)}:25: warning match-unfinished the record stops at 0-1 in a 3-point match: nobody has won it`,
    );
    expect(more.startsWith(`${JSON.stringify(fake)}: and 1 more finding not listed`)).toBe(true);
    // A plain path stays as it is.
    expect((await cli('verify', twoMatches, '-f', 'concise')).stdout.startsWith(`${twoMatches}:25: `)).toBe(true);
  });
});

describe('colour', () => {
  it.each([
    // choice, stdout a terminal, environment, colour
    ['auto', true, {}, true],
    ['auto', false, {}, false],
    ['auto', true, { NO_COLOR: '1' }, false],
    ['auto', true, { NO_COLOR: '' }, true],
    ['auto', false, { FORCE_COLOR: '1' }, true],
    ['auto', true, { FORCE_COLOR: '0' }, false],
    ['auto', false, { FORCE_COLOR: '' }, false],
    ['auto', false, { FORCE_COLOR: '1', NO_COLOR: '1' }, false],
    ['auto', true, { TERM: 'dumb' }, false],
    ['always', false, { NO_COLOR: '1' }, true],
    ['never', true, { FORCE_COLOR: '1' }, false],
  ] as const)('--color %s, a terminal: %s, env %j: %s', (choice, tty, env, expected) => {
    expect(colorWanted(choice, tty, env)).toBe(expected);
  });

  it('on a terminal: the severity in its colour, the path bold, the code dim; never when piped or with NO_COLOR', async () => {
    const file = scoring('opening-double.mat');
    const tty = await verifyOn(true, {}, file);
    expect(tty.stdout.split('\n').slice(0, 3)).toEqual([
      `\x1b[1m${file}\x1b[0m`,
      '  8:34  \x1b[31merror\x1b[0m    game 1: the game opens with 4-4: the opening roll is one die each, so it is never a double  \x1b[2mopening-double\x1b[0m',
      '  10    \x1b[33mwarning\x1b[0m  the record stops at 0-1 in a 3-point match: nobody has won it  \x1b[2mmatch-unfinished\x1b[0m',
    ]);
    expect(tty.stdout).toContain('1 file, 1 match, 1 game: \x1b[31m1 error\x1b[0m, \x1b[33m1 warning\x1b[0m, 0 info');
    const plain = (await cli('verify', file)).stdout;
    expect(plain).not.toContain('\x1b');
    // Colour adds its sequences and nothing else.
    expect(tty.stdout.replace(OURS, '')).toBe(plain);
    expect((await verifyOn(true, { NO_COLOR: '1' }, file)).stdout).toBe(plain);
    expect((await verifyOn(true, {}, file, '--color', 'never')).stdout).toBe(plain);
    expect((await verifyOn(false, {}, file, '--color', 'always')).stdout).toBe(tty.stdout);
  });

  it('concise in colour: info in blue', async () => {
    const file = join(FIXTURES, 'mat', 'cp1252-names-illegal-play.mat');
    const { stdout } = await verifyOn(false, { FORCE_COLOR: '1' }, file, '-f', 'concise', '--info');
    expect(stdout.split('\n')[0]).toBe(
      `\x1b[1m${file}\x1b[0m: \x1b[34minfo\x1b[0m \x1b[2mencoding\x1b[0m the file is not valid UTF-8; it was read as Windows-1252`,
    );
    expect(stdout.replace(OURS, '')).toBe((await cli('verify', file, '-f', 'concise', '--info')).stdout);
  });

  it.each(['text', 'concise'])(
    '%s: a file whose name and names hold escape sequences gets no ESC but the colour ones',
    async (format) => {
      const evil = join(dir, 'x\x1b]0;title\x07\x1b[31m.mat');
      const match = readFileSync(scoring('gammon-on-drop.mat'), 'latin1').replace('Anna', 'An\x1b[2Jna\x1b[0m');
      writeFileSync(evil, match, 'latin1');
      const { stdout } = await verifyOn(true, {}, evil, '-f', format, '--info');
      expect(stdout).toContain('\x1b[31m');
      expect(stdout).toContain('x\\x1b]0;title\\x07\\x1b[31m.mat');
      const left = stdout.replace(OURS, '');
      expect(left).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    },
  );

  it('json and ndjson are never coloured', async () => {
    const file = scoring('opening-double.mat');
    for (const f of ['json', 'ndjson'])
      expect((await verifyOn(true, {}, file, '-f', f, '--color', 'always')).stdout).not.toContain('\x1b[');
  });

  it('--color takes auto, always or never', async () => {
    expect((await cli('verify', scoring('opening-double.mat'), '--color', 'sometimes')).code).toBe(2);
  });
});
