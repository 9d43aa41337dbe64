// The roll cell of a .mat move line — `52: 13/8 24/22*`, `66: 13/7(2) bar/19*\/13`, `43:`,
// `21: ???`, `66: Cannot Move` — read by one pass over its characters. This is the hottest
// syntax in every file (one or two per line), so no regexp and no second pass: the scan yields
// the MoveTokens directly, and the exact column where a move stops making sense.
import type { MoveToken, RollMarker } from '../src/core/model.js';
import type { Cell } from './mat-nodes.js';
import { itemAt } from '../src/core/at.js';

type RollCell = Extract<Cell, { type: 'roll' }>;

/**
 * What a scanner returns for text that starts like its kind but goes wrong; where (`errorOffset`)
 * and what was expected there are then in the scratch. A constant, not an error object per
 * failure, so that callers tell a failure from a cell by identity, not by looking into objects of
 * a dozen shapes.
 */
export const FAILED: unique symbol = Symbol('scan failed');

/** Fails a scan: where and what was expected, into the scratch. */
function failAt(s: MoveScratch, errorOffset: number, expected: string): typeof FAILED {
  s.errorOffset = errorOffset;
  s.expected = expected;
  return FAILED;
}

const SPACE = 32;
const TAB = 9;
const SLASH = 47;
const STAR = 42;
const OPEN = 40;
const CLOSE = 41;
const COLON = 58;
const QUESTION = 63;

export const POINT_EXPECTED = "a point: 0-25, 'bar' or 'off'";
export const AFTER_MOVE_EXPECTED = "'/', '*', '(n)', a space or the end of the line";

// Shared arrays for the common cases: most moves hit nothing, and there are only 36 rolls. One
// allocation less per move and per roll, in the hottest loop of every file. Not frozen: their
// types are readonly (MoveToken in src/core/model.ts), and V8 reads the elements of a frozen array
// through a slower path, in the replay's hottest loop.
const NO_HITS: readonly (readonly boolean[])[] = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
  new Array<boolean>(n).fill(false),
);
const DICE: readonly (readonly [number, number])[] = Array.from({ length: 49 }, (_, k) => [Math.floor(k / 7), k % 7]);

const HIT: readonly boolean[] = [true];
const NO_HIT = itemAt(NO_HITS, 1);

function tokenIndex(from: number, to: number, hit: boolean, repeat: number): number {
  return ((from * 26 + to) * 2 + (hit ? 1 : 0)) * 10 + repeat;
}

/**
 * The move tokens of one checker towards home between points from 25 to 0, by from, to, hit mark
 * and repeat count up to 4 (`13/8`, `7/5*(2)`): made once, then shared by every roll that plays
 * them (readers only read them: MoveToken's fields are readonly). Nearly every token real files
 * write is one of these; other shapes (`24/20/16`, `8/13`, points past 25) are made per token.
 */
const TOKENS: readonly (MoveToken | undefined)[] = (() => {
  const table = new Array<MoveToken | undefined>(26 * 26 * 2 * 10).fill(undefined);
  for (let from = 1; from <= 25; from++)
    for (let to = 0; to < from; to++)
      for (let repeat = 1; repeat <= 4; repeat++) {
        table[tokenIndex(from, to, false, repeat)] = { points: [from, to], hits: NO_HIT, repeat };
        table[tokenIndex(from, to, true, repeat)] = { points: [from, to], hits: HIT, repeat };
      }
  return table;
})();

function sharedToken(from: number, to: number, hit: boolean, repeat: number): MoveToken {
  return TOKENS[tokenIndex(from, to, hit, repeat)] ?? { points: [from, to], hits: hit ? HIT : NO_HIT, repeat };
}

export const isDigit = (c: number) => c >= 48 && c <= 57;
export const isBlank = (c: number) => c === SPACE || c === TAB;

/** Past spaces and tabs from `i`. */
export function skipBlanks(input: string, i: number): number {
  while (isBlank(input.charCodeAt(i))) i++;
  return i;
}

/** `w` (lower case) stands at `at`, in any case. */
function word(input: string, at: number, w: string): boolean {
  for (let k = 0; k < w.length; k++) if ((input.charCodeAt(at + k) | 32) !== w.charCodeAt(k)) return false;
  return true;
}

/**
 * Where a scan ends, written by the scanner into an object its caller owns (one per parse, made
 * by `parseMat`): the scanners return their value and leave their end here, so no result object
 * is made per point and per move (four or more a roll, in the hottest loop of every file).
 */
export interface ScanEnd {
  end: number;
}

/**
 * The move scanners' working state, one per parse: where the last scan ended, and the arrays a
 * token's points and hit marks and a roll's tokens are gathered in, then copied out at their
 * exact length (an array grown by push from one element reserves room for 17, which would make
 * these arrays much of the memory a file's audit allocates).
 */
export interface MoveScratch extends ScanEnd {
  points: number[];
  hits: boolean[];
  moves: MoveToken[];
  /**
   * Where the first character that is not a blank stands after the last roll scanned (its line's
   * end when there is none), found while looking for a further move; -1 when not known. The line
   * scanner goes on from there instead of skipping the padding between the columns again.
   */
  next: number;
  /** Where the last scan that returned FAILED found the mistake, and what it expected there. */
  errorOffset: number;
  expected: string;
}

/** A point at `at` (its end into `s.end`); -1 when there is none. */
function point(s: ScanEnd, input: string, at: number, end: number): number {
  const c = input.charCodeAt(at);
  if (isDigit(c)) {
    const d = input.charCodeAt(at + 1);
    if (at + 1 < end && isDigit(d)) {
      s.end = at + 2;
      return (c - 48) * 10 + (d - 48);
    }
    s.end = at + 1;
    return c - 48;
  }
  s.end = at + 3;
  if (word(input, at, 'bar')) return 25;
  if (word(input, at, 'off')) return 0;
  return -1;
}

/**
 * One move token at `at` (its end into `s.end`; its points and hits gathered in `s.points` and
 * `s.hits`). null when the text there is not a move at all (the next cell: `64:`, `24)`,
 * `Doubles`), so the roll ends before it.
 */
function moveToken(s: MoveScratch, input: string, at: number, end: number): MoveToken | typeof FAILED | null {
  // The first point and the first hop, the whole of almost every token (`13/8`, `6/5*`), are
  // read here with the offset in a local; `point` (which leaves its end in the scratch) reads
  // the rare rest (`24/20/16`, `bar/23`).
  let i = at;
  let c = input.charCodeAt(i);
  let first: number;
  if (c >= 48 && c <= 57) {
    first = c - 48;
    c = input.charCodeAt(++i);
    if (i < end && c >= 48 && c <= 57) {
      first = first * 10 + (c - 48);
      c = input.charCodeAt(++i);
    }
  } else {
    first = point(s, input, at, end);
    if (first < 0) return null;
    i = s.end;
    c = input.charCodeAt(i);
  }
  if (c === STAR) c = input.charCodeAt(++i);
  if (c !== SLASH || i >= end) return null;
  // The second point.
  let second: number;
  c = input.charCodeAt(++i);
  if (c >= 48 && c <= 57 && i < end) {
    second = c - 48;
    c = input.charCodeAt(++i);
    if (i < end && c >= 48 && c <= 57) {
      second = second * 10 + (c - 48);
      c = input.charCodeAt(++i);
    }
  } else {
    second = point(s, input, i, end);
    if (second < 0 || i >= end) return failAt(s, i, POINT_EXPECTED);
    i = s.end;
    c = input.charCodeAt(i);
  }
  const hit = i < end && c === STAR;
  if (hit) c = input.charCodeAt(++i);
  let n = 2;
  let anyHit = hit;
  if (i < end && c === SLASH) {
    const tokenPoints = s.points;
    const tokenHits = s.hits;
    tokenPoints[0] = first;
    tokenPoints[1] = second;
    tokenHits[0] = hit;
    while (i < end && input.charCodeAt(i) === SLASH) {
      const p = point(s, input, i + 1, end);
      if (p < 0 || i + 1 >= end) return failAt(s, i + 1, POINT_EXPECTED);
      i = s.end;
      const h = i < end && input.charCodeAt(i) === STAR;
      if (h) i++;
      tokenHits[n - 1] = h;
      anyHit ||= h;
      tokenPoints[n++] = p;
    }
    c = input.charCodeAt(i);
  }
  let repeat = 1;
  if (i < end && c === OPEN) {
    const r = input.charCodeAt(i + 1);
    if (!isDigit(r) || input.charCodeAt(i + 2) !== CLOSE) return failAt(s, i + 1, "a repeat count such as '(2)'");
    repeat = r - 48;
    i += 3;
    c = input.charCodeAt(i);
  }
  if (i < end && c !== SPACE && c !== TAB) return failAt(s, i, AFTER_MOVE_EXPECTED);
  s.end = i;
  if (n === 2) {
    if (first <= 25 && second <= 25) return sharedToken(first, second, hit, repeat);
    return { points: [first, second], hits: [hit], repeat };
  }
  const points = s.points.slice(0, n);
  const hits = anyHit ? s.hits.slice(0, n - 1) : (NO_HITS[n - 1] ?? new Array<boolean>(n - 1).fill(false));
  return { points, hits, repeat };
}

/** The marker a writer puts where the move would be, or null. */
function marker(input: string, at: number, end: number): { marker: RollMarker; next: number } | null {
  if (word(input, at, 'cannot move')) return { marker: 'cannot-move', next: at + 11 };
  if (
    input.charCodeAt(at) === QUESTION &&
    input.charCodeAt(at + 1) === QUESTION &&
    input.charCodeAt(at + 2) === QUESTION
  ) {
    let i = at + 3;
    while (i < end && input.charCodeAt(i) === QUESTION) i++;
    return { marker: 'unknown', next: i };
  }
  if (word(input, at, 'illegal play')) {
    let i = at + 12;
    let j = i;
    while (j < end && isBlank(input.charCodeAt(j))) j++;
    if (input.charCodeAt(j) === OPEN) {
      const close = input.indexOf(')', j);
      if (close >= 0 && close < end) i = close + 1;
    }
    return { marker: 'illegal-play', next: i };
  }
  return null;
}

/**
 * A roll cell at `at` (before `end`, the end of the line; its own end then in `s.end`, its
 * tokens gathered in `s.moves`); null when the text there is not a roll.
 */
export function scanRoll(
  s: MoveScratch,
  input: string,
  at: number,
  end: number,
  column: number,
): RollCell | typeof FAILED | null {
  const c1 = input.charCodeAt(at);
  const c2 = input.charCodeAt(at + 1);
  if (c1 < 49 || c1 > 54 || c2 < 49 || c2 > 54 || input.charCodeAt(at + 2) !== COLON || at + 2 >= end) return null;
  let count = 0;
  let found: RollMarker | null = null;
  let cellEnd = at + 3;
  let next = -1;
  for (;;) {
    let q = cellEnd;
    while (q < end && isBlank(input.charCodeAt(q))) q++;
    next = q;
    if (q >= end || q === cellEnd) break;
    const m = moveToken(s, input, q, end);
    if (m === null) {
      const mark = count === 0 ? marker(input, q, end) : null;
      if (mark) {
        found = mark.marker;
        cellEnd = mark.next;
        next = -1;
      }
      break;
    }
    if (m === FAILED) return m;
    s.moves[count++] = m;
    cellEnd = s.end;
  }
  s.end = cellEnd;
  s.next = next;
  const dice = DICE[(c1 - 48) * 7 + (c2 - 48)];
  if (dice === undefined) throw new RangeError('internal error: a die past 6');
  return {
    type: 'roll',
    column,
    dice,
    moves: exactly(s.moves, count),
    marker: found,
  };
}

/** The first `n` tokens of `moves` as an array of their own (literals for the usual counts: no slice call; slice when a token is missing, which it never is). */
function exactly(moves: MoveToken[], n: number): MoveToken[] {
  const m0 = moves[0];
  const m1 = moves[1];
  const m2 = moves[2];
  const m3 = moves[3];
  if (n === 0) return [];
  if (n === 1 && m0) return [m0];
  if (n === 2 && m0 && m1) return [m0, m1];
  if (n === 3 && m0 && m1 && m2) return [m0, m1, m2];
  if (n === 4 && m0 && m1 && m2 && m3) return [m0, m1, m2, m3];
  return moves.slice(0, n);
}
