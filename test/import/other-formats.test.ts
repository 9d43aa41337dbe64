// A file of another format, named explicitly, gets one parse-error that says what it is.
import { describe, expect, it } from 'vitest';
import { otherFormatOfText } from '../../src/import/other-formats.js';
import { cli, fixture } from '../helpers.js';
import { auditFile } from '../../src/read/file.js';

describe('files that are not match records', () => {
  it.each([
    ['gnubg-text-export.txt', "GNU Backgammon's text export"],
    ['gnubg-html-export.html', "GNU Backgammon's HTML export"],
    ['snowie-position.txt', 'a Snowie text position'],
    ['bgblitz.bgf', 'a BGBlitz .bgf match file'],
    ['match.mat.gz', 'gzip-compressed data'],
  ])('%s is named as %s', (file, what) => {
    const reports = auditFile(fixture('other-formats', file), file);
    const findings = reports.flatMap((r) => r.findings);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ code: 'parse-error', severity: 'error', line: 1, column: 1 });
    expect(findings[0].message).toContain(`not a match file: ${what}`);
    expect(findings[0].message).toContain('bgaudit reads Jellyfish .mat, GNU Backgammon .sgf and eXtreme Gammon .xg');
  });

  it('the CLI says so for an explicitly named export, exit 1', async () => {
    const { code, stdout } = await cli('verify', 'fixtures/other-formats/gnubg-text-export.txt');
    expect(code).toBe(1);
    expect(stdout).toContain("GNU Backgammon's text export of a match");
  });

  it('a match record is never taken for another format', () => {
    for (const text of [' 7 point match\n', '; [Site "x"]\n 3 point match\n', '(;FF[4]GM[6]', 'The match\n'])
      expect(otherFormatOfText(text)).toBeNull();
  });

  it('a walk still skips them as not match files', async () => {
    const { code, stderr } = await cli('verify', 'fixtures/other-formats');
    expect(code).toBe(2);
    expect(stderr).toContain('no match file to read in the paths given (6 skipped: not match files)');
  });
});
