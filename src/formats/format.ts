// What a match-record format supplies to the rest of bgaudit. Every format is one module
// (formats/mat.ts, formats/sgf.ts, formats/xg.ts) that implements this interface, and the registry
// (formats/index.ts) is the one place that names them: nothing else asks which format a record
// came from, it asks the record's format.
import type { Finding, MatchRecord, ParseError } from '../core/model.js';
import type { Correction, FindingFix } from '../core/findings.js';
import type { SourceText } from '../read/source-text.js';
import type { Encoding } from '../read/decode.js';
import type { EachMatch } from '../read/by-match.js';

/** A match too large to hold (more bytes than the limit): the error its reader throws, made by the caller. */
type TooLarge = (line: number) => Error;

interface FormatBase {
  /** The name reports give it (`format` in JSON and CSV). */
  readonly name: string;
  /** The file name endings (lower case, with the dot) a folder's walk reads as this format without looking inside. */
  readonly extensions: readonly string[];
  /** What a place in its records counts: a text's lines, a binary file's records (as `show` names them). */
  readonly placeUnit: 'line' | 'record';
  /**
   * The sides when the record names no player: as a finding's message names them (side 0
   * first), and as a board labels them.
   */
  readonly unnamedSides: { inFindings: [string, string]; onBoards: [string, string] };
  /**
   * Whether its records write automatic doubles. Where they cannot (a .mat), a money session's
   * score line that automatic doubles explain is only a warning.
   */
  readonly writesAutoDoubles: boolean;
  /**
   * A check's correction of the record's game at `index` written as edits of the record's text
   * (`bgaudit fix`), keeping its layout; null where the text does not allow a certain edit.
   * Absent: the format has no fixes.
   */
  readonly fixOf?: (c: Correction, index: number, record: MatchRecord, source: SourceText) => FindingFix | null;
}

/** A text format: read from the decoded text, whole or in pieces. */
export interface TextFormat extends FormatBase {
  readonly kind: 'text';
  /** Whether a text is in this format, from its start (the first 4096 characters at most). */
  detects(head: string): boolean;
  /** What unit of the file a reader in pieces holds at once, as a too-large message names it. */
  readonly piece: 'match' | 'game tree';
  /** Another program's format that a text of this format's shape really is (a phrase for the finding), or null. */
  otherFormat(text: string): string | null;
  /** The whole text read at once: every match, and every place it could not be read. */
  importText(text: string, file: string): { matches: MatchRecord[]; errors: ParseError[] };
  /**
   * The whole text's matches, one at a time, each given to `each` to audit with the findings it
   * takes besides its own (`notes` go to the first); false when the text must be read whole
   * (`importText`) to place its errors: the matches given so far are then to be forgotten.
   */
  readText(text: string, notes: Finding[], file: string, each: EachMatch): boolean;
  /**
   * The same from the text given in pieces (each ending at a line end; null at the end), holding a
   * piece and a match at once: true when done; a string: the whole text, short enough to hold,
   * which must be read whole; false when it must be read whole and is too large to.
   */
  readPieces(
    pieces: () => string | null,
    encoding: Encoding,
    notes: Finding[],
    file: string,
    each: EachMatch,
    limit: number,
    tooLarge: TooLarge,
  ): boolean | string;
}

/**
 * A binary format: read from the file's bytes, whole (its records are compressed; the limit
 * bounds what they inflate to). Its records stand for lines: a record's index is its line, the
 * text it gives is a listing with one line per record, and `MatchRecord.moveOfRecord` says where
 * in the game each record is.
 */
export interface BinaryFormat extends FormatBase {
  readonly kind: 'binary';
  /**
   * What a file's name tells `readBytes` ('' for nothing): bytes read under two names that tell
   * different things are two audits, which the results cache keeps apart.
   */
  nameTells?(file: string): string;
  /** Whether bytes are in this format, from their start (the first 4096 bytes at most). */
  detectsBytes(head: Uint8Array): boolean;
  /** The file's matches, the places it could not be read (a damaged file: one, at its start) and its listing. */
  readBytes(
    bytes: Uint8Array,
    file: string,
    limit: number,
  ): { matches: MatchRecord[]; errors: ParseError[]; text: string };
}

export type MatchFormat = TextFormat | BinaryFormat;
