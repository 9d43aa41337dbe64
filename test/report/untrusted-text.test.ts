// What a file holds (names, headers, unreadable lines) and its name never reach the terminal
// raw: text output and `show` print control characters escaped; JSON keeps them exact.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { showHeading, showUnreadable } from '../../src/report/show.js';
import { audited, cli, poolOnFewFiles, reportsIn } from '../helpers.js';

// The pool's set-up, spied on: test/helpers.ts says why.
vi.mock(import('../../src/batch/pool-setup.js'), { spy: true });

/** Every character that must never reach a terminal raw (\n is checked apart: it ends lines). */
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const ESC = '\x1b';
/** Screen clear, then a window title set by OSC 0 ended with BEL. */
const LEFT = `Anna${ESC}[2J${ESC}]0;pwned\x07`;
/** An OSC 8 link around the name, a C1 CSI (U+009B) colour, a right-to-left override. */
const RIGHT = `${ESC}]8;;http://evil.example/\x07Boris${ESC}]8;;\x07\u009b31m\u202eXYZ`;
const LEFT_SHOWN = 'Anna\\x1b[2J\\x1b]0;pwned\\x07';
const RIGHT_SHOWN = '\\x1b]8;;http://evil.example/\\x07Boris\\x1b]8;;\\x07\\x9b31m\\u202eXYZ';
/** A line the reader cannot read: its excerpt lands in the parse error's found '…'. */
const BAD_LINE = `  3) ${ESC}[2J${ESC}]0;title\x07 junk \u009b1m`;
const FOUND_SHOWN = "found '\\x1b[2J\\x1b]0;title\\x07'";

const MATCH = [
  `; [Event "Cup${ESC}[2J\u2066"]`,
  `; [Player 1 "${ESC}]0;t\x07"]`,
  '',
  ' 7 point match',
  '',
  ' Game 1',
  ` ${LEFT} : 0                       ${RIGHT} : 0`,
  '  1)                             42: 8/4 6/4',
  '  2)  Doubles => 2                Beavers => 4',
  BAD_LINE,
  '',
].join('\n');
/** Not a match file at all: one parse error whose excerpt is an escape sequence. */
const JUNK = `${ESC}]0;owned${ESC}\\${ESC}[2J and nothing else\n`;
/** Its excerpt: the string terminator (ESC, then a backslash) keeps its backslash as it is. */
const JUNK_FOUND_SHOWN = "found '\\x1b]0;owned\\x1b\\\\x1b[2J'";
/** A file name with a line break, an ESC and a bidi override. */
const EVIL_NAME = `evil\n${ESC}[2J\u202ename.mat`;
const EVIL_SHOWN = 'evil\\n\\x1b[2J\\u202ename.mat';
/** A file name that is not UTF-8: the walk shows its bad byte as \xe9, and text output keeps that. */
const LATIN1_NAME = Buffer.from('caf\xe9.mat', 'latin1');

let dir: string;
let hostile: string;
let junk: string;
let evil: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bgaudit-untrusted-'));
  hostile = join(dir, 'hostile.mat');
  junk = join(dir, 'junk.mat');
  mkdirSync(join(dir, 'd'));
  evil = join(dir, 'd', EVIL_NAME);
  writeFileSync(hostile, MATCH);
  writeFileSync(junk, JUNK);
  writeFileSync(evil, MATCH);
  mkdirSync(join(dir, 'n'));
  writeFileSync(Buffer.concat([Buffer.from(join(dir, 'n') + '/'), LATIN1_NAME]), MATCH);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectNoRawControl(text: string): void {
  const bad = [...text]
    .filter((c) => RAW_CONTROL.test(c))
    .map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  expect(bad).toEqual([]);
}

describe('verify, text output', () => {
  poolOnFewFiles();

  for (const jobs of ['1', '2']) {
    it(`--jobs ${jobs}: file names, names and excerpts escaped; one line per finding`, async () => {
      const { code, stdout } = await cli(
        'verify',
        hostile,
        join(dir, 'd'),
        junk,
        join(dir, 'n'),
        '--info',
        '--jobs',
        jobs,
      );
      expect(code).toBe(1);
      expectNoRawControl(stdout);
      const lines = stdout.split('\n');
      // Each file's path on a line of its own, then its findings, each on one line.
      const blocks = stdout.split('\n\n');
      expect(blocks.slice(0, 4).map((b) => b.split('\n')[0])).toEqual([
        hostile,
        join(dir, 'd', EVIL_SHOWN),
        junk,
        join(dir, 'n', 'caf\\xe9.mat'),
      ]);
      for (const block of blocks.slice(0, 4))
        for (const line of block.split('\n').slice(1))
          expect(line).toMatch(/^ {2}\d+(:\d+)? +(error|warning|info) {2}.* {2}[a-z-]+$/);
      expect(lines.filter((l) => l.includes(`game 1: ${RIGHT_SHOWN} beavers:`))).toHaveLength(3);
      expect(lines.filter((l) => l.includes(FOUND_SHOWN))).toHaveLength(3);
      expect(stdout).toContain(JUNK_FOUND_SHOWN);
    });
  }

  it('JSON keeps the exact names, file names and messages', async () => {
    const { stdout } = await cli('verify', hostile, join(dir, 'd'), junk, '--format', 'json', '--jobs', '1');
    const reports = reportsIn(stdout);
    expect(reports.map((r) => r.file)).toEqual([hostile, evil, junk]);
    expect(reports[0].players).toEqual([LEFT, RIGHT]);
    expect(reports[1].players).toEqual([LEFT, RIGHT]);
    expect(reports[0].findings.map((f) => f.message)).toContain(
      `cannot read this line: expected a roll like '52:', a move like '13/8', a cube action ('Doubles => 2', 'Takes', 'Drops') or a result ('Wins 1 point'), found '${ESC}[2J${ESC}]0;title\x07'`,
    );
    expect(reports[2].findings[0].message).toContain(`found '${ESC}]0;owned${ESC}\\${ESC}[2J'`);
  });
});

describe('show', () => {
  it('the heading, the board labels, the ending and the findings escaped', async () => {
    const { code, stdout } = await cli('show', evil);
    expect(code).toBe(1);
    expectNoRawControl(stdout.replaceAll('\n', ''));
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(`${join(dir, 'd', EVIL_SHOWN)}: ${LEFT_SHOWN} - ${RIGHT_SHOWN}`);
    expect(lines[2]).toBe(`Game 1 (line 6), 7-point match, ${LEFT_SHOWN} 0 - 0 ${RIGHT_SHOWN} before the game`);
    expect(lines).toContain(`  X ${LEFT_SHOWN}: 0 borne off, on roll, points numbered from this side`);
    expect(lines).toContain(`  O ${RIGHT_SHOWN}: 0 borne off`);
    expect(lines.some((l) => l.startsWith(`  error: ${RIGHT_SHOWN} beavers:`))).toBe(true);
    expect(
      lines.some(
        (l) => l.startsWith('  error: cannot read this line:') && l.endsWith(`${FOUND_SHOWN} (parse-error, line 10)`),
      ),
    ).toBe(true);

    const bad = await cli('show', junk);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe(
      `${junk}:1:1: cannot read this line: expected a match-length line such as '7 point match', ${JUNK_FOUND_SHOWN}\n`,
    );
  });

  it('a heading naming one match of several, and an unreadable file under an escaped name', () => {
    const r = audited(auditFile(new TextEncoder().encode(MATCH), evil)[0]);
    expect(showHeading(evil, { ...r, match: 2 }, true)).toBe(
      `${join(dir, 'd', EVIL_SHOWN)}, match 2: ${LEFT_SHOWN} - ${RIGHT_SHOWN}\n\n`,
    );
    const [bad] = auditFile(new TextEncoder().encode(JUNK), evil);
    if (bad?.match !== null) throw new Error('the junk file was read as a match');
    expect(showUnreadable(evil, bad)).toBe(
      `${join(dir, 'd', EVIL_SHOWN)}:1:1: cannot read this line: expected a match-length line such as '7 point match', ${JUNK_FOUND_SHOWN}\n`,
    );
  });
});
