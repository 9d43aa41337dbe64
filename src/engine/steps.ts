// One step of one checker with one die: the rules that decide whether it may be played, and
// playing or taking it back on the position's typed arrays.
import type { Side } from '../core/model.js';
import { BAR, OFF, type Position, allHome, other } from './board.js';
import { byteAt } from '../core/at.js';

/** Why a single step is illegal; `stepRule` answers with one of these (0: it is legal). */
export const STEP = { legal: 0, enterFirst: 1, noChecker: 2, blocked: 3, notAllHome: 4, higherChecker: 5 } as const;

/**
 * The rule a step of side `s` from `from` with `die` breaks, as a number: the search calls
 * this for every step it tries, so no message is made here (see `stepProblem`).
 */
export function stepRule(pos: Position, s: Side, from: number, die: number): number {
  const mine = pos.sides[s];
  if (from !== BAR && byteAt(mine, BAR) > 0) return STEP.enterFirst;
  if (from < 1 || from > BAR || mine[from] === 0) return STEP.noChecker;
  const to = from - die;
  if (to >= 1) return byteAt(pos.sides[other(s)], 25 - to) >= 2 ? STEP.blocked : STEP.legal;
  if (!allHome(mine)) return STEP.notAllHome;
  if (to < 0) for (let p = from + 1; p <= 6; p++) if (byteAt(mine, p) > 0) return STEP.higherChecker;
  return STEP.legal;
}

/** Why side `s` cannot move a checker from `from` with `die`, in words; null when it can. */
export function stepProblem(pos: Position, s: Side, from: number, die: number): string | null {
  switch (stepRule(pos, s, from, die)) {
    case STEP.enterFirst:
      return 'a checker on the bar must enter first';
    case STEP.noChecker:
      return from === BAR ? 'no checker on the bar' : `no checker on point ${from}`;
    case STEP.blocked:
      return `point ${from - die} is blocked`;
    case STEP.notAllHome:
      return 'cannot bear off: not all checkers are in the home board';
    case STEP.higherChecker: {
      let p = from + 1;
      while (pos.sides[s][p] === 0) p++;
      return `cannot bear off from ${from} with a ${die}: a checker stands higher, on ${p}`;
    }
    default:
      return null;
  }
}

/** Moves the checker (the step must be legal); returns whether it hit. */
export function applyStep(pos: Position, s: Side, from: number, die: number): boolean {
  const mine = pos.sides[s];
  const theirs = pos.sides[other(s)];
  const to = from - die > 0 ? from - die : OFF;
  mine[from] = byteAt(mine, from) - 1;
  mine[to] = byteAt(mine, to) + 1;
  if (to !== OFF && theirs[25 - to] === 1) {
    theirs[25 - to] = 0;
    theirs[BAR] = byteAt(theirs, BAR) + 1;
    return true;
  }
  return false;
}

export function undoStep(pos: Position, s: Side, from: number, die: number, hit: boolean): void {
  const mine = pos.sides[s];
  const to = from - die > 0 ? from - die : OFF;
  mine[to] = byteAt(mine, to) - 1;
  mine[from] = byteAt(mine, from) + 1;
  if (hit) {
    const theirs = pos.sides[other(s)];
    theirs[BAR] = byteAt(theirs, BAR) - 1;
    theirs[25 - to] = 1;
  }
}

export function pointText(p: number): string {
  return p === BAR ? 'bar' : p === OFF ? 'off' : String(p);
}
