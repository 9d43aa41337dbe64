// One file's bytes → its reports: read, then audit every match in it. Pure; used by the CLI
// in-process and by the pool's workers.
import type { Finding, ImportResult, MatchRecord, MatchReport } from '../core/model.js';
import { encodingNotes, importDecoded, importRecord } from '../import/index.js';
import { detectFormat, formatOf } from '../formats/index.js';
import { decode, type Decoded, type Encoding } from './decode.js';
import type { EachMatch, EachReport } from './by-match.js';
import { parseErrorFinding } from '../import/parse-error.js';
import { type FileAudit, auditAttached } from './attach.js';
import { fileReport } from './file-report.js';
import { SourceText } from './source-text.js';
import { countStartingBy } from '../core/sorted.js';
import { itemAt } from '../core/at.js';

/**
 * The match (and game) a line belongs to: the last one that starts at or before it. Matches and
 * their games are in file order: a search, not a walk (a walk is quadratic in a file of many
 * games and as many errors).
 */
function owner(matches: MatchRecord[], line: number): { match: number; game?: number } {
  const m = Math.max(0, countStartingBy(matches, line) - 1);
  const games = itemAt(matches, m).games;
  const g = countStartingBy(games, line) - 1;
  return { match: m, game: g < 0 ? undefined : itemAt(games, g).number };
}

/**
 * A file's reports from its matches read whole, each given to `each` as it is made; a match's
 * record is let go once it is audited (an SGF collection is read whole, not audited whole).
 */
function eachReportOf(imported: ImportResult, file: string, options: FileAudit, each: EachReport): void {
  const { errors, notes } = imported;
  const matches: (MatchRecord | null)[] = imported.matches;
  if (matches.length === 0) {
    each(fileReport(file, imported.format, [...errors.map((e) => parseErrorFinding(e)), ...notes]), 0);
    return;
  }
  const extra: Finding[][] = matches.map(() => []);
  itemAt(extra, 0).push(...notes);
  for (const e of errors) {
    const o = owner(imported.matches, e.line);
    itemAt(extra, o.match).push(parseErrorFinding(e, o.game));
  }
  imported.matches = [];
  const source = imported.text === null ? undefined : new SourceText(imported.text);
  for (let k = 0; k < matches.length; k++) {
    const m = itemAt(matches, k);
    if (m === null) continue;
    matches[k] = null;
    each(auditAttached(m, options, source, itemAt(extra, k)), k);
  }
}

/** Each match a format's reader gives, audited as `options` say, its report to `each`. */
function audited(options: FileAudit, each: EachReport): EachMatch {
  return (match, source, extra, index) => each(auditAttached(match, options, source, extra), index);
}

function reportsOf(imported: ImportResult, file: string, options: FileAudit = {}): MatchReport[] {
  const reports: MatchReport[] = [];
  eachReportOf(imported, file, options, (r, k) => (reports[k] = r));
  return reports;
}

/** Every match of a file read whole before any is audited: the first reader, kept for the differential test. */
export function auditFileWhole(bytes: Uint8Array, file: string, options: FileAudit = {}): MatchReport[] {
  return reportsOf(importRecord(bytes, file), file, options);
}

export function auditFile(bytes: Uint8Array, file: string, options: FileAudit = {}): MatchReport[] {
  return auditDecoded(decode(bytes), file, options);
}

/** A file already decoded (the worker keeps the text for the HTML report's source lines). */
export function auditDecoded(decoded: Decoded, file: string, options: FileAudit = {}): MatchReport[] {
  const reports: MatchReport[] = [];
  auditDecodedEach(
    decoded,
    file,
    options,
    (r, k) => (reports[k] = r),
    () => (reports.length = 0),
  );
  return reports;
}

/**
 * The same reports, each given to `each` as it is made (a caller that renders and drops
 * each holds one at a time), with its index among the file's reports: a `.mat` file's match by
 * match (the match that takes the file's unlisted parse errors comes last, in its index), an SGF
 * collection's game tree by game tree. An SGF file that turns out to need reading whole (a syntax
 * error: where it is listed depends on the whole file) is read again whole: `restart` says to
 * forget the reports given so far.
 */
export function auditDecodedEach(
  decoded: Decoded,
  file: string,
  options: FileAudit,
  each: EachReport,
  restart: () => void,
): void {
  if (decoded.ok) {
    const format = formatOf(detectFormat(decoded.text));
    // Another program's file in this format's shape is said to be one by the whole-file reader.
    if (format.otherFormat(decoded.text) === null) {
      if (format.readText(decoded.text, encodingNotes(decoded.encoding), file, audited(options, each))) return;
      restart();
    }
  }
  eachReportOf(importDecoded(decoded, file), file, options, each);
}

/**
 * A file too large to hold, its text given in pieces (each ending at a line end; null at the end):
 * its reports, a `.mat` file's match by match and an SGF collection's game tree by game tree, as
 * `auditDecodedEach` gives them for the whole text. A match longer than `limit` bytes of the file (its
 * lines from the end of the one before), or a game tree, is an error: `tooLarge` makes it. False
 * when the file must be read whole: an SGF collection with a syntax error, an unreadable game, no
 * backgammon game tree, or games numbered from 0 after matches numbered from 1 (where its errors
 * are listed, or how its games are numbered, depends on all of it); some reports may have been given.
 */
export function auditPieces(
  pieces: () => string | null,
  encoding: Encoding,
  file: string,
  options: FileAudit,
  each: EachReport,
  limit: number,
  tooLarge: (line: number, what: 'match' | 'game tree') => Error,
): boolean {
  let head = pieces() ?? '';
  const more: string[] = [];
  while (head.length < 4096) {
    const piece = pieces();
    if (piece === null) break;
    head += piece;
  }
  const format = formatOf(detectFormat(head));
  more.push(head);
  const rest = () => more.pop() ?? pieces();
  const notes = encodingNotes(encoding);
  const read = format.readPieces(rest, encoding, notes, file, audited(options, each), limit, (line) =>
    tooLarge(line, format.piece),
  );
  if (typeof read === 'boolean') return read;
  eachReportOf(importDecoded({ ok: true, text: read, encoding }, file), file, options, each);
  return true;
}
