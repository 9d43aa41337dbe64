// The Jellyfish .mat format as real writers produce it (../shared/formats/mat.md).
//
// Every rule takes one whole line. A move line is split into cells by one sticky regexp per
// cell, so a line costs a handful of regexp runs, not one parser step per token. The grammar is
// lenient: a line it cannot read becomes a `BadLine` node carrying the exact column and what was
// expected there, and parsing goes on; judging is left to the importer and the audit.
import P from 'parsimmon';
import type { MoveToken, RollMarker } from '../src/model.js';
import { AFTER_MOVE_EXPECTED, POINT_EXPECTED, type ScanError, scanRoll } from './mat-moves.js';
import { LineIndex, foundAt, sticky } from './primitives.js';

export interface CommentNode {
  type: 'comment';
  offset: number;
  line: number;
  text: string;
  /** `; [Key "Value"]` */
  header: { key: string; value: string } | null;
}

export interface BadLineNode {
  type: 'bad';
  offset: number;
  line: number;
  /** Offset of the first character that could not be read. */
  errorOffset: number;
  column: number;
  expected: string;
  found: string;
}

export type Cell =
  | { type: 'roll'; column: number; dice: [number, number]; moves: MoveToken[]; marker: RollMarker | null }
  | { type: 'cube'; column: number; kind: 'double' | 'beaver' | 'raccoon'; value: number }
  | { type: 'take'; column: number }
  | { type: 'drop'; column: number }
  | { type: 'wins'; column: number; points: number; andMatch: boolean }
  | { type: 'losses'; column: number; points: number }
  /** A move number inside a line (a galaxy glitch: `24) 43: 21/18 18/14   24)  Losses 2 point`). */
  | { type: 'number'; column: number; value: number };

export interface MoveLineNode {
  type: 'moves';
  offset: number;
  line: number;
  number: number | null;
  cells: Cell[];
}

export interface ScoreNode {
  type: 'score';
  offset: number;
  line: number;
  names: [string, string];
  scores: [number, number];
  /** GridGammon appends the rating: `name,1650`. */
  ratings: [number | null, number | null];
}

export type BodyNode = MoveLineNode | CommentNode | BadLineNode;

export interface GameNode {
  number: number;
  offset: number;
  line: number;
  score: ScoreNode | BadLineNode | null;
  body: BodyNode[];
}

export interface MatchNode {
  /** Comment lines (headers among them) and unreadable lines before the match-length line. */
  preamble: (CommentNode | BadLineNode)[];
  length: number;
  offset: number;
  line: number;
  games: GameNode[];
}

export interface MatSyntax {
  matches: MatchNode[];
  /** Lines that belong to no match: a file without a match-length line ends up here whole. */
  leftover: (CommentNode | BadLineNode)[];
  lineCount: number;
}

const POINT = String.raw`(?:\d{1,2}|bar|off)`;
const MOVE = String.raw`${POINT}\*?(?:/${POINT}\*?)+(?:\(\d\))?`;
const EOL = String.raw`[ \t]*(?:\n|$)`;

function at(re: RegExp, input: string, i: number): RegExpExecArray | null {
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
const NUMBER = /(\d+)\)/y;
const SPACES = /[ \t]*/y;
const PARTIAL_MOVE = new RegExp(String.raw`${POINT}\*?(?:/(?:${POINT}\*?)?)*`, 'iy');
const REST_OF_LINE = /[^\n]*\n?/y;
const CELL_EXPECTED =
  "a roll like '52:', a move like '13/8', a cube action ('Doubles => 2', 'Takes', 'Drops') or a result ('Wins 1 point')";

const SPACE = 32;
const TAB = 9;

/** The cell that starts at `pos`, and where it ends; null when none does. */
function readCell(input: string, pos: number, column: number, lineEnd: number): { cell: Cell; end: number } | ScanError | null {
  const c = input.charCodeAt(pos) | 32; // lower case for letters
  let m: RegExpExecArray | null;
  if (c >= 48 && c <= 57) {
    const roll = scanRoll(input, pos, lineEnd);
    if (roll !== null) {
      if ('errorOffset' in roll) return roll;
      return { cell: { type: 'roll', column, dice: roll.dice, moves: roll.moves, marker: roll.marker }, end: roll.end };
    }
    if ((m = at(NUMBER, input, pos))) return { cell: { type: 'number', column, value: Number(m[1]) }, end: NUMBER.lastIndex };
    return null;
  }
  switch (c) {
    case 100: // d
      if ((m = at(CUBE, input, pos))) break;
      if ((m = at(DROP, input, pos))) return { cell: { type: 'drop', column }, end: DROP.lastIndex };
      return null;
    case 98: // b
    case 114: // r
      if ((m = at(CUBE, input, pos))) break;
      if (c === 114 && (m = at(DROP, input, pos))) return { cell: { type: 'drop', column }, end: DROP.lastIndex };
      return null;
    case 116: // t
    case 97: // a
      return (m = at(TAKE, input, pos)) ? { cell: { type: 'take', column }, end: TAKE.lastIndex } : null;
    case 112: // p
      return (m = at(DROP, input, pos)) ? { cell: { type: 'drop', column }, end: DROP.lastIndex } : null;
    case 119: // w
      return (m = at(WINS, input, pos))
        ? { cell: { type: 'wins', column, points: Number(m[1]), andMatch: m[2] !== undefined }, end: WINS.lastIndex }
        : null;
    case 108: // l
      return (m = at(LOSSES, input, pos)) ? { cell: { type: 'losses', column, points: Number(m[1]) }, end: LOSSES.lastIndex } : null;
    default:
      return null;
  }
  const word = m[1].toLowerCase();
  const kind = word === 'doubles' ? 'double' : word === 'beavers' ? 'beaver' : 'raccoon';
  return { cell: { type: 'cube', column, kind, value: Number(m[2]) }, end: CUBE.lastIndex };
}

function endOfLine(input: string, i: number): number {
  const nl = input.indexOf('\n', i);
  return nl < 0 ? input.length : nl;
}

/**
 * Cells that start right but go wrong: [what they start with, what should come next]. The error
 * is placed after the part that was right, so the column points at the actual mistake.
 */
const PARTIAL_CELLS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/(?=\d\d:)/y, () => "a roll: two dice from 1 to 6 and ':', like '52:'"],
  [/(?:Doubles|Beavers|Raccoons)[ \t]*(=>[ \t]*)?/iy, (m) => (m[1] ? 'the new cube value (a number)' : "'=> N' (the new cube value)")],
  [/(?:Wins|Losses)[ \t]+(\d+[ \t]*)?/iy, (m) => (m[1] ? "'point' or 'points'" : "the number of points, as in 'Wins 2 points'")],
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

function badLine(input: string, lineStart: number, errorOffset: number, expected: string): LineRead<BadLineNode> {
  REST_OF_LINE.lastIndex = lineStart;
  REST_OF_LINE.exec(input);
  const node: BadLineNode = { type: 'bad', offset: lineStart, line: 0, errorOffset, column: 0, expected, found: foundAt(input, errorOffset) };
  return { node, next: REST_OF_LINE.lastIndex };
}

/** A numbered move line, a result line, or anything else in a game body (then a BadLine). */
function readMoveLine(input: string, i: number): LineRead<MoveLineNode | BadLineNode> {
  const end = endOfLine(input, i);
  let pos = i;
  let number: number | null = null;
  let q = i;
  while (input.charCodeAt(q) === SPACE || input.charCodeAt(q) === TAB) q++;
  let digits = 0;
  let value = 0;
  for (let c = input.charCodeAt(q); c >= 48 && c <= 57; c = input.charCodeAt(++q), digits++) value = value * 10 + (c - 48);
  if (digits > 0 && input.charCodeAt(q) === 41) {
    number = value;
    pos = q + 1;
  }
  const cells: Cell[] = [];
  for (;;) {
    let c = input.charCodeAt(pos);
    while (c === SPACE || c === TAB) c = input.charCodeAt(++pos);
    if (pos >= end) break;
    const read = readCell(input, pos, pos - i, end);
    if (read !== null && 'errorOffset' in read) return badLine(input, i, read.errorOffset, read.expected);
    if (read === null) {
      const partial = cellErrorAt(input, pos);
      return partial ? badLine(input, i, partial.offset, partial.expected) : badLine(input, i, pos, CELL_EXPECTED);
    }
    const after = read.end;
    // A cell must end at a space or the end of the line: `Takesx` or `13/8x` is not a cell.
    if (after < end && input[after] !== ' ' && input[after] !== '\t') {
      const partial = cellErrorAt(input, after);
      const expected = read.cell.type === 'roll' ? AFTER_MOVE_EXPECTED : 'a space or the end of the line';
      return badLine(input, i, after, partial ? partial.expected : expected);
    }
    cells.push(read.cell);
    pos = after;
  }
  const node: MoveLineNode = { type: 'moves', offset: i, line: 0, number, cells };
  return { node, next: end < input.length ? end + 1 : end };
}

const anyLine = (expected: string) =>
  P<BadLineNode>((input, i) => {
    if (i >= input.length) return P.makeFailure(i, 'a line');
    SPACES.lastIndex = i;
    SPACES.exec(input);
    const read = badLine(input, i, Math.min(SPACES.lastIndex, endOfLine(input, i)), expected);
    return P.makeSuccess(read.next, read.node);
  });

const SCORE_EXPECTED = "a score line such as ' Anna : 0      Boris : 0'";

/**
 * The line after `Game N` is not a score line. When it reads as a move line, the score line is
 * missing and the line is left for the game body (an error that costs no move); otherwise the
 * line itself is the unreadable score line.
 */
const missingScore = P<BadLineNode>((input, i) => {
  if (i >= input.length) return P.makeFailure(i, SCORE_EXPECTED);
  SPACES.lastIndex = i;
  SPACES.exec(input);
  const read = readMoveLine(input, i);
  const bad = badLine(input, i, Math.min(SPACES.lastIndex, endOfLine(input, i)), SCORE_EXPECTED);
  return read.node.type === 'moves' ? P.makeSuccess(i, bad.node) : P.makeSuccess(bad.next, bad.node);
});

const BLANK_LINE = /[ \t]*\n|[ \t]+$/y;
const COMMENT_LINE = /[ \t]*[;#]([^\n]*)\n?/y;
const MATCH_LINE = new RegExp(String.raw`[ \t]*(?:(\d+)[ \t]+points?[ \t]+match|unlimited[ \t]+game)${EOL}`, 'iy');
const GAME_LINE = new RegExp(String.raw`[ \t]*Game[ \t]+(\d+)${EOL}`, 'iy');
const HEADER = /^[ \t]*\[[ \t]*([^\]"]*?)[ \t]+"(.*)"[ \t]*\][ \t]*$/;

function commentNode(m: RegExpExecArray, offset: number): CommentNode {
  const text = m[1].trim();
  const h = HEADER.exec(text);
  return { type: 'comment', offset, line: 0, text, header: h ? { key: h[1], value: h[2] } : null };
}

/** From a comment or blank line: do only comments and blanks stand before a match-length line? */
function nextMatchStartsAt(input: string, i: number): boolean {
  let pos = i;
  for (;;) {
    if (at(MATCH_LINE, input, pos)) return true;
    if (at(BLANK_LINE, input, pos) || at(COMMENT_LINE, input, pos)) {
      pos = BLANK_LINE.lastIndex > pos ? BLANK_LINE.lastIndex : COMMENT_LINE.lastIndex;
      if (pos >= input.length) return false;
      continue;
    }
    return false;
  }
}

/**
 * Every line of a game after its score line, up to the next `Game N` or the next match. One
 * parser that looks at each line once: parsimmon alternatives that fail cost more than the line.
 */
const gameBody = P<BodyNode[]>((input, i) => {
  const nodes: BodyNode[] = [];
  let pos = i;
  while (pos < input.length) {
    // Most lines are move lines, `  7) 52: …`: told apart by their first characters, they cost
    // no regexp before their own scan.
    let q = pos;
    let c = input.charCodeAt(q);
    while (c === SPACE || c === TAB) c = input.charCodeAt(++q);
    if (c >= 48 && c <= 57) {
      let r = q + 1;
      while (input.charCodeAt(r) >= 48 && input.charCodeAt(r) <= 57) r++;
      if (input.charCodeAt(r) === 41 /* ) */ || !at(MATCH_LINE, input, pos)) {
        const read = readMoveLine(input, pos);
        nodes.push(read.node);
        pos = read.next;
        continue;
      }
      break; // the next match's length line
    }
    if (c === 10 || q >= input.length) {
      pos = Math.min(q + 1, input.length);
      continue;
    }
    if (at(GAME_LINE, input, pos) || at(MATCH_LINE, input, pos)) break;
    const comment = at(COMMENT_LINE, input, pos);
    if (comment) {
      const next = COMMENT_LINE.lastIndex; // before nextMatchStartsAt runs the same regexp
      if (nextMatchStartsAt(input, pos)) break;
      nodes.push(commentNode(comment, pos));
      pos = next;
      continue;
    }
    const read = readMoveLine(input, pos);
    nodes.push(read.node);
    pos = read.next;
  }
  return P.makeSuccess(pos, nodes);
});

function scoreName(raw: string): { name: string; rating: number | null } {
  const m = /^(.*?),(\d+)$/.exec(raw);
  return m ? { name: m[1].trim(), rating: Number(m[2]) } : { name: raw.trim(), rating: null };
}

function scoreNode(m: RegExpExecArray, offset: number): ScoreNode {
  const left = scoreName(m[1]);
  const right = scoreName(m[3]);
  return {
    type: 'score',
    offset,
    line: 0,
    names: [left.name, right.name],
    scores: [Number(m[2]), Number(m[4])],
    ratings: [left.rating, right.rating],
  };
}

interface Spec {
  File: MatSyntax;
  Match: MatchNode;
  Preamble: (CommentNode | BadLineNode)[];
  MatchLine: { length: number; offset: number };
  Game: GameNode;
  GameLine: { number: number; offset: number };
  ScoreLine: ScoreNode;
  Blank: null;
  Comment: CommentNode;
  Leftover: (CommentNode | BadLineNode)[];
}

const language = P.createLanguage<Spec>({
  File: (r) =>
    P.seqMap(r.Match.many(), r.Leftover, P.eof, (matches, leftover) => ({ matches, leftover, lineCount: 0 })),

  Match: (r) =>
    P.seqMap(r.Preamble, r.MatchLine, r.Game.many(), (preamble, ml, games) => ({
      preamble,
      length: ml.length,
      offset: ml.offset,
      line: 0,
      games,
    })),

  Preamble: (r) =>
    P.alt<CommentNode | BadLineNode | null>(r.Blank, r.Comment, P.notFollowedBy(P.alt<unknown>(r.MatchLine, r.GameLine)).then(anyLine("a match-length line such as '7 point match'")))
      .many()
      .map((nodes) => nodes.filter((n): n is CommentNode | BadLineNode => n !== null)),

  MatchLine: () =>
    sticky(MATCH_LINE, "a match-length line such as '7 point match'", (m, offset) => ({
      length: m[1] === undefined ? 0 : Number(m[1]),
      offset,
    })),

  Game: (r) =>
    P.seqMap(
      P.alt(r.Blank, r.Comment).many(),
      r.GameLine,
      r.Blank.many(),
      P.alt(r.ScoreLine, P.notFollowedBy(r.GameLine).then(missingScore), P.succeed(null)),
      gameBody,
      (_, gl, __, score, body) => ({ number: gl.number, offset: gl.offset, line: 0, score, body }),
    ),

  GameLine: () =>
    sticky(GAME_LINE, "'Game N'", (m, offset) => ({ number: Number(m[1]), offset })),

  ScoreLine: () =>
    P.alt(
      sticky(
        new RegExp(String.raw`[ \t]*([^\n]*?)[ \t]*:[ \t]*(\d+)[ \t]{2,}([^\n]*?)[ \t]*:[ \t]*(\d+)${EOL}`, 'y'),
        'a score line',
        scoreNode,
      ),
      // Pasted copies collapse the gap between the two players to one space.
      sticky(new RegExp(String.raw`[ \t]*([^\n:]*?)[ \t]*:[ \t]*(\d+)[ \t]+([^\n]*?)[ \t]*:[ \t]*(\d+)${EOL}`, 'y'), 'a score line', scoreNode),
    ),

  Blank: () => sticky(BLANK_LINE, 'a blank line', () => null),

  Comment: () => sticky(COMMENT_LINE, 'a comment', commentNode),

  Leftover: (r) =>
    P.alt<CommentNode | BadLineNode | null>(r.Blank, r.Comment, anyLine("a match-length line such as '7 point match'"))
      .many()
      .map((nodes) => nodes.filter((n): n is CommentNode | BadLineNode => n !== null)),
});

/** Fills `line` (and `column` of bad lines) from offsets. */
function placeLines(tree: MatSyntax, index: LineIndex): void {
  const place = (n: { offset: number; line: number }) => {
    n.line = index.line(n.offset);
  };
  const placeBad = (n: BadLineNode) => {
    place(n);
    n.column = index.column(n.errorOffset);
  };
  const placeAny = (n: CommentNode | BadLineNode | MoveLineNode | ScoreNode) => (n.type === 'bad' ? placeBad(n) : place(n));
  for (const match of tree.matches) {
    match.preamble.forEach(placeAny);
    place(match);
    for (const game of match.games) {
      place(game);
      if (game.score) placeAny(game.score);
      game.body.forEach(placeAny);
    }
  }
  tree.leftover.forEach(placeAny);
  tree.lineCount = index.lineCount;
}

/**
 * Text (already decoded, LF line ends) → syntax tree. Never throws for any input: lines it
 * cannot read are `BadLine` nodes in the tree.
 */
export function parseMat(text: string): MatSyntax {
  const result = language.File.parse(text);
  if (!result.status) {
    // The grammar accepts every line; reaching here is a bug in it, not bad input.
    throw new Error(`mat grammar failed at offset ${result.index.offset}: expected ${result.expected.join(', ')}`);
  }
  placeLines(result.value, new LineIndex(text));
  return result.value;
}
