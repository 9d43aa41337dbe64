import { itemAt } from '../core/at.js';
// A decoded file's text read by line and column, as findings name places: the record's own words
// for a finding's action (its `position.recorded`). The line index is built on the first ask, so
// a file with no finding to show pays nothing.

/** The most characters of a line an excerpt keeps (a one-line SGF holds a whole match). */
const MAX_EXCERPT = 200;

export class SourceText {
  private starts: Int32Array | null = null;
  private lines = 0;

  constructor(private readonly text: string) {}

  private index(): Int32Array {
    if (this.starts !== null) return this.starts;
    let starts = new Int32Array(1024);
    let n = 0;
    for (let at = 0; at >= 0 && at <= this.text.length;) {
      if (n === starts.length) {
        const grown = new Int32Array(n * 2);
        grown.set(starts);
        starts = grown;
      }
      starts[n++] = at;
      const next = this.text.indexOf('\n', at);
      at = next < 0 ? -1 : next + 1;
    }
    this.lines = n;
    this.starts = starts;
    return starts;
  }

  /** The number of lines. */
  get lineCount(): number {
    this.index();
    return this.lines;
  }

  /** Line `line` (1-based) whole, as written, without its line end; null past the text. */
  lineText(line: number): string | null {
    const starts = this.index();
    if (line < 1 || line > this.lines) return null;
    const start = itemAt(starts, line - 1);
    return this.text.slice(start, line < this.lines ? itemAt(starts, line) - 1 : this.text.length);
  }

  /**
   * Line `line` (1-based) from `column` up to `endColumn` (exclusive) or the line's end, trimmed;
   * cut at `max` characters with an ellipsis. '' past the text.
   */
  excerpt(line: number, column = 1, endColumn?: number, max = MAX_EXCERPT): string {
    const starts = this.index();
    if (line < 1 || line > this.lines) return '';
    const start = itemAt(starts, line - 1);
    const lineEnd = line < this.lines ? itemAt(starts, line) - 1 : this.text.length;
    const from = Math.min(lineEnd, start + Math.max(0, column - 1));
    const to = endColumn === undefined ? lineEnd : Math.min(lineEnd, start + Math.max(0, endColumn - 1));
    const raw = this.text.slice(from, Math.max(from, Math.min(to, from + max + 1))).trim();
    return raw.length > max ? `${raw.slice(0, max)}…` : raw;
  }
}

/** The line ends in `text` before offset `end` (all of them by default). */
export function newlines(text: string, end = text.length): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** A window of a file's text (a file read in pieces), read by the file's line numbers. */
export class WindowText extends SourceText {
  constructor(
    text: string,
    /** Lines of the file before the window. */
    readonly base: number,
  ) {
    super(text);
  }

  override excerpt(line: number, column?: number, endColumn?: number, max?: number): string {
    return super.excerpt(line - this.base, column, endColumn, max);
  }

  override lineText(line: number): string | null {
    return super.lineText(line - this.base);
  }
}

/** Several windows of a file, in order (a match whose games are in more than one): each line read from the window that holds it. */
export class JoinedText extends SourceText {
  constructor(private readonly windows: readonly WindowText[]) {
    super('');
  }

  override excerpt(line: number, column?: number, endColumn?: number, max?: number): string {
    return this.windowOf(line).excerpt(line, column, endColumn, max);
  }

  override lineText(line: number): string | null {
    return this.windowOf(line).lineText(line);
  }

  private windowOf(line: number): WindowText {
    let w = itemAt(this.windows, 0);
    for (const next of this.windows) if (next.base < line) w = next;
    return w;
  }
}
