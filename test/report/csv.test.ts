import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/check.js';
import { CSV_COLUMNS, csvRows, csvSink, renderCsvRows } from '../../src/report/csv.js';
import { fixture } from '../helpers.js';

function csvOf(names: [string, ...string[]][]): string {
  let text = '';
  const sink = csvSink((s) => void (text += s));
  for (const parts of names) {
    const reports = checkFile(fixture(...parts), parts.join('/'));
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
    const expected = files.flatMap((parts) => checkFile(fixture(...parts), parts.join('/')).flatMap(csvRows));
    const asText = (v: unknown) => (v === null ? '' : String(v));
    expect(parsed.data).toEqual(expected.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, asText(v)]))));
    expect(parsed.data.some((r) => r.player0 === 'Jørn Müller')).toBe(true);
    expect(parsed.data.some((r) => r.player0 === 'Kévin Unger')).toBe(true);
    expect(parsed.data.find((r) => r.file.endsWith('binary.mat'))).toMatchObject({ status: 'unreadable', findings: 'parse-error' });
    expect(parsed.data.find((r) => r.file.endsWith('crawford-double.mat') && r.game === '4')).toMatchObject({
      status: 'mismatch',
      findings: 'crawford-double',
      points_recorded: '2',
      points_nominal: '1',
      crawford: 'true',
    });
  });
});
