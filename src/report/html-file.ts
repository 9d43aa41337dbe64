// One file's part of the HTML report, rendered in the worker that audited the file,
// where its text still is. Pure. The main thread (html.ts) only places the parts in the page.
//
// A file with findings gives, in order:
// - one <tr> per finding: data-code, data-severity, data-file, and the cells file, match,
//   game, line:column, severity, code, message;
// - one <script type="application/json" data-evidence> with what each finding opens to: its
//   line and column, the record's lines around it (each cut to MAX_LINE characters, the cut
//   said), its position's IDs, recorded action, legal play, recorded and expected values, and
//   the index of its board;
// - one <script type="text/plain" data-boards> holding the file's boards, one SVG per line,
//   drawn by board-svg.ts. Raw text: the browser keeps it as a string, builds no element of it,
//   and draws a board only when its finding is opened. Findings at the same position (a
//   result's findings at the game's final position) share one board; a file draws at most
//   MAX_BOARDS (a file of 100,000 findings must not make a page of half a gigabyte).
// A file that could not be read at all starts with UNREADABLE, its line for the summary's list
// of unreadable files, and UNREADABLE again. A file with no finding gives ''.
import type { Finding, FindingPosition, MatchReport } from '../core/model.js';
import { fixInWords } from '../fix/words.js';
import { boardSvg, boardViewFromIds, type BoardView } from './board-svg.js';
import type { Evidence, FileEvidence, Piece } from './html-evidence.js';
import { jsonForScript, shown } from './html-escape.js';
import { printable } from './escape.js';
import { itemAt } from '../core/at.js';
import { plural } from '../core/words.js';

/** Frames a file's entry for the list of unreadable files (a control character: never in the page's own text). */
export const UNREADABLE = '\x01';
/** Distinct boards drawn for one file; its other findings show their IDs. */
export const MAX_BOARDS = 500;
/** Lines shown before and after a finding's line. */
const CONTEXT = 3;
/** Characters shown of a source line; a longer one is cut (around the finding's column on its own line). */
export const MAX_LINE = 160;
/** Characters kept of a recorded or expected value. */
const MAX_VALUE = 200;

function piece(text: string, from = 0): Piece {
  const clean = printable(text.replace(/\t/g, ' '));
  if (clean.length <= MAX_LINE) return clean;
  const start = Math.max(0, Math.min(from, clean.length - MAX_LINE));
  return [clean.slice(start, start + MAX_LINE), start, clean.length];
}

/** Offsets of the lines of `text` (1-based: starts[n - 1] is where line n begins). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(text: string, starts: number[], n: number): string {
  const end = n < starts.length ? itemAt(starts, n) - 1 : text.length;
  return text.slice(starts[n - 1], end);
}

function valueText(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > MAX_VALUE ? s.slice(0, MAX_VALUE) + '…' : s;
}

/**
 * `first met in a.mat, match 2 (1 error of its own); the copies differ at line 14`: words, not
 * JSON. Where they differ is said only when it is known (copies in two formats are not compared
 * line by line: the message says what they share).
 */
function firstCopyText(
  c: NonNullable<Extract<Finding, { code: 'duplicate-match' }>['expected']>,
  unit: 'line' | 'record',
): string {
  const errors = c.errors === 0 ? 'no error of its own' : `${plural(c.errors, 'error')} of its own`;
  const differs = c.differsAt === null ? '' : `; the copies differ at ${unit} ${c.differsAt}`;
  return `first met in ${c.file}, match ${c.match} (${errors})${differs}`;
}

/** Moves of a play in the usual notation (`13/8 6/5*`, `bar/22`, `6/off`, `13/7(2)`), or null when it is not one. */
export function playMoves(text: string): [number, number][] | null {
  const body = text.replace(/^\s*\d\d:\s*/, '').trim();
  if (body === '') return null;
  const moves: [number, number][] = [];
  for (const token of body.split(/\s+/)) {
    const m = /^((?:bar|\d{1,2})(?:\/(?:bar|off|\d{1,2})\*?)+)(?:\(([1-4])\))?$/i.exec(token);
    if (!m) return null;
    const points = itemAt(m, 1)
      .replace(/\*/g, '')
      .split('/')
      .map((p) => (/^bar$/i.test(p) ? 25 : /^off$/i.test(p) ? 0 : Number(p)));
    if (points.some((p) => p > 25)) return null;
    for (let r = 0; r < Number(m[2] ?? 1); r++)
      for (let k = 0; k + 1 < points.length; k++) moves.push([itemAt(points, k), itemAt(points, k + 1)]);
  }
  return moves;
}

/** The board of a finding's position, with the recorded and the legal play of an illegal move drawn. */
function boardOf(r: MatchReport, f: Finding, p: FindingPosition): string {
  const names = r.players ?? ['', ''];
  const view: BoardView = boardViewFromIds(
    { positionId: p.positionId, matchId: p.matchId, dice: p.dice },
    r.rules?.variant ?? 'backgammon',
    names,
    p.onRoll,
  );
  if (f.code === 'illegal-move') {
    const plays: NonNullable<BoardView['plays']> = [];
    const recorded = playMoves(p.recorded);
    if (recorded) plays.push({ side: p.onRoll, kind: 'recorded', moves: recorded });
    const legal = f.legalPlay === undefined ? null : playMoves(f.legalPlay);
    if (legal) plays.push({ side: p.onRoll, kind: 'legal', moves: legal });
    view.plays = plays;
  }
  const title = `${r.match !== null && r.match > 1 ? `Match ${r.match}, game` : 'Game'} ${f.game ?? '?'}`;
  return boardSvg(view, { title }).replace(/\n/g, ' ');
}

/** Collects the boards of one file: each distinct one once, at most MAX_BOARDS. */
class Boards {
  readonly svgs: string[] = [];
  private readonly index = new Map<string, number>();

  add(r: MatchReport, f: Finding, p: FindingPosition): number {
    const plays = f.code === 'illegal-move' ? `${p.recorded}\n${f.legalPlay ?? ''}` : '';
    const key = `${r.match}\n${f.game}\n${p.positionId}\n${p.matchId}\n${p.dice?.join(',') ?? ''}\n${p.onRoll}\n${plays}`;
    const known = this.index.get(key);
    if (known !== undefined) return known;
    if (this.svgs.length >= MAX_BOARDS) return -1;
    const svg = boardOf(r, f, p);
    // Raw text in a <script> in a <noscript>: board-svg escapes every text it draws, so none of
    // these can occur; checked all the same.
    if (/<\/script|<\/noscript|<!--/i.test(svg)) return -1;
    this.index.set(key, this.svgs.length);
    this.svgs.push(svg);
    return this.svgs.length - 1;
  }
}

/** The evidence of one finding; the lines it needs are added to `lines`. */
function evidenceOf(
  r: MatchReport,
  f: Finding,
  source: { text: string; starts: number[] } | null,
  lines: Record<number, Piece>,
  boards: Boards,
): Evidence {
  const e: Evidence = {};
  // A binary file's record is its listing's line (read/record-places.ts): the panel shows the game as a move list.
  const line = f.line ?? f.record;
  if (line !== undefined) {
    e.l = line;
    if (f.column !== undefined) e.c = f.column;
    if (source && line >= 1 && line <= source.starts.length) {
      const last = Math.min(source.starts.length, line + CONTEXT);
      for (let n = Math.max(1, line - CONTEXT); n <= last; n++)
        lines[n] ??= piece(lineOf(source.text, source.starts, n));
      const own = lines[line];
      if (own !== undefined && typeof own !== 'string' && f.column !== undefined && f.column > own[0].length - 20)
        e.w = piece(lineOf(source.text, source.starts, line), f.column - 1 - MAX_LINE / 2);
    }
  }
  const p = f.position;
  if (p) {
    e.b = boards.add(r, f, p);
    e.pos = {
      id: p.positionId,
      mid: p.matchId,
      xgid: p.xgid,
      dice: p.dice,
      rec: printable(valueText(p.recorded) ?? ''),
    };
  }
  if (f.legalPlay !== undefined) e.lp = printable(f.legalPlay);
  if (f.fix !== undefined) e.fx = printable(fixInWords(f.fix));
  const rv = valueText(f.recorded);
  if (rv !== undefined) e.rv = printable(rv);
  // A duplicate's first copy in words; any other value as it is written.
  const ev =
    f.code === 'duplicate-match' && f.expected !== undefined
      ? // A binary file's finding has a record and no line (read/record-places.ts).
        firstCopyText(f.expected, f.line === undefined && f.record !== undefined ? 'record' : 'line')
      : valueText(f.expected);
  if (ev !== undefined) e.ev = printable(ev);
  return e;
}

function row(r: MatchReport, f: Finding): string {
  const file = shown(r.file);
  const where =
    f.line !== undefined
      ? f.column === undefined
        ? `${f.line}`
        : `${f.line}:${f.column}`
      : f.move !== undefined
        ? `move ${f.move}`
        : f.record !== undefined
          ? `record ${f.record}`
          : '';
  return (
    `<tr data-code="${f.code}" data-severity="${f.severity}" data-file="${file}">` +
    `<td class="fl">${file}</td><td>${r.match ?? ''}</td><td>${f.game ?? ''}</td><td>${where}</td>` +
    `<td><span class="sv ${f.severity}">${f.severity}</span></td><td><code>${f.code}</code></td><td>${shown(f.message)}</td></tr>`
  );
}

/** The entry of a file that could not be read, for the summary: its path and the first finding's message. */
function unreadableEntry(r: MatchReport): string {
  const f = itemAt(r.findings, 0);
  return `<li><span class="fl">${shown(r.file)}</span> <code>${f.code}</code> ${shown(f.message)}</li>`;
}

/** One file's rows, evidence and boards ('' when it has no finding); `text` is the file's decoded text, when it could be read. */
export function renderHtmlFile(reports: MatchReport[], text?: string): string {
  const rows: string[] = [];
  const evidence: Evidence[] = [];
  const lines: Record<number, Piece> = {};
  const boards = new Boards();
  let source: { text: string; starts: number[] } | null = null;
  for (const r of reports) {
    for (const f of r.findings) {
      if (source === null && text !== undefined && (f.line ?? f.record) !== undefined)
        source = { text, starts: lineStarts(text) };
      rows.push(row(r, f));
      evidence.push(evidenceOf(r, f, source, lines, boards));
    }
  }
  if (rows.length === 0) return '';
  const first = itemAt(reports, 0);
  const head =
    reports.length === 1 && first.match === null && first.format !== 'results' && first.findings.length > 0
      ? UNREADABLE + unreadableEntry(first) + UNREADABLE
      : '';
  return (
    head +
    rows.join('') +
    `<script type="application/json" data-evidence>${jsonForScript({ lines, f: evidence } satisfies FileEvidence)}</script>` +
    (boards.svgs.length > 0 ? `<script type="text/plain" data-boards>${boards.svgs.join('\n')}</script>` : '')
  );
}
