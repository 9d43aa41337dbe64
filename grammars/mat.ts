// The Jellyfish .mat format as real writers produce it (docs/dialects.md): the file's
// structure (headers, match lines, games, score lines) as a parsimmon language, each rule one
// whole line; game bodies read line by line by mat-cells.ts. The grammar is lenient: a line it
// cannot read becomes a `BadLine` node carrying the exact column and what was expected there,
// and parsing goes on; judging is left to the importer and the audit.
import P from 'parsimmon';
import { type CellScratch, EOL, at, badWholeLine, endOfLine, readMoveLine } from './mat-cells.js';
import { skipBlanks } from './mat-moves.js';
import { parseHeader, scanScoreLine, type ScoreFields } from './mat-lines.js';
import type {
  BadLineNode,
  BodyNode,
  CommentNode,
  GameNode,
  MatchNode,
  MatSyntax,
  MoveLineNode,
  ScoreNode,
} from './mat-nodes.js';
import { wholeNumber } from './numbers.js';
import { LineCursor, MAX_LISTED_ERRORS, RuleReader, readWhole, stickyIn, type Unlisted } from './primitives.js';
import { itemAt } from '../src/core/at.js';

export type * from './mat-nodes.js';

/**
 * One parse's working state, made by `parseMat` and handed to every rule and scanner that reads
 * or writes it: the scanners' (mat-cells.ts, mat-moves.ts; `end` is where the last scan ended),
 * and the count of unreadable lines. The first MAX_LISTED_ERRORS of a file are kept whole
 * (`keptBad`); past them a line is only counted in `dropped` (where the first one stands, the
 * last one's offset), unless the tree needs it: a game's unreadable score line stands in the
 * score line's place, and a game is not replayed past the first unreadable line of its body.
 */
interface MatScratch extends CellScratch {
  keptBad: number;
  dropped: { count: number; first: number; firstError: number; last: number };
  /**
   * The lines the last Preamble read. The last Match of a file fails after its Preamble (no
   * match-length line follows), and Leftover takes the same lines: they are not read twice.
   */
  lastPreamble: { from: number; to: number; nodes: (CommentNode | BadLineNode)[] } | null;
}

function matScratch(): MatScratch {
  const dropped = { count: 0, first: 0, firstError: 0, last: 0 };
  return {
    end: 0,
    points: [],
    hits: [],
    moves: [],
    cells: [],
    next: -1,
    errorOffset: 0,
    expected: '',
    keptBad: 0,
    dropped,
    lastPreamble: null,
  };
}

function dropBad(s: MatScratch, offset: number, errorOffset: number): void {
  const dropped = s.dropped;
  if (dropped.count++ === 0) {
    dropped.first = offset;
    dropped.firstError = errorOffset;
  }
  dropped.last = offset;
}

/** Whether to keep a bad line node: when the tree needs it or while there is room; else it is counted. */
function keepBad(s: MatScratch, node: BadLineNode, needed: boolean): boolean {
  if (needed || s.keptBad < MAX_LISTED_ERRORS) {
    s.keptBad++;
    return true;
  }
  dropBad(s, node.offset, node.errorOffset);
  return false;
}

const SCORE_EXPECTED = "a score line such as ' Anna : 0      Boris : 0'";

/**
 * The line after `Game N` is not a score line. When it reads as a move line, the score line is
 * missing and the line is left for the game body (an error that costs no move); otherwise the
 * line itself is the unreadable score line.
 */
function missingScore(s: MatScratch, input: string): P.Parser<BadLineNode> {
  return P((_, i) => {
    if (i >= input.length) return P.makeFailure(i, SCORE_EXPECTED);
    const read = readMoveLine(s, input, i);
    const bad = badWholeLine(input, i, SCORE_EXPECTED);
    keepBad(s, bad.node, true);
    return read.type === 'moves' ? P.makeSuccess(i, bad.node) : P.makeSuccess(bad.next, bad.node);
  });
}

const BLANK_LINE = /[ \t]*\n|[ \t]+$/y;
const MATCH_LINE = new RegExp(String.raw`[ \t]*(?:(\d+)[ \t]+points?[ \t]+match|unlimited[ \t]+game)${EOL}`, 'iy');
const GAME_LINE = new RegExp(String.raw`[ \t]*Game[ \t]+(\d+)${EOL}`, 'iy');

// Blank lines (BLANK_LINE) and comment lines (`[ \t]*[;#]([^\n]*)\n?`, COMMENT_LINE) are read
// by hand below, by their first character that is not a blank: a regexp call costs more than
// these lines, and most lines before a match are comments.

/** Where the blank line at `i` ends (after its line feed), or -1 when it is not one: what BLANK_LINE reads. */
function blankLineEnd(input: string, i: number): number {
  const q = skipBlanks(input, i);
  if (q < input.length) return input.charCodeAt(q) === 10 ? q + 1 : -1;
  return q > i ? q : -1;
}

/** Where the comment line at `i` (`; text`, `# text`) ends, or -1 when it is not one: what COMMENT_LINE reads. */
function commentLineEnd(input: string, i: number): number {
  const q = skipBlanks(input, i);
  const c = input.charCodeAt(q);
  if (c !== 59 /* ; */ && c !== 35 /* # */) return -1;
  const e = endOfLine(input, q);
  return e < input.length ? e + 1 : e;
}

/** The comment line at `offset`, one `commentLineEnd` has found: its text is COMMENT_LINE's capture, trimmed. */
function commentNode(input: string, offset: number): CommentNode {
  const q = skipBlanks(input, offset);
  const text = input.slice(q + 1, endOfLine(input, q)).trim();
  return { type: 'comment', offset, line: 0, text, header: parseHeader(text) };
}

/** Whether a match-length line stands at `i` (tried only where one can start: a digit or `u`). */
function matchLineAt(input: string, i: number): boolean {
  const c = input.charCodeAt(skipBlanks(input, i));
  return ((c >= 48 && c <= 57) || (c | 32) === 117) /* u */ && at(MATCH_LINE, input, i) !== null;
}

/**
 * From a comment or blank line: where the run of comment and blank lines that starts here ends,
 * or -1 when a match-length line stands there (the comments then belong to the next match).
 */
function commentRunEnd(input: string, i: number): number {
  let pos = i;
  for (;;) {
    if (matchLineAt(input, pos)) return -1;
    let next = blankLineEnd(input, pos);
    if (next < 0) next = commentLineEnd(input, pos);
    if (next < 0) return pos;
    pos = next;
    if (pos >= input.length) return pos;
  }
}

const MATCH_EXPECTED = "a match-length line such as '7 point match'";
const GAME_EXPECTED = "a game label such as 'Game 1'";

/**
 * Blank, comment and unreadable lines from `pos` into `nodes`, up to a match-length or `Game N`
 * line (`beforeMatch`: the lines before a match) or to the end of the file (what follows the
 * last match); returns where they end. An unreadable line past the ones kept costs no node.
 * `orphans` (before a match): games with no match-length line before them, when a match follows
 * them, are one unreadable line (their label's, unless one before them says it already), and the
 * lines up to that match are passed over.
 */
function looseLines(
  s: MatScratch,
  input: string,
  pos: number,
  nodes: (CommentNode | BadLineNode)[],
  beforeMatch: boolean,
  expected = MATCH_EXPECTED,
  orphans = false,
): number {
  let unreadable = false;
  const first = nodes.length;
  while (pos < input.length) {
    const blankEnd = blankLineEnd(input, pos);
    if (blankEnd >= 0) {
      pos = blankEnd;
      continue;
    }
    const commentEnd = commentLineEnd(input, pos);
    if (commentEnd >= 0) {
      nodes.push(commentNode(input, pos));
      pos = commentEnd;
      continue;
    }
    if (beforeMatch && at(MATCH_LINE, input, pos)) break;
    let skipTo = -1;
    if (beforeMatch && at(GAME_LINE, input, pos)) {
      // Games with no match-length line before them (a damaged one): when a match follows, their
      // label is one unreadable line and the rest is passed over up to that match, which is read.
      skipTo = orphans ? nextMatchStart(input, pos) : -1;
      if (skipTo < 0) break;
      // The comments before them (headers among them) are the damaged match's, not the next one's.
      const kept = nodes.splice(first).filter((n) => n.type === 'bad');
      for (const n of kept) nodes.push(n);
      // An unreadable line before them (the damaged match-length line) already says it.
      if (unreadable) {
        pos = skipTo;
        continue;
      }
    }
    unreadable = true;
    if (s.keptBad < MAX_LISTED_ERRORS) {
      s.keptBad++;
      const read = badWholeLine(input, pos, expected);
      nodes.push(read.node);
      pos = read.next;
    } else {
      const end = endOfLine(input, pos);
      dropBad(s, pos, Math.min(skipBlanks(input, pos), end));
      pos = end < input.length ? end + 1 : end;
    }
    if (skipTo >= 0) pos = skipTo;
  }
  return pos;
}

/**
 * From a `Game N` line with no match-length line before it: where the lines that lead to the
 * next match start (its match-length line, or the comment and blank lines before it), or -1 when
 * no match follows. Each run of comment lines is looked through once.
 */
function nextMatchStart(input: string, gameLine: number): number {
  const end = endOfLine(input, gameLine);
  let pos = end < input.length ? end + 1 : end;
  while (pos < input.length) {
    if (matchLineAt(input, pos)) return pos;
    if (blankLineEnd(input, pos) >= 0 || commentLineEnd(input, pos) >= 0) {
      const runEnd = commentRunEnd(input, pos);
      if (runEnd < 0) return pos;
      pos = runEnd;
      continue;
    }
    const e = endOfLine(input, pos);
    pos = e < input.length ? e + 1 : e;
  }
  return -1;
}

/**
 * Unreadable lines between a match-length line and its first `Game N` (a stray line after ` 1
 * point match`): the reader resynchronises at the game label, so the match's games, and the
 * matches after it, are read. Taken only when a game label follows them (blank and comment lines
 * may stand between); otherwise nothing is taken here: the lines are the next match's preamble,
 * or what follows the last match, as lines that lead to no game.
 */
function strayLines(s: MatScratch, input: string): P.Parser<(CommentNode | BadLineNode)[]> {
  return P((_, i) => stray(s, input, i));
}

function stray(s: MatScratch, input: string, i: number): P.Reply<(CommentNode | BadLineNode)[]> {
  let pos = i;
  let bad = false;
  for (;;) {
    if (pos >= input.length || matchLineAt(input, pos)) return P.makeSuccess(i, []);
    let next = blankLineEnd(input, pos);
    if (next < 0) next = commentLineEnd(input, pos);
    if (next < 0) {
      if (at(GAME_LINE, input, pos)) break;
      bad = true;
      const end = endOfLine(input, pos);
      next = end < input.length ? end + 1 : end;
    }
    pos = next;
  }
  if (!bad) return P.makeSuccess(i, []);
  const nodes: (CommentNode | BadLineNode)[] = [];
  return P.makeSuccess(looseLines(s, input, i, nodes, true, GAME_EXPECTED), nodes);
}

/**
 * Blank and comment lines, as many as there are: one parser instead of `alt(Blank, Comment).many()`,
 * whose every end is a failed alternative with its expectations merged (a few per game).
 */
function blanksAndComments(input: string): P.Parser<CommentNode[]> {
  return P((_, i) => commentsFrom(input, i));
}

function commentsFrom(input: string, i: number): P.Reply<CommentNode[]> {
  const comments: CommentNode[] = [];
  let pos = i;
  for (;;) {
    const blankEnd = blankLineEnd(input, pos);
    if (blankEnd >= 0) pos = blankEnd;
    else {
      const commentEnd = commentLineEnd(input, pos);
      if (commentEnd < 0) break;
      comments.push(commentNode(input, pos));
      pos = commentEnd;
    }
  }
  return P.makeSuccess(pos, comments);
}

/**
 * Every line of a game after its score line, up to the next `Game N` or the next match. One
 * parser that looks at each line once: parsimmon alternatives that fail cost more than the line.
 */
function gameBody(s: MatScratch, input: string): P.Parser<BodyNode[]> {
  return P((_, i) => bodyFrom(s, input, i));
}

function bodyFrom(s: MatScratch, input: string, i: number): P.Reply<BodyNode[]> {
  const nodes: BodyNode[] = [];
  let unreadable = false;
  const add = (node: MoveLineNode | BadLineNode) => {
    if (node.type === 'moves') nodes.push(node);
    else {
      if (keepBad(s, node, !unreadable)) nodes.push(node);
      unreadable = true;
    }
  };
  let pos = i;
  // Comments before this offset are known not to lead to a next match: each run of comment
  // lines is looked through once, not once per line.
  let commentsEnd = -1;
  while (pos < input.length) {
    // Most lines are move lines, `  7) 52: …`: told apart by their first characters, they cost
    // no regexp before their own scan.
    const q = skipBlanks(input, pos);
    const c = input.charCodeAt(q);
    if (c >= 48 && c <= 57) {
      let r = q + 1;
      while (input.charCodeAt(r) >= 48 && input.charCodeAt(r) <= 57) r++;
      if (input.charCodeAt(r) === 41 /* ) */ || !at(MATCH_LINE, input, pos)) {
        add(readMoveLine(s, input, pos));
        pos = s.end;
        continue;
      }
      break; // the next match's length line
    }
    if (c === 10 || q >= input.length) {
      pos = Math.min(q + 1, input.length);
      continue;
    }
    if (((c | 32) === 103 /* g */ && at(GAME_LINE, input, pos)) || ((c | 32) === 117 && at(MATCH_LINE, input, pos)))
      break;
    if (c === 59 /* ; */ || c === 35 /* # */) {
      if (pos >= commentsEnd) {
        commentsEnd = commentRunEnd(input, pos);
        if (commentsEnd < 0) break;
      }
      nodes.push(commentNode(input, pos));
      pos = commentLineEnd(input, pos);
      continue;
    }
    add(readMoveLine(s, input, pos));
    pos = s.end;
  }
  return P.makeSuccess(pos, nodes);
}

function scoreName(raw: string): { name: string; rating: number | null } {
  const m = /^(.*?),(\d+)$/.exec(raw);
  const rating = m ? wholeNumber(itemAt(m, 2)) : null;
  return m
    ? { name: itemAt(m, 1).trim(), rating: typeof rating === 'number' ? rating : null }
    : { name: raw.trim(), rating: null };
}

function scoreNode(m: ScoreFields, offset: number): ScoreNode {
  const left = scoreName(m[1]);
  const right = scoreName(m[3]);
  return {
    type: 'score',
    offset,
    line: 0,
    names: [left.name, right.name],
    scores: [wholeNumber(m[2]), wholeNumber(m[4])],
    ratings: [left.rating, right.rating],
  };
}

/** The rules a parse runs: a whole file (`parseMat`), or a match and the lines after the last one (`MatReader`). */
interface MatRules {
  Match: P.Parser<MatchNode>;
  Leftover: P.Parser<(CommentNode | BadLineNode)[]>;
}

/**
 * The grammar over one text, its rules working in `s`: built for each parse (`parseMat`, each
 * `MatReader`), so that no state outlives it. Its rules read `input`, never parsimmon's input
 * (see `RuleReader`). Rules are built directly, not by `createLanguage`, whose lazy rules cost a
 * small file more to build than to read.
 */
function matRules(s: MatScratch, input: string): MatRules {
  const matchLine = stickyIn(input, MATCH_LINE, MATCH_EXPECTED, (m, offset) => ({
    length: m[1] === undefined ? 0 : wholeNumber(m[1]),
    offset,
  }));
  const gameLine = stickyIn(input, GAME_LINE, "'Game N'", (m, offset) => ({
    number: wholeNumber(itemAt(m, 1)),
    offset,
  }));
  const blank = stickyIn(input, BLANK_LINE, 'a blank line', () => null);
  const scoreLine = P<ScoreNode>((_, i) => {
    const fields = scanScoreLine(s, input, i);
    return fields ? P.makeSuccess(s.end, scoreNode(fields, i)) : P.makeFailure(i, 'a score line');
  });
  const game: P.Parser<GameNode> = P.seqMap(
    blanksAndComments(input),
    gameLine,
    blank.many(),
    P.alt<ScoreNode | BadLineNode | null>(
      scoreLine,
      P.notFollowedBy(gameLine).then(missingScore(s, input)),
      P.succeed(null),
    ),
    gameBody(s, input),
    (_, gl, __, score, body) => ({ number: gl.number, offset: gl.offset, line: 0, score, body }),
  );
  const preamble = P<(CommentNode | BadLineNode)[]>((_, i) => {
    const nodes: (CommentNode | BadLineNode)[] = [];
    const to = looseLines(s, input, i, nodes, true, MATCH_EXPECTED, true);
    s.lastPreamble = { from: i, to, nodes };
    return P.makeSuccess(to, nodes);
  });
  const Match: P.Parser<MatchNode> = P.seqMap(
    preamble,
    matchLine,
    strayLines(s, input),
    game.many(),
    (pre, ml, stray, games) => ({ preamble: pre, length: ml.length, offset: ml.offset, line: 0, stray, games }),
  );
  const Leftover = P<(CommentNode | BadLineNode)[]>((_, i) => {
    const seen = s.lastPreamble !== null && s.lastPreamble.from === i ? s.lastPreamble : null;
    const nodes = seen ? seen.nodes : [];
    return P.makeSuccess(looseLines(s, input, seen ? seen.to : i, nodes, false), nodes);
  });
  return { Match, Leftover };
}

/** A whole file: its matches, the lines after the last one, then the end of the text. */
function matFile(rules: MatRules, input: string): P.Parser<MatSyntax> {
  const end = P((_, i) => (i >= input.length ? P.makeSuccess(i, null) : P.makeFailure(i, 'EOF')));
  return P.seqMap(rules.Match.many(), rules.Leftover, end, (matches, leftover) => ({
    matches,
    leftover,
    lineCount: 0,
    unlisted: null,
  }));
}

function placeAny(lines: LineCursor, n: CommentNode | BadLineNode | MoveLineNode | ScoreNode): void {
  n.line = lines.line(n.offset);
  if (n.type === 'bad') n.column = lines.column(n.errorOffset);
}

/** Fills `line` (and `column` of bad lines) of one match's nodes; `lines` moves forward only. */
function placeMatch(lines: LineCursor, match: MatchNode): void {
  for (const n of match.preamble) placeAny(lines, n);
  match.line = lines.line(match.offset);
  for (const n of match.stray) placeAny(lines, n);
  for (const game of match.games) {
    game.line = lines.line(game.offset);
    if (game.score) placeAny(lines, game.score);
    for (const n of game.body) placeAny(lines, n);
  }
}

/**
 * Fills `line` (and `column` of bad lines) from offsets, walking the tree in document order, and
 * `unlisted` from the unreadable lines `dropped` counted.
 */
function placeLines(tree: MatSyntax, text: string, dropped: MatScratch['dropped']): void {
  const lines = new LineCursor(text);
  for (const match of tree.matches) placeMatch(lines, match);
  for (const n of tree.leftover) placeAny(lines, n);
  tree.lineCount = lines.lineCount();
  if (dropped.count > 0) {
    const cursor = new LineCursor(text); // the dropped lines lie between the nodes: a second walk
    const line = cursor.line(dropped.first);
    tree.unlisted = {
      count: dropped.count,
      line,
      column: cursor.column(dropped.firstError),
      lastLine: cursor.line(dropped.last),
    };
  }
}

/**
 * Text (already decoded, LF line ends) → syntax tree. Never throws for any input: lines it
 * cannot read are `BadLine` nodes in the tree (past the first MAX_LISTED_ERRORS, counted in
 * `unlisted` where the tree does not need them). All its working state is in one scratch object
 * made here and dropped on return: no state outlives a call or passes from one file to the next.
 */
export function parseMat(text: string): MatSyntax {
  const s = matScratch();
  const result = readWhole(matFile(matRules(s, text), text));
  if (!result.status) {
    // The grammar accepts every line; reaching here is a bug in it, not bad input.
    throw new Error(`mat grammar failed at offset ${result.furthest}: expected ${result.expected.join(', ')}`);
  }
  placeLines(result.value, text, s.dropped);
  return result.value;
}

/**
 * The same reading as `parseMat`, one match at a time (a file's memory follows its
 * largest match): the same rules on the same scratch, so every match, line, column and count is
 * what `parseMat` gives. `next()` until it returns null, then `rest()` for the lines after the
 * last match. A match's nodes are its caller's to drop.
 */
export class MatReader {
  private readonly s = matScratch();
  private readonly rules: MatRules;
  private readonly matches: RuleReader<MatchNode>;
  private readonly lines: LineCursor;
  private from = 0;
  private done = false;
  private dropped: { cursor: LineCursor; line: number; column: number } | null = null;

  constructor(private readonly text: string) {
    this.lines = new LineCursor(text);
    this.rules = matRules(this.s, text);
    this.matches = new RuleReader(this.rules.Match);
  }

  /** Where the next match is read from: the end of the last one read (the reader in pieces cuts its windows there). */
  get offset(): number {
    return this.from;
  }

  /** The next match, its lines placed, or null when no match-length line follows. */
  next(): MatchNode | null {
    if (this.done) return null;
    // The rule runs from where the last match ended and may end anywhere.
    const result = this.matches.read(this.from);
    if (result === null) {
      this.done = true;
      return null;
    }
    this.from = result.end;
    placeMatch(this.lines, result.value);
    return result.value;
  }

  /**
   * The unreadable lines counted and not kept so far (past the file's first MAX_LISTED_ERRORS),
   * placed as `parseMat` places its `unlisted`, or null for none.
   */
  unlisted(): Unlisted | null {
    const d = this.s.dropped;
    if (d.count === 0) return null;
    if (this.dropped === null) {
      const cursor = new LineCursor(this.text); // forward only: the first place, then the last ones
      const line = cursor.line(d.first);
      this.dropped = { cursor, line, column: cursor.column(d.firstError) };
    }
    const { cursor, line, column } = this.dropped;
    return { count: d.count, line, column, lastLine: cursor.line(d.last) };
  }

  /** The lines after the last match (call once `next()` has returned null), placed, and the file's line count. */
  rest(): { leftover: (CommentNode | BadLineNode)[]; lineCount: number } {
    const result = new RuleReader(this.rules.Leftover).read(this.from);
    // The grammar accepts every line; reaching here is a bug in it, not bad input.
    if (result === null || result.end !== this.text.length)
      throw new Error(`mat grammar failed after offset ${this.from}`);
    for (const n of result.value) placeAny(this.lines, n);
    return { leftover: result.value, lineCount: this.lines.lineCount() };
  }
}
