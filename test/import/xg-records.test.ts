// What the .xg reader makes of records it cannot take as written, and where it places them: each
// a finding at its record (never a flood of them, never a throw), checked on a real file with one
// record changed (test/xg-writer.ts repacks it with valid checksums).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditedMatch, MatchReport } from '../../src/core/model.js';
import { auditFile } from '../../src/read/file.js';
import { importRecord } from '../../src/import/index.js';
import { tableCrc32 } from '../../src/core/crc32.js';
import { renderText } from '../../src/report/text.js';
import { CORPUS, cli } from '../helpers.js';
import { RECORD_TYPE, editGameFile, recordType, setInt32 } from '../xg-writer.js';

const FILE = join(CORPUS, 'xg', 'kevung__test.xg');
const original = readFileSync(FILE);
const findings = (reports: MatchReport[]) => reports.flatMap((r) => r.findings);
const header = (records: Uint8Array[]) => records[records.findIndex((r) => recordType(r) === RECORD_TYPE.match)];

describe('.xg records bgaudit cannot take as written', () => {
  it('a match of a variant it does not replay (longgammon) is one parse-error, its records passed over', () => {
    const bytes = editGameFile(original, (records) => {
      setInt32(header(records), 96, 3);
      return records;
    });
    const all = findings(auditFile(bytes, 'x.xg'));
    expect(all.map((f) => [f.code, f.record, f.message])).toEqual([
      ['parse-error', 1, 'cannot read this record: a match of variation 3 (longgammon), which bgaudit does not replay'],
    ]);
  });

  it('a match length past any is unknown, as in a .mat (number-out-of-range), not a length of two billion', () => {
    const bytes = editGameFile(original, (records) => {
      setInt32(header(records), 92, 2147483647);
      return records;
    });
    const [report] = auditFile(bytes, 'x.xg') as AuditedMatch[];
    expect(report.length).toBeNull();
    expect(report.findings.filter((f) => f.code === 'number-out-of-range')).toMatchObject([{ record: 1 }]);
  });

  it('a roll of neither player is a parse-error at its record, and the game is not replayed past it', () => {
    const bytes = editGameFile(original, (records) => {
      const move = records.findIndex((r) => recordType(r) === RECORD_TYPE.move);
      setInt32(records[move], 64, 0);
      return records;
    });
    const [report] = auditFile(bytes, 'x.xg') as AuditedMatch[];
    expect(report.findings.filter((f) => f.severity === 'error')).toMatchObject([
      { code: 'parse-error', game: 1, move: 1, record: 4 },
    ]);
  });

  it('a record before the match header is placed by its record in the text report', () => {
    const bytes = editGameFile(original, (records) => [records[1], ...records]);
    const reports = auditFile(bytes, 'x.xg');
    const first = findings(reports)[0];
    expect(first).toMatchObject({ code: 'parse-error', record: 1 });
    expect(renderText(reports, false)).toContain(
      '  record 1  error    cannot read this record: a game record before the match header',
    );
  });
});

describe('.xg places', () => {
  it('a cube action after the last roll of a game has no move: none follows it', () => {
    const [match] = importRecord(original, 'x.xg').matches;
    // Game 1 ends with a double dropped (record 63), after its last roll (record 62).
    expect(match.moveOfRecord?.[62]).toBe(30);
    expect(match.moveOfRecord?.[63]).toBe(0);
  });

  it('show --line of a cube record draws each of its actions, named by their order', async () => {
    const { stdout } = await cli('show', FILE, '--line', '88');
    expect(stdout).toContain('Record 88, game 2: Kévin Unger doubles, Maxence Job takes');
    expect(stdout).toContain('At record 88, action 2 (before the action written there): Maxence Job takes');
  });

  it('a --max-file-size past the largest buffer (4 GiB) still reads an .xg file', async () => {
    const { stdout } = await cli('verify', FILE, '--max-file-size', '5G');
    expect(stdout).toContain('1 file, 1 match, 7 games: 0 errors');
  });
});

describe("the archive's CRC-32", () => {
  it("is zlib's, for Node 20 before 20.15 which has no zlib.crc32", () => {
    for (let n = 0; n < 300; n++) {
      const bytes = randomBytes((n * 37) % 3000);
      expect(tableCrc32(bytes)).toBe(crc32(bytes));
    }
  });
});
