// Why an illegal move is illegal, named as a player would name it. The rules are asked in the
// order a reader checks a written move: the distances against the dice first (a typo in a point
// number shows there), then whether the checkers moved are there, then the bar, then the points
// the checkers land on, then bearing off. The first rule a written move breaks is its cause:
// `24/15*` with 5-3 is "24/15 is 9 pips; the roll 5-3 moves 5, 3 or 8", not the point 19 a
// search for a path happened to meet first.
import type { Side } from '../core/model.js';
import { BAR, OFF, type Position, allHome, other } from './board.js';
import type { Segment } from './segment.js';
import { pointText } from './steps.js';
import { byteAt, itemAt } from '../core/at.js';

function rollText(d1: number, d2: number): string {
  return `${Math.max(d1, d2)}-${Math.min(d1, d2)}`;
}

function segmentText(seg: Segment): string {
  return `${pointText(seg.from)}/${pointText(seg.to)}`;
}

/** The dice of a roll, one entry per die (a doublet four). */
function diceOf(d1: number, d2: number): number[] {
  return d1 === d2 ? [d1, d1, d1, d1] : [Math.max(d1, d2), Math.min(d1, d2)];
}

/** The pips a segment moves: a bear-off moves its checker's point. */
function pips(seg: Segment): number {
  return seg.from - seg.to;
}

/** Whether the dice of `mask` can carry the segment's checker: its exact pips, or past the edge on the last die. */
function carries(seg: Segment, dice: number[], mask: number): boolean {
  let sum = 0;
  let largest = 0;
  for (const [k, die] of dice.entries())
    if (mask & (1 << k)) {
      sum += die;
      largest = Math.max(largest, die);
    }
  if (sum === 0) return false;
  if (seg.to !== OFF) return sum === pips(seg);
  // A bear-off may overshoot with its last die only: the dice before it keep it on the board.
  return sum >= seg.from && sum - largest < seg.from;
}

/** Whether every segment can be given dice of its own (no die used twice). */
function assignable(segs: Segment[], k: number, dice: number[], used: number): boolean {
  if (k === segs.length) return true;
  const all = (1 << dice.length) - 1;
  for (let mask = 1; mask <= all; mask++) {
    if (mask & used || !carries(itemAt(segs, k), dice, mask)) continue;
    if (assignable(segs, k + 1, dice, used | mask)) return true;
  }
  return false;
}

function pipsText(n: number): string {
  return n === 1 ? '1 pip' : `${n} pips`;
}

/** What the roll moves one checker: `5, 3 or 8`; a doublet's `3, 6, 9 or 12`. */
function reachText(d1: number, d2: number): string {
  const n = d1 === d2 ? [d1, 2 * d1, 3 * d1, 4 * d1] : [Math.max(d1, d2), Math.min(d1, d2), d1 + d2];
  return `${n.slice(0, -1).join(', ')} or ${n[n.length - 1]}`;
}

/** What the written moves use, segment by segment: `the moves as written use 4 and 2`. */
export function writtenUse(segs: Segment[]): string {
  const lengths = segs.map((seg) => String(pips(seg)));
  const last = lengths.pop() ?? '';
  return `the moves as written use ${lengths.length === 0 ? last : `${lengths.join(', ')} and ${last}`}`;
}

/** The written distances against the dice: a move no dice of the roll make, or more dice than the roll has. */
function distanceProblem(segs: Segment[], d1: number, d2: number): string | null {
  const roll = rollText(d1, d2);
  const dice = diceOf(d1, d2);
  const all = (1 << dice.length) - 1;
  for (const seg of segs) {
    if (seg.to !== OFF && seg.to >= seg.from) return `${segmentText(seg)} does not move towards home`;
    let some = false;
    for (let mask = 1; mask <= all && !some; mask++) some = carries(seg, dice, mask);
    if (!some)
      return seg.to === OFF
        ? `bearing off from ${pointText(seg.from)} needs ${pipsText(seg.from)}; the roll ${roll} moves ${reachText(d1, d2)}`
        : `${segmentText(seg)} is ${pipsText(pips(seg))}; the roll ${roll} moves ${reachText(d1, d2)}`;
  }
  if (segs.length > dice.length || !assignable(segs, 0, dice, 0)) return `${writtenUse(segs)}; the roll is ${roll}`;
  return null;
}

/** The order the board rules look at segments in: entries from the bar, then moves, then bear-offs, each as written. */
function boardOrder(segs: Segment[]): Segment[] {
  const rank = (seg: Segment) => (seg.from === BAR ? 0 : seg.to === OFF ? 2 : 1);
  return segs
    .map((seg, k) => ({ seg, k }))
    .sort((a, b) => rank(a.seg) - rank(b.seg) || a.k - b.k)
    .map((e) => e.seg);
}

/**
 * The points a segment of several dice lands on before its end, for each way the roll plays it:
 * with 5-3, 24/16 lands on 19 or on 21. Empty for a single die.
 */
function waysOnTheWay(seg: Segment, d1: number, d2: number): number[][] {
  if (seg.to === OFF) return [];
  const distance = pips(seg);
  if (d1 === d2) {
    if (distance <= d1 || distance % d1 !== 0) return [];
    const way: number[] = [];
    for (let p = seg.from - d1; p > seg.to; p -= d1) way.push(p);
    return [way];
  }
  if (distance !== d1 + d2) return [];
  return [[seg.from - Math.max(d1, d2)], [seg.from - Math.min(d1, d2)]];
}

/** Whether some die of the roll, or dice of it played with one checker, takes a checker from `from` exactly off. */
function exactOff(from: number, d1: number, d2: number): boolean {
  if (d1 === d2) return from % d1 === 0 && from / d1 <= 4;
  return from === d1 || from === d2 || from === d1 + d2;
}

/** The die that would take a checker from `from` off past the edge: the smallest larger than `from`. */
function overshooting(from: number, d1: number, d2: number): number {
  const larger = [d1, d2].filter((d) => d > from);
  return larger.length > 0 ? Math.min(...larger) : Math.max(d1, d2);
}

/** The highest home point above `from` with a checker on it; 0 when none. */
function highestAbove(side: Uint8Array, from: number): number {
  for (let p = 6; p > from; p--) if (byteAt(side, p) > 0) return p;
  return 0;
}

/**
 * The board's rules, with the written moves made one after another (entries first, bear-offs
 * last) whatever the dice: the first checker that is not there, then a checker left on the bar,
 * then a blocked point, then a bear-off the board does not allow. Null when the board allows
 * every written move.
 */
function boardProblem(pos: Position, s: Side, segs: Segment[], d1: number, d2: number): string | null {
  const mine = pos.sides[s].slice();
  const theirs = pos.sides[other(s)].slice();
  let missing: string | null = null;
  let enterFirst: string | null = null;
  let blocked: string | null = null;
  let bearOff: string | null = null;
  for (const seg of boardOrder(segs)) {
    const { from, to } = seg;
    if (from < 1 || from > BAR || mine[from] === 0) {
      missing ??= from === BAR ? 'no checker on the bar' : `no checker on point ${pointText(from)}`;
      continue;
    }
    if (from !== BAR && byteAt(mine, BAR) > 0) enterFirst ??= 'a checker on the bar must enter first';
    if (to !== OFF && byteAt(theirs, 25 - to) >= 2) blocked ??= `point ${to} is blocked`;
    const ways = waysOnTheWay(seg, d1, d2);
    if (blocked === null && ways.length > 0) {
      const stops = ways.map((way) => way.find((p) => byteAt(theirs, 25 - p) >= 2));
      if (stops.every((p) => p !== undefined)) {
        const points = [...new Set(stops)].sort((a, b) => (b ?? 0) - (a ?? 0));
        blocked =
          points.length === 1
            ? `${segmentText(seg)} lands on point ${points[0]} on the way, which is blocked`
            : `${segmentText(seg)} lands on point ${points[0]} or ${points[1]} on the way, both blocked`;
      }
    }
    mine[from] = byteAt(mine, from) - 1;
    if (to === OFF) {
      if (bearOff === null && !allHome(mine)) bearOff = 'cannot bear off: not all checkers are in the home board';
      else if (bearOff === null && !exactOff(from, d1, d2)) {
        const higher = highestAbove(mine, from);
        // The point named is one the player saw the checker on, where there is one.
        const p = highestAbove(pos.sides[s], from) || higher;
        if (higher !== 0)
          bearOff = `cannot bear off from ${from} with a ${overshooting(from, d1, d2)}: a checker stands higher, on ${p}`;
      }
    }
    mine[to] = byteAt(mine, to) + 1;
    if (to !== OFF && theirs[25 - to] === 1) {
      theirs[25 - to] = 0;
      theirs[BAR] = byteAt(theirs, BAR) + 1;
    }
  }
  return missing ?? enterFirst ?? blocked ?? bearOff;
}

/**
 * The cause of an illegal move as a player would name it, or null when each written move, taken
 * alone, keeps to the dice and the board (then only their order or the dice left over explain it).
 */
export function causeOf(pos: Position, s: Side, segs: Segment[], d1: number, d2: number): string | null {
  if (segs.length === 0) return null;
  return distanceProblem(segs, d1, d2) ?? boardProblem(pos, s, segs, d1, d2);
}
