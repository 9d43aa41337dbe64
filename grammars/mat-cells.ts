// One line of a game body, read cell by cell: `  7) 52: 13/8 24/22    Doubles => 2`. Each cell
// kind is one sticky regexp picked by the cell's first character (rolls have their own scanner,
// mat-moves.ts); a line that cannot be read becomes a BadLine with the exact column of the
// mistake and what was expected there.
import type { BadLineNode, Cell, MoveLineNode } from './mat-nodes.js';
import {
  AFTER_MOVE_EXPECTED,
  FAILED,
  POINT_EXPECTED,
  isBlank,
  type MoveScratch,
  type ScanEnd,
  scanRoll,
  skipBlanks,
} from './mat-moves.js';
import { wholeNumber } from './numbers.js';
import { foundAt } from './primitives.js';
import { itemAt } from '../src/core/at.js';

/** A move number: a label nothing checks, so one too long to hold is just no number. */
const label = (digits: string): number | null => {
  const n = wholeNumber(digits);
  return typeof n === 'number' ? n : null;
};

const POINT = String.raw`(?:\d{1,2}|bar|off)`;
export const EOL = String.raw`[ \t]*(?:\n|$)`;

export function at(re: RegExp, input: string, i: number): RegExpExecArray | null {
  re.lastIndex = i;
  return re.exec(input);
}

// One sticky regexp per kind of cell (rolls have their own scanner); `readCell` picks it by the
// cell's first character.
const CUBE = /(Doubles|Beavers|Raccoons)[ \t]*=>[ \t]*(\d+)/iy;
const TAKE = /Takes|Accepts/iy;
const DROP = /Drops|Passes|Refuses/iy;
const WINS = /Wins[ \t]+(\d+)[ \t]+points?([ \t]+and[ \t]+the[ \t]+match)?/iy;
const LOSSES = /Losses[ \t]+(\d+)[ \t]+points?/iy;
const RESIGNS = /Resign(?:s|ed)?/iy;
const NUMBER = /(\d+)\)/y;
const PARTIAL_MOVE = new RegExp(String.raw`${POINT}\*?(?:/(?:${POINT}\*?)?)*`, 'iy');
const REST_OF_LINE = /[^\n]*\n?/y;
const CELL_EXPECTED =
  "a roll like '52:', a move like '13/8', a cube action ('Doubles => 2', 'Takes', 'Drops') or a result ('Wins 1 point')";

/**
 * The line scanner's working state, one per parse (made by `parseMat`): the move scanners' (where
 * a cell ends is left in `end`), and the array a line's cells are gathered in, then copied out at
 * their exact length (see mat-moves.ts).
 */
export interface CellScratch extends MoveScratch {
  cells: Cell[];
}

/** A new scanner scratch. */
export function cellScratch(): CellScratch {
  return { end: 0, points: [], hits: [], moves: [], cells: [], next: -1, errorOffset: 0, expected: '' };
}

/** `value`, its end written into `s.end`. */
function ends<T>(s: ScanEnd, value: T, end: number): T {
  s.end = end;
  return value;
}

/** The cell that starts at `pos` (its end then in `s.end`); null when none does. */
function readCell(
  s: MoveScratch,
  input: string,
  pos: number,
  column: number,
  lineEnd: number,
): Cell | typeof FAILED | null {
  const c = input.charCodeAt(pos) | 32; // lower case for letters
  let m: RegExpExecArray | null;
  if (c >= 48 && c <= 57) {
    const roll = scanRoll(s, input, pos, lineEnd, column);
    if (roll !== null) return roll; // its end is in s.end already
    if ((m = at(NUMBER, input, pos)))
      return ends(s, { type: 'number', column, value: label(itemAt(m, 1)) }, NUMBER.lastIndex);
    return null;
  }
  switch (c) {
    case 100: // d
      if ((m = at(CUBE, input, pos))) break;
      if ((m = at(DROP, input, pos))) return ends(s, { type: 'drop', column }, DROP.lastIndex);
      return null;
    case 98: // b
    case 114: // r
      if ((m = at(CUBE, input, pos))) break;
      if (c === 114 && (m = at(DROP, input, pos))) return ends(s, { type: 'drop', column }, DROP.lastIndex);
      if (c === 114 && at(RESIGNS, input, pos)) return ends(s, { type: 'resigns', column }, RESIGNS.lastIndex);
      return null;
    case 116: // t
    case 97: // a
      return at(TAKE, input, pos) ? ends(s, { type: 'take', column }, TAKE.lastIndex) : null;
    case 112: // p
      return at(DROP, input, pos) ? ends(s, { type: 'drop', column }, DROP.lastIndex) : null;
    case 119: // w
      m = at(WINS, input, pos);
      return m
        ? ends(
            s,
            { type: 'wins', column, points: wholeNumber(itemAt(m, 1)), andMatch: m[2] !== undefined },
            WINS.lastIndex,
          )
        : null;
    case 108: // l
      m = at(LOSSES, input, pos);
      return m ? ends(s, { type: 'losses', column, points: wholeNumber(itemAt(m, 1)) }, LOSSES.lastIndex) : null;
    default:
      return null;
  }
  const word = itemAt(m, 1).toLowerCase();
  const kind = word === 'doubles' ? 'double' : word === 'beavers' ? 'beaver' : 'raccoon';
  return ends(s, { type: 'cube', column, kind, value: wholeNumber(itemAt(m, 2)) }, CUBE.lastIndex);
}

export function endOfLine(input: string, i: number): number {
  const nl = input.indexOf('\n', i);
  return nl < 0 ? input.length : nl;
}

/**
 * Cells that start right but go wrong: [what they start with, what should come next]. The error
 * is placed after the part that was right, so the column points at the actual mistake.
 */
const PARTIAL_CELLS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/(?=\d\d:)/y, () => "a roll: two dice from 1 to 6 and ':', like '52:'"],
  [
    /(?:Doubles|Beavers|Raccoons)[ \t]*(=>[ \t]*)?/iy,
    (m) => (m[1] ? 'the new cube value (a number)' : "'=> N' (the new cube value)"),
  ],
  [
    /(?:Wins|Losses)[ \t]+(\d+[ \t]*)?/iy,
    (m) => (m[1] ? "'point' or 'points'" : "the number of points, as in 'Wins 2 points'"),
  ],
];

/** Where, inside a token that starts like a move or a cell, it stops making sense. */
function cellErrorAt(input: string, at: number): { offset: number; expected: string } | null {
  PARTIAL_MOVE.lastIndex = at;
  const m = PARTIAL_MOVE.exec(input);
  if (m && m[0].indexOf('/') >= 0) {
    const end = at + m[0].length;
    return { offset: end, expected: m[0].endsWith('/') ? POINT_EXPECTED : AFTER_MOVE_EXPECTED };
  }
  for (const [re, expected] of PARTIAL_CELLS) {
    re.lastIndex = at;
    const p = re.exec(input);
    if (p) return { offset: re.lastIndex, expected: expected(p) };
  }
  return null;
}

interface LineRead<T> {
  node: T;
  next: number;
}

/** The line at `i` as unreadable as a whole: the error stands at its first character that is not blank. */
export function badWholeLine(input: string, i: number, expected: string): LineRead<BadLineNode> {
  return badLine(input, i, Math.min(skipBlanks(input, i), endOfLine(input, i)), expected);
}

function badLine(input: string, lineStart: number, errorOffset: number, expected: string): LineRead<BadLineNode> {
  REST_OF_LINE.lastIndex = lineStart;
  REST_OF_LINE.exec(input);
  const node: BadLineNode = {
    type: 'bad',
    offset: lineStart,
    line: 0,
    errorOffset,
    column: 0,
    expected,
    found: foundAt(input, errorOffset),
  };
  return { node, next: REST_OF_LINE.lastIndex };
}

/**
 * A numbered move line, a result line, or anything else in a game body (then a BadLine); where
 * the next line starts is then in `s.end`. Works in `s` (its cells gathered in `s.cells`); what
 * it returns holds nothing of `s`.
 */
export function readMoveLine(s: CellScratch, input: string, i: number): MoveLineNode | BadLineNode {
  const end = endOfLine(input, i);
  let pos = i;
  let number: number | null = null;
  let q = skipBlanks(input, i);
  let digits = 0;
  let value = 0;
  for (let c = input.charCodeAt(q); c >= 48 && c <= 57; c = input.charCodeAt(++q), digits++)
    value = value * 10 + (c - 48);
  if (digits > 0 && input.charCodeAt(q) === 41) {
    number = digits <= 15 ? value : null; // longer: past what a number holds exactly
    pos = q + 1;
  }
  let count = 0;
  let bad: BadLineNode | null = null;
  for (;;) {
    pos = skipBlanks(input, pos);
    if (pos >= end) break;
    s.next = -1;
    const read = readCell(s, input, pos, pos - i, end);
    const failed = cellFailure(s, input, pos, end, read);
    if (failed !== null || read === null || read === FAILED) {
      // The first cell that cannot be read is the line's error; the cells after it are still
      // read, each from the next gap of two blanks (the columns' gap), so that a result written
      // beside an unknown word is kept.
      if (bad === null) {
        bad = badMoveLine(s, input, i, failed?.offset ?? pos, failed?.expected ?? CELL_EXPECTED);
        bad.cellColumn = pos - i;
      }
      pos = nextGap(input, pos, end);
      continue;
    }
    s.cells[count++] = read;
    pos = s.next > s.end ? s.next : s.end; // past the blanks a roll has looked through
  }
  if (bad !== null) {
    bad.cells = s.cells.slice(0, count);
    s.end = end < input.length ? end + 1 : end;
    return bad;
  }
  const first = s.cells[0];
  const second = s.cells[1];
  const cells =
    count === 1 && first ? [first] : count === 2 && first && second ? [first, second] : s.cells.slice(0, count);
  s.end = end < input.length ? end + 1 : end;
  return { type: 'moves', offset: i, line: 0, number, cells };
}

/** Why the cell read at `pos` (`read`) is not a cell, and where it goes wrong; null when it is one. */
function cellFailure(
  s: MoveScratch,
  input: string,
  pos: number,
  end: number,
  read: Cell | typeof FAILED | null,
): { offset: number; expected: string } | null {
  if (read === FAILED) return { offset: s.errorOffset, expected: s.expected };
  if (read === null) return cellErrorAt(input, pos) ?? { offset: pos, expected: CELL_EXPECTED };
  const after = s.end;
  // A cell must end at a space or the end of the line: `Takesx` or `13/8x` is not a cell.
  if (after < end && !isBlank(input.charCodeAt(after))) {
    const partial = cellErrorAt(input, after);
    const expected = read.type === 'roll' ? AFTER_MOVE_EXPECTED : 'a space or the end of the line';
    return { offset: after, expected: partial ? partial.expected : expected };
  }
  return null;
}

/** Where the next cell may start after a cell that could not be read: past the next two blanks, else the line's end. */
function nextGap(input: string, pos: number, end: number): number {
  for (let k = pos; k + 1 < end; k++) if (isBlank(input.charCodeAt(k)) && isBlank(input.charCodeAt(k + 1))) return k;
  return end;
}

function badMoveLine(s: ScanEnd, input: string, lineStart: number, errorOffset: number, expected: string): BadLineNode {
  const read = badLine(input, lineStart, errorOffset, expected);
  s.end = read.next;
  return read.node;
}
