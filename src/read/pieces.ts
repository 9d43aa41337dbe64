// A `.mat` file's matches read from its text given in pieces (a file of any size, held
// a window at a time), each match exactly as MatReader reads it from the whole text, its lines
// those of the file.
//
// MatReader reads one match after another from a window of the text. Where a match ends depends on
// the lines after it (the next match-length line, or the comment lines before it), so a match is
// taken only once the next one has been read in the same window: then every line its reading
// looked at is in the window, as in the whole text (pieces end at line ends). When the window runs
// out before the next match, the window is cut where the match not yet taken starts (where the
// reader stood before it), the next piece is added, and reading starts again there with a new
// reader. A match's lines are moved by the lines cut off before its window.
//
// The grammar keeps a file's first MAX_LISTED_ERRORS unreadable lines and counts the others: a new
// reader keeps up to that many again. Those lines then come as parse errors past the ones listed,
// which by-match.ts counts with the grammar's: the one finding that counts them says the
// same (a test holds it). The counts are those of the matches taken: a reading given up when a
// window is cut is not counted.
import { MatReader } from '../../grammars/mat.js';
import type { BadLineNode, CommentNode, MatchNode } from '../../grammars/mat-nodes.js';
import type { Unlisted } from '../../grammars/primitives.js';
import type { MatchSource } from './by-match.js';
import { WindowText, newlines, type SourceText } from './source-text.js';
import { byteLimit, over, type ByteLimit } from './text-size.js';
import { itemAt } from '../core/at.js';

function shiftNodes(nodes: { line: number }[], by: number): void {
  for (const n of nodes) n.line += by;
}

/** A match's lines moved by `by` (the lines before its window). */
function shiftMatch(m: MatchNode, by: number): void {
  if (by === 0) return;
  shiftNodes(m.preamble, by);
  m.line += by;
  shiftNodes(m.stray, by);
  for (const g of m.games) {
    g.line += by;
    if (g.score) g.score.line += by;
    shiftNodes(g.body, by);
  }
}

/** A match read and not yet taken: where its reading started, and the reader's count of dropped lines after it. */
interface Read {
  node: MatchNode;
  start: number;
  unlisted: Unlisted | null;
  source: WindowText;
  base: number;
}

export class PieceMatches implements MatchSource {
  private window = '';
  /** Lines of the file before the window. */
  private base = 0;
  private reader: MatReader;
  private source = new WindowText('', 0);
  private ended = false;
  private read: Read | null = null;
  /** Unreadable lines counted by the readers before this one, and by this one as of the last match taken. */
  private countBefore = 0;
  private countHere = 0;
  private first: { line: number; column: number } | null = null;
  private lastLine = 0;
  private readonly limit: ByteLimit;

  /**
   * `next` gives the text's pieces (each ending at a line end; null at the end); a match, or the
   * text before the first, longer than `limit` (bytes of the file, text-size.ts; a number: of its
   * text as UTF-8) is an error (PieceTooLarge, thrown by `tooLarge`).
   */
  constructor(
    private readonly pieces: () => string | null,
    limit: number | ByteLimit,
    private readonly tooLarge: (line: number) => Error,
  ) {
    this.limit = byteLimit(limit);
    this.reader = this.startAt(0);
  }

  /** The whole text, when it was never cut (no match in it: the whole-file reader then says why). */
  wholeText(): string | null {
    return this.ended && this.base === 0 ? this.window : null;
  }

  next(): { node: MatchNode; source: SourceText } | null {
    for (;;) {
      const start = this.reader.offset;
      const node = this.reader.next();
      if (node !== null) {
        const read: Read = { node, start, unlisted: this.reader.unlisted(), source: this.source, base: this.base };
        const taken = this.read;
        this.read = read;
        if (taken !== null) return this.take(taken, start);
        continue;
      }
      if (this.ended) {
        const taken = this.read;
        this.read = null;
        return taken === null ? null : this.take(taken, start);
      }
      this.reader = this.startAt(this.read?.start ?? start);
    }
  }

  rest(): (CommentNode | BadLineNode)[] {
    const from = this.reader.offset;
    if (over(this.window, from, this.window.length, this.limit))
      throw this.tooLarge(this.base + newlines(this.window, from) + 1);
    const { leftover } = this.reader.rest();
    shiftNodes(leftover, this.base);
    this.count(this.reader.unlisted(), this.base);
    return leftover;
  }

  unlisted(): Unlisted | null {
    if (this.first === null) return null;
    return { count: this.countBefore + this.countHere, ...this.first, lastLine: this.lastLine };
  }

  /** A match read, whose reading ended at `end`. */
  private take(read: Read, end: number): { node: MatchNode; source: SourceText } {
    if (over(this.window, read.start, end, this.limit))
      throw this.tooLarge(read.base + newlines(this.window, read.start) + 1);
    shiftMatch(read.node, read.base);
    this.count(read.unlisted, read.base);
    return { node: read.node, source: read.source };
  }

  /** The reader's count of dropped lines as of a match taken. */
  private count(u: Unlisted | null, base: number): void {
    if (u === null) return;
    this.countHere = u.count;
    this.first ??= { line: u.line + base, column: u.column };
    this.lastLine = Math.max(this.lastLine, u.lastLine + base);
  }

  /**
   * A new window from `offset` of this one, with pieces added until it is twice what it carries
   * over at least (or the text ends), and a new reader on it. The match read and not taken is
   * read again.
   */
  private startAt(offset: number): MatReader {
    this.base += newlines(this.window, offset);
    const parts = [this.window.slice(offset)];
    let length = itemAt(parts, 0).length;
    const before = length;
    // Twice what is carried over at least: a match longer than a piece is read again a few times, not once a piece.
    while (!this.ended && length <= 2 * before) {
      const piece = this.pieces();
      if (piece === null) this.ended = true;
      else {
        parts.push(piece);
        length += piece.length;
      }
    }
    if (over(itemAt(parts, 0), 0, before, this.limit)) throw this.tooLarge(this.base + 1);
    this.window = parts.join('');
    this.read = null;
    this.countBefore += this.countHere;
    this.countHere = 0;
    this.source = new WindowText(this.window, this.base);
    return new MatReader(this.window);
  }
}
