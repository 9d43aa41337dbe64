// A results sheet or alias list as Excel saves one: "CSV" in Windows-1252, "Unicode text" in
// UTF-16 with its byte order mark, line ends of any kind. Each is read as a match file is, so the
// names in it are the names in the match files, and a finding's line is the sheet's line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, reportsIn, tempDir } from '../helpers.js';

/** A 1-point match Müller wins, in UTF-8. */
const MATCH = ` 1 point match\n\n Game 1\n Müller : 0                    Bob : 0\n  1) 31: 8/5 6/5                 66: 24/18(2) 13/7(2)\n  2) 64: 24/18 18/14             \n      Wins 1 point\n`;

const cp1252 = (text: string) => Buffer.from(text, 'latin1'); // ü is 0xFC in both
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

function resultCodes(stdout: string): string[] {
  return reportsIn(stdout)
    .flatMap((r) => r.findings)
    .map((f) => f.code)
    .filter((c) => c.startsWith('result-'));
}

describe('a results sheet as Excel saves it', () => {
  it.each([
    ['UTF-8', (t: string) => Buffer.from(t)],
    ['Windows-1252 ("CSV")', cp1252],
    ['UTF-16 with a byte order mark ("Unicode text")', utf16le],
  ])('%s: its names are the match files’ names', async (_, encode) => {
    const dir = tempDir('bgaudit-sheet-enc-');
    writeFileSync(join(dir, 'm.mat'), MATCH);
    const sheet = join(dir, 'sheet.txt');
    writeFileSync(sheet, encode('player1,player2,winner\r\nMüller,Bob,Müller\r\n'));
    const r = await cli('verify', join(dir, 'm.mat'), '--results', sheet, '--format', 'json');
    expect(r.stderr).not.toContain('--results');
    expect(reportsIn(r.stdout).map((x) => x.file)).toEqual([join(dir, 'm.mat'), sheet]);
    expect(resultCodes(r.stdout)).toEqual([]);
  });

  it('lines ended by CR alone: a finding is on its own line of the sheet', async () => {
    const dir = tempDir('bgaudit-sheet-cr-');
    writeFileSync(join(dir, 'm.mat'), MATCH);
    const sheet = join(dir, 'sheet.csv');
    writeFileSync(sheet, 'player1,player2,winner\rMüller,Bob,Müller\rAnna,Carl,Anna\r');
    const r = await cli('verify', join(dir, 'm.mat'), '--results', sheet, '--format', 'json');
    const lost = reportsIn(r.stdout)
      .flatMap((x) => x.findings)
      .find((f) => f.code === 'result-no-file');
    expect(lost?.line).toBe(3);
  });

  it('an alias list in Windows-1252 is applied', async () => {
    const dir = tempDir('bgaudit-alias-enc-');
    writeFileSync(join(dir, 'm.mat'), MATCH);
    writeFileSync(join(dir, 'sheet.csv'), 'player1,player2,winner\nJürgen,Bob,1\n');
    writeFileSync(join(dir, 'names.csv'), cp1252('alias,name\nJürgen,Müller\n'));
    const r = await cli(
      'verify',
      join(dir, 'm.mat'),
      '--results',
      join(dir, 'sheet.csv'),
      '--aliases',
      join(dir, 'names.csv'),
      '--format',
      'json',
    );
    expect(resultCodes(r.stdout)).toEqual([]);
  });
});
