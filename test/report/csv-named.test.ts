// What was applied is what the reports say. A Backgammon Galaxy
// "16 point match" audited as a money game is length 0 with its written length kept apart; the
// variant is named in JSON, CSV and show.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { decodeMatchId } from '../../src/engine/ids.js';
import { csvSink, renderCsvRows } from '../../src/report/csv.js';
import { renderShow } from '../../src/report/show.js';
import { audited, fixture } from '../helpers.js';

function csvRowsOf(bytes: Uint8Array, name: string): Record<string, string>[] {
  let text = '';
  const sink = csvSink((s) => void (text += s));
  sink.add(renderCsvRows(auditFile(bytes, name)));
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

const NACKGAMMON = new TextEncoder().encode(
  [
    '; [Variation "NackGammon"]',
    '',
    ' 3 point match',
    '',
    ' Game 1',
    ' Anna : 0                       Boris : 0',
    '  1) 31: 8/5 6/5                 64: 24/18 13/9',
    '',
  ].join('\n'),
);

describe('a money game written as a match', () => {
  const bytes = fixture('mat', 'galaxy-resign-before-first-roll.mat');
  const r = audited(auditFile(bytes, 'galaxy.mat')[0]);

  it('JSON: length 0 (money, as audited), recordedLength 16, the final Match ID a money one', () => {
    expect(r.length).toBe(0);
    expect(r.recordedLength).toBe(16);
    expect(r.findings.map((f) => f.code)).toContain('rules-inferred');
    const final = r.games[0].final;
    expect(final).not.toBeNull();
    if (final === null) return;
    expect(decodeMatchId(final.matchId).length).toBe(0);
    expect(final.xgid).toMatch(/:0:10$/); // XGID's match length field: 0, money
  });

  it('CSV: length 0, rules "backgammon money", recorded_length 16, variant backgammon', () => {
    const [row] = csvRowsOf(bytes, 'galaxy.mat');
    expect(row).toMatchObject({ length: '0', rules: 'backgammon money', recorded_length: '16', variant: 'backgammon' });
  });

  it('show: a money session written as a 16-point match', () => {
    expect(renderShow([r], {})).toContain('Game 1 (line 16), money session (written as a 16-point match)');
  });

  it('a match as written keeps no recordedLength, and its recorded_length is its length', () => {
    const b = fixture('scoring', 'crawford-double.mat');
    const [m] = auditFile(b, 'x.mat');
    expect(m.length).toBe(7);
    expect('recordedLength' in m).toBe(false);
    for (const row of csvRowsOf(b, 'x.mat')) expect(row.recorded_length).toBe(row.length);
  });
});

describe('the variant is named', () => {
  it('nackgammon: rules.variant in JSON, the CSV variant column, show’s heading', () => {
    const [r] = auditFile(NACKGAMMON, 'nack.mat');
    expect(r.rules?.variant).toBe('nackgammon');
    expect(csvRowsOf(NACKGAMMON, 'nack.mat')[0]).toMatchObject({ variant: 'nackgammon', rules: 'backgammon' });
    expect(renderShow([r], {}).split('\n')[0]).toBe('nack.mat: Anna - Boris (nackgammon)');
  });

  it('plain backgammon adds nothing to show’s heading', () => {
    const [r] = auditFile(fixture('scoring', 'crawford-double.mat'), 'x.mat');
    expect(renderShow([r], {}).split('\n')[0]).toBe('x.mat: Anna - Boris');
  });
});
