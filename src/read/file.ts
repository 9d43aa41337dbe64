// One file's bytes → its reports: read, then audit every match in it. Pure; used by the CLI
// in-process and by the pool's workers.
import type { ImportResult, MatchReport } from '../core/model.js';
import { importRecord } from '../import/index.js';
import type { Decoded, Encoding } from './decode.js';
import { openFile } from './open.js';
import { placeByRecord } from './record-places.js';
import { formatOf } from '../formats/index.js';
import type { EachReport } from './by-match.js';
import { type FileAudit, auditAttached } from './attach.js';
import { fileReport } from './file-report.js';
import { type MatchesTo, giveImported, readDecoded, readPieces } from './matches.js';

/** Where a file's matches go to be audited, each report to `each`; a file with no match gets one report that says why. */
function auditedTo(file: string, options: FileAudit, each: EachReport, restart: () => void): MatchesTo {
  return {
    match(match, source, extra, index) {
      const report = auditAttached(match, options, source, extra);
      each(match.moveOfRecord === undefined ? report : placeByRecord(report, match.moveOfRecord), index);
    },
    none(format, findings) {
      const report = fileReport(file, format, findings);
      each(format !== null && formatOf(format).kind === 'binary' ? placeByRecord(report) : report, 0);
    },
    restart,
  };
}

function reportsOf(imported: ImportResult, file: string, options: FileAudit = {}): MatchReport[] {
  const reports: MatchReport[] = [];
  giveImported(
    imported,
    auditedTo(
      file,
      options,
      (r, k) => (reports[k] = r),
      () => {},
    ),
  );
  return reports;
}

/** Every match of a file read whole before any is audited: the first reader, kept for the differential test. */
export function auditFileWhole(bytes: Uint8Array, file: string, options: FileAudit = {}): MatchReport[] {
  return reportsOf(importRecord(bytes, file), file, options);
}

export function auditFile(bytes: Uint8Array, file: string, options: FileAudit = {}): MatchReport[] {
  return auditDecoded(openFile(bytes, file), file, options);
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
  readDecoded(decoded, file, auditedTo(file, options, each, restart));
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
  return readPieces(
    pieces,
    encoding,
    file,
    auditedTo(file, options, each, () => {}),
    limit,
    tooLarge,
  );
}
