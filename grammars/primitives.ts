// Building blocks shared by the grammars.
//
// parsimmon's own `P.regexp` slices the input at every attempt, and its `.mark()` / `P.index`
// keep a line/column cache in a module-level object keyed by the *whole input string*, which is
// never released: over an archive of 100,000 files that cache alone holds every file read.
// So our leaf parsers run sticky regexps against the full input (no slicing) and nodes record
// their offset; `LineIndex` (or `LineCursor`, for a tree walked in order) turns offsets into
// lines once per file.
import P from 'parsimmon';
import { countAtMost } from '../src/core/sorted.js';
import { itemAt } from '../src/core/at.js';

/**
 * The most unreadable places a grammar keeps whole for one file (and the importer lists as parse
 * errors). Past them they are only counted: a file of a million junk lines would otherwise hold
 * a node and an excerpt for each, hundreds of times the file's size.
 */
export const MAX_LISTED_ERRORS = 100;

/** Unreadable places past the listed ones: how many, where the first stands, the last one's line. */
export interface Unlisted {
  count: number;
  line: number;
  column: number;
  lastLine: number;
}

/** A parser for one sticky regexp at the current offset; `build` turns the match into a node. */
export function sticky<T>(re: RegExp, expected: string, build: (m: RegExpExecArray, offset: number) => T): P.Parser<T> {
  if (!re.sticky) throw new Error(`regexp ${re} must be sticky (y flag)`);
  return P((input, i) => {
    re.lastIndex = i;
    const m = re.exec(input);
    return m ? P.makeSuccess(re.lastIndex, build(m, i)) : P.makeFailure(i, expected);
  });
}

/** The same over `text`, for a grammar built over its own text (see `RuleReader`). */
export function stickyIn<T>(
  text: string,
  re: RegExp,
  expected: string,
  build: (m: RegExpExecArray, offset: number) => T,
): P.Parser<T> {
  if (!re.sticky) throw new Error(`regexp ${re} must be sticky (y flag)`);
  return P((_, i) => {
    re.lastIndex = i;
    const m = re.exec(text);
    return m ? P.makeSuccess(re.lastIndex, build(m, i)) : P.makeFailure(i, expected);
  });
}

/**
 * The input a grammar built over its own text runs on (`RuleReader`, `readWhole`): its rules read
 * that text, never parsimmon's input. `parse` ends every call with `delete lineColumnIndex[input]`,
 * which hashes the whole input string (about as long as reading a small file); on this empty
 * stand-in it costs nothing.
 */
const STAND_IN = '';

/** A parser that reads nothing and gives where it stands. */
const here = P((_, i) => P.makeSuccess(i, i));

/**
 * Reads with `rule` (a rule of a grammar that reads its own text) from any offset, again and
 * again: what it reads and where it ends, or null when it fails there. The parser that seeks,
 * reads and says where it stopped is built once, not at each read.
 */
export class RuleReader<T> {
  private from = 0;
  private readonly step: P.Parser<{ value: T; end: number } | null>;

  constructor(rule: P.Parser<T>) {
    const start = P((_, __) => P.makeSuccess(this.from, null));
    const read = P.seqMap(start, rule, here, (_, value, end) => ({ value, end }));
    this.step = P.alt(read, P.succeed(null));
  }

  read(from: number): { value: T; end: number } | null {
    this.from = from;
    const result = this.step.parse(STAND_IN);
    return result.status ? result.value : null;
  }
}

/**
 * What `parser` (a rule of a grammar that reads its own text) reads from offset 0; on failure
 * parsimmon's furthest offset and expectations.
 */
export function readWhole<T>(
  parser: P.Parser<T>,
): { status: true; value: T } | { status: false; furthest: number; expected: string[] } {
  const result = parser.parse(STAND_IN);
  return result.status
    ? { status: true, value: result.value }
    : { status: false, furthest: result.index.offset, expected: result.expected };
}

/** Offsets → 1-based line and column, for one text. */
export class LineIndex {
  private readonly starts: Int32Array;

  constructor(text: string) {
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    const starts = new Int32Array(count);
    let k = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  line(offset: number): number {
    // The first line starts at 0: at least one start is at or before any offset.
    return Math.max(1, countAtMost(this.starts, offset));
  }

  column(offset: number): number {
    return offset - itemAt(this.starts, this.line(offset) - 1) + 1;
  }
}

/**
 * Offsets → 1-based lines and columns for offsets met in document order (a syntax tree walked
 * front to back): one pass over the text, no table of line starts. An offset may fall back
 * within the current line, never to an earlier one.
 */
export class LineCursor {
  private current = 1;
  private start = 0;
  private nextBreak: number;

  constructor(private readonly text: string) {
    this.nextBreak = text.indexOf('\n');
  }

  line(offset: number): number {
    while (this.nextBreak >= 0 && this.nextBreak < offset) {
      this.current++;
      this.start = this.nextBreak + 1;
      this.nextBreak = this.text.indexOf('\n', this.start);
    }
    return this.current;
  }

  column(offset: number): number {
    this.line(offset);
    return offset - this.start + 1;
  }

  /** The number of lines (call last: it moves to the end). */
  lineCount(): number {
    return this.line(this.text.length);
  }
}

/** A short excerpt of what stands at `offset`, for error messages. */
export function foundAt(text: string, offset: number): string {
  if (offset >= text.length) return 'end of file';
  if (text[offset] === '\n') return 'end of line';
  const m = /[^\s]{1,24}|[ \t]+/y;
  m.lastIndex = offset;
  const hit = m.exec(text);
  return hit ? `'${hit[0]}'` : `'${text[offset]}'`;
}
