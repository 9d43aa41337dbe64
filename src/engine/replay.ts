// A GameRecord → GameReplay: every roll played and checked, the cube followed, the end found.
//
// The replay judges only what the board and the order of play decide: legal moves, turns, how
// the game ended. Whether a double was allowed (Crawford, owner, match or money) is the audit's
// judgement, made on the cube log kept here.
import type { Action, CubeState, DoubleAction, Finding, GameRecord, RollAction, Side, Variant } from '../core/model.js';
import { finding } from '../core/findings.js';
import type { Ending } from '../core/ending.js';
import { type Position, allBorneOff, other, startPosition } from './board.js';
import { type MoveScratch, newMoveScratch, searchOf } from './moves.js';
import { bestPlay, mostDiceUsable } from './dice.js';
import { type Report, playRoll, rollName } from './roll.js';
import { type ResyncScratch, newResyncScratch, playFollowed, playText } from './resync.js';
import { MAX_CUBE } from '../core/limits.js';
import { itemAt } from '../core/at.js';
import { append } from '../core/lists.js';

export interface ReplayOptions {
  variant: Variant;
  /** The match marks hits with `*` (gnubg, Backgammon Studio); only then is a missing `*` worth a warning. */
  marksHits: boolean;
  /** Player names, for messages (the audit gives names for empty ones). */
  players: [string, string];
  /**
   * The actions whose moment to keep (`moments`, keyed by `momentKey`): asked again only for a
   * game with findings that need their position, or for `show --line`, never on the audit's path.
   */
  capture?: (line: number, column: number) => boolean;
  /** Told of each roll and cube event as the replay meets them (the duplicate check's key, the dice audit). */
  observer?: ReplayObserver;
  /**
   * The index of the last action to replay (`show --line` and the findings' positions stop where
   * they are); the actions after it are still read to choose the board after an illegal move.
   */
  until?: number;
}

/**
 * What the replay tells an observer. `pos` is the live board: read it during the call, copy what
 * is kept. Only what the replay plays is told: nothing past a move it could not make or check.
 */
export interface ReplayObserver {
  /** A roll about to be played, on the board before it; `opening`: the game's first roll. */
  roll?(a: RollAction, pos: Position, opening: boolean): void;
  /**
   * A cube event as logged (a take the record leaves out included), on the board where it
   * happens; `rolls`: how many rolls were told before it.
   */
  cube?(e: CubeEvent, pos: Position, rolls: number): void;
}

/**
 * One game's observer (the statistics): told of its start and its cube events, never of a roll.
 * What needs the rolls but not their boards counts them from the replay's `rolls` once it is
 * over. Given to `replay` beside the match's options, not in them: the options stay one object a
 * match, and the call at every roll keeps one target whatever else is counted.
 */
export interface GameObserver {
  /** The board the game starts from, before its first action. */
  start(pos: Position): void;
  /** As ReplayObserver.cube. */
  cube(e: CubeEvent, pos: Position, rolls: number): void;
}

/** The moment before an action: what a finding about it, or `show --line`, draws. */
export interface Moment {
  /** The board BEFORE the action, each side in its own numbering ([0] off, 1..24, [25] bar), copies. */
  sides: [Uint8Array, Uint8Array];
  /** The side acting (the roller, the doubler, the taker…). */
  side: Side;
  /** A roll's dice as written; null for a cube action or resignation. */
  dice: [number, number] | null;
  cube: CubeState;
  /** The cube passed the largest there can be before this action: `cube.value` is the last one known. */
  cubeUnknown: boolean;
  /** A roll: one legal play of it with the most dice ('' when no move is possible); null otherwise. */
  legalPlay: string | null;
}

/** The key of an action's moment: its place in the file. */
export function momentKey(line: number, column: number): string {
  return `${line}:${column}`;
}

export interface CubeEvent {
  kind: 'double' | 'beaver' | 'raccoon' | 'take' | 'drop';
  side: Side;
  line: number;
  column: number;
  /** The value the record writes after `=>` (doubles, beavers, raccoons); its digits when too long to hold. */
  recordedValue: number | string | null;
  /** The cube in force before the event, and the value a double offers (null past the largest cube, MAX_CUBE). */
  before: CubeState;
  offered: number | null;
  /** A double made while it was the doubler's turn and before the roll. */
  inTurn: boolean;
  /** A take the record leaves out (after a beaver the doubler's next roll takes). */
  implicit: boolean;
}

/** How the game ended, as the board, the cube and the record's actions decide; each ending carries what it decides. */
export type GameEnd = Ending<{
  /** The winner bore off its last checker. */
  bearoff: { winner: Side };
  /** The other side dropped the winner's double. */
  drop: { winner: Side };
  /**
   * The other side resigned: with a resignation in the record (`Losses N point`, SGF `resign:N`;
   * `points` what it was written for, null when it does not say or says more than a game can be
   * worth), or a result line where the board and the cube do not end the game (`points` null).
   */
  resign: { winner: Side; points: number | null };
  /** A forfeit of the match is the score's to find (what a resignation is worth, a comment), never the board's. */
  forfeit: never;
  /** The record stops with no end and no result. */
  unfinished: object;
  /** The replay stopped at line `stoppedAt` (a move it cannot check or make): the end cannot be judged. */
  stopped: { stoppedAt: number };
}>;

/** What the replay leaves whatever the end. */
interface ReplayState {
  final: Position;
  /** The side that would roll next: gnubg's orientation of the final position. */
  onRoll: Side | null;
  lastMover: Side | null;
  cube: CubeState;
  /** A double past the largest cube (MAX_CUBE) was taken: `cube.value` is the last one known. */
  cubeUnknown: boolean;
  firstRoll: RollAction | null;
  /** The rolls it played: the first `rolls` roll actions of the game (it plays a prefix of them). */
  rolls: number;
  cubeLog: CubeEvent[];
  findings: Finding[];
  /** The line of the action that ended the game (the last checker borne off, the drop, the resignation); absent when none did. */
  endLine?: number;
  /** The moments `capture` asked for; absent without it. */
  moments?: Map<string, Moment>;
}

export type GameReplay = ReplayState & GameEnd;

interface Pending {
  by: Side;
  /** The cube value if this double is taken; null past the largest cube. */
  value: number | null;
  kind: 'double' | 'beaver' | 'raccoon';
}

/** The game as the replay walks through its actions. */
interface Walk {
  readonly game: GameRecord;
  readonly options: ReplayOptions;
  readonly gameObserver: GameObserver | undefined;
  readonly pos: Position;
  /** The typed arrays every roll of this game is played in. */
  readonly work: MoveScratch;
  readonly findings: Finding[];
  /** Adds a finding about action `a` to `findings`. */
  readonly report: Report;
  readonly cubeLog: CubeEvent[];
  cube: CubeState;
  cubeUnknown: boolean;
  /** A double waiting for its answer. */
  pending: Pending | null;
  /** Whose turn it is (to double or roll); null until a roll or the setup says. */
  turn: Side | null;
  firstRoll: RollAction | null;
  lastMover: Side | null;
  /** The rolls played so far (told to the observer). */
  rolls: number;
  /** How the game ended (or where the replay stopped), and on which line; null while it goes on. */
  ended: { end: Exclude<GameEnd, { termination: 'unfinished' }>; line: number } | null;
  moments: Map<string, Moment> | null;
  /** The index of the game's last roll. */
  lastRollIndex: number;
  /** The last illegal move the replay went on from as written, while later rolls may show what was played. */
  anchor: Anchor | null;
  /** What tracing a failing roll back to the anchor plays in (made the first time). */
  resync: ResyncScratch | null;
  /** How many more failing rolls may be traced back to an illegal move before them. */
  resyncsLeft: number;
}

/** An illegal move made as written, and what tracing a later failing roll back to it needs. */
interface Anchor {
  index: number;
  roll: RollAction;
  /** The boards before the move and after its moves as written. */
  before: Position;
  written: Position;
  /** Its finding, and that finding's message as first made. */
  finding: Finding | null;
  message: string;
}

/** Failing rolls of one game traced back to an illegal move: a bound on a crafted game of them. */
const MOST_RESYNCS = 4;

/** The position a game starts from: the variant's, or the record's set-up. */
export function gameStart(game: GameRecord, variant: Variant): Position {
  const pos = startPosition(variant);
  const sides = game.setup?.sides;
  if (sides) for (const s of [0, 1] as const) pos.sides[s].set(sides[s]);
  return pos;
}

/**
 * Replays `game`. `work`: the typed arrays its rolls are played in, which a caller replaying many
 * games passes from one to the next (the replay leaves nothing in them that the next reads before
 * writing); one replay at a time may use a given scratch.
 */
export function replay(
  game: GameRecord,
  options: ReplayOptions,
  gameObserver?: GameObserver,
  work: MoveScratch = newMoveScratch(),
): GameReplay {
  const setup = game.setup;
  const findings: Finding[] = [];
  const w: Walk = {
    game,
    options,
    gameObserver,
    pos: gameStart(game, options.variant),
    work,
    findings,
    report: (code, severity, a, message) =>
      findings.push(finding(code, severity, message, undefined, { game: game.number, line: a.line, column: a.column })),
    cubeLog: [],
    cube: setup?.cube ? { ...setup.cube } : { value: 2 ** (setup?.autoDoubles ?? 0), owner: -1 },
    cubeUnknown: false,
    pending: null,
    turn: setup?.onRoll ?? null,
    firstRoll: null,
    lastMover: null,
    rolls: 0,
    ended: null,
    moments: options.capture ? new Map() : null,
    lastRollIndex: findLastRoll(game.actions),
    anchor: null,
    resync: null,
    resyncsLeft: MOST_RESYNCS,
  };
  gameObserver?.start(w.pos);
  const lastRollIndex = w.lastRollIndex;
  const end = Math.min(game.actions.length, (options.until ?? Infinity) + 1);
  for (let i = 0; i < end; i++) {
    const a = game.actions[i];
    if (a === undefined) break; // never: i < end, at most the number of actions
    const keep = w.moments !== null && options.capture?.(a.line, a.column) === true;
    if (w.ended !== null) {
      if (keep) keepMoment(w, a);
      reportPlayAfterEnd(w, a);
      break;
    }
    if (a.type === 'roll') {
      // The last roll before a result (or before an unreadable end) may be left unplayed.
      roll(w, a, i, i === lastRollIndex && (game.result !== null || game.unreadableFrom !== null), keep);
      continue;
    }
    if (keep) keepMoment(w, a);
    if (a.type === 'double') double(w, a);
    else if (a.type === 'take') {
      if (!w.pending) w.report('cube-response', 'error', a, 'a take with no double to answer');
      else take(w, a.side, a, false);
    } else if (a.type === 'drop') drop(w, a);
    else w.ended = { end: { termination: 'resign', winner: other(a.side), points: a.points }, line: a.line };
  }
  return {
    final: w.pos,
    onRoll: w.lastMover === null ? (setup?.onRoll ?? null) : other(w.lastMover),
    lastMover: w.lastMover,
    cube: w.cube,
    cubeUnknown: w.cubeUnknown,
    firstRoll: w.firstRoll,
    rolls: w.rolls,
    cubeLog: w.cubeLog,
    findings: w.findings,
    endLine: w.ended !== null && w.ended.end.termination !== null ? w.ended.line : undefined,
    ...(w.moments === null ? {} : { moments: w.moments }),
    ...endOf(w),
  };
}

/** Keeps the moment before action `a`: the board, the cube, and for a roll one legal play of it. */
function keepMoment(w: Walk, a: Action): void {
  const sides: [Uint8Array, Uint8Array] = [w.pos.sides[0].slice(), w.pos.sides[1].slice()];
  let legalPlay: string | null = null;
  if (a.type === 'roll') {
    const search = searchOf(w.work);
    legalPlay = mostDiceUsable(w.pos, a.side, a.dice[0], a.dice[1], search) > 0 ? bestPlay(search) : '';
  }
  w.moments?.set(momentKey(a.line, a.column), {
    sides,
    side: a.side,
    dice: a.type === 'roll' ? [a.dice[0], a.dice[1]] : null,
    cube: cubeNow(w),
    cubeUnknown: w.cubeUnknown,
    legalPlay,
  });
}

/** The end the walk found; else a resignation when the record gives a result, else unfinished. */
function endOf(w: Walk): GameEnd {
  if (w.ended !== null) return w.ended.end;
  // A double left unanswered where the record stops being readable: it was taken or dropped, and
  // what the result is worth cannot be known (the cube is 1 or 2): the end is not judged. (With
  // no result, the game is unfinished, as any.)
  const unreadable = w.game.unreadableFrom;
  if (w.pending !== null && unreadable !== null && w.game.result !== null)
    return { termination: null, stoppedAt: unreadable };
  // The record says who won but the board and cube do not end the game: a resignation.
  const result = w.game.result;
  return result ? { termination: 'resign', winner: result.winner, points: null } : { termination: 'unfinished' };
}

/** The record goes on after the game ended: one finding, on the first action past the end (none after a stop). */
function reportPlayAfterEnd(w: Walk, a: Action): void {
  const ended = w.ended;
  if (ended === null || ended.end.termination === null) return;
  w.report(
    'play-after-end',
    'error',
    a,
    `the game was already over (${ended.end.termination} on line ${ended.line}), yet the record goes on`,
  );
}

function findLastRoll(actions: Action[]): number {
  for (let i = actions.length - 1; i >= 0; i--) if (itemAt(actions, i).type === 'roll') return i;
  return -1;
}

/** Plays roll `a` (action `i`); `keep`: keep its moment, once a double it answers is taken (the cube it is rolled with). */
function roll(w: Walk, a: RollAction, i: number, lastBeforeResult: boolean, keep: boolean): void {
  const pending = w.pending;
  if (pending) {
    // After a beaver the doubler's roll takes it; after a plain double a take is missing.
    if (pending.kind === 'double')
      w.report(
        'cube-response',
        'warning',
        a,
        `the double on line ${itemAt(w.cubeLog, w.cubeLog.length - 1).line} has no 'Takes' or 'Drops'; taken as a take`,
      );
    take(w, other(pending.by), a, true);
  }
  if (keep) keepMoment(w, a);
  w.options.observer?.roll?.(a, w.pos, w.firstRoll === null);
  w.rolls++;
  if (w.firstRoll === null) w.firstRoll = a;
  else if (w.turn !== null && a.side !== w.turn) {
    const name = w.options.players;
    w.report('turn-order', 'error', a, `${name[a.side]} rolls ${rollName(a)}, but it is ${name[w.turn]}'s turn`);
  }
  const findingsBefore = w.findings.length;
  const played = playRoll(w.pos, a, lastBeforeResult, w.options.marksHits, w.report, w.work);
  const traced = played !== 'ok' && movedWrong(w, a, findingsBefore) && traceBack(w, i);
  if (!traced && played === 'stop') {
    w.ended = { end: { termination: null, stoppedAt: a.line }, line: a.line };
    return;
  }
  if (!traced && played === 'illegal') setAnchor(w, a, i, findingsBefore);
  w.lastMover = a.side;
  w.turn = other(a.side);
  if (allBorneOff(w.pos, a.side)) w.ended = { end: { termination: 'bearoff', winner: a.side }, line: a.line };
}

function isFindingOn(f: Finding, a: Action): boolean {
  return f.code === 'illegal-move' && f.line === a.line && f.column === a.column;
}

/** Whether roll `a` was just found illegal (findings from `from` on). */
function movedWrong(w: Walk, a: RollAction, from: number): boolean {
  for (let k = from; k < w.findings.length; k++) if (isFindingOn(itemAt(w.findings, k), a)) return true;
  return false;
}

function copyOf(pos: Position): Position {
  return { sides: [pos.sides[0].slice(), pos.sides[1].slice()] };
}

/** Roll `a` (action `i`) was illegal and made as written: the replay goes on from it, and may trace a later failure back to it. */
function setAnchor(w: Walk, a: RollAction, i: number, from: number): void {
  let finding: Finding | null = null;
  for (let k = from; k < w.findings.length && finding === null; k++) {
    const f = itemAt(w.findings, k);
    if (isFindingOn(f, a)) finding = f;
  }
  w.anchor = {
    index: i,
    roll: a,
    before: copyOf(w.work.before),
    written: copyOf(w.pos),
    finding,
    message: finding?.message ?? '',
  };
}

/**
 * Roll `j` cannot be played on the board the last illegal move left as written: when the rolls
 * from that move up to `j` all play after a legal play of it (resync.ts), the replay goes on
 * from that play, the rolls between are played again on its board (their hit marks checked
 * there, their kept moments redrawn), roll `j` has no finding, and the illegal move's finding
 * names the play. False (nothing changed) when no legal play explains it.
 */
function traceBack(w: Walk, j: number): boolean {
  const anchor = w.anchor;
  if (anchor === null || w.resyncsLeft === 0) return false;
  w.resyncsLeft--;
  const look = (w.resync ??= newResyncScratch(newMoveScratch));
  const actions = w.game.actions;
  const play = playFollowed(anchor.before, anchor.written, anchor.roll, actions, anchor.index, j, look);
  if (play === null) return false;
  // The move findings of the rolls after the anchor were made on the board as written: made again.
  const again = new Set<string>();
  for (const b of actions.slice(anchor.index + 1, j + 1)) again.add(momentKey(b.line, b.column));
  const kept = w.findings.filter(
    (f) =>
      !((f.code === 'illegal-move' || f.code === 'hit-marker') && again.has(momentKey(f.line ?? 0, f.column ?? 0))),
  );
  w.findings.length = 0;
  append(w.findings, kept);
  w.pos.sides[0].set(play.sides[0]);
  w.pos.sides[1].set(play.sides[1]);
  const result = w.game.result !== null || w.game.unreadableFrom !== null;
  for (let k = anchor.index + 1; k <= j; k++) {
    const b = itemAt(actions, k);
    redrawMoment(w, b);
    if (b.type === 'roll') playRoll(w.pos, b, k === w.lastRollIndex && result, w.options.marksHits, w.report, w.work);
  }
  // Findings stay in the order of the record.
  w.findings.sort((x, y) => (x.line ?? 0) - (y.line ?? 0) || (x.column ?? 0) - (y.column ?? 0));
  if (anchor.finding !== null)
    anchor.finding.message = `${anchor.message}; the moves after it fit ${playText(play)}, so the replay goes on from it`;
  return true;
}

/** A kept moment of action `b`, redrawn on the board as it now stands (the cube and the dice stay). */
function redrawMoment(w: Walk, b: Action): void {
  const m = w.moments?.get(momentKey(b.line, b.column));
  if (m === undefined) return;
  m.sides = [w.pos.sides[0].slice(), w.pos.sides[1].slice()];
  if (b.type === 'roll') {
    const search = searchOf(w.work);
    m.legalPlay = mostDiceUsable(w.pos, b.side, b.dice[0], b.dice[1], search) > 0 ? bestPlay(search) : '';
  }
}

// ---- the cube ----------------------------------------------------------------------------------

/** Logs a cube event, and tells the observer. */
function logCube(w: Walk, e: CubeEvent): void {
  w.cubeLog.push(e);
  w.options.observer?.cube?.(e, w.pos, w.rolls);
  w.gameObserver?.cube(e, w.pos, w.rolls);
}

/** The cube as it stands, for an event's `before`. */
function cubeNow(w: Walk): CubeState {
  return { value: w.cube.value, owner: w.cube.owner };
}

/** The cube becomes `value` (null: past the largest cube, so unknown from here on). */
function setCube(w: Walk, value: number | null, owner: Side | -1): void {
  if (value === null) w.cubeUnknown = true;
  w.cube = { value: value ?? w.cube.value, owner };
}

/** What doubling `value` offers; past the largest cube null, and a finding the first time. */
function doubled(w: Walk, value: number | null, a: Action): number | null {
  if (value === null) return null;
  if (value * 2 <= MAX_CUBE) return value * 2;
  const name = w.options.players[a.side];
  w.report(
    'number-out-of-range',
    'error',
    a,
    `${name} doubles the cube to ${value * 2}, larger than any cube can be (at most ${MAX_CUBE}); taken, it leaves the cube and the game's points unknown`,
  );
  return null;
}

function double(w: Walk, a: DoubleAction): void {
  const pending = w.pending;
  if (pending && a.side !== pending.by) {
    // A redouble on a pending double: a beaver (or a raccoon on a beaver).
    const kind: 'beaver' | 'raccoon' = pending.kind === 'double' ? 'beaver' : 'raccoon';
    const offered = doubled(w, pending.value, a);
    const logged = a.kind === 'double' ? kind : a.kind;
    logCube(w, {
      kind: logged,
      side: a.side,
      line: a.line,
      column: a.column,
      recordedValue: a.value,
      before: cubeNow(w),
      offered,
      inTurn: true,
      implicit: false,
    });
    setCube(w, pending.value, w.cube.owner);
    w.pending = { by: a.side, value: offered, kind };
  } else {
    const inTurn = w.turn === null || w.turn === a.side;
    const offered = doubled(w, w.cubeUnknown ? null : w.cube.value, a);
    logCube(w, {
      kind: 'double',
      side: a.side,
      line: a.line,
      column: a.column,
      recordedValue: a.value,
      before: cubeNow(w),
      offered,
      inTurn,
      implicit: false,
    });
    w.pending = { by: a.side, value: offered, kind: 'double' };
  }
}

function take(w: Walk, side: Side, a: Action, implicit: boolean): void {
  const pending = w.pending;
  if (!pending) return;
  logCube(w, {
    kind: 'take',
    side,
    line: a.line,
    column: a.column,
    recordedValue: null,
    before: cubeNow(w),
    offered: null,
    inTurn: true,
    implicit,
  });
  setCube(w, pending.value, pending.kind === 'double' ? side : pending.by);
  w.pending = null;
}

function drop(w: Walk, a: Action): void {
  const pending = w.pending;
  if (!pending) {
    w.report('cube-response', 'error', a, 'a drop with no double to answer');
    return;
  }
  logCube(w, {
    kind: 'drop',
    side: a.side,
    line: a.line,
    column: a.column,
    recordedValue: null,
    before: cubeNow(w),
    offered: null,
    inTurn: true,
    implicit: false,
  });
  w.ended = { end: { termination: 'drop', winner: pending.by }, line: a.line };
  w.pending = null;
}
