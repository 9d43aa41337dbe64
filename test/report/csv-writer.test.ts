// The CSV rows are written by a small writer of our own (csvCell, csvLine), no longer by
// papaparse's `unparse`, which cost most of the per-game CSV's time. Its bytes must be papaparse
// 5.7's: cell by cell on a table of tricky cells and on generated ones, and row by row on every
// fixture's (and corpus file's) per-game and per-match rows.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import {
  CSV_COLUMNS,
  MATCH_CSV_COLUMNS,
  type Cell,
  csvCell,
  csvLine,
  csvRows,
  csvSink,
  matchCsvRow,
  renderCsvRows,
  renderMatchCsvRows,
} from '../../src/report/csv.js';
import { CORPUS, FIXTURES } from '../helpers.js';

/**
 * The formula rule (OWASP's first characters, after any `'`s: a `'` the writer adds is then always
 * one more than the cell held), as papaparse is given it.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const options = { header: false, newline: '\r\n', escapeFormulae: FORMULA };

/** One cell as papaparse's unparse writes it. */
const papaCell = (v: Cell) => Papa.unparse([[v]], options);

const TRICKY: Cell[] = [
  '',
  null,
  undefined,
  true,
  false,
  0,
  -0,
  1,
  -1,
  1.5,
  -2.25,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  'plain',
  'a,b',
  ',',
  'say "hi"',
  '"',
  '""',
  '"quoted"',
  'line\nbreak',
  'cr\rhere',
  'crlf\r\n',
  '\n',
  '\r',
  '=1+1',
  '+1',
  '-1',
  '-',
  '@SUM(A1)',
  '\tx',
  '\rx',
  '=1+1\nx',
  '=HYPERLINK("http://x","y")',
  '-a,b',
  "'already",
  "'=Bob",
  "''-x.mat",
  ' leading',
  'trailing ',
  ' ',
  '  both  ',
  ' =not a formula',
  '= ',
  'tab\tinside',
  'x\t',
  'Zoë Ångström',
  '日本語,テスト',
  '😀 emoji',
  '\ufeffbom',
  'bom\ufeff',
  '\u00a0nbsp',
  'nbsp\u00a0',
  '\u202eright-to-left',
  '\x1b[31mred',
  '\0nul',
  'a;b;c',
  '12:1:2:take:98-121;20:0:4:drop:61-85',
  'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:5:10',
  'charlot1,1650',
  "O'Brien",
  '#1',
  '%',
];

describe('CSV writer: papaparse 5.7 unparse, byte for byte', () => {
  it.each(TRICKY.map((v) => [JSON.stringify(v) ?? 'undefined', v]))('cell %s', (_, v) => {
    expect(csvCell(v)).toBe(papaCell(v));
  });

  it('quotes, formulae and spaces as RFC 4180 and OWASP ask (a few written out)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1\nx')).toBe(`"'=1+1\nx"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(' x')).toBe('" x"');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
  });

  it('20,000 generated cells of tricky characters', () => {
    const alphabet = [
      'a',
      'Z',
      '0',
      ' ',
      ',',
      '"',
      '\r',
      '\n',
      '\t',
      '=',
      '+',
      '-',
      '@',
      "'",
      'é',
      '😀',
      '\ufeff',
      ';',
    ];
    let seed = 16;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 20_000; i++) {
      const s = Array.from({ length: next(7) }, () => alphabet[next(alphabet.length)]).join('');
      expect(csvCell(s), JSON.stringify(s)).toBe(papaCell(s));
    }
  });

  it('a row: the columns in order, missing ones empty, CRLF at the end', () => {
    const row = { b: 'x,y', a: 1, c: null, d: '=d' };
    const columns = ['a', 'b', 'c', 'd', 'e'];
    expect(csvLine(row, columns)).toBe(Papa.unparse([row], { ...options, columns }) + '\r\n');
    expect(csvLine(row, columns)).toBe(`1,"x,y",,"'=d",\r\n`);
  });

  it('the header rows are the column names joined by commas', () => {
    for (const per of ['game', 'match'] as const) {
      let text = '';
      csvSink((s) => void (text += s), per);
      expect(text).toBe((per === 'game' ? CSV_COLUMNS : MATCH_CSV_COLUMNS).join(',') + '\r\n');
    }
  });

  /** Every file under `dir`. */
  function filesUnder(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
  }

  const roots = [FIXTURES, CORPUS];
  it.each(roots)('every file under %s: per-game and per-match rows as papaparse writes them', (root) => {
    let rows = 0;
    for (const path of filesUnder(root)) {
      const name = relative(root, path);
      const reports = auditFile(readFileSync(path), name, fileAudit({ gameStats: true, matchSummary: true }));
      const games = reports.flatMap(csvRows);
      const papaGames =
        games.length === 0 ? '' : Papa.unparse(games, { ...options, columns: [...CSV_COLUMNS] }) + '\r\n';
      expect(renderCsvRows(reports), name).toBe(papaGames);
      const matches = reports.map(matchCsvRow);
      const papaMatches = Papa.unparse(matches, { ...options, columns: [...MATCH_CSV_COLUMNS] }) + '\r\n';
      expect(renderMatchCsvRows(reports), name).toBe(matches.length === 0 ? '' : papaMatches);
      rows += games.length + matches.length;
    }
    expect(rows).toBeGreaterThan(100);
  });
});
