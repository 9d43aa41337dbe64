// An XG game file's records → the match records every format becomes (docs/dialects.md, ".xg").
// A binary file has no lines: a record's place is its index in the game file, from 1, and the
// reader writes a listing of the file, one line per record (the match as a move list), which
// stands for the file's text wherever a report shows the record's own words (the HTML report's
// source panel, `show --line`). A finding's line is its record; its move (the roll it is, or
// comes before, counted from 1 in its game) is told from the record by `moveOfRecord`.
import type {
  Action,
  GameRecord,
  GameSetup,
  Header,
  MatchRecord,
  MoveToken,
  ParseError,
  RecordedResult,
  Side,
  Variant,
} from '../../core/model.js';
import { checkersPerSide, overfullSide, startPosition } from '../../engine/board.js';
import { MAX_CUBE, MAX_POINTS, outOfRange } from '../../core/limits.js';
import {
  xgRecords,
  type XgCube,
  type XgMatchHeader,
  type XgGameEnd,
  type XgMove,
  type XgRecord,
  type XgUnreadable,
} from './records.js';
import { XG_RECORD } from '../parse-error.js';

/** XG's match length for a money session. */
const MONEY = 99999;

/** What the game file of one XG file reads as. */
export interface XgRead {
  matches: MatchRecord[];
  errors: ParseError[];
  /** One line per record, record N on line N. */
  listing: string;
}

function sideOf(active: number): Side {
  return active === 1 ? 0 : 1;
}

function variantOf(variation: number): Variant | null {
  return variation === 0 ? 'backgammon' : variation === 1 ? 'nackgammon' : variation === 2 ? 'hypergammon3' : null;
}

/** A Delphi date (days since 30 December 1899, UTC) as `YYYY.MM.DD` and `HH.MM`, as .mat headers write them. */
function dateAndTime(days: number): [string, string] | null {
  if (!Number.isFinite(days) || days <= 1 || days > 2958465) return null;
  const d = new Date(Date.UTC(1899, 11, 30) + Math.round(days * 86400) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return [
    `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}`,
    `${two(d.getUTCHours())}.${two(d.getUTCMinutes())}`,
  ];
}

const onOff = (b: boolean) => (b ? 'On' : 'Off');

/** The match header's fields as the headers a .mat writer would give them (read by the rules and the per-match CSV). */
function headersOf(h: XgMatchHeader, line: number): Header[] {
  const out: [string, string][] = [];
  if (h.location !== '') out.push(['Site', h.location]);
  if (h.event !== '') out.push(['Event', h.event]);
  if (h.round !== '') out.push(['Round', h.round]);
  out.push(['Player 1', h.players[0]], ['Player 2', h.players[1]]);
  const when = dateAndTime(h.date);
  if (when !== null) out.push(['EventDate', when[0]], ['EventTime', when[1]]);
  out.push([
    'Variation',
    ['Backgammon', 'Nackgammon', 'Hypergammon', 'Longgammon'][h.variation] ?? String(h.variation),
  ]);
  out.push(['Crawford', onOff(h.crawford)], ['Jacoby', onOff(h.jacoby)], ['Beaver', onOff(h.beaver)]);
  if (h.cubeLimit > 0 && h.cubeLimit < 31) out.push(['CubeLimit', String(2 ** h.cubeLimit)]);
  if (h.transcriber !== '') out.push(['Transcriber', h.transcriber]);
  return out.map(([key, value]) => ({ key, value, line }));
}

/** XG's engine position (side 0 positive, side 1 negative at 25 - its point; bars at 25 and 0) as each side's counts. */
function sidesOf(position: number[], variant: Variant): [number[], number[]] | null | 'overfull' {
  if (position.every((n) => n === 0)) return null;
  const sides: [number[], number[]] = [new Array<number>(26).fill(0), new Array<number>(26).fill(0)];
  for (let i = 1; i <= 24; i++) {
    const n = position[i] ?? 0;
    if (n > 0) sides[0][i] = n;
    else if (n < 0) sides[1][25 - i] = -n;
  }
  sides[0][25] = Math.max(0, position[25] ?? 0);
  sides[1][25] = Math.max(0, -(position[0] ?? 0));
  if (overfullSide(sides, variant) !== null) return 'overfull';
  const start = startPosition(variant).sides;
  const same = sides.every((s, k) => s.every((n, i) => i === 0 || n === start[k as Side][i]));
  if (same) return null;
  const total = start[0].reduce((a, b) => a + b, 0);
  for (const s of sides) s[0] = Math.max(0, total - s.reduce((a, b) => a + b, 0));
  return sides;
}

/** A move record's checker moves as tokens: from and to in the mover's numbering from 1 (25 the bar, 0 off). */
function tokensOf(m: XgMove): MoveToken[] {
  const tokens: MoveToken[] = [];
  for (let k = 0; k + 1 < m.moves.length; k += 2) {
    const from = m.moves[k] ?? -1;
    const to = m.moves[k + 1] ?? -1;
    if (from < 0) break;
    tokens.push({ points: [from + 1, to < 0 ? 0 : to + 1], hits: [false], repeat: 1 });
  }
  return tokens;
}

function moveText(tokens: MoveToken[]): string {
  return tokens.map((t) => t.points.map((p) => (p === 25 ? 'bar' : p === 0 ? 'off' : String(p))).join('/')).join(' ');
}

/** A cube record's actions (none when it is a decision not to double), and its words in the listing. */
function cubeActions(c: XgCube, line: number, names: [string, string]): { actions: Action[]; text: string } {
  const doubler = sideOf(c.active);
  const taker = (1 - doubler) as Side;
  if (c.double !== 1)
    return { actions: [], text: `${names[doubler]}: ${c.double === 0 ? 'no double' : 'no cube decision'}` };
  const actions: Action[] = [];
  let text = `${names[doubler]} doubles`;
  // The columns of the listing's line, indented by INDENT: where each answer's name starts.
  const at = (side: Side) => ({ side, line, column: INDENT.length + text.length + 3 });
  const answer = (side: Side, response: number, next: () => void) => {
    if (response === 1) {
      actions.push({ type: 'take', ...at(side) });
      text += `, ${names[side]} takes`;
    } else if (response === 0) {
      actions.push({ type: 'drop', ...at(side) });
      text += `, ${names[side]} drops`;
    } else if (response === 2) next();
  };
  actions.push({ type: 'double', side: doubler, line, column: INDENT.length + 1, value: null, kind: 'double' });
  answer(taker, c.take, () => {
    actions.push({ type: 'double', ...at(taker), value: null, kind: 'beaver' });
    text += `, ${names[taker]} beavers`;
    answer(doubler, c.beaverResponse, () => {
      actions.push({ type: 'double', ...at(doubler), value: null, kind: 'raccoon' });
      text += `, ${names[doubler]} raccoons`;
      answer(taker, c.raccoonResponse, () => {});
    });
  });
  return { actions, text };
}

/** How the listing indents a game's records under its `Game N` line. */
const INDENT = '  ';

const ENDINGS = ['drops', 'single game', 'gammon', 'backgammon'];

/** The listing's words for a game's end. */
function endText(winner: string, loser: string, points: number, termination: number): string {
  const how = ENDINGS[termination % 100];
  const won = `${winner} wins ${points} point${points === 1 ? '' : 's'}`;
  if (how === undefined) return `${won} (XG's termination ${termination})`;
  if (termination >= 1000) return `${won} (settled: ${how})`;
  if (termination >= 100) return `${won} (${loser} resigns a ${how})`;
  return termination % 100 === 0 ? `${won} (${loser} drops)` : `${won} (${how})`;
}

/** Builds the matches of a game file, record by record. */
class XgMatches {
  readonly matches: MatchRecord[] = [];
  readonly errors: ParseError[] = [];
  readonly lines: string[] = [];
  private match: MatchRecord | null = null;
  /** The match header was read but its match is not (a variant bgaudit does not replay): its records are passed over. */
  private skipping = false;
  private game: GameRecord | null = null;
  /** The game's cube records since its last roll: a cube action takes the number of the roll after it, if one comes. */
  private cubesSinceRoll: number[] = [];
  private names: [string, string] = ['', ''];
  /** Moves (rolls) read so far in the game. */
  private moves = 0;

  constructor(private readonly file: string) {}

  error(line: number, found: string): void {
    this.errors.push({ line, column: 1, expected: XG_RECORD, found, message: `record ${line}: ${found}` });
  }

  take(r: XgRecord | XgUnreadable, line: number): void {
    switch (r.type) {
      case 'match':
        return this.startMatch(r, line);
      case 'unreadable':
        this.lines.push(`(unreadable: ${r.reason})`);
        return this.error(line, r.reason);
      case 'other':
        this.lines.push(`(a record of type ${r.code}, not read)`);
        return;
    }
    const match = this.match;
    if (match === null && this.skipping) {
      this.lines.push(`(a ${r.type} record of a match not read)`);
      return;
    }
    if (match === null) {
      this.lines.push(`(a ${r.type} record before the match header)`);
      return this.error(line, `a ${r.type} record before the match header`);
    }
    this.inMatch(r, line, match);
  }

  private startMatch(h: XgMatchHeader, line: number): void {
    const players: [string, string] = [h.players[0], h.players[1]];
    this.names = [oneLine(players[0]) || 'player 1', oneLine(players[1]) || 'player 2'];
    const variant = variantOf(h.variation);
    const length = h.length === MONEY ? 0 : h.length;
    this.lines.push(
      `${length === 0 ? 'Money session' : `${length} point match`}: ${this.names[0]} - ${this.names[1]}` +
        `${h.event === '' ? '' : `, ${oneLine(h.event)}`}${h.round === '' ? '' : `, ${oneLine(h.round)}`}`,
    );
    this.game = null;
    this.skipping = variant === null;
    if (variant === null) {
      this.match = null;
      return this.error(
        line,
        `a match of variation ${h.variation}${h.variation === 3 ? ' (longgammon)' : ''}, which bgaudit does not replay`,
      );
    }
    // As a .mat's reader: a length past any a match can have is unknown (number-out-of-range).
    const known = length >= 0 && length <= MAX_POINTS;
    if (length < 0) this.error(line, `a match length of ${h.length}`);
    const findings =
      length > MAX_POINTS
        ? [
            outOfRange(
              `the match length ${length} is larger than any match can be (at most ${MAX_POINTS} points); the length is unknown, so the match score is not followed`,
              { line },
            ),
          ]
        : [];
    this.match = {
      file: this.file,
      format: 'xg',
      index: this.matches.length + 1,
      line,
      players,
      length: known ? length : null,
      ...(findings.length > 0 ? { findings } : {}),
      headers: headersOf(h, line),
      variant,
      games: [],
      marksHits: false,
      moveOfRecord: [],
    };
    this.matches.push(this.match);
  }

  private inMatch(r: Exclude<XgRecord, XgMatchHeader | { type: 'other' }>, line: number, match: MatchRecord): void {
    const moveOf = match.moveOfRecord ?? [];
    if (r.type === 'game') {
      this.moves = 0;
      this.cubesSinceRoll = [];
      this.lines.push(`Game ${r.number}: ${this.names[0]} ${r.score[0]}, ${this.names[1]} ${r.score[1]}`);
      const read = sidesOf(r.position, match.variant);
      const sides = read === 'overfull' ? null : read;
      // The cube automatic doubles make: at most the largest cube there is.
      const autoDoubles = r.autoDoubles >= 0 && 2 ** r.autoDoubles <= MAX_CUBE ? r.autoDoubles : 0;
      const setup: GameSetup | null =
        sides === null && autoDoubles === 0
          ? null
          : {
              ...(sides === null ? {} : { sides }),
              ...(autoDoubles > 0 ? { autoDoubles } : {}),
              line,
            };
      const scoreKnown = r.score.every((n) => n >= 0 && n <= MAX_POINTS);
      if (!scoreKnown) this.error(line, `a start score of ${r.score[0]}-${r.score[1]}`);
      this.game = {
        number: r.number,
        line,
        players: match.players,
        startScore: scoreKnown ? r.score : null,
        actions: [],
        result: null,
        comments: [],
        unreadableFrom: null,
        setup,
      };
      match.games.push(this.game);
      if (read === 'overfull') {
        this.error(line, `a start position with more than ${checkersPerSide(match.variant)} checkers of one player`);
        this.game.unreadableFrom = line;
      }
      if (autoDoubles !== r.autoDoubles)
        this.error(line, `${r.autoDoubles} automatic doubles: a cube past the largest there is (${MAX_CUBE})`);
      return;
    }
    if (r.type === 'matchEnd') {
      this.game = null;
      const w = r.winner === 1 ? this.names[0] : r.winner === -1 ? this.names[1] : null;
      this.lines.push(`Final score ${r.score[0]}-${r.score[1]}${w === null ? '' : `, ${w} wins`}`);
      return;
    }
    const game = this.game;
    if (game === null) {
      this.lines.push(`(a ${r.type} record outside a game)`);
      return this.error(line, `a ${r.type} record outside a game`);
    }
    if (r.type === 'cube') {
      moveOf[line] = this.moves + 1;
      this.cubesSinceRoll.push(line);
      const { actions, text } = cubeActions(r, line, this.names);
      // After a record that cannot be read, the game's actions are not kept (as a text reader's).
      if (game.unreadableFrom === null) game.actions.push(...actions);
      this.lines.push(`${INDENT}${text}`);
      return;
    }
    if (r.type === 'move') return this.roll(r, line, game, moveOf);
    this.end(r, line, game, moveOf);
  }

  private roll(r: XgMove, line: number, game: GameRecord, moveOf: number[]): void {
    this.moves++;
    moveOf[line] = this.moves;
    this.cubesSinceRoll = [];
    const side = sideOf(r.active);
    const tokens = r.played ? tokensOf(r) : [];
    if (r.active !== 1 && r.active !== -1 && game.unreadableFrom === null) {
      this.lines.push(`${INDENT}${this.moves}) (a roll of neither player: ${r.active})`);
      this.error(line, `a roll by player ${r.active}, neither 1 nor -1`);
      game.unreadableFrom = line;
      return;
    }
    const roll = `${r.dice[0]}${r.dice[1]}`;
    this.lines.push(
      `${INDENT}${this.moves}) ${this.names[side]} ${roll}: ${r.played ? moveText(tokens) : '(not played)'}`,
    );
    if (game.unreadableFrom !== null) return;
    if (!r.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) {
      this.error(line, `the dice are ${r.dice[0]} and ${r.dice[1]}, not two numbers from 1 to 6`);
      game.unreadableFrom = line;
      return;
    }
    game.actions.push({
      type: 'roll',
      side,
      line,
      column: 1,
      dice: r.dice,
      moves: tokens,
      marker: r.played ? null : 'unknown',
    });
  }

  private end(r: XgGameEnd, line: number, game: GameRecord, moveOf: number[]): void {
    // No roll follows the cube records after the last one: they are at the game's end, no move.
    for (const cube of this.cubesSinceRoll) moveOf[cube] = 0;
    this.cubesSinceRoll = [];
    const winner = r.winner === 1 ? 0 : r.winner === -1 ? 1 : null;
    const loser = winner === null ? '' : this.names[(1 - winner) as Side];
    this.lines.push(
      winner === null
        ? `(a game end with no winner: ${r.winner})`
        : `  ${endText(this.names[winner], loser, r.points, r.termination)}`,
    );
    if (winner === null) return this.error(line, `a game end whose winner is ${r.winner}, neither player`);
    // Points past what a game can be worth are unknown, as a .mat's reader says (number-out-of-range).
    if (r.points > MAX_POINTS)
      (game.findings ??= []).push(
        outOfRange(
          `the game's ${r.points} points are more than any game can be worth (at most ${MAX_POINTS}); the points are unknown`,
          { line, game: game.number },
        ),
      );
    const result: RecordedResult = {
      winner,
      points: r.points >= 0 && r.points <= MAX_POINTS ? r.points : null,
      andMatch: false,
      resigned: r.termination >= 100,
      line,
      column: 1,
    };
    game.result = result;
    this.game = null;
  }
}

/** A name or an event on one line of the listing. */
function oneLine(s: string): string {
  return s.replace(/[\r\n]+/g, ' ');
}

/** The matches of an XG game file, the places it could not be read, and its listing. */
export function xgMatches(gameFile: Uint8Array, file: string): XgRead {
  const read = new XgMatches(file);
  let line = 0;
  for (const r of xgRecords(gameFile)) read.take(r, ++line);
  return { matches: read.matches, errors: read.errors, listing: read.lines.join('\n') + '\n' };
}
