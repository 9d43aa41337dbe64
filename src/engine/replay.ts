// A GameRecord → GameReplay: every roll played and checked, the cube followed, the end found.
//
// The replay judges only what the board and the order of play decide: legal moves, turns, how
// the game ended. Whether a double was allowed (Crawford, owner, match or money) is the audit's
// judgement, made on the cube log kept here.
import type { Action, CubeState, Finding, GameRecord, RollAction, Side, Termination, Variant } from '../model.js';
import { OFF, type Position, allBorneOff, other, startPosition } from './board.js';
import { bestPlay, mostDiceUsable, type Steps } from './dice.js';
import { type MoveScratch, type Segment, newMoveScratch, playRecorded, segmentsOf } from './moves.js';
import { MAX_CUBE } from '../limits.js';

export interface ReplayOptions {
  variant: Variant;
  /** The match marks hits with `*` (gnubg, Backgammon Studio); only then is a missing `*` worth a warning. */
  marksHits: boolean;
  /** Player names, for messages (the audit gives names for empty ones). */
  players: [string, string];
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

export interface GameReplay {
  final: Position;
  /** The side that would roll next: gnubg's orientation of the final position. */
  onRoll: Side | null;
  lastMover: Side | null;
  cube: CubeState;
  /** A double past the largest cube (MAX_CUBE) was taken: `cube.value` is the last one known. */
  cubeUnknown?: boolean;
  /** null when the replay had to stop and the record's end cannot be judged. */
  termination: Termination | null;
  winner: Side | null;
  /** For a drop: the side that dropped. For a resignation: the side that resigned. */
  loser: Side | null;
  /** The points a resignation was written for (`Losses N point`), if any. */
  resignPoints: number | null;
  firstRoll: RollAction | null;
  cubeLog: CubeEvent[];
  /** The line where the replay stopped early (unreadable or impossible move). */
  stoppedAt: number | null;
  findings: Finding[];
}

interface Pending {
  by: Side;
  /** The cube value if this double is taken; null past the largest cube. */
  value: number | null;
  kind: 'double' | 'beaver' | 'raccoon';
}

function rollName(a: RollAction): string {
  return `${a.dice[0]}${a.dice[1]}`;
}

function startOf(game: GameRecord, variant: Variant): Position {
  const pos = startPosition(variant);
  const sides = game.setup?.sides;
  if (sides) for (const s of [0, 1] as const) pos.sides[s].set(sides[s]);
  return pos;
}

export function replay(game: GameRecord, options: ReplayOptions): GameReplay {
  const pos = startOf(game, options.variant);
  const work = newMoveScratch(); // the typed arrays every roll of this game is played in
  const findings: Finding[] = [];
  const name = (s: Side) => options.players[s];
  const finding = (code: string, severity: Finding['severity'], a: Action, message: string) =>
    findings.push({ code, severity, message, game: game.number, line: a.line, column: a.column });

  const r: GameReplay = {
    final: pos,
    onRoll: null,
    lastMover: null,
    cube: game.setup?.cube ? { ...game.setup.cube } : { value: 2 ** (game.setup?.autoDoubles ?? 0), owner: -1 },
    termination: null,
    winner: null,
    loser: null,
    resignPoints: null,
    firstRoll: null,
    cubeLog: [],
    stoppedAt: null,
    findings,
  };
  let turn: Side | null = game.setup?.onRoll ?? null; // whose turn it is (to double or roll)
  let pending: Pending | null = null;
  let ended = false;
  let endLine = 0;
  let reportedAfterEnd = false;
  const lastRollIndex = findLastRoll(game.actions);

  const logCube = (e: Omit<CubeEvent, 'before'>) => {
    (e as CubeEvent).before = { value: r.cube.value, owner: r.cube.owner };
    r.cubeLog.push(e as CubeEvent);
  };

  const finish = (termination: Termination, winner: Side, a: Action) => {
    r.termination = termination;
    r.winner = winner;
    r.loser = other(winner);
    ended = true;
    endLine = a.line;
  };

  /** The cube becomes `value` (null: past the largest cube, so unknown from here on). */
  const setCube = (value: number | null, owner: Side | -1) => {
    if (value === null) r.cubeUnknown = true;
    r.cube = { value: value ?? r.cube.value, owner };
  };

  /** What doubling `value` offers; past the largest cube null, and a finding the first time. */
  const doubled = (value: number | null, a: Action): number | null => {
    if (value === null) return null;
    if (value * 2 <= MAX_CUBE) return value * 2;
    finding('number-out-of-range', 'error', a, `${name(a.side)} doubles the cube to ${value * 2}, larger than any cube can be (at most ${MAX_CUBE}); taken, it leaves the cube and the game's points unknown`);
    return null;
  };

  const take = (side: Side, a: Action, implicit: boolean) => {
    if (!pending) return;
    logCube({ kind: 'take', side, line: a.line, column: a.column, recordedValue: null, offered: null, inTurn: true, implicit });
    setCube(pending.value, pending.kind === 'double' ? side : pending.by);
    pending = null;
  };

  for (let i = 0; i < game.actions.length; i++) {
    const a = game.actions[i];
    if (ended) {
      if (r.stoppedAt === null && !reportedAfterEnd) {
        finding('play-after-end', 'error', a, `the game was already over (${r.termination} on line ${endLine}), yet the record goes on`);
        reportedAfterEnd = true;
      }
      continue;
    }
    switch (a.type) {
      case 'double': {
        if (pending && a.side !== pending.by) {
          // A redouble on a pending double: a beaver (or a raccoon on a beaver).
          const kind: 'beaver' | 'raccoon' = pending.kind === 'double' ? 'beaver' : 'raccoon';
          const offered = doubled(pending.value, a);
          logCube({ kind: a.kind === 'double' ? kind : a.kind, side: a.side, line: a.line, column: a.column, recordedValue: a.value, offered, inTurn: true, implicit: false });
          setCube(pending.value, r.cube.owner);
          pending = { by: a.side, value: offered, kind };
        } else {
          const inTurn = turn === null || turn === a.side;
          const offered = doubled(r.cubeUnknown ? null : r.cube.value, a);
          logCube({ kind: 'double', side: a.side, line: a.line, column: a.column, recordedValue: a.value, offered, inTurn, implicit: false });
          pending = { by: a.side, value: offered, kind: 'double' };
        }
        break;
      }
      case 'take':
        if (!pending) finding('cube-response', 'error', a, 'a take with no double to answer');
        else take(a.side, a, false);
        break;
      case 'drop':
        if (!pending) {
          finding('cube-response', 'error', a, 'a drop with no double to answer');
          break;
        }
        logCube({ kind: 'drop', side: a.side, line: a.line, column: a.column, recordedValue: null, offered: null, inTurn: true, implicit: false });
        finish('drop', pending.by, a);
        pending = null;
        break;
      case 'resign':
        r.resignPoints = a.points;
        finish('resign', other(a.side), a);
        break;
      case 'roll': {
        if (pending) {
          // After a beaver the doubler's roll takes it; after a plain double a take is missing.
          if (pending.kind === 'double') finding('cube-response', 'warning', a, `the double on line ${r.cubeLog[r.cubeLog.length - 1].line} has no 'Takes' or 'Drops'; taken as a take`);
          take(other(pending.by), a, true);
        }
        if (r.firstRoll === null) r.firstRoll = a;
        else if (turn !== null && a.side !== turn) {
          finding('turn-order', 'error', a, `${name(a.side)} rolls ${rollName(a)}, but it is ${name(turn)}'s turn`);
        }
        // The last roll before a result (or before an unreadable end) may be left unplayed: the
        // player rolled, then resigned.
        const outcome = playRoll(pos, a, i === lastRollIndex && (game.result !== null || game.unreadableFrom !== null), options, finding, work);
        if (outcome === 'stop') {
          r.stoppedAt = a.line;
          ended = true;
          endLine = a.line;
          break;
        }
        r.lastMover = a.side;
        turn = other(a.side);
        if (allBorneOff(pos, a.side)) finish('bearoff', a.side, a);
        break;
      }
    }
  }

  if (r.stoppedAt !== null) {
    r.termination = null;
    r.winner = game.result?.winner ?? null;
  } else if (r.termination === null) {
    if (game.result) {
      // The record says who won but the board and cube do not end the game: a resignation.
      r.termination = 'resign';
      r.winner = game.result.winner;
      r.loser = other(game.result.winner);
    } else r.termination = 'unfinished';
  }
  r.onRoll = r.lastMover === null ? (game.setup?.onRoll ?? null) : other(r.lastMover);
  return r;
}

function findLastRoll(actions: Action[]): number {
  for (let i = actions.length - 1; i >= 0; i--) if (actions[i].type === 'roll') return i;
  return -1;
}

type Report = (code: string, severity: Finding['severity'], a: Action, message: string) => void;

/** Plays one roll; 'stop' when the replay cannot go on past it. */
function playRoll(pos: Position, a: RollAction, lastBeforeResult: boolean, options: ReplayOptions, report: Report, work: MoveScratch): 'ok' | 'stop' {
  const d1 = a.dice[0];
  const d2 = a.dice[1];
  if (a.marker === 'unknown' || a.marker === 'illegal-play') {
    if (lastBeforeResult) return 'ok'; // rolled, then resigned: XG writes `???`
    const what = a.marker === 'unknown' ? "'???' (the move is not recorded)" : "'Illegal play' (a position set by the writer)";
    report('move-not-checked', 'warning', a, `the record has ${what}; the game is not replayed past this roll`);
    return 'stop';
  }
  const segs = segmentsOf(a.moves, work.segments);
  if (segs.length === 0) {
    if (mostDiceUsable(pos, a.side, d1, d2, work.search) === 0) return 'ok';
    if (lastBeforeResult) return 'ok'; // rolled, then resigned instead of moving
    report('illegal-move', 'error', a, `${rollName(a)} with no move, but ${bestPlay(work.search)} was possible`);
    return 'ok';
  }
  const result = playRecorded(pos, a.side, d1, d2, segs, work);
  if (result.kind === 'unplayable') {
    report('illegal-move', 'error', a, `${rollName(a)}: ${result.reason}; the move cannot be made on this board, so the game is not replayed further`);
    return 'stop';
  }
  if (result.kind === 'illegal') {
    report('illegal-move', 'error', a, `${rollName(a)}: ${result.reason}`);
    return 'ok';
  }
  checkHitMarks(a, segs, work.steps, options, report);
  return 'ok';
}

/** Points where the play (`steps`) hit, compared with the points the record marks with `*` (bit masks by point). */
function checkHitMarks(a: RollAction, segs: Segment[], steps: Steps, options: ReplayOptions, report: Report): void {
  let hitMask = 0;
  for (let k = 0; k < steps.length; k++) {
    if (steps.hit[k] === 1) hitMask |= 1 << (steps.from[k] - steps.die[k]);
  }
  let markMask = 0;
  let endMask = 0;
  for (const seg of segs) {
    if (seg.to === OFF) continue;
    endMask |= 1 << seg.to;
    if (seg.hitMarked) markMask |= 1 << seg.to;
  }
  // Hits on the way of a combined move (`13/6` through a blot on 9) cannot carry a `*`.
  const markedNoHit = markMask & ~hitMask;
  const hitUnmarked = options.marksHits ? hitMask & endMask & ~markMask : 0;
  if ((markedNoHit | hitUnmarked) === 0) return;
  for (let p = 1; p <= 24; p++) {
    const bit = 1 << p;
    if (markedNoHit & bit) report('hit-marker', 'warning', a, `'*' on point ${p}, but no checker is hit there`);
    else if (hitUnmarked & bit) report('hit-marker', 'warning', a, `the move hits on point ${p} without the '*' this record uses elsewhere`);
  }
}
