// One roll's recorded move, checked against the rules and applied to the position.
//
// A recorded move is a list of segments (`13/8`, `bar/22*`, `6/off`, or `13/6` played with one
// checker and both dice). Each segment is the path of one checker over dice of the roll: its
// length is one die or a sum of the dice that checker used, and a point written inside it
// (`8/5/1`) is a point the checker lands on. Each segment is cut into single-die steps by a small
// backtracking search over the dice of the roll, in the recorded order first (any order that
// works makes the move legal: the final position is the same), then with the segments' steps
// interleaved (`66: 17/off 6/off` is 17/11, 11/5, 6/off, 5/off). This runs for every move of every
// file, and allocates nothing when the move is legal: its steps and dice live in a `MoveScratch`
// the replay makes once and passes to every call.
import type { MoveToken, Side } from '../core/model.js';
import { BAR, OFF, type Position, allBorneOff, other } from './board.js';
import type { Dice, DiceSearch, Steps } from './dice.js';
import {
  bestPlay,
  canPlayDie,
  copySteps,
  mostDiceUsable,
  newDice,
  newDiceSearch,
  newSteps,
  popStep,
  pushStep,
  setDice,
} from './dice.js';
import { STEP, applyStep, pointText, stepProblem, stepRule, undoStep } from './steps.js';
import { causeOf, writtenUse } from './cause.js';

import type { Segment } from './segment.js';
import { byteAt, int8At, itemAt } from '../core/at.js';

export type { Segment } from './segment.js';

/** What playing the rolls of a game works in: made once per replay, reused for every roll. */
export interface MoveScratch {
  /** The play being placed; once `playRecorded` answers 'legal', the single-die steps played. */
  steps: Steps;
  /** The dice of the roll that `steps` has not used. */
  dice: Dice;
  /** The recorded play, kept while `playRecorded` looks for a longer one (made when first needed). */
  recorded: Steps | null;
  /** The search for the most dice a roll can use, and the example play it found (made when first needed). */
  search: DiceSearch | null;
  /** The recorded move's segments (`segmentsOf` reuses the objects, kept in `segmentPool`). */
  segments: Segment[];
  segmentPool: Segment[];
  /** Where each segment's checker stands while `interleave` plays them (DONE once it has arrived). */
  cursor: Int8Array;
  /** Once `playRecorded` answers 'illegal': the board before the move. */
  before: Position;
}

export function newMoveScratch(): MoveScratch {
  return {
    steps: newSteps(),
    dice: newDice(),
    recorded: null,
    search: null,
    segments: [],
    segmentPool: [],
    cursor: new Int8Array(4),
    before: { sides: [new Uint8Array(26), new Uint8Array(26)] },
  };
}

/** The scratch's dice search, made the first time a roll of the game needs one. */
export function searchOf(work: MoveScratch): DiceSearch {
  return work.search ?? (work.search = newDiceSearch());
}

/**
 * Cuts recorded tokens into segments: `8/5*\/1` → 8/5*, 5/1; `13/7(2)` → 13/7, 13/7. With `out`
 * and `pool` (scratch lists the caller keeps), the segment objects come from `pool`, which keeps
 * them when `out` gets shorter: no allocation per move.
 */
export function segmentsOf(moves: MoveToken[], out: Segment[] = [], pool: Segment[] = []): Segment[] {
  let n = 0;
  for (const m of moves) {
    const points = m.points;
    const hits = m.hits;
    for (let r = 0; r < m.repeat; r++) {
      for (let k = 1; k < points.length; k++, n++) {
        const from = points[k - 1];
        const to = points[k];
        const hitMarked = hits[k - 1];
        if (from === undefined || to === undefined || hitMarked === undefined)
          throw new RangeError('internal error: a move token has fewer hit marks than steps');
        const seg = pool[n] ?? (pool[n] = { from: 0, to: 0, hitMarked: false });
        seg.from = from;
        seg.to = to;
        seg.hitMarked = hitMarked;
        out[n] = seg;
      }
    }
  }
  while (out.length > n) out.pop(); // `out.length = n` is a runtime call, pop is not
  return out;
}

function rollText(d1: number, d2: number): string {
  return `${Math.max(d1, d2)}-${Math.min(d1, d2)}`;
}

function segmentText(seg: Segment): string {
  return `${pointText(seg.from)}/${pointText(seg.to)}`;
}

/** Places segments k.. of `segs`, the checker of segment k standing on `at`, with the dice of `work`, into its steps. */
function place(pos: Position, s: Side, segs: Segment[], k: number, at: number, work: MoveScratch): boolean {
  const seg = segs[k];
  if (seg === undefined) return true; // all placed
  const mine = pos.sides[s];
  // What `stepRule` asks of the point a step starts from, asked once for every die.
  if ((at !== BAR && byteAt(mine, BAR) > 0) || at < 1 || at > BAR || mine[at] === 0) return false;
  const theirs = pos.sides[other(s)];
  const target = seg.to;
  const available = work.dice;
  // Two passes: a combined move (`6/1` with 4-1) is first tried through points where it hits
  // nothing; a hit on the way is only assumed when no other path exists (the second pass tries
  // only such steps: none passed over, none to try).
  let hitsOnTheWay = false;
  for (let pass = 0; pass < 2; pass++) {
    if (pass === 1 && !hitsOnTheWay) break;
    for (let d = 6; d >= 1; d--) {
      if (available[d] === 0) continue;
      const land = at - d;
      if (target !== OFF && land < target) continue;
      const passing = land > 0 && land !== target;
      if (passing && (pass === 0) === (theirs[25 - land] === 1)) {
        if (pass === 0) hitsOnTheWay = true;
        continue;
      }
      if (!passing && pass === 1) continue;
      if (land >= 1 ? byteAt(theirs, 25 - land) >= 2 : stepRule(pos, s, at, d) !== STEP.legal) continue;
      available[d] = int8At(available, d) - 1;
      pushStep(work.steps, at, d, applyStep(pos, s, at, d));
      const reached = land <= 0 ? OFF : land;
      const next = reached === target ? k + 1 : k;
      const nextAt = next === k ? reached : (segs[next]?.from ?? 0);
      if (place(pos, s, segs, next, nextAt, work)) return true;
      popStep(pos, s, work.steps, available);
    }
  }
  return false;
}

function placeAll(pos: Position, s: Side, segs: Segment[], d1: number, d2: number, work: MoveScratch): boolean {
  work.steps.length = 0;
  setDice(work.dice, d1, d2);
  const first = segs[0];
  return first === undefined || place(pos, s, segs, 0, first.from, work);
}

/**
 * Why the recorded move is illegal, in the words of the rule it breaks: the segments are played
 * in the recorded order while they can be, and the first that cannot is explained. The position
 * is left as it was.
 */
function explain(pos: Position, s: Side, segs: Segment[], d1: number, d2: number, work: MoveScratch): string {
  const steps = work.steps;
  steps.length = 0;
  setDice(work.dice, d1, d2);
  let reason = `no order of these moves can be played with the roll ${rollText(d1, d2)}`;
  for (const seg of segs) {
    const before = steps.length;
    if (place(pos, s, [seg], 0, seg.from, work)) continue;
    while (steps.length > before) popStep(pos, s, steps, work.dice);
    reason = segmentProblem(pos, s, seg, d1, d2, work.dice);
    break;
  }
  while (steps.length > 0) popStep(pos, s, steps, work.dice);
  return reason;
}

/** Why `seg` cannot be played with the dice still `available`. */
function segmentProblem(pos: Position, s: Side, seg: Segment, d1: number, d2: number, available: Dice): string {
  const roll = rollText(d1, d2);
  const left = [1, 2, 3, 4, 5, 6].filter((d) => int8At(available, d) > 0);
  if (left.length === 0) return `the roll ${roll} is used up before ${segmentText(seg)}`;
  const distance = seg.from - seg.to;
  if (seg.to !== OFF && distance >= 1 && distance <= 6) {
    if (available[distance] === 0)
      return d1 === distance || d2 === distance
        ? `die ${distance} of roll ${roll} is already used`
        : `die ${distance} not in roll ${roll}`;
    return stepProblem(pos, s, seg.from, distance) ?? `${segmentText(seg)} cannot be played with the roll ${roll}`;
  }
  // A bear-off, or a move of several dice: the rule its first possible step breaks.
  for (let d = 6; d >= 1; d--) {
    if (available[d] === 0 || (seg.to !== OFF && seg.from - d < seg.to)) continue;
    const problem = stepProblem(pos, s, seg.from, d);
    if (problem !== null) return problem;
  }
  return `${segmentText(seg)} cannot be played with the roll ${roll}`;
}

/** Every order of 0..n-1 (n ≤ 5), the identity first. */
function* orders(n: number): Generator<number[]> {
  const a = Array.from({ length: n }, (_, i) => i);
  yield a.slice();
  const c = new Array<number>(n).fill(0);
  let i = 0;
  while (i < n) {
    const ci = itemAt(c, i);
    if (ci < i) {
      const j = i % 2 === 0 ? 0 : ci;
      [a[j], a[i]] = [itemAt(a, i), itemAt(a, j)];
      yield a.slice();
      c[i] = ci + 1;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

// ---- a play that ends where the record ends -----------------------------------------------

/** The mover's checkers after the segments, moved as written; null when they cannot be. */
function recordedEnd(pos: Position, s: Side, segs: Segment[]): Uint8Array | null {
  const end = pos.sides[s].slice();
  for (const seg of segs) {
    if (seg.from < 1 || seg.from > BAR || end[seg.from] === 0 || seg.to >= seg.from) return null;
    end[seg.from] = byteAt(end, seg.from) - 1;
    end[seg.to] = byteAt(end, seg.to) + 1;
  }
  return end;
}

function sameSide(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i <= BAR; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Steps (into `work.steps`) to the target end, whatever the paths. */
function reach(pos: Position, s: Side, target: Uint8Array, work: MoveScratch): boolean {
  const { steps, dice } = work;
  if (sameSide(pos.sides[s], target)) return true;
  const mine = pos.sides[s];
  for (let d = 6; d >= 1; d--) {
    if (dice[d] === 0) continue;
    for (let from = BAR; from >= 1; from--) {
      // Only checkers the record moves away from a point can leave it.
      if (byteAt(mine, from) <= byteAt(target, from) || stepRule(pos, s, from, d) !== STEP.legal) continue;
      dice[d] = int8At(dice, d) - 1;
      pushStep(steps, from, d, applyStep(pos, s, from, d));
      if (reach(pos, s, target, work)) return true;
      popStep(pos, s, steps, dice);
    }
  }
  return false;
}

/** `Cursor` value of a segment whose checker has arrived. */
const DONE = -1;

/**
 * Plays every segment as the path of one checker (its steps land inside it, on its end last; a
 * bear-off's last step may overshoot), the steps of different segments in any order and
 * interleaved: `66: 17/off 6/off` is 17/11, 11/5, 6/off, 5/off (the 5/off only after 6/off).
 * The steps go into `work.steps`; at least `need` of them (or the last checker borne off).
 * `avoidHits`: no hit on a point a segment only passes.
 */
function interleave(
  pos: Position,
  s: Side,
  segs: Segment[],
  need: number,
  avoidHits: boolean,
  work: MoveScratch,
): boolean {
  const { steps, dice, cursor } = work;
  let open = false;
  for (let k = 0, seg = segs[0]; seg !== undefined; seg = segs[++k]) {
    const at = int8At(cursor, k);
    if (at === DONE) continue;
    open = true;
    const to = seg.to;
    for (let d = 6; d >= 1; d--) {
      if (dice[d] === 0) continue;
      const land = at - d;
      if (to !== OFF && land < to) continue;
      const arrives = land <= 0 || land === to;
      if (avoidHits && !arrives && pos.sides[other(s)][25 - land] === 1) continue;
      if (stepRule(pos, s, at, d) !== STEP.legal) continue;
      dice[d] = int8At(dice, d) - 1;
      pushStep(steps, at, d, applyStep(pos, s, at, d));
      cursor[k] = arrives ? DONE : land;
      if (interleave(pos, s, segs, need, avoidHits, work)) return true;
      cursor[k] = at;
      popStep(pos, s, steps, dice);
    }
  }
  return !open && (steps.length >= need || allBorneOff(pos, s));
}

/**
 * The segments played with their steps interleaved (`interleave`), a play that hits nothing on
 * the way first. Used when the segments cannot be played one after the other.
 */
function placeInterleaved(
  pos: Position,
  s: Side,
  segs: Segment[],
  d1: number,
  d2: number,
  work: MoveScratch,
  need = 0,
): boolean {
  // Each segment takes at least one die.
  if (segs.length > (d1 === d2 ? 4 : 2)) return false;
  for (let pass = 0; pass < 2; pass++) {
    work.steps.length = 0;
    setDice(work.dice, d1, d2);
    for (const [k, seg] of segs.entries()) work.cursor[k] = seg.from;
    if (interleave(pos, s, segs, need, pass === 0, work)) return true;
  }
  return false;
}

/**
 * Whether some legal play of the roll leaves the mover's checkers where the written moves leave
 * them (whatever paths they write): then only the moves as written contradict the dice
 * (`51: 24/20 20/18`, `61: 8/5 6/2`). The position is left as it was.
 */
function sameEndByLegalPlay(
  pos: Position,
  s: Side,
  segs: Segment[],
  d1: number,
  d2: number,
  work: MoveScratch,
): boolean {
  const target = recordedEnd(pos, s, segs);
  if (target === null) return false;
  work.steps.length = 0;
  setDice(work.dice, d1, d2);
  const found = reach(pos, s, target, work);
  takeBack(pos, s, work.steps);
  work.steps.length = 0;
  return found;
}

// ---- a whole play --------------------------------------------------------------------------

const LEGAL = Object.freeze({ kind: 'legal' as const });

export type PlayResult =
  /** Legal; the position now holds the play. */
  | { kind: 'legal' }
  /** Breaks a rule; the position holds the move as recorded. */
  | { kind: 'illegal'; reason: string }
  /** Breaks a rule and cannot even be moved as recorded (`board` says why); the position is unchanged. */
  | { kind: 'unplayable'; reason: string; board: string };

/** Why the board forbids a segment as written, whatever the dice; null when it allows it. */
function boardForbids(pos: Position, s: Side, seg: Segment): string | null {
  const { from, to } = seg;
  if (from < 1 || from > BAR || pos.sides[s][from] === 0)
    return from === BAR ? 'no checker on the bar' : `no checker on point ${pointText(from)}`;
  if (to >= from) return `${segmentText(seg)} does not move towards home`;
  if (to !== OFF && byteAt(pos.sides[other(s)], 25 - to) >= 2) return `point ${to} is blocked`;
  return null;
}

/**
 * Moves the segments as written, ignoring dice, hitting a lone checker where one lands; when the
 * board forbids one, the position is left unchanged and the answer says why (null: made).
 */
function applyAsRecorded(pos: Position, s: Side, segs: Segment[], before: Position): string | null {
  for (const seg of segs) {
    const mine = pos.sides[s];
    const theirs = pos.sides[other(s)];
    const to = seg.to;
    const forbidden = boardForbids(pos, s, seg);
    if (forbidden !== null) {
      pos.sides[0].set(before.sides[0]);
      pos.sides[1].set(before.sides[1]);
      return forbidden;
    }
    mine[seg.from] = byteAt(mine, seg.from) - 1;
    mine[to] = byteAt(mine, to) + 1;
    if (to !== OFF && theirs[25 - to] === 1) {
      theirs[25 - to] = 0;
      theirs[BAR] = byteAt(theirs, BAR) + 1;
    }
  }
  return null;
}

function keepBefore(pos: Position, work: MoveScratch): void {
  work.before.sides[0].set(pos.sides[0]);
  work.before.sides[1].set(pos.sides[1]);
}

/** Takes the steps back on the board, last first; the list is kept. */
function takeBack(pos: Position, s: Side, steps: Steps): void {
  for (let k = steps.length - 1; k >= 0; k--)
    undoStep(pos, s, int8At(steps.from, k), int8At(steps.die, k), steps.hit[k] === 1);
}

/** Plays the steps again after `takeBack`: the same board, so the same hits. */
function playAgain(pos: Position, s: Side, steps: Steps): void {
  for (let k = 0; k < steps.length; k++) applyStep(pos, s, int8At(steps.from, k), int8At(steps.die, k));
}

/**
 * Plays a recorded move for roll d1-d2 by side `s`, checking every rule, with the typed arrays
 * of `work`. On 'legal', `work.steps` hold the single-die steps played.
 */
export function playRecorded(
  pos: Position,
  s: Side,
  d1: number,
  d2: number,
  segs: Segment[],
  work: MoveScratch,
): PlayResult {
  let legal = placeAll(pos, s, segs, d1, d2, work);
  if (!legal && segs.length > 1 && segs.length <= 5) {
    for (const order of orders(segs.length)) {
      if (
        placeAll(
          pos,
          s,
          order.map((i) => itemAt(segs, i)),
          d1,
          d2,
          work,
        )
      ) {
        legal = true;
        break;
      }
    }
  }
  if (!legal && segs.length > 0) legal = placeInterleaved(pos, s, segs, d1, d2, work);
  if (!legal) {
    const reason = sameEndByLegalPlay(pos, s, segs, d1, d2, work)
      ? `${writtenUse(segs)}; the roll is ${rollText(d1, d2)}`
      : (causeOf(pos, s, segs, d1, d2) ?? explain(pos, s, segs, d1, d2, work));
    work.steps.length = 0;
    keepBefore(pos, work);
    const forbidden = applyAsRecorded(pos, s, segs, work.before);
    return forbidden === null ? { kind: 'illegal', reason } : { kind: 'unplayable', reason, board: forbidden };
  }
  const steps = work.steps;
  const used = steps.length; // each step uses one die
  if (used === (d1 === d2 ? 4 : 2)) return LEGAL;
  // Bearing off the last checker ends the game: the rest of the roll does not matter.
  if (allBorneOff(pos, s)) return LEGAL;
  // Fewer dice than the roll has: check, on the position before the play, that no more could be.
  takeBack(pos, s, steps);
  const search = searchOf(work);
  const most = mostDiceUsable(pos, s, d1, d2, search);
  let problem: string | null = null;
  if (most > used) {
    // `41: 4/off` may be 4/3, 3/off: the same checker's path with both dice, which the rules ask.
    const recorded = work.recorded ?? (work.recorded = newSteps());
    copySteps(steps, recorded);
    if (placeInterleaved(pos, s, segs, d1, d2, work, most)) return LEGAL;
    copySteps(recorded, steps);
    const example = bestPlay(search);
    problem =
      used === 0
        ? `could have moved: ${example} was possible`
        : d1 !== d2
          ? `could have used both dice: ${example} was possible`
          : `could have used ${most} dice, not ${used}: ${example} was possible`;
  } else if (used === 1 && d1 !== d2) {
    const larger = Math.max(d1, d2);
    if (steps.die[0] !== larger && canPlayDie(pos, s, larger))
      problem = `must play the larger die, ${larger}, when only one die can be played`;
  }
  if (problem !== null) keepBefore(pos, work);
  playAgain(pos, s, steps);
  return problem === null ? LEGAL : { kind: 'illegal', reason: problem };
}
