// CSV on a terminal: the cells' control characters escaped as the text format escapes them, the
// rows' line breaks kept, whatever the pieces the text comes in.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { csvForTerminal } from '../../src/report/csv-terminal.js';
import { csvCell } from '../../src/report/csv.js';

const name = 'k\u001b]0;PWNED\u0007\u001b[2J\u202eX';
const rows = `file,player0\r\na.mat,${csvCell(name)}\r\n"b\r\nc.mat","x ""q"" \u001b[31m"\r\n`;
const expected = 'file,player0\r\na.mat,k\\x1b]0;PWNED\\x07\\x1b[2J\\u202eX\r\n"b\\r\\nc.mat","x ""q"" \\x1b[31m"\r\n';

describe('csvForTerminal', () => {
  it.each([1, 2, 3, 7, rows.length])('escapes the cells, keeps the rows, in pieces of %i', (size) => {
    const terminal = csvForTerminal();
    let out = '';
    for (let k = 0; k < rows.length; k += size) out += terminal(rows.slice(k, k + size));
    expect(out).toBe(expected);
    expect(out).not.toMatch(/[\u001b\u0007\u202e]/);
  });
});

describe('bgaudit csv on a terminal', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bgaudit-csv-tty-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'e.mat');
  writeFileSync(
    file,
    [
      ' 7 point match',
      '',
      ' Game 1',
      ` ${name} : 0                       Boris : 0`,
      '  1)                             41: 13/9 24/23',
      '  2) 65: 24/18 18/13              Doubles => 2',
      '  3)  Drops                       Wins 1 point',
      '',
    ].join('\n'),
  );
  const csv = async (tty: boolean, ...args: string[]) => {
    let stdout = '';
    const code = await run(['csv', file, ...args], {
      stdout: (s) => void (stdout += s),
      stderr: () => {},
      stdoutIsTTY: tty,
    });
    return { code, stdout };
  };

  it('escapes the name on a terminal, keeps it exact in a pipe and in a file', async () => {
    const terminal = await csv(true);
    expect(terminal.stdout).toContain('k\\x1b]0;PWNED\\x07\\x1b[2J\\u202eX');
    expect(terminal.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    const piped = await csv(false);
    expect(piped.stdout).toContain(name);
    const out = join(dir, 'out.csv');
    await csv(true, '-o', out);
    expect(readFileSync(out, 'utf8')).toBe(piped.stdout);
    expect(terminal.stdout.split('\r\n')).toHaveLength(piped.stdout.split('\r\n').length);
  });
});
