// A `.mat` file's matches, read and imported one at a time and given to be audited, so that
// one match's syntax tree and record are alive at once, not the whole file's. The reports are
// byte for byte those of the whole-file reader (file.ts, `auditFileWhole`), whose rules decide
// where each parse error goes:
// - an error belongs to the last match whose match-length line is at or before it: one before a
//   match-length line (in the comment and header lines that lead to it) to the match before, so a
//   match is audited once the next one is read; those before the first match to the first, those
//   after the last to the last;
// - a file lists its first MAX_LISTED_ERRORS parse errors; the others are one error placed at the
//   first of them, whose count and last line are known only at the file's end: the match it
//   belongs to is held and given last, with its index among the reports.
import { MatReader } from '../../grammars/mat.js';
import { MAX_LISTED_ERRORS, type Unlisted } from '../../grammars/primitives.js';
import { importMatNode, leftoverErrors } from '../import/mat.js';
import type { BadLineNode, CommentNode, MatchNode } from '../../grammars/mat-nodes.js';
import type { Finding, MatchRecord, MatchReport, ParseError } from '../core/model.js';
import { parseErrorFinding } from '../import/parse-error.js';
import { SourceText } from './source-text.js';
import { countStartingBy } from '../core/sorted.js';
import { itemAt } from '../core/at.js';

/** A match read and not yet audited, with the findings it gets besides its own, and the text its lines are in. */
interface Held {
  match: MatchRecord;
  extra: Finding[];
  source: SourceText;
}

/**
 * Where a file's matches come from, one at a time, their lines those of the file: its whole text
 * (`matchesOfText`), or its text read piece by piece (pieces.ts).
 */
export interface MatchSource {
  /** The next match, its lines placed, and the text that holds its lines; null when no match-length line follows. */
  next(): { node: MatchNode; source: SourceText } | null;
  /** The lines after the last match (once `next()` has returned null). */
  rest(): (CommentNode | BadLineNode)[];
  /** The unreadable lines the grammar counted and did not keep so far, as `MatReader.unlisted` places them. */
  unlisted(): Unlisted | null;
}

/** A file's matches from its whole text. */
export function matchesOfText(text: string): MatchSource {
  const reader = new MatReader(text);
  const source = new SourceText(text);
  return {
    next() {
      const node = reader.next();
      return node === null ? null : { node, source };
    },
    rest: () => reader.rest().leftover,
    unlisted: () => reader.unlisted(),
  };
}

/** The game of `match` a line belongs to: the last one that starts at or before it, if any. */
function gameAt(match: MatchRecord, line: number): number | undefined {
  const k = countStartingBy(match.games, line);
  return k === 0 ? undefined : itemAt(match.games, k - 1).number;
}

/** The errors past the ones listed: how many, where the first is (and its match), the last line. */
class Overflow {
  count = 0;
  lastLine = 0;
  first: { line: number; column: number; owner: Held } | null = null;

  add(u: Unlisted, owner: Held): void {
    this.count += u.count;
    this.lastLine = Math.max(this.lastLine, u.lastLine);
    const f = this.first;
    if (f === null || u.line < f.line || (u.line === f.line && u.column < f.column))
      this.first = { line: u.line, column: u.column, owner };
  }

  /** The one error that stands for them all (as `ParseErrorList.list` writes it). */
  error(): ParseError | null {
    if (this.first === null) return null;
    const { line, column } = this.first;
    const unlisted = { count: this.count, lastLine: this.lastLine };
    return { line, column, expected: '', found: '', message: `line ${line}, column ${column}`, unlisted };
  }
}

/** Given each report as it is made, with its index among the file's reports (not always in order). */
export type EachReport = (report: MatchReport, index: number) => void;

/**
 * Given each match as it is read, ready to audit: the text its lines are in, the findings it gets
 * besides its own (parse errors, notes on the file), and its index among the file's reports (not
 * always in order).
 */
export type EachMatch = (match: MatchRecord, source: SourceText, extra: Finding[], index: number) => void;

class ByMatch {
  private listed = 0;
  private readonly more = new Overflow();
  /** The grammar's own count of unreadable lines it did not keep, as last seen. */
  private dropped = 0;

  constructor(private readonly each: EachMatch) {}

  /** Each error to `to`: a finding while the file has listed fewer than it may, else counted. */
  take(to: Held, errors: ParseError[]): void {
    for (const e of errors) {
      if (this.listed < MAX_LISTED_ERRORS) {
        this.listed++;
        to.extra.push(parseErrorFinding(e, gameAt(to.match, e.line)));
      } else this.more.add({ count: 1, line: e.line, column: e.column, lastLine: e.line }, to);
    }
  }

  /** The grammar's unreadable lines not kept, new since the last call: their first one's match is `at(line)`. */
  takeDropped(u: Unlisted | null, at: (line: number) => Held): void {
    if (u === null || u.count === this.dropped) return;
    const fresh = this.dropped === 0;
    this.dropped = u.count;
    // Only the first place and the count and last line of the whole count matter: the first
    // place is added once, with its match; the count and last line are added at the end.
    if (fresh) this.more.add({ count: 0, line: u.line, column: u.column, lastLine: 0 }, at(u.line));
  }

  /** Gives a match now, unless the unlisted errors' one belongs to it: then at the end. */
  give(held: Held, end = false): void {
    if (!end && this.more.first?.owner === held) return;
    this.each(held.match, held.source, held.extra, held.match.index - 1);
  }

  /** After the last match: the unlisted errors' one to its match, which is given then. */
  end(u: Unlisted | null): void {
    if (u !== null)
      this.more.add({ count: u.count, line: u.line, column: u.column, lastLine: u.lastLine }, this.owner());
    const e = this.more.error();
    if (e === null) return;
    const owner = this.owner();
    owner.extra.push(parseErrorFinding(e, gameAt(owner.match, e.line)));
    this.give(owner, true);
  }

  private owner(): Held {
    const first = this.more.first;
    if (first === null) throw new Error('no unlisted parse error');
    return first.owner;
  }
}

/**
 * A `.mat` file's matches, taken from `reader`, each given to `each` once the errors it takes are
 * known (the match that takes the unlisted parse errors last); false when the file has no
 * match-length line (the whole-file reader then says why, and `each` was not called). `notes` go
 * to the first match.
 */
export function readByMatch(reader: MatchSource, notes: Finding[], file: string, each: EachMatch): boolean {
  const by = new ByMatch(each);
  let pending: Held | null = null;
  for (let read = reader.next(); read !== null; read = reader.next()) {
    const { match, errors } = importMatNode(read.node, file, match0(pending) + 1);
    const held: Held = { match, extra: pending === null ? [...notes] : [], source: read.source };
    const before = pending === null ? [] : errors.filter((e) => e.line < match.line);
    if (pending !== null) by.take(pending, before);
    by.take(held, pending === null ? errors : errors.filter((e) => e.line >= match.line));
    const previous = pending;
    by.takeDropped(reader.unlisted(), (line) => (previous !== null && line < match.line ? previous : held));
    if (pending !== null) by.give(pending);
    pending = held;
  }
  if (pending === null) return false;
  const last = pending;
  by.take(last, leftoverErrors(reader.rest()));
  const dropped = reader.unlisted();
  by.takeDropped(dropped, () => last);
  by.give(last);
  by.end(dropped);
  return true;
}

function match0(held: Held | null): number {
  return held === null ? 0 : held.match.index;
}
