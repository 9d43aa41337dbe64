// After an illegal move, the board the replay goes on from. The record's own moves, made as
// written, come first: the rolls after them are judged on the board the record draws. When a
// later roll cannot be played there but the record's rolls up to it (and a few after it) can all
// be played after some legal play of the illegal roll (the player hit with 24/16*, the record
// says 24/15*, and the other side's next roll enters from the bar), the written move is a slip
// of the pen and the record itself shows what was played: the replay goes on from that play, so
// one wrong line is one finding, and a later line is found wrong only in its own right.
import type { Action, RollAction, Side } from '../core/model.js';
import { BAR, OFF, type Position, allBorneOff, other } from './board.js';
import { mostDiceUsable } from './dice.js';
import { type MoveScratch, playRecorded, searchOf, segmentsOf } from './moves.js';
import { STEP, applyStep, pointText, stepRule, undoStep } from './steps.js';
import { byteAt, int8At, itemAt } from '../core/at.js';

/** How many rolls after the failing one also tell which play was made. */
const LOOKAHEAD = 4;
/** The most actions between an illegal move and a later failing roll that the failure is traced back over. */
const MOST_BACK = 120;
/** How many legal plays of the roll, the nearest the moves as written, are tried against the rolls after it. */
const MOST_TRIED = 12;
/** Steps the search for legal plays may take: a bound on a doublet's search in a crafted position. */
const MOST_NODES = 5000;

/** A legal play of the roll: the board after it and its steps in words. */
export interface Play {
  sides: [Uint8Array, Uint8Array];
  /** Its single-die steps: where each starts, its die, whether it hit. */
  steps: { from: Int8Array; die: Int8Array; hits: Uint8Array };
  /** How far its board is from the board of the moves as written (checkers out of place). */
  distance: number;
}

/** The typed arrays the look-ahead plays in, made once per replay that needs them. */
export interface ResyncScratch {
  work: MoveScratch;
  board: Position;
}

function copyInto(to: Position, from: Position): void {
  to.sides[0].set(from.sides[0]);
  to.sides[1].set(from.sides[1]);
}

/**
 * Whether roll `r` plays legally on `pos` (which then holds it); a roll with no move is legal
 * when no move is possible, or when it is the last roll of the game (rolled, then resigned).
 */
function fits(pos: Position, r: RollAction, last: boolean, work: MoveScratch): boolean {
  const segs = segmentsOf(r.moves, work.segments, work.segmentPool);
  if (segs.length === 0) return last || mostDiceUsable(pos, r.side, r.dice[0], r.dice[1], searchOf(work)) === 0;
  return playRecorded(pos, r.side, r.dice[0], r.dice[1], segs, work).kind === 'legal';
}

/**
 * Whether the rolls of actions `i`+1..`j` all play legally one after another from `pos` (left
 * in `look.board`), and how many of the LOOKAHEAD rolls after `j` then do too: -1 when one of
 * the first fails. An end of the game, or a roll the record does not write, counts as far as it goes.
 */
function followed(pos: Position, actions: readonly Action[], i: number, j: number, look: ResyncScratch): number {
  copyInto(look.board, pos);
  let lastRoll = actions.length - 1;
  while (lastRoll > i && itemAt(actions, lastRoll).type !== 'roll') lastRoll--;
  let after = 0;
  for (let k = i + 1; k < actions.length; k++) {
    const r = itemAt(actions, k);
    // 'Cannot Move' is checked as an empty move; '???' and 'Illegal play' stop what can be told.
    if (
      r.type === 'drop' ||
      r.type === 'resign' ||
      (r.type === 'roll' && r.marker !== null && r.marker !== 'cannot-move')
    )
      return k <= j ? -1 : LOOKAHEAD;
    if (r.type !== 'roll') continue;
    if (!fits(look.board, r, k === lastRoll, look.work)) return k <= j ? -1 : after;
    if (k > j && ++after === LOOKAHEAD) return after;
    if (allBorneOff(look.board, r.side)) return k < j ? -1 : LOOKAHEAD;
  }
  return LOOKAHEAD;
}

/**
 * How far board `a` is from `b`, for side `s`'s play: its own checkers out of place first (the
 * record writes where they went), the other side's (what they hit) only between equals.
 */
function distanceBetween(a: Position, b: Position, s: Side): number {
  let own = 0;
  let theirs = 0;
  const [mineA, mineB] = [a.sides[s], b.sides[s]];
  const [theirsA, theirsB] = [a.sides[other(s)], b.sides[other(s)]];
  for (let p = 0; p <= BAR; p++) {
    own += Math.abs(byteAt(mineA, p) - byteAt(mineB, p));
    theirs += Math.abs(byteAt(theirsA, p) - byteAt(theirsB, p));
  }
  return own * 64 + theirs;
}

function sameBoard(a: [Uint8Array, Uint8Array], b: Position): boolean {
  for (const side of [0, 1] as const) for (let p = 0; p <= BAR; p++) if (a[side][p] !== b.sides[side][p]) return false;
  return true;
}

/**
 * The legal plays of roll d1-d2 with the most dice whose boards are nearest `written`: at most
 * MOST_TRIED distinct boards, nearest first. Only a play that enters them is copied and put in
 * words: the search itself allocates nothing per play.
 */
function nearestPlays(pos: Position, s: Side, d1: number, d2: number, written: Position, work: MoveScratch): Play[] {
  const most = mostDiceUsable(pos, s, d1, d2, searchOf(work));
  const kept: Play[] = [];
  const dice = new Int8Array(7);
  if (d1 === d2) dice[d1] = 4;
  else {
    dice[d1] = 1;
    dice[d2] = 1;
  }
  const from = new Int8Array(4);
  const die = new Int8Array(4);
  const hits = new Uint8Array(4);
  let nodes = 0;
  const mine = pos.sides[s];
  const leaf = (depth: number): void => {
    const distance = distanceBetween(pos, written, s);
    if (kept.length === MOST_TRIED && distance >= itemAt(kept, kept.length - 1).distance) return;
    for (const p of kept) if (p.distance === distance && sameBoard(p.sides, pos)) return;
    let at = kept.length;
    while (at > 0 && itemAt(kept, at - 1).distance > distance) at--;
    const steps = { from: from.slice(0, depth), die: die.slice(0, depth), hits: hits.slice(0, depth) };
    kept.splice(at, 0, { sides: [pos.sides[0].slice(), pos.sides[1].slice()], steps, distance });
    if (kept.length > MOST_TRIED) kept.pop();
  };
  const walk = (depth: number, top: number): void => {
    if (nodes++ > MOST_NODES) return;
    if (depth === most || allBorneOff(pos, s)) {
      leaf(depth);
      return;
    }
    for (let d = 6; d >= 1; d--) {
      if (dice[d] === 0) continue;
      for (let at = d1 === d2 ? top : BAR; at >= 1; at--) {
        if (mine[at] === 0 || stepRule(pos, s, at, d) !== STEP.legal) continue;
        dice[d] = int8At(dice, d) - 1;
        const hit = applyStep(pos, s, at, d);
        from[depth] = at;
        die[depth] = d;
        hits[depth] = hit ? 1 : 0;
        walk(depth + 1, at);
        undoStep(pos, s, at, d, hit);
        dice[d] = int8At(dice, d) + 1;
      }
    }
  };
  if (most > 0) walk(0, BAR);
  return kept;
}

/** A play in words, a checker's consecutive steps as one move where it hits nothing on the way: `24/21 21/16*` → `24/16*`. */
export function playText(play: Play): string {
  const { from, die, hits } = play.steps;
  const words: string[] = [];
  for (let k = 0; k < from.length; k++) {
    const at = int8At(from, k);
    const to = at - int8At(die, k) > 0 ? at - int8At(die, k) : OFF;
    words.push(`${pointText(at)}/${pointText(to)}${hits[k] === 1 ? '*' : ''}`);
  }
  const out: string[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    const slash = w.indexOf('/');
    if (prev !== undefined && !prev.endsWith('*') && prev.slice(prev.lastIndexOf('/') + 1) === w.slice(0, slash))
      out[out.length - 1] = prev.slice(0, prev.lastIndexOf('/') + 1) + w.slice(slash + 1);
    else out.push(w);
  }
  return out.join(' ');
}

/**
 * The legal play of illegal roll `a` (action `i`, played on `before`; `written`: the board after
 * its moves as written) after which the record's rolls up to the failing action `j` all play,
 * the one the most rolls after `j` follow, nearest the moves as written among equals; null when
 * none does. The boards are left as they were.
 */
export function playFollowed(
  before: Position,
  written: Position,
  a: RollAction,
  actions: readonly Action[],
  i: number,
  j: number,
  look: ResyncScratch,
): Play | null {
  if (j - i > MOST_BACK) return null;
  const start: Position = { sides: [before.sides[0].slice(), before.sides[1].slice()] };
  const plays = nearestPlays(start, a.side, a.dice[0], a.dice[1], written, look.work);
  let best: Play | null = null;
  let bestScore = -1;
  for (const p of plays) {
    const score = followed({ sides: p.sides }, actions, i, j, look);
    if (score > bestScore) {
      best = p;
      bestScore = score;
      if (score === LOOKAHEAD) break;
    }
  }
  return best;
}

export function newResyncScratch(work: () => MoveScratch): ResyncScratch {
  return { work: work(), board: { sides: [new Uint8Array(26), new Uint8Array(26)] } };
}
