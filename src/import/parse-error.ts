// The parse errors both readers report: one shape, one message, file order, and at most
// MAX_LISTED_ERRORS of them listed per file.
import { grouped } from '../../grammars/numbers.js';
import { MAX_LISTED_ERRORS, type Unlisted } from '../../grammars/primitives.js';
import type { Finding, ParseError } from '../core/model.js';
import { finding } from '../core/findings.js';
import { itemAt } from '../core/at.js';

/** What a binary file's reader expected where it could not read a record (`.xg`). */
export const XG_RECORD = 'an .xg record';
/** What it expected of a binary file it could not open (`.xg`: a damaged archive). */
export const XG_FILE = 'a readable .xg file';

export function parseError(line: number, column: number, expected: string, found: string): ParseError {
  return {
    line,
    column,
    expected,
    found,
    message: `line ${line}, column ${column}: expected ${expected}, found ${found}`,
  };
}

/** In file order; most files have none or one, and a sort allocates. */
function inFileOrder(errors: ParseError[]): ParseError[] {
  if (errors.length > 1) errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return errors;
}

/**
 * A file's parse errors, taken in any order: the first MAX_LISTED_ERRORS in file order are kept,
 * the others only counted, and listed as one error that says how many there are and where they
 * stop. A file of 100,000 games without a score line would otherwise hold 100,000 errors, and
 * every later stage a finding and a line of output for each.
 */
export class ParseErrorList {
  private kept: ParseError[] = [];
  private more: Unlisted | null = null;

  push(e: ParseError): void {
    this.kept.push(e);
    if (this.kept.length >= 2 * MAX_LISTED_ERRORS) this.cut();
  }

  /** Places the grammar counted without keeping them. */
  addUnlisted(u: Unlisted): void {
    const m = this.more;
    if (m === null) this.more = { ...u };
    else {
      if (u.line < m.line || (u.line === m.line && u.column < m.column)) {
        m.line = u.line;
        m.column = u.column;
      }
      m.lastLine = Math.max(m.lastLine, u.lastLine);
      m.count += u.count;
    }
  }

  /** Keeps the first MAX_LISTED_ERRORS (a stable sort: of two at one place, the first pushed). */
  private cut(): void {
    inFileOrder(this.kept);
    for (let k = MAX_LISTED_ERRORS; k < this.kept.length; k++) {
      const e = itemAt(this.kept, k);
      this.addUnlisted({ count: 1, line: e.line, column: e.column, lastLine: e.line });
    }
    if (this.kept.length > MAX_LISTED_ERRORS) this.kept.length = MAX_LISTED_ERRORS;
  }

  /** The listed errors in file order, then the one that stands for the rest, if any. */
  list(): ParseError[] {
    this.cut();
    if (this.more === null) return this.kept;
    const { count, line, column, lastLine } = this.more;
    const unlisted = { count, lastLine };
    return [
      ...this.kept,
      {
        line,
        column,
        expected: '',
        found: '',
        message: `line ${line}, column ${column}: ${unlistedMessage(unlisted)}`,
        unlisted,
      },
    ];
  }
}

/** What the error that stands for the unlisted ones says. */
function unlistedMessage(u: { count: number; lastLine: number }): string {
  const what = u.count === 1 ? 'one more parse error' : `${grouped(u.count)} more parse errors`;
  return `${what} from here to line ${grouped(u.lastLine)} (only the first ${MAX_LISTED_ERRORS} of a file are listed)`;
}

/** A parse error as the finding that reports it (in game `game` when it is in one). */
export function parseErrorFinding(e: ParseError, game?: number): Finding {
  const message = e.unlisted
    ? unlistedMessage(e.unlisted)
    : e.expected === 'a text file'
      ? `not a match file: ${e.found}`
      : e.expected === XG_FILE
        ? `cannot read this .xg file: ${e.found}`
        : e.expected === XG_RECORD
          ? `cannot read this record: ${e.found}`
          : `cannot read this line: expected ${e.expected}, found ${e.found}`;
  return finding('parse-error', 'error', message, {
    ...(game === undefined ? {} : { game }),
    line: e.line,
    column: e.column,
  });
}
