// `csv --per match`: one row per match as a director files it; the writer's headers,
// the final score, the winner, how the match ended, its Crawford game, its findings counted.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import { join } from 'node:path';
import { MATCH_CSV_COLUMNS, matchCsvRow, renderMatchCsvRows } from '../../src/report/csv.js';
import { FIXTURES, cli, fixture, fixtureText } from '../helpers.js';

const asked = fileAudit({ matchSummary: true });
const rowOf = (bytes: Uint8Array, name: string, k = 0) => matchCsvRow(auditFile(bytes, name, asked)[k]);

describe('one row per match', () => {
  it('a match played out: final score, winner, Crawford game, findings counted by severity', () => {
    const row = rowOf(fixture('scoring', 'crawford-double.mat'), 'x.mat');
    expect(row).toMatchObject({
      file: 'x.mat',
      match: 1,
      format: 'mat',
      player0: 'Anna',
      player1: 'Boris',
      length: 7,
      recorded_length: 7,
      games: 5,
      final_score0: 7,
      final_score1: 5,
      winner: 0,
      winner_name: 'Anna',
      ending: 'played-out',
      crawford_game: 4,
      errors: 1,
      warnings: 0,
      status: 'mismatch',
      findings: 'crawford-double',
      line: 5,
    });
  });

  it("a Galaxy money game: the writer's headers as written, money, no winner", () => {
    const row = rowOf(fixture('mat', 'galaxy-resign-before-first-roll.mat'), 'g.mat');
    expect(row).toMatchObject({
      site: 'BackgammonGalaxy',
      match_id: '8600770',
      date: '2024.06.09',
      time: '20.13',
      rating0: '0,00/0',
      rating1: '1,00/0',
      event: null,
      round: null,
      rules: 'backgammon money',
      length: 0,
      recorded_length: 16,
      final_score0: 0,
      final_score1: 1,
      winner: null,
      winner_name: null,
      ending: 'money',
      crawford_game: null,
      status: 'ok',
    });
  });

  it('a record that stops before anybody won: abandoned, the score reached, no winner', () => {
    const text = fixtureText('scoring', 'crawford-double.mat');
    const cut = text.slice(0, text.indexOf(' Game 3'));
    const row = rowOf(new TextEncoder().encode(cut), 'cut.mat');
    expect(row).toMatchObject({ games: 2, ending: 'abandoned', winner: null, winner_name: null, warnings: 1 });
    expect(row.findings).toContain('match-unfinished');
    expect((row.final_score0 as number) + (row.final_score1 as number)).toBeGreaterThan(0);
  });

  it('SGF: EV, RO, PC and DT are the event, round, site and date (with dots, as gnubg exports it)', () => {
    const sgf = new TextEncoder().encode(
      '(;FF[4]GM[6]CA[UTF-8]MI[length:1][game:0][ws:0][bs:0]PW[Anna]PB[Boris]RU[Crawford]EV[Open]RO[Final]PC[Monte Carlo]DT[2026-07-30]\n;B[43lplo]\n;W[51mhxw])\n',
    );
    expect(rowOf(sgf, 'x.sgf')).toMatchObject({
      format: 'sgf',
      event: 'Open',
      round: 'Final',
      site: 'Monte Carlo',
      date: '2026.07.30',
      time: null,
      match_id: null,
      ending: 'abandoned',
    });
  });

  it('SGF: WR and BR are the ratings as written (White side 0), the names unchanged', () => {
    const row = rowOf(fixture('sgf', 'gnubg-matchinfo-escaped-names.sgf'), 'x.sgf');
    expect(row).toMatchObject({ player0: 'Jörg Müller', player1: "O'Brien ] \\ x" });
    expect([row.rating0, row.rating1]).toEqual(['1500 (12 exp)', '1600']);
    const one = new TextEncoder().encode(
      '(;FF[4]GM[6]CA[UTF-8]MI[length:1][game:0][ws:0][bs:0]PW[Anna]PB[Boris]BR[1702]RU[Crawford]\n;B[43lplo]\n;W[51mhxw])\n',
    );
    expect(rowOf(one, 'y.sgf')).toMatchObject({ player0: 'Anna', rating0: null, rating1: '1702' });
  });

  it("GridGammon: the rating after a name (charlot1,1650) is the rating; the name is the name's", () => {
    const bytes = fixture('mat', 'bbgt-two-matches-gridgammon-ratings.mat');
    expect(rowOf(bytes, 'g.mat', 0)).toMatchObject({ player0: 'charlot1', rating0: null, rating1: null });
    expect(rowOf(bytes, 'g.mat', 1)).toMatchObject({
      player0: 'charlot1',
      player1: 'charlot2',
      rating0: '1650',
      rating1: '1702',
    });
    const half = fixtureText('scoring', 'crawford-double.mat').replace('Boris :', 'Boris,1834 :');
    expect(half).toContain('Boris,1834 :');
    expect(rowOf(new TextEncoder().encode(half), 'h.mat')).toMatchObject({
      player1: 'Boris',
      rating0: null,
      rating1: '1834',
    });
  });

  it('a file that cannot be read: one row, status unreadable, its findings counted', () => {
    const row = rowOf(fixture('mat', 'broken', 'binary.mat'), 'b.mat');
    expect(row).toMatchObject({ file: 'b.mat', match: null, games: 0, errors: 1, status: 'unreadable' });
    expect(row.findings).toBe('parse-error');
  });

  it('a header that a spreadsheet would run as a formula is written as text', () => {
    const text = '; [Site "=HYPERLINK(1)"]\n; [Event "+1"]\n' + fixtureText('scoring', 'crawford-double.mat');
    const csv = renderMatchCsvRows(auditFile(new TextEncoder().encode(text), 'h.mat', asked));
    expect(csv).toContain(`"'=HYPERLINK(1)","'+1"`);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data[0];
    expect(parsed[MATCH_CSV_COLUMNS.indexOf('site')]).toBe("'=HYPERLINK(1)");
    expect(parsed[MATCH_CSV_COLUMNS.indexOf('event')]).toBe("'+1");
  });
});

describe('the command line', () => {
  it('csv --per match: the header row, then one row per match', async () => {
    const { code, stdout } = await cli(
      'csv',
      '--per',
      'match',
      '--jobs',
      '1',
      join(FIXTURES, 'mat', 'bbgt-two-matches-gridgammon-ratings.mat'),
    );
    expect(code).toBe(0);
    const rows = Papa.parse<Record<string, string>>(stdout, { header: true, skipEmptyLines: true });
    expect(rows.meta.fields).toEqual([...MATCH_CSV_COLUMNS]);
    expect(rows.data.map((r) => r.match)).toEqual(['1', '2']);
  });

  it('verify --per match without --csv is a usage error', async () => {
    const r = await cli('verify', '--per', 'match', join(FIXTURES, 'scoring', 'crawford-double.mat'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--per match goes with --csv FILE');
  });
});
