// Each game finding's position: the moment of the game it is about (the catalogue's `moment`),
// written as GNU Backgammon and XG name positions. Before an action: the board the action was
// made on, found by replaying the game again with those actions captured (only a game with such
// findings pays for it); the start: the game's first position; the end: its final position.
import { other } from '../engine/board.js';
import { momentKey, replay, gameStart, type GameReplay, type Moment, type ReplayOptions } from '../engine/replay.js';
import { FINDING_CODES } from '../core/findings.js';
import { GAME_STATE, matchIdOrNull, positionId, xgid, type MatchIdState } from '../engine/ids.js';
import type {
  AuditedMatch,
  CubeState,
  FinalIds,
  Finding,
  FindingPosition,
  GameRecord,
  LineBoard,
  LineMoment,
  MatchRecord,
  Side,
} from '../core/model.js';
import type { SourceText } from '../read/source-text.js';
import type { AuditObserver, GameJudged, MatchState } from './observer.js';
import { MAX_POSITIONED_ACTIONS } from '../core/limits.js';
import { itemAt } from '../core/at.js';

/** What a position is built from: the board, the side on roll, the cube, the dice. */
interface Moment0 {
  sides: [Uint8Array, Uint8Array];
  side: Side;
  dice: [number, number] | null;
  cube: CubeState;
  cubeUnknown: boolean;
}

/** The position of a moment in its match, as a finding carries it. */
export function positionOf(m: Moment0, state: MatchState, recorded: string): FindingPosition {
  const pos = { sides: m.sides };
  const ids: MatchIdState = {
    cubeValue: m.cube.value,
    cubeOwner: m.cube.owner,
    onRoll: m.side,
    crawford: state.crawford,
    gameState: GAME_STATE.playing,
    turn: m.side,
    doubled: false,
    resigned: 0,
    dice: m.dice ?? [0, 0],
    length: state.length ?? 0,
    score: state.score,
    jacoby: state.jacoby,
  };
  // No Match ID from a value it cannot hold (an unknown length or cube, a score past 15 bits).
  const matchId = state.length !== null && !m.cubeUnknown ? matchIdOrNull(ids) : null;
  return {
    positionId: positionId(pos, m.side),
    matchId,
    xgid: matchId !== null ? xgid(pos, { ...ids, dice: m.dice, beavers: state.beavers, maxCubeLog2: 10 }) : null,
    onRoll: m.side,
    dice: m.dice,
    recorded,
  };
}

/** The game's first position: the record's set-up or the variant's, the first roller on roll. */
function startMoment(game: GameRecord, variant: ReplayOptions['variant']): Moment0 {
  const setup = game.setup;
  const firstRoll = game.actions.find((a) => a.type === 'roll');
  return {
    sides: gameStart(game, variant).sides,
    side: setup?.onRoll ?? firstRoll?.side ?? 0,
    dice: null,
    cube: setup?.cube ? { ...setup.cube } : { value: 2 ** (setup?.autoDoubles ?? 0), owner: -1 },
    cubeUnknown: false,
  };
}

function endPosition(r: GameReplay, final: FinalIds | null, recorded: string): FindingPosition {
  const onRoll = r.onRoll ?? (r.lastMover === null ? 0 : other(r.lastMover));
  return {
    positionId: final?.positionId ?? positionId(r.final, onRoll),
    matchId: final?.matchId ?? null,
    xgid: final?.xgid ?? null,
    onRoll,
    dice: null,
    recorded,
  };
}

/** The record's text of action `k` of the game: from its column to the next action's on the same line. */
function actionText(game: GameRecord, k: number, source: SourceText | null): string {
  const a = game.actions[k];
  if (source === null || a === undefined) return '';
  const b = game.actions[k + 1];
  return source.excerpt(
    a.line,
    a.column,
    b !== undefined && b.line === a.line && b.column > a.column ? b.column : undefined,
  );
}

/** The record's words for the start of a game: its label line, and the score line under it (.mat). */
function startTextOf(game: GameRecord, source: SourceText): string {
  const first = game.actions[0]?.line ?? game.result?.line ?? Infinity;
  const label = source.excerpt(game.line);
  return game.line + 1 < first ? `${label} / ${source.excerpt(game.line + 1)}` : label;
}

/**
 * The moments before the actions of `keys` (momentKey), and each one's index in the game: the game
 * replayed again with them captured, only up to the last of them.
 */
function captured(game: GameRecord, keys: ReadonlySet<string>, options: ReplayOptions) {
  const lines = new Set<number>();
  for (const key of keys) lines.add(Number(key.slice(0, key.indexOf(':'))));
  const indexOf = new Map<string, number>();
  game.actions.forEach((a, k) => {
    if (lines.has(a.line) && keys.has(momentKey(a.line, a.column))) indexOf.set(momentKey(a.line, a.column), k);
  });
  const upTo = Math.max(-1, ...indexOf.values());
  const capture = (line: number, column: number) => lines.has(line) && keys.has(momentKey(line, column));
  const moments =
    upTo >= 0
      ? (replay(game, { ...options, capture, until: upTo }).moments ?? new Map<string, Moment>())
      : new Map<string, Moment>();
  return { moments, indexOf };
}

/** The end's words: the result line, else the last action (the drop, the last checker borne off). */
function endTextOf(game: GameRecord, source: SourceText | null): string {
  return game.result && source
    ? source.excerpt(game.result.line, game.result.column)
    : actionText(game, game.actions.length - 1, source);
}

/** The boards a bare `show --line L` draws at most: a `.mat` line holds two actions and a result; an SGF written on one line holds a game. */
const MAX_LINE_BOARDS = 4;

/**
 * The moments at `line` of the game (`show --line`): before each action written there and at a
 * result written on it, in column order; only the one `column` names (the last that starts at or
 * before it) when given. A line with none of them: the start on the game's label and score lines,
 * the end past its last action, between actions the next one's. The position is null where the
 * replay stopped before it.
 */
function momentAtLine(
  game: GameRecord,
  r: GameReplay,
  at: { line: number; column: number | null },
  final: FinalIds | null,
  state: MatchState,
  options: ReplayOptions,
  source: SourceText | null,
): LineMoment {
  const { line, column } = at;
  const base = { line, game: game.number, text: source ? source.excerpt(line) : '' };
  const first = game.actions[0];
  const end = (col: number | null, until: number | null = null): LineBoard => ({
    column: col,
    until,
    kind: 'end',
    position: endPosition(r, final, endTextOf(game, source)),
  });
  const k = game.actions.findIndex((a) => a.line >= line);
  // The places on the line: each action's index, and the result's (-1).
  const places: { column: number; index: number }[] = [];
  for (let i = k; i >= 0 && i < game.actions.length && itemAt(game.actions, i).line === line; i++)
    places.push({ column: itemAt(game.actions, i).column, index: i });
  if (game.result?.line === line) places.push({ column: game.result.column, index: -1 });
  places.sort((a, b) => a.column - b.column);
  if (places.length === 0) {
    if (first === undefined || line < first.line) {
      const text = source ? startTextOf(game, source) : '';
      const position = positionOf(startMoment(game, options.variant), state, text);
      const boards: LineBoard[] = [{ column: null, until: null, kind: 'start', position }];
      // A game left without an end is told on its label line (game-unfinished), about where it stopped.
      if (r.termination === 'unfinished' && game.result == null) boards.push(end(null));
      return { ...base, boards, more: 0 };
    }
    if (k < 0) return { ...base, boards: [end(null)], more: 0 };
    return { ...base, boards: [actionBoard(game, k, options, state, source)], more: 0 };
  }
  const until = (j: number) => places[j + 1]?.column ?? null;
  let from = 0;
  let count = Math.min(places.length, MAX_LINE_BOARDS);
  if (column !== null) {
    // The action or result the column is in: the last that starts at or before it.
    while (from + 1 < places.length && itemAt(places, from + 1).column <= column) from++;
    count = 1;
  }
  const kept = places.slice(from, from + count);
  const keys = new Set(kept.filter((p) => p.index >= 0).map((p) => momentKey(line, p.column)));
  const { moments } = captured(game, keys, options);
  const boards: LineBoard[] = kept.map((p, j): LineBoard => {
    if (p.index < 0) return end(p.column, until(from + j));
    const m = moments.get(momentKey(line, p.column));
    return {
      column: p.column,
      until: until(from + j),
      kind: 'action',
      position: m ? positionOf(m, state, actionText(game, p.index, source)) : null,
    };
  });
  // A game that ends on this line's last action with no result written (a drop, the last checker
  // borne off): its end is drawn after the actions, as a finding about the end carries it.
  const last = itemAt(places, places.length - 1);
  if (column === null && kept.length === places.length && game.result == null && last.index === game.actions.length - 1)
    boards.push(end(null));
  return { ...base, boards, more: places.length - kept.length };
}

/** A line between actions: the board before the next one, action `k` of the game. */
function actionBoard(
  game: GameRecord,
  k: number,
  options: ReplayOptions,
  state: MatchState,
  source: SourceText | null,
): LineBoard {
  const a = itemAt(game.actions, k);
  const key = momentKey(a.line, a.column);
  const m = captured(game, new Set([key]), options).moments.get(key);
  return {
    column: null,
    until: null,
    kind: 'between',
    position: m ? positionOf(m, state, actionText(game, k, source)) : null,
  };
}

/**
 * Sets `position` on each finding of `findings` that has a moment in `game` (and `legalPlay` on
 * an illegal move). `final`: the game's final IDs, when they could be made.
 */
export function attachPositions(
  game: GameRecord,
  r: GameReplay,
  findings: readonly Finding[],
  final: FinalIds | null,
  state: MatchState,
  options: ReplayOptions,
  source: SourceText | null,
): void {
  const wanted = findings.filter((f) => f.game === game.number && FINDING_CODES[f.code].moment !== null);
  if (wanted.length === 0) return;
  const keys = new Set<string>();
  for (const f of wanted)
    if (FINDING_CODES[f.code].moment === 'action' && f.line !== undefined && f.column !== undefined) {
      if (keys.size === MAX_POSITIONED_ACTIONS) break;
      keys.add(momentKey(f.line, f.column));
    }
  const { moments, indexOf } = captured(game, keys, options);
  const resultText = endTextOf(game, source);
  const startText = source ? startTextOf(game, source) : '';
  let start: FindingPosition | null = null;
  let end: FindingPosition | null = null;
  for (const f of wanted) {
    const moment = FINDING_CODES[f.code].moment;
    if (moment === 'start') f.position = start ??= positionOf(startMoment(game, options.variant), state, startText);
    else if (moment === 'end') f.position = end ??= endPosition(r, final, resultText);
    else if (f.line !== undefined && f.column !== undefined) {
      const key = momentKey(f.line, f.column);
      if (!keys.has(key)) continue; // past MAX_POSITIONED_ACTIONS
      const m = moments.get(key);
      const k = indexOf.get(key);
      // Not on an action: a reader's finding on the result line is about the end.
      if (m === undefined || k === undefined) {
        if (f.line === game.result?.line) f.position = end ??= endPosition(r, final, resultText);
        continue;
      }
      f.position = positionOf(m, state, actionText(game, k, source));
      if (f.code === 'illegal-move' && m.legalPlay !== null) f.legalPlay = m.legalPlay || 'no move is possible';
    }
  }
}

/** The last line of a game that holds anything: its score line, an action, its result, a comment, where it could not be read. */
export function lastLine(game: GameRecord): number {
  let line = game.line;
  const last = game.actions[game.actions.length - 1]; // actions are in file order
  if (last !== undefined && last.line > line) line = last.line;
  if (game.result !== null && game.result.line > line) line = game.result.line;
  for (const c of game.comments) if (c.line > line) line = c.line;
  if (game.unreadableFrom !== null && game.unreadableFrom > line) line = game.unreadableFrom;
  return line;
}

/**
 * `show --line`'s capture: the moment at a line (and column) of the match, into the report's `at`
 * when the line is inside a game. An observer attached to one match's audit, with positions
 * written down (AuditContext.positions true: the end's board is the verdict's final IDs).
 */
export class LineCapture implements AuditObserver {
  private moment: LineMoment | null = null;

  constructor(
    private readonly record: MatchRecord,
    private readonly at: { line: number; column: number | null },
    private readonly source: SourceText | null,
  ) {}

  judged(game: GameRecord, r: GameReplay, index: number, judged: GameJudged): void {
    const line = this.at.line;
    if (this.moment !== null || line < game.line) return;
    if (line >= (this.record.games[index + 1]?.line ?? lastLine(game) + 1)) return;
    const { final, state, replayOptions } = judged;
    this.moment = momentAtLine(game, r, this.at, final, state, replayOptions, this.source);
  }

  endMatch(report: AuditedMatch): void {
    if (this.moment !== null) report.at = this.moment;
  }
}
