// Per-game rows (docs/output.md), RFC 4180 quoting, header row first.
//
// CSV injection (OWASP): a text cell that starts with `=`, `+`, `-`, `@`, a tab or a CR is read
// by spreadsheets as a formula (`=HYPERLINK(...)` in a player name or a file name). Such a cell is
// written quoted with a `'` in front, which spreadsheets take as "this is text"; so is a cell
// that starts with `'`s before one of them, so that the `'` added is always the first one. Only string
// cells are touched: the numbers are ours and written as they are (cube_owner -1 is a number).
// Of the string cells only file, player0, player1 and winner_name come from the input (and, in the
// per-match CSV, the writer's headers: site, event, date, round, match_id, rating0, rating1); the
// others (rules, termination, outcome_name, status, findings, ending…) are our own words and never
// start with one of those characters. Every string cell is checked all the same. The pattern has
// no `s` flag and needs none: it looks at the first character only (papaparse's own
// `escapeFormulae: true`, /^[=+\-@\t\r].*$/, misses `=1+1\nx`: a file name may hold a line break).
//
// The rows are written by `csvCell`/`csvLine` below, not by papaparse's `unparse` (which wrote them
// until the 18 statistics columns made it most of the per-game CSV's time): the same bytes as
// papaparse 5.7's `unparse` with `escapeFormulae: FORMULA` (test/report/csv-writer.test.ts
// compares the two cell by cell).
// The per-match rows (`csv --per match`) follow the per-game ones in this file.
import type {
  AuditedMatch,
  CubeTurn,
  FileReport,
  Finding,
  GameStats,
  GameVerdict,
  MatchReport,
  Severity,
} from '../core/model.js';
import type { Sink, Write } from './reporter.js';
import { itemAt } from '../core/at.js';
import { FORMULA } from './formula.js';

export const CSV_COLUMNS = [
  'file',
  'match',
  'game',
  'player0',
  'player1',
  'length',
  'rules',
  'start_score0',
  'start_score1',
  'crawford',
  'post_crawford',
  'cube',
  'cube_owner',
  'doubles',
  'termination',
  'winner',
  'winner_name',
  'outcome',
  'outcome_name',
  'points_recorded',
  'points_nominal',
  'points_credited',
  'status',
  'findings',
  'line',
  'variant',
  'recorded_length',
  'rolls0',
  'rolls1',
  'doublets0',
  'doublets1',
  'pips_rolled0',
  'pips_rolled1',
  'cube_turns0',
  'cube_turns1',
  'takes0',
  'takes1',
  'drops0',
  'drops1',
  'pips_start0',
  'pips_start1',
  'pips_end0',
  'pips_end1',
  'cube_log',
  'final_xgid',
  'duplicate_of',
] as const;

/**
 * A text cell written quoted (as papaparse 5.7 quotes): it holds a quote, the delimiter, a CR, an
 * LF or a byte order mark, or starts or ends with a space.
 */
const NEEDS_QUOTES = /[",\r\n\ufeff]|^ | $/;

/** A cell's value. */
export type Cell = string | number | boolean | null | undefined;

/**
 * One cell as papaparse 5.7's `unparse` writes it with `escapeFormulae: FORMULA`: empty for null,
 * numbers and booleans as they are, text quoted when it needs it (a quote doubled), a formula
 * quoted with a `'` in front.
 */
export function csvCell(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'string') return String(v);
  if (FORMULA.test(v)) return `"'${v.includes('"') ? v.replaceAll('"', '""') : v}"`;
  if (!NEEDS_QUOTES.test(v)) return v;
  return `"${v.includes('"') ? v.replaceAll('"', '""') : v}"`;
}

/** One row of `columns` (each cell by `csvCell`), ending in CRLF. */
export function csvLine(row: Readonly<Record<string, Cell>>, columns: readonly string[]): string {
  let line = csvCell(row[itemAt(columns, 0)]);
  for (let i = 1; i < columns.length; i++) line += ',' + csvCell(row[itemAt(columns, i)]);
  return line + '\r\n';
}

type Row = Record<(typeof CSV_COLUMNS)[number], Cell>;

/** Each finding code once, in order of first appearance. */
function codesOf(findings: Finding[]): string {
  if (findings.length === 0) return '';
  if (findings.length === 1) return itemAt(findings, 0).code;
  return [...new Set(findings.map((f) => f.code))].join(';');
}

/** Where the match was first met when it repeats an earlier one (`duplicate-match`), as `FILE#MATCH`; else null. */
export function duplicateOf(findings: readonly Finding[]): string | null {
  for (const f of findings) {
    if (f.code === 'duplicate-match' && f.expected !== undefined) return `${f.expected.file}#${f.expected.match}`;
  }
  return null;
}

/** The `rules` cell: the rule set's name, with ` money` for a money session. */
function rulesCell(r: AuditedMatch): string {
  return `${r.rules.name}${r.length === 0 ? ' money' : ''}`;
}

/** The `recorded_length` cell: the length as written, which is the one applied unless it says otherwise. */
function recordedLength(r: AuditedMatch): number | null {
  return r.recordedLength === undefined ? r.length : r.recordedLength;
}

function gameRow(r: AuditedMatch, g: GameVerdict, duplicate: string | null): Row {
  const start = g.startScore.recorded ?? g.startScore.computed;
  return {
    file: r.file,
    match: r.match,
    game: g.game,
    player0: r.players[0],
    player1: r.players[1],
    length: r.length,
    rules: rulesCell(r),
    start_score0: start?.[0] ?? null,
    start_score1: start?.[1] ?? null,
    crawford: g.crawford,
    post_crawford: g.postCrawford,
    cube: g.cube?.value ?? null,
    cube_owner: g.cube ? g.cube.owner : null,
    doubles: g.doubles,
    termination: g.termination,
    winner: g.winner,
    winner_name: g.winner === null ? null : r.players[g.winner],
    outcome: g.outcome,
    outcome_name: g.outcomeName,
    points_recorded: g.points.recorded,
    points_nominal: g.points.nominal,
    points_credited: g.points.credited,
    status: g.findings.some((f) => f.severity === 'error') ? 'mismatch' : 'ok',
    findings: codesOf(g.findings),
    line: g.line,
    variant: r.rules.variant,
    recorded_length: recordedLength(r),
    ...statsCells(g.stats),
    final_xgid: g.final?.xgid ?? null,
    duplicate_of: duplicate,
  };
}

/** A game's statistics as cells (empty when the audit was not asked for them). */
function statsCells(s: GameStats | undefined) {
  return {
    rolls0: s?.rolls[0] ?? null,
    rolls1: s?.rolls[1] ?? null,
    doublets0: s?.doublets[0] ?? null,
    doublets1: s?.doublets[1] ?? null,
    pips_rolled0: s?.pipsRolled[0] ?? null,
    pips_rolled1: s?.pipsRolled[1] ?? null,
    cube_turns0: s?.cubeTurns[0] ?? null,
    cube_turns1: s?.cubeTurns[1] ?? null,
    takes0: s?.takes[0] ?? null,
    takes1: s?.takes[1] ?? null,
    drops0: s?.drops[0] ?? null,
    drops1: s?.drops[1] ?? null,
    pips_start0: s?.pipsStart[0] ?? null,
    pips_start1: s?.pipsStart[1] ?? null,
    pips_end0: s?.pipsEnd[0] ?? null,
    pips_end1: s?.pipsEnd[1] ?? null,
    cube_log: s ? cubeLogText(s.cubeLog) : null,
  };
}

/** The cube log as one cell: `roll:side:value:response:pips0-pips1` per cube turn, joined by `;`. */
function cubeLogText(log: readonly CubeTurn[]): string {
  let text = '';
  for (let k = 0; k < log.length; k++) {
    const t = itemAt(log, k);
    text += `${k === 0 ? '' : ';'}${t.roll}:${t.side}:${t.value ?? '?'}:${t.response ?? 'none'}:${itemAt(t.pips, 0)}-${itemAt(t.pips, 1)}`;
  }
  return text;
}

function unreadableRow(r: FileReport): Row {
  const row = Object.fromEntries(CSV_COLUMNS.map((c) => [c, null])) as Row;
  return {
    ...row,
    file: r.file,
    // The results file's report (verify --results) is read: its row says whether the pairing found errors.
    status: r.format !== 'results' ? 'unreadable' : hasError(r.findings) ? 'mismatch' : 'ok',
    findings: codesOf(r.findings),
    line: r.findings[0]?.line ?? null,
  };
}

export function csvRows(r: MatchReport): Row[] {
  if (r.match === null) return [unreadableRow(r)];
  const duplicate = duplicateOf(r.findings); // once a match: a file may hold 100,000 games
  return r.games.map((g) => gameRow(r, g, duplicate));
}

// ---- one row per match (`csv --per match`) ------------------------------------------------------

export const MATCH_CSV_COLUMNS = [
  'file',
  'match',
  'format',
  'player0',
  'player1',
  'site',
  'event',
  'date',
  'time',
  'round',
  'match_id',
  'rating0',
  'rating1',
  'rules',
  'variant',
  'length',
  'recorded_length',
  'games',
  'final_score0',
  'final_score1',
  'winner',
  'winner_name',
  'ending',
  'crawford_game',
  'errors',
  'warnings',
  'status',
  'findings',
  'line',
  'duplicate_of',
] as const;

type MatchRow = Record<(typeof MATCH_CSV_COLUMNS)[number], Cell>;

/**
 * A match's row, the summary's cells empty when the audit was not asked for it; a file that cannot
 * be read gives one row with status `unreadable`.
 */
export function matchCsvRow(r: MatchReport): MatchRow {
  const count = (severity: Severity) => r.findings.filter((f) => f.severity === severity).length;
  if (r.match === null) {
    const row = Object.fromEntries(MATCH_CSV_COLUMNS.map((c) => [c, null])) as MatchRow;
    return {
      ...row,
      file: r.file,
      format: r.format,
      games: 0,
      errors: count('error'),
      warnings: count('warning'),
      // The results file's report (verify --results) is read: its row says whether the pairing found errors.
      status: r.format !== 'results' ? 'unreadable' : hasError(r.findings) ? 'mismatch' : 'ok',
      findings: codesOf(r.findings),
      line: r.findings[0]?.line ?? null,
    };
  }
  const s = r.summary;
  return {
    file: r.file,
    match: r.match,
    format: r.format,
    player0: r.players[0],
    player1: r.players[1],
    site: s?.site ?? null,
    event: s?.event ?? null,
    date: s?.date ?? null,
    time: s?.time ?? null,
    round: s?.round ?? null,
    match_id: s?.matchId ?? null,
    rating0: s?.ratings[0] ?? null,
    rating1: s?.ratings[1] ?? null,
    rules: rulesCell(r),
    variant: r.rules.variant,
    length: r.length,
    recorded_length: recordedLength(r),
    games: r.games.length,
    final_score0: s?.finalScore?.[0] ?? null,
    final_score1: s?.finalScore?.[1] ?? null,
    winner: s?.winner ?? null,
    winner_name: s === undefined || s.winner === null ? null : r.players[s.winner],
    ending: s?.ending ?? null,
    crawford_game: s?.crawfordGame ?? null,
    errors: count('error'),
    warnings: count('warning'),
    status: hasError(r.findings) ? 'mismatch' : 'ok',
    findings: codesOf(r.findings),
    line: s?.line ?? null,
    duplicate_of: duplicateOf(r.findings),
  };
}

/** One file's rows, each ending in CRLF ('' for none); a row is written as it is made. */
export function renderCsvRows(reports: MatchReport[]): string {
  // The rows joined at the end: one flat string. A row made by `+` is a tree of some ninety
  // pieces; kept until the worker's batch is sent, such trees outlive the young generation and
  // cost the collector more than the rows cost to make.
  const rows: string[] = [];
  for (const r of reports) {
    if (r.match === null) {
      rows.push(csvLine(unreadableRow(r), CSV_COLUMNS));
      continue;
    }
    if (r.games.length === 0) continue;
    // The cells every game of the match shares, written once a match.
    const head = csvCell(r.file) + ',' + csvCell(r.match) + ',';
    const players =
      ',' +
      csvCell(r.players[0]) +
      ',' +
      csvCell(r.players[1]) +
      ',' +
      csvCell(r.length) +
      ',' +
      csvCell(rulesCell(r)) +
      ',';
    const kind = csvCell(r.rules.variant) + ',' + csvCell(recordedLength(r)) + ',';
    const duplicate = ',' + csvCell(duplicateOf(r.findings)) + '\r\n';
    for (const g of r.games) rows.push(head + gameLine(r, g, players, kind) + duplicate);
  }
  return rows.join('');
}

/** A number cell ('' for none): `csvCell` of a number or null, without its type tests. */
function num(v: number | null | undefined): string {
  return v === null || v === undefined ? '' : String(v);
}

/**
 * A game's row from `game` to `final_xgid` (the columns of `gameRow`, in `CSV_COLUMNS` order),
 * written straight from the verdict: no row object. `players` holds player0 … rules with the
 * commas around them, `kind` variant and recorded_length with the comma after them.
 */
function gameLine(r: AuditedMatch, g: GameVerdict, players: string, kind: string): string {
  const start = g.startScore.recorded ?? g.startScore.computed;
  const cube = g.cube;
  const winner = g.winner;
  const line =
    num(g.game) +
    players +
    num(start?.[0]) +
    ',' +
    num(start?.[1]) +
    ',' +
    csvCell(g.crawford) +
    ',' +
    csvCell(g.postCrawford) +
    ',' +
    num(cube?.value) +
    ',' +
    num(cube?.owner) +
    ',' +
    num(g.doubles) +
    ',' +
    csvCell(g.termination) +
    ',' +
    num(winner) +
    ',' +
    (winner === null ? '' : csvCell(r.players[winner])) +
    ',' +
    csvCell(g.outcome) +
    ',' +
    csvCell(g.outcomeName) +
    ',' +
    num(g.points.recorded) +
    ',' +
    num(g.points.nominal) +
    ',' +
    num(g.points.credited) +
    ',' +
    (hasError(g.findings) ? 'mismatch' : 'ok') +
    ',' +
    csvCell(codesOf(g.findings)) +
    ',' +
    num(g.line) +
    ',' +
    kind;
  return line + statsText(g.stats) + ',' + csvCell(g.final?.xgid ?? null);
}

/** The statistics cells, rolls0 … cube_log (`statsCells`' values), with no comma after them. */
function statsText(s: GameStats | undefined): string {
  return s === undefined
    ? ',,,,,,,,,,,,,,,,' // 17 empty cells, rolls0 … cube_log
    : num(s.rolls[0]) +
        ',' +
        num(s.rolls[1]) +
        ',' +
        num(s.doublets[0]) +
        ',' +
        num(s.doublets[1]) +
        ',' +
        num(s.pipsRolled[0]) +
        ',' +
        num(s.pipsRolled[1]) +
        ',' +
        num(s.cubeTurns[0]) +
        ',' +
        num(s.cubeTurns[1]) +
        ',' +
        num(s.takes[0]) +
        ',' +
        num(s.takes[1]) +
        ',' +
        num(s.drops[0]) +
        ',' +
        num(s.drops[1]) +
        ',' +
        num(s.pipsStart[0]) +
        ',' +
        num(s.pipsStart[1]) +
        ',' +
        num(s.pipsEnd[0]) +
        ',' +
        num(s.pipsEnd[1]) +
        ',' +
        csvCell(cubeLogText(s.cubeLog));
}

function hasError(findings: Finding[]): boolean {
  for (const f of findings) if (f.severity === 'error') return true;
  return false;
}

/** One file's rows of the per-match CSV. */
export function renderMatchCsvRows(reports: MatchReport[]): string {
  let out = '';
  for (const r of reports) out += csvLine(matchCsvRow(r), MATCH_CSV_COLUMNS);
  return out;
}

/** The header row at once (of the per-game or the per-match CSV), then each file's rows. */
export function csvSink(write: Write, per: 'game' | 'match' = 'game'): Sink {
  const columns: readonly string[] = per === 'game' ? CSV_COLUMNS : MATCH_CSV_COLUMNS;
  write(csvLine(Object.fromEntries(columns.map((c) => [c, c])), columns));
  return {
    add: (rows) => {
      if (rows) write(rows);
    },
    piece: (rows) => write(rows),
    pieced: () => {},
    end: () => {},
  };
}
