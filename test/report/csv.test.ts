import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/check.js';
import { CSV_COLUMNS, csvRows, csvSink, renderCsvRows } from '../../src/report/csv.js';
import { cli, fixture, fixtureText } from '../helpers.js';

function csvOf(names: [string, ...string[]][]): string {
  let text = '';
  const sink = csvSink((s) => void (text += s));
  for (const parts of names) {
    const reports = auditFile(fixture(...parts), parts.join('/'));
    sink.add(renderCsvRows(reports));
  }
  return text;
}

describe('CSV', () => {
  it('a header row, then one row per game, RFC 4180 line ends', () => {
    const text = csvOf([['scoring', 'crawford-post-crawford.mat']]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 5 + 1);
  });

  it('written and read back with papaparse gives the same values', () => {
    const files: [string, ...string[]][] = [
      ['scoring', 'crawford-double.mat'],
      ['mat', 'cp1252-names-illegal-play.mat'],
      ['mat', 'xg-desktop-bom-crlf-utf8.mat'],
      ['mat', 'broken', 'binary.mat'],
    ];
    const text = csvOf(files);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const expected = files.flatMap((parts) => auditFile(fixture(...parts), parts.join('/')).flatMap(csvRows));
    const asText = (v: unknown) => (v === null ? '' : String(v));
    expect(parsed.data).toEqual(
      expected.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, asText(v)]))),
    );
    expect(parsed.data.some((r) => r.player0 === 'Jørn Müller')).toBe(true);
    expect(parsed.data.some((r) => r.player0 === 'Kévin Unger')).toBe(true);
    expect(parsed.data.find((r) => r.file.endsWith('binary.mat'))).toMatchObject({
      status: 'unreadable',
      findings: 'parse-error',
    });
    expect(parsed.data.find((r) => r.file.endsWith('crawford-double.mat') && r.game === '4')).toMatchObject({
      status: 'mismatch',
      findings: 'crawford-double',
      points_recorded: '2',
      points_nominal: '1',
      crawford: 'true',
    });
  });
});

describe('CSV injection (OWASP): a text cell a spreadsheet would read as a formula', () => {
  const HOSTILE = ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)'];
  /** crawford-double.mat with hostile names: finished games, so winner_name is filled too. */
  function renamed(left: string, right: string): Uint8Array {
    return new TextEncoder().encode(
      fixtureText('scoring', 'crawford-double.mat').replaceAll('Anna', left).replaceAll('Boris', right),
    );
  }
  const parse = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });

  it("names from the file starting with =, +, - or @ are written quoted with a ' in front, and read back as that text", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgaudit-csv-injection-'));
    try {
      writeFileSync(join(dir, 'a.mat'), renamed(HOSTILE[0], HOSTILE[1]));
      writeFileSync(join(dir, 'b.mat'), renamed(HOSTILE[2], HOSTILE[3]));
      const { stdout } = await cli('csv', dir);
      expect(stdout).toContain(`"'=HYPERLINK(""http://x"")","'+1"`);
      expect(stdout).toContain(`"'-2+3","'@SUM(A1)"`);
      for (const cell of HOSTILE)
        expect(stdout).not.toMatch(new RegExp(`(^|,)${cell.replace(/[+()@"$]/g, '\\$&')}`, 'm'));
      const rows = parse(stdout);
      expect(rows.errors).toEqual([]);
      const a = rows.data.filter((r) => r.file.endsWith('a.mat'));
      const b = rows.data.filter((r) => r.file.endsWith('b.mat'));
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
      for (const r of a) expect([r.player0, r.player1]).toEqual([`'${HOSTILE[0]}`, `'${HOSTILE[1]}`]);
      for (const r of b) expect([r.player0, r.player1]).toEqual([`'${HOSTILE[2]}`, `'${HOSTILE[3]}`]);
      expect(new Set(a.map((r) => r.winner_name))).toEqual(new Set([`'${HOSTILE[0]}`, `'${HOSTILE[1]}`]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('our own numbers stay as they are (a centred cube owner is -1), and so do ordinary names', () => {
    const text = csvOf([['mat', 'bbgt-two-matches-gridgammon-ratings.mat']]);
    expect(text).toContain(
      '\r\nmat/bbgt-two-matches-gridgammon-ratings.mat,1,1,charlot1,charlot2,1,backgammon,0,0,false,false,1,-1,0,resign,0,charlot1,',
    );
    expect(text).not.toContain("'");
  });

  it('a tab at the start of a name (SGF keeps it), a CR or a line break in a file name: escaped too', () => {
    const sgf = new TextEncoder().encode(
      '(;FF[4]GM[6]CA[UTF-8]MI[length:5][game:0][ws:0][bs:0]PW[\tx]PB[Anna]RU[Crawford]\n;B[43lplo]\n;W[51mhxw])\n',
    );
    const text = [
      renderCsvRows(auditFile(sgf, 'tab.sgf')),
      renderCsvRows(auditFile(fixture('scoring', 'crawford-double.mat'), '\rx.mat')),
      renderCsvRows(auditFile(fixture('mat', 'broken', 'binary.mat'), '=1+1\n.mat')),
    ].join('');
    expect(text).toContain(`tab.sgf,1,1,"'\tx",Anna,`);
    expect(text).toContain(`"'\rx.mat",1,1,Anna,Boris,`);
    // papaparse's own escapeFormulae: true misses this one: its pattern stops at the line break.
    expect(text).toContain(`"'=1+1\n.mat",,,`);
    const rows = parse(CSV_COLUMNS.join(',') + '\r\n' + text).data;
    expect(rows.map((r) => r.player0)).toContain("'\tx");
    expect(new Set(rows.map((r) => r.file))).toEqual(new Set(['tab.sgf', "'\rx.mat", "'=1+1\n.mat"]));
  });
});
