// The dice of one roll: which are still to play, the steps played with them so far, and how many
// of them can be played at most, which the rules require. The work lives in typed arrays the
// caller makes once (one set per replay, src/engine/moves.ts) and passes to every call: the
// search allocates nothing, and each call says what it reads and writes.
import type { Side } from '../core/model.js';
import { BAR, type Position, allHome, other } from './board.js';
import { STEP, applyStep, pointText, stepRule, undoStep } from './steps.js';
import { byteAt, int8At } from '../core/at.js';

const MAX_STEPS = 32;

/** Single-die steps in the order played: from, die, and whether it hit. */
export interface Steps {
  length: number;
  from: Int8Array;
  die: Int8Array;
  hit: Uint8Array;
}

/** The dice of a roll not used yet, by value (indices 1-6). */
export type Dice = Int8Array;

export function newSteps(): Steps {
  return { length: 0, from: new Int8Array(MAX_STEPS), die: new Int8Array(MAX_STEPS), hit: new Uint8Array(MAX_STEPS) };
}

export function newDice(): Dice {
  return new Int8Array(7);
}

export function pushStep(steps: Steps, from: number, die: number, hit: boolean): void {
  const k = steps.length++;
  steps.from[k] = from;
  steps.die[k] = die;
  steps.hit[k] = hit ? 1 : 0;
}

/** Takes the last step of `steps` back on the board and gives its die back to `dice`. */
export function popStep(pos: Position, s: Side, steps: Steps, dice: Dice): void {
  const k = --steps.length;
  const die = int8At(steps.die, k);
  undoStep(pos, s, int8At(steps.from, k), die, steps.hit[k] === 1);
  dice[die] = int8At(dice, die) + 1;
}

export function copySteps(from: Steps, to: Steps): void {
  for (let k = 0; k < from.length; k++) {
    to.from[k] = int8At(from.from, k);
    to.die[k] = int8At(from.die, k);
    to.hit[k] = byteAt(from.hit, k);
  }
  to.length = from.length;
}

export function setDice(dice: Dice, d1: number, d2: number): void {
  for (let d = 1; d <= 6; d++) dice[d] = 0; // TypedArray fill is a call, not worth it for 6
  if (d1 === d2) dice[d1] = 4;
  else {
    dice[d1] = 1;
    dice[d2] = 1;
  }
}

/** The search for the most dice a roll can use: its own dice, the play being tried, and the longest found. */
export interface DiceSearch {
  dice: Dice;
  /** How many steps the longest play found has. */
  best: number;
  bestFrom: Int8Array;
  bestDie: Int8Array;
  curFrom: Int8Array;
  curDie: Int8Array;
}

export function newDiceSearch(): DiceSearch {
  return {
    dice: newDice(),
    best: 0,
    bestFrom: new Int8Array(4),
    bestDie: new Int8Array(4),
    curFrom: new Int8Array(4),
    curDie: new Int8Array(4),
  };
}

/**
 * Tries every step from here, depth first: dice high to low, points from the bar down. `top`: the
 * highest point a step may start from. A doublet's steps are tried with their points never rising
 * (`top` is the last step's point): any legal play of a doublet is also legal with its steps in
 * that order, to the same board (a step never needs a lower checker to move first), and the
 * first play the full search would meet at each depth has that order, so the search finds the
 * same plays in fewer tries.
 */
function explore(pos: Position, s: Side, depth: number, goal: number, top: number, search: DiceSearch): boolean {
  if (depth > search.best) {
    search.best = depth;
    search.bestFrom.set(search.curFrom);
    search.bestDie.set(search.curDie);
    if (depth === goal) return true;
  }
  const mine = pos.sides[s];
  const dice = search.dice;
  const doublet = goal === 4;
  for (let d = 6; d >= 1; d--) {
    if (dice[d] === 0) continue;
    for (let from = top; from >= 1; from--) {
      if (mine[from] === 0 || stepRule(pos, s, from, d) !== STEP.legal) continue;
      dice[d] = int8At(dice, d) - 1;
      const hit = applyStep(pos, s, from, d);
      search.curFrom[depth] = from;
      search.curDie[depth] = d;
      const done = explore(pos, s, depth + 1, goal, doublet ? from : BAR, search);
      undoStep(pos, s, from, d, hit);
      dice[d] = int8At(dice, d) + 1;
      if (done) return true;
      if (byteAt(mine, BAR) > 0 && from === BAR) break;
    }
  }
  return false;
}

/**
 * How many dice of the roll can be played at most; the position is left as it was. `search`
 * then holds one play that does it, for `bestPlay` (a message: only asked for when a record
 * falls short, so not made for every roll).
 */
export function mostDiceUsable(pos: Position, s: Side, d1: number, d2: number, search: DiceSearch): number {
  search.best = 0;
  if (!canPlayDie(pos, s, d1) && !canPlayDie(pos, s, d2)) return 0;
  setDice(search.dice, d1, d2);
  explore(pos, s, 0, d1 === d2 ? 4 : 2, BAR, search);
  return search.best;
}

/** The play `mostDiceUsable` found with this search, as in `24/23 23/17`. */
export function bestPlay(search: DiceSearch): string {
  const parts: string[] = [];
  for (let k = 0; k < search.best; k++) {
    const from = int8At(search.bestFrom, k);
    const to = from - int8At(search.bestDie, k);
    parts.push(`${pointText(from)}/${to > 0 ? to : 'off'}`);
  }
  return parts.join(' ');
}

/** Whether one step with `die` is possible at all (the rules of `stepRule`, each point asked once). */
export function canPlayDie(pos: Position, s: Side, die: number): boolean {
  const mine = pos.sides[s];
  const theirs = pos.sides[other(s)];
  // A checker on the bar must enter first: on point 25 - die, which is the other side's `die`.
  if (byteAt(mine, BAR) > 0) return byteAt(theirs, die) < 2;
  for (let from = 24; from >= 1; from--) {
    if (mine[from] === 0) continue;
    const to = from - die;
    if (to >= 1) {
      if (byteAt(theirs, 25 - to) < 2) return true;
      continue;
    }
    // The first bear-off: the points below bear off too, so this one decides. Not all home: none
    // can; exactly: it can; past the edge: only when no checker stands higher (the points above
    // that hold one were met already).
    if (!allHome(mine)) return false;
    if (to === 0) return true;
    for (let p = from + 1; p <= 6; p++) if (byteAt(mine, p) > 0) return false;
    return true;
  }
  return false;
}
