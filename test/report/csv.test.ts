import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import type { Finding, GameVerdict, MatchReport } from '../../src/core/model.js';
import { CSV_COLUMNS, MATCH_CSV_COLUMNS, csvRows, csvSink, renderCsvRows } from '../../src/report/csv.js';
import { CORPUS, FIXTURES, cli, fixture, fixtureText, reportsIn } from '../helpers.js';

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

/**
 * The round trip: the CSV files `verify --csv FILE` writes (per game and per match) read
 * back with papaparse to the values of the JSON report of the same run, column by column, mapped
 * here from the JSON's fields apart from the writer.
 */
describe('every CSV written reads back to the JSON report’s values', () => {
  const cell = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    const s = String(v);
    return typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  };
  const codes = (fs: Finding[]) => [...new Set(fs.map((f) => f.code))].join(';');
  const rulesWord = (r: MatchReport) => (r.rules ? `${r.rules.name}${r.length === 0 ? ' money' : ''}` : null);
  const pair = (name: string, v: [number, number] | undefined) => ({ [`${name}0`]: v?.[0], [`${name}1`]: v?.[1] });

  function gameColumns(r: MatchReport, g: GameVerdict): Record<string, unknown> {
    const start = g.startScore.recorded ?? g.startScore.computed;
    const s = g.stats;
    return {
      file: r.file,
      match: r.match,
      game: g.game,
      player0: r.players?.[0],
      player1: r.players?.[1],
      length: r.length,
      rules: rulesWord(r),
      start_score0: start?.[0],
      start_score1: start?.[1],
      crawford: g.crawford,
      post_crawford: g.postCrawford,
      cube: g.cube?.value,
      cube_owner: g.cube?.owner,
      doubles: g.doubles,
      termination: g.termination,
      winner: g.winner,
      winner_name: g.winner === null ? null : r.players?.[g.winner],
      outcome: g.outcome,
      outcome_name: g.outcomeName,
      points_recorded: g.points.recorded,
      points_nominal: g.points.nominal,
      points_credited: g.points.credited,
      status: g.findings.some((f) => f.severity === 'error') ? 'mismatch' : 'ok',
      findings: codes(g.findings),
      line: g.line,
      variant: r.rules?.variant,
      recorded_length: 'recordedLength' in r ? r.recordedLength : r.length,
      ...pair('rolls', s?.rolls),
      ...pair('doublets', s?.doublets),
      ...pair('pips_rolled', s?.pipsRolled),
      ...pair('cube_turns', s?.cubeTurns),
      ...pair('takes', s?.takes),
      ...pair('drops', s?.drops),
      ...pair('pips_start', s?.pipsStart),
      ...pair('pips_end', s?.pipsEnd),
      cube_log: s?.cubeLog
        .map((t) => [t.roll, t.side, t.value ?? '?', t.response ?? 'none', `${t.pips[0]}-${t.pips[1]}`].join(':'))
        .join(';'),
      final_xgid: g.final?.xgid,
      duplicate_of: duplicateOf(r),
    };
  }

  /** The JSON's duplicate-match finding as the CSV writes it: FILE#MATCH. */
  function duplicateOf(r: MatchReport): string | undefined {
    const e = r.findings.find((f) => f.code === 'duplicate-match')?.expected as
      { file: string; match: number } | undefined;
    return e && `${e.file}#${e.match}`;
  }

  function matchColumns(r: MatchReport): Record<string, unknown> {
    const s = r.match === null ? undefined : r.summary;
    const bySeverity = (severity: string) => r.findings.filter((f) => f.severity === severity).length;
    return {
      file: r.file,
      match: r.match,
      format: r.format,
      player0: r.players?.[0],
      player1: r.players?.[1],
      site: s?.site,
      event: s?.event,
      date: s?.date,
      time: s?.time,
      round: s?.round,
      match_id: s?.matchId,
      rating0: s?.ratings[0],
      rating1: s?.ratings[1],
      rules: rulesWord(r),
      variant: r.rules?.variant,
      length: r.length,
      recorded_length: 'recordedLength' in r ? r.recordedLength : r.length,
      games: r.games.length,
      final_score0: s?.finalScore?.[0],
      final_score1: s?.finalScore?.[1],
      winner: s?.winner,
      winner_name: s?.winner === undefined || s.winner === null ? null : r.players?.[s.winner],
      ending: s?.ending,
      crawford_game: s?.crawfordGame,
      errors: bySeverity('error'),
      warnings: bySeverity('warning'),
      status: r.match === null ? 'unreadable' : r.findings.some((f) => f.severity === 'error') ? 'mismatch' : 'ok',
      findings: codes(r.findings),
      line: r.match === null ? r.findings[0]?.line : s?.line,
      duplicate_of: duplicateOf(r),
    };
  }

  const asCells = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, cell(v)]));
  const readCsv = (path: string) => {
    const parsed = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    return parsed;
  };
  const paths = [FIXTURES, join(CORPUS, 'gnubg-generated')];

  it('per game: every column, the statistics included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgaudit-csv-roundtrip-'));
    try {
      const out = join(dir, 'games.csv');
      const { stdout } = await cli('verify', ...paths, '--format', 'ndjson', '--quiet', '--csv', out);
      const reports = reportsIn(stdout);
      const parsed = readCsv(out);
      expect(parsed.meta.fields).toEqual([...CSV_COLUMNS]);
      const expected = reports.flatMap((r) =>
        r.match === null
          ? [{ ...asCells(Object.fromEntries(CSV_COLUMNS.map((c) => [c, null]))), ...asCells(unreadable(r)) }]
          : r.games.map((g) => asCells(gameColumns(r, g))),
      );
      expect(parsed.data).toEqual(expected);
      expect(parsed.data.length).toBeGreaterThan(200);
      expect(parsed.data.filter((row) => row.cube_log !== '').length).toBeGreaterThan(20);
      expect(reports.every((r) => r.games.every((g) => g.stats !== undefined))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('per match: every column, the writer’s headers and the ending included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bgaudit-csv-roundtrip-'));
    try {
      const out = join(dir, 'matches.csv');
      const { stdout } = await cli('verify', ...paths, '--format', 'ndjson', '--quiet', '--csv', out, '--per', 'match');
      const reports = reportsIn(stdout);
      const parsed = readCsv(out);
      expect(parsed.meta.fields).toEqual([...MATCH_CSV_COLUMNS]);
      expect(parsed.data).toEqual(reports.map((r) => asCells(matchColumns(r))));
      const endings = new Set(parsed.data.map((row) => row.ending));
      for (const e of ['played-out', 'abandoned', 'money', '']) expect(endings).toContain(e);
      expect(parsed.data.some((row) => row.site !== '' && row.match_id !== '' && row.rating0 !== '')).toBe(true);
      // The statistics are not counted for a per-match CSV, nor the summary for a per-game one.
      expect(reports.some((r) => r.games.some((g) => g.stats !== undefined))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** The cells of a file that cannot be read (per game). */
  function unreadable(r: MatchReport): Record<string, unknown> {
    return { file: r.file, status: 'unreadable', findings: codes(r.findings), line: r.findings[0]?.line };
  }
});
