// The dice of one roll: which are still to play, the steps played with them so far (module-level
// typed arrays, reused for every roll: the search allocates nothing), and how many of them can be
// played at most, which the rules require.
import type { Side } from '../model.js';
import { BAR, type Position } from './board.js';
import { STEP, applyStep, pointText, stepRule, undoStep } from './steps.js';

const MAX_STEPS = 32;
/** The steps of the play being searched or last found: from, die, and whether it hit. */
export const steps = {
  length: 0,
  from: new Int8Array(MAX_STEPS),
  die: new Int8Array(MAX_STEPS),
  hit: new Uint8Array(MAX_STEPS),
};
/** The dice of the roll not used yet, by value. */
export const available = new Int8Array(7);

export function pushStep(from: number, die: number, hit: boolean): void {
  const k = steps.length++;
  steps.from[k] = from;
  steps.die[k] = die;
  steps.hit[k] = hit ? 1 : 0;
}

export function popStep(pos: Position, s: Side): void {
  const k = --steps.length;
  undoStep(pos, s, steps.from[k], steps.die[k], steps.hit[k] === 1);
  available[steps.die[k]]++;
}

export function setDice(d1: number, d2: number): void {
  for (let d = 1; d <= 6; d++) available[d] = 0; // TypedArray fill is a call, not worth it for 6
  if (d1 === d2) available[d1] = 4;
  else {
    available[d1] = 1;
    available[d2] = 1;
  }
}

const bestFrom = new Int8Array(4);
const bestDie = new Int8Array(4);
const curFrom = new Int8Array(4);
const curDie = new Int8Array(4);
let best = 0;

function explore(pos: Position, s: Side, depth: number, goal: number): boolean {
  if (depth > best) {
    best = depth;
    bestFrom.set(curFrom);
    bestDie.set(curDie);
    if (best === goal) return true;
  }
  const mine = pos.sides[s];
  for (let d = 6; d >= 1; d--) {
    if (available[d] === 0) continue;
    for (let from = BAR; from >= 1; from--) {
      if (mine[from] === 0 || stepRule(pos, s, from, d) !== STEP.legal) continue;
      available[d]--;
      const hit = applyStep(pos, s, from, d);
      curFrom[depth] = from;
      curDie[depth] = d;
      const done = explore(pos, s, depth + 1, goal);
      undoStep(pos, s, from, d, hit);
      available[d]++;
      if (done) return true;
      if (mine[BAR] > 0 && from === BAR) break;
    }
  }
  return false;
}

/**
 * How many dice of the roll can be played at most. `bestPlay()` then writes one play that does
 * it, for a message: only asked for when a record falls short, so not made for every roll.
 */
export function mostDiceUsable(pos: Position, s: Side, d1: number, d2: number): number {
  best = 0;
  if (!canPlayDie(pos, s, d1) && !canPlayDie(pos, s, d2)) return 0;
  setDice(d1, d2);
  explore(pos, s, 0, d1 === d2 ? 4 : 2);
  return best;
}

/** The play the last `mostDiceUsable` found, as in `24/23 23/17`. */
export function bestPlay(): string {
  const parts: string[] = [];
  for (let k = 0; k < best; k++) {
    const from = bestFrom[k];
    const to = from - bestDie[k];
    parts.push(`${pointText(from)}/${to > 0 ? to : 'off'}`);
  }
  return parts.join(' ');
}

/** Whether one step with `die` is possible at all. */
export function canPlayDie(pos: Position, s: Side, die: number): boolean {
  for (let from = BAR; from >= 1; from--) if (pos.sides[s][from] > 0 && stepRule(pos, s, from, die) === STEP.legal) return true;
  return false;
}
