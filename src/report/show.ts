// `bgaudit show`: each game's final position as a board, its IDs, the cube, how it ended.
// The path, the names and the messages are printed through printable(): nothing from a file
// reaches the terminal raw.
import type {
  AuditedMatch,
  FileReport,
  Finding,
  FindingPosition,
  GameVerdict,
  LineBoard,
  LineMoment,
  MatchReport,
  Variant,
} from '../core/model.js';
import { boardDiagram } from './board.js';
import { boardSvg, boardViewFromIds, type BoardView } from './board-svg.js';
import { printable } from './escape.js';
import { aOrAn, plural } from '../core/words.js';
import { FINDING_CODES } from '../core/findings.js';
import { itemAt } from '../core/at.js';
import { formatOf, placeUnitOf } from '../formats/index.js';
import { grouped } from '../../grammars/numbers.js';

function points(n: number | null): string {
  return n === null ? '?' : plural(n, 'point');
}

function ending(g: GameVerdict, names: [string, string]): string {
  const cube = g.cube
    ? `Cube ${g.cube.value}${g.cube.owner === -1 ? ', centred' : `, owned by ${names[g.cube.owner]}`}.`
    : '';
  if (g.termination === null)
    return `${cube} The replay stopped before the end; the record gives ${g.winner === null ? 'no winner' : names[g.winner]} ${points(g.points.recorded)}.`;
  if (g.termination === 'unfinished') return `${cube} The game is unfinished.`;
  if (g.termination === 'forfeit')
    return `${cube} ${names[g.winner]} wins by forfeit: the ${points(g.points.nominal)} still needed.`;
  const how = { bearoff: 'by bearing off', drop: 'on a dropped double', resign: 'by resignation' }[g.termination];
  const winner = names[g.winner];
  const recorded = g.points.recorded === null ? 'no result recorded' : `recorded ${g.points.recorded}`;
  const credited = g.points.credited !== g.points.nominal ? `, ${points(g.points.credited)} credited` : '';
  return `${cube} ${winner} wins ${how}: a ${g.outcomeName ?? g.outcome}, ${points(g.points.nominal)}${credited} (${recorded}).`;
}

/** The line above a match's games: `file[, match M]: left - right`, then a blank line. */
export function showHeading(file: string, r: AuditedMatch, several: boolean): string {
  const players = r.players.map(printable).join(' - ');
  // The rules and start position when they are not plain backgammon's (nardy, nackgammon, hypergammon).
  const named = [r.rules.name, r.rules.variant].filter((w) => w !== 'backgammon');
  return `${printable(file)}${several ? `, match ${r.match}` : ''}: ${players}${named.length > 0 ? ` (${named.join(', ')})` : ''}\n\n`;
}

/** A file that cannot be read: one `file:line:column: message` line per finding (a binary file's: its record, if any). */
export function showUnreadable(file: string, r: FileReport): string {
  const binary = placeUnitOf(r.format) === 'record';
  const place = (f: Finding) =>
    binary ? (f.record === undefined ? '' : `: record ${f.record}`) : `:${f.line ?? 1}:${f.column ?? 1}`;
  return r.findings.map((f) => `${printable(file)}${place(f)}: ${printable(f.message)}\n`).join('');
}

/**
 * The most games `show` draws at once, over all the matches of a file: a real match has a few
 * dozen, and a file of hundreds of thousands of games would otherwise make one text of gigabytes.
 * The games past it are counted, and `--game` draws any one of them.
 */
export const MAX_GAMES_SHOWN = 500;

export function showMatch(r: AuditedMatch, only?: number, room = MAX_GAMES_SHOWN): string {
  // A side the record does not name: SGF's own words (side 0 is White, PW); a .mat's column.
  const names = namesOf(r);
  const out: string[] = [];
  let drawn = 0;
  for (const g of r.games) {
    if (only !== undefined && g.game !== only) continue;
    if (drawn === room) break;
    drawn++;
    const start = g.startScore.recorded ?? g.startScore.computed;
    const kind =
      r.length === 0 ? 'money session' : r.length === null ? 'match of unknown length' : `${r.length}-point match`;
    const written =
      typeof r.recordedLength === 'number'
        ? ` (written as ${aOrAn(r.recordedLength)} ${r.recordedLength}-point match)`
        : '';
    const flags = g.crawford ? ', Crawford game' : g.postCrawford ? ', post-Crawford' : '';
    const at = `${placeUnitOf(r.format)} ${g.line}`;
    out.push(
      `Game ${g.game} (${at}), ${kind}${written}${start ? `, ${names[0]} ${start[0]} - ${start[1]} ${names[1]} before the game` : ''}${flags}`,
    );
    if (g.final) {
      // The variant's checkers: a hypergammon board has 3 a side, not 15.
      const view = boardViewFromIds(g.final, r.rules.variant, names);
      out.push(diagramOf(view));
      out.push(`  Position ID ${g.final.positionId}   Match ID ${g.final.matchId}`);
      out.push(`  ${g.final.xgid}`);
    }
    out.push(`  ${ending(g, names).trim()}`);
    for (const f of g.findings) out.push(...findingLines(f));
    out.push('');
  }
  return out.join('\n');
}

/** Which part of a file `show` prints: a match of several, a game of a match, the moment at a line; as text or one SVG board. */
export interface ShowSelection {
  match?: number;
  game?: number;
  /** The boards at this line (the report's `at`, asked of the audit). */
  line?: number;
  /** With `line`: the one board of the action or result at this column (a finding's `line:column`). */
  column?: number;
  /** With `game`: the board before this move (the game's roll, counted from 1), as `line` shows a line's. */
  move?: number;
  svg?: boolean;
}

/** The text diagram of a board view, drawn from its viewer's side. */
function diagramOf(view: BoardView): string {
  const pos = { sides: [Uint8Array.from(view.sides[0]), Uint8Array.from(view.sides[1])] as [Uint8Array, Uint8Array] };
  return boardDiagram(pos, view.names, view.onRoll, view.viewer);
}

/** A finding's position (or a line's) as a board view, seen and numbered from the side on roll (the mover), as its messages number points. */
function viewOf(p: FindingPosition, variant: Variant, names: [string, string]): BoardView {
  return boardViewFromIds({ positionId: p.positionId, matchId: p.matchId, dice: p.dice }, variant, names, p.onRoll);
}

function namesOf(r: AuditedMatch): [string, string] {
  const unnamed = formatOf(r.format).unnamedSides.onBoards;
  return [printable(r.players[0] || unnamed[0]), printable(r.players[1] || unnamed[1])];
}

const KIND_WORDS: Record<LineBoard['kind'], string> = {
  action: 'before the action written there',
  start: 'the start of the game',
  end: 'the end of the game',
  between: 'before the next action',
};

/**
 * The findings at the line, each given to one board: one with a column to the board whose text
 * holds it (the first also takes columns before its own); one without, to the end when it is
 * about the end and the line draws it, else to the first board.
 */
function findingsByBoard(r: AuditedMatch, at: LineMoment, whole: boolean): Finding[][] {
  const out: Finding[][] = at.boards.map(() => []);
  const endBoard = at.boards.findIndex((b) => b.kind === 'end');
  for (const f of r.findings) {
    // A binary file's record is its listing's line (read/record-places.ts).
    if ((f.line ?? f.record) !== at.line) continue;
    if (f.column === undefined) {
      itemAt(out, FINDING_CODES[f.code].moment === 'end' && endBoard >= 0 ? endBoard : 0).push(f);
      continue;
    }
    const c = f.column;
    const k = at.boards.findIndex(
      (b, j) =>
        b.column === null || ((j === 0 ? whole || c >= b.column : c >= b.column) && (b.until === null || c < b.until)),
    );
    if (k >= 0) itemAt(out, k).push(f);
  }
  return out;
}

/** One board at a line: the diagram, the match state in words, its IDs, and the findings made at it. */
function boardLines(r: AuditedMatch, at: LineMoment, b: LineBoard, here: Finding[], none: string): string[] {
  const names = namesOf(r);
  const out: string[] = [];
  const p = b.position;
  if (p === null)
    out.push('  The replay stopped before this point (a move it could not make): there is no board here.');
  else {
    const view = viewOf(p, r.rules.variant, names);
    out.push(diagramOf(view));
    out.push(`  ${stateWords(view)}`);
    out.push(`  Position ID ${p.positionId}${p.matchId ? `   Match ID ${p.matchId}` : ''}`);
    if (p.xgid) out.push(`  ${p.xgid}`);
    if (p.recorded && p.recorded !== at.text.trim()) out.push(`  Recorded: ${printable(p.recorded)}`);
  }
  if (here.length === 0) out.push(`  No finding ${none}.`);
  for (const f of here) out.push(...findingLines(f));
  return out;
}

/** `show --line`: the line, each board at it (the one its column names), the match state, and the findings made at each. */
function showLine(r: AuditedMatch, at: LineMoment, column: number | undefined): string {
  const [only] = at.boards;
  if (at.boards.length === 1 && only !== undefined) {
    const place = column !== undefined && only.column !== null ? `${at.line}:${only.column}` : `${at.line}`;
    // A binary file's line is a record (read/record-places.ts), one action on it: no column to name.
    const where = placeUnitOf(r.format) === 'record' ? `Record ${at.line}` : `Line ${place}`;
    const out = [`${where}, game ${at.game} (${KIND_WORDS[only.kind]}): ${printable(at.text)}`];
    // The first board of the line also takes the findings written before its column.
    const whole = column === undefined || (only.column !== null && column < only.column);
    out.push(...boardLines(r, at, only, itemAt(findingsByBoard(r, at, whole), 0), whole ? 'at this line' : 'here'));
    if (at.more > 0 && column === undefined) out.push(moreWords(at));
    return out.join('\n') + '\n';
  }
  const binary = placeUnitOf(r.format) === 'record';
  const out = [`${binary ? 'Record' : 'Line'} ${at.line}, game ${at.game}: ${printable(at.text)}`];
  const found = findingsByBoard(r, at, true);
  at.boards.forEach((b, k) => {
    // A binary file's record has no columns to name: its actions are counted.
    const place = binary
      ? `record ${at.line}, action ${k + 1}`
      : b.column === null
        ? `${at.line}`
        : `${at.line}:${b.column}`;
    const recorded = b.position?.recorded ? `: ${printable(b.position.recorded)}` : '';
    out.push('', `At ${place} (${KIND_WORDS[b.kind]})${recorded}`);
    out.push(...boardLines(r, at, b, itemAt(found, k), 'here'));
  });
  if (at.more > 0) out.push('', moreWords(at));
  return out.join('\n') + '\n';
}

function moreWords(at: LineMoment): string {
  return `  ${plural(at.more, 'more action')} on this line not drawn: name one with --line ${at.line}:COLUMN.`;
}

function findingLines(f: Finding): string[] {
  const place =
    f.line !== undefined ? `line ${f.line}` : f.move !== undefined ? `move ${f.move}` : `record ${f.record}`;
  const lines = [`  ${f.severity}: ${printable(f.message)} (${f.code}, ${place})`];
  if (f.legalPlay) lines.push(`    a legal play: ${printable(f.legalPlay)}`);
  return lines;
}

/** Score, length, cube, Crawford and dice in words. */
function stateWords(v: BoardView): string {
  const parts: string[] = [];
  if (v.score) parts.push(`${v.names[0]} ${v.score[0]} - ${v.score[1]} ${v.names[1]}`);
  if (v.length !== null) parts.push(v.length === 0 ? 'money session' : `${v.length}-point match`);
  parts.push(`cube ${v.cube.value}${v.cube.owner === -1 ? ', centred' : `, owned by ${v.names[v.cube.owner]}`}`);
  if (v.crawford) parts.push('Crawford game');
  if (v.onRoll !== null)
    parts.push(`${v.names[v.onRoll]} ${v.dice ? `to play ${v.dice[0]}-${v.dice[1]}` : 'on roll, before rolling'}`);
  return parts.join('; ');
}

/** `show --svg`: the one board asked for (the line's, else the game's final position) as SVG. */
function svgOf(reports: MatchReport[], only: ShowSelection): string {
  for (const r of reports) {
    if (r.match === null) continue;
    const names = namesOf(r);
    const variant = r.rules.variant;
    if (only.line !== undefined || only.move !== undefined) {
      // A line of several boards without a column: its first.
      const b = r.at?.boards[0];
      if (!r.at || !b?.position) continue;
      const place =
        b.column !== null && (only.column !== undefined || r.at.boards.length > 1)
          ? `${r.at.line}:${b.column}`
          : `${r.at.line}`;
      const unit = placeUnitOf(r.format);
      const title = unit === 'record' ? `record ${r.at.line}` : `line ${place}`;
      return boardSvg(viewOf(b.position, variant, names), { title: `${title}, game ${r.at.game}` }) + '\n';
    }
    const g = r.games.find((x) => x.game === only.game) ?? (r.games.length === 1 ? r.games[0] : undefined);
    if (g?.final)
      return boardSvg(boardViewFromIds(g.final, variant, names), { title: `game ${g.game}, final position` }) + '\n';
  }
  return '';
}

/**
 * What `show` prints for one file's reports (already narrowed to the match asked for): each
 * match's heading and games, or the findings of a file that cannot be read; '' when the game
 * asked for is in none of them.
 */
export function renderShow(reports: MatchReport[], only: ShowSelection): string {
  if (only.svg) return svgOf(reports, only);
  if (only.line !== undefined || only.move !== undefined) {
    const r = reports.find((x): x is AuditedMatch => x.match !== null && x.at !== undefined);
    // A move is one roll's board: the column of its line.
    const column = only.move !== undefined ? (r?.at?.boards[0]?.column ?? undefined) : only.column;
    return r?.at
      ? showHeading(r.file, r, reports.length > 1 || only.match !== undefined) + showLine(r, r.at, column)
      : '';
  }
  const out: string[] = [];
  let games = 0;
  let notDrawn = 0;
  for (const r of reports) {
    if (r.match === null) {
      out.push(showUnreadable(r.file, r));
      games++;
      continue;
    }
    const shown = only.game === undefined ? r.games.length : r.games.filter((g) => g.game === only.game).length;
    if (shown === 0 && only.game !== undefined) continue;
    const room = Math.max(0, MAX_GAMES_SHOWN - games);
    notDrawn += Math.max(0, shown - room);
    games += shown;
    if (room === 0) continue;
    out.push(showHeading(r.file, r, reports.length > 1 || only.match !== undefined), showMatch(r, only.game, room));
  }
  if (notDrawn > 0)
    out.push(
      `… and ${grouped(notDrawn)} more ${notDrawn === 1 ? 'game' : 'games'} not drawn: show draws at most ${MAX_GAMES_SHOWN} at once; --game N (with --match M) draws any one\n`,
    );
  return games === 0 && only.game !== undefined ? '' : out.join('');
}
