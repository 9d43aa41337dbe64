// An SGF collection too large to hold, its text given in pieces: read game tree by
// game tree from windows of whole trees, each tree's lines and columns those of the file.
//
// A piece ends at a line end. A scan of each piece follows what the grammar reads: how deep in
// game trees it is, and whether it is inside a `[...]` value (where `(`, `)` and an escaped `]`
// are text). Once a window holds a MB, it ends at its last line end between game trees (every
// tree closed, no value open) and what follows is carried to the next: a window starts at a line
// start, so columns are the file's, and its lines are moved by the lines before it. Each window is
// read by its own SgfReader. A file with a syntax
// error (which the scan may cut in the wrong place, and whose errors are listed depending on the
// whole file) is not read clean: the caller then refuses it, as it refuses to read it whole.
import { SgfReader, type SgfTree } from '../../grammars/sgf.js';
import { byteLimit, type ByteLimit } from '../read/text-size.js';
import { WindowText, newlines } from '../read/source-text.js';
import type { PlacedTree, TreeSource } from './sgf.js';

/** Characters a window gathers at least before it ends between trees: a reader and a line index a MB. */
const WINDOW = 1 << 20;

/** Whether the `]` at `at` is escaped: an odd number of backslashes before it. */
function escaped(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) === 92) k--;
  return (at - 1 - k) % 2 === 1;
}

/**
 * Where a scan of SGF text stands, piece after piece. A value (most of a file: the analysis) is
 * passed over by `indexOf` to its closing `]`; the few characters between values one by one. A
 * piece ends at a line end, so no escape runs from one piece into the next.
 */
class TreeScan {
  private depth = 0;
  private inValue = false;

  /** Scans `text` on from where the last scan stopped: the offset after its last line end that stands between game trees, or -1. */
  lastCut(text: string): number {
    let { depth, inValue } = this;
    let cut = -1;
    for (let i = 0; i < text.length; i++) {
      if (inValue) {
        let close = text.indexOf(']', i);
        while (close >= 0 && escaped(text, close)) close = text.indexOf(']', close + 1);
        if (close < 0) break;
        inValue = false;
        i = close;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === 10) {
        if (depth === 0) cut = i + 1;
      } else if (c === 91)
        inValue = depth > 0; // between trees a '[' is junk, not a value
      else if (c === 40) depth++;
      else if (c === 41 && depth > 0) depth--;
    }
    this.depth = depth;
    this.inValue = inValue;
    return cut;
  }
}

function shiftTree(t: SgfTree, by: number): void {
  t.line += by;
  for (const node of t.nodes) {
    node.line += by;
    for (const p of node.properties) p.line += by;
  }
  for (const c of t.children) shiftTree(c, by);
}

export class SgfPieceTrees implements TreeSource {
  private readonly scan = new TreeScan();
  private reader: SgfReader | null = null;
  private text = '';
  private window = new WindowText('', 0);
  /** Lines of the file before the next window, and the text read past the last window. */
  private lines = 0;
  private carry = '';
  clean = true;

  private readonly limit: ByteLimit;

  /**
   * `pieces` gives the text (each piece ending at a line end; null at the end); a game tree longer
   * than `limit` (bytes of the file, text-size.ts; a number: of its text as UTF-8) is an error,
   * made by `tooLarge` from the line it starts on.
   */
  constructor(
    private readonly pieces: () => string | null,
    limit: number | ByteLimit,
    private readonly tooLarge: (line: number) => Error,
    /** Characters a window gathers at least (a test makes it small, to cut at every tree). */
    private readonly windowSize = WINDOW,
  ) {
    this.limit = byteLimit(limit);
  }

  next(): PlacedTree | null {
    for (;;) {
      if (this.reader !== null) {
        const tree = this.reader.next();
        if (tree !== null) {
          shiftTree(tree, this.window.base);
          return { tree, text: this.text, source: this.window };
        }
        if (!this.reader.clean) {
          this.clean = false;
          return null;
        }
      }
      const text = this.nextWindow();
      if (text === null) return null;
      this.text = text;
      this.reader = new SgfReader(text);
    }
  }

  /**
   * The text up to the last line end between game trees once a WINDOW is gathered (what follows
   * it is carried over to the next window); null at the end of the text.
   */
  private nextWindow(): string | null {
    const parts = [this.carry];
    let length = this.carry.length;
    /** The last place between trees in the window, after a line end (0: none yet). */
    let cut = 0;
    /** The bytes from `cut` on, counted a piece at a time. */
    let sinceCut = this.limit.size(this.carry);
    let ended = true;
    for (let piece = this.pieces(); piece !== null; piece = this.pieces()) {
      const at = this.scan.lastCut(piece);
      if (at >= 0) {
        cut = length + at;
        sinceCut = this.limit.size(piece.slice(at));
      } else sinceCut += this.limit.size(piece);
      parts.push(piece);
      length += piece.length;
      if (sinceCut > this.limit.bytes) throw this.tooLarge(this.lines + newlines(parts.join(''), cut) + 1);
      if (cut > 0 && length >= this.windowSize) {
        ended = false;
        break;
      }
    }
    const all = parts.join('');
    if (all.length === 0) return null;
    const text = ended ? all : all.slice(0, cut);
    this.carry = ended ? '' : all.slice(cut);
    this.window = new WindowText(text, this.lines);
    this.lines += newlines(text);
    return text;
  }
}
