// A file's text → its matches, one at a time: the one reading path of every command. `verify`,
// `csv`, `players` and `show` audit each match it gives (file.ts); `dice` counts each one's rolls
// (stats/count.ts). A file held whole and one read in pieces take the same path; the format's
// module (src/formats/) reads each, and the whole-file reader places the errors of a text that
// must be read at once.
import type { Finding, Format, ImportResult, MatchRecord } from '../core/model.js';
import { encodingNotes, importDecoded } from '../import/index.js';
import { detectFormat, textFormatOf } from '../formats/index.js';
import type { Decoded, Encoding } from './decode.js';
import type { EachMatch } from './by-match.js';
import { parseErrorFinding } from '../import/parse-error.js';
import { SourceText } from './source-text.js';
import { countStartingBy } from '../core/sorted.js';
import { append } from '../core/lists.js';
import { itemAt } from '../core/at.js';

/** Where a file's matches go as they are read. */
export interface MatchesTo {
  /** A match read, with the findings it takes besides its own, and its index among the file's matches. */
  match: EachMatch;
  /** The file holds no match: the findings that say why, and its format when it is one bgaudit reads. */
  none(format: Format | null, findings: Finding[]): void;
  /** Forget the matches given so far: the text is read again, whole. */
  restart(): void;
}

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
 * A file's matches read whole (the whole-file reader's result), each given with the parse errors
 * that fall in it; a match's record is let go once it is given.
 */
export function giveImported(imported: ImportResult, to: MatchesTo): void {
  const { errors, notes } = imported;
  const matches: (MatchRecord | null)[] = imported.matches;
  if (matches.length === 0) {
    to.none(imported.format, [...errors.map((e) => parseErrorFinding(e)), ...notes]);
    return;
  }
  const extra: Finding[][] = matches.map(() => []);
  append(itemAt(extra, 0), notes);
  for (const e of errors) {
    const o = owner(imported.matches, e.line);
    itemAt(extra, o.match).push(parseErrorFinding(e, o.game));
  }
  imported.matches = [];
  const source = new SourceText(imported.text ?? '');
  for (let k = 0; k < matches.length; k++) {
    const m = itemAt(matches, k);
    if (m === null) continue;
    matches[k] = null;
    to.match(m, source, itemAt(extra, k), k);
  }
}

/**
 * A file's decoded text, its matches given one at a time: a `.mat` file's match by match (the
 * match that takes the file's unlisted parse errors comes last, with its index), an SGF
 * collection's game tree by game tree. An SGF file that turns out to need reading whole (a syntax
 * error: where it is listed depends on the whole file) is read again whole, after `restart`.
 */
export function readDecoded(decoded: Decoded, file: string, to: MatchesTo): void {
  if (decoded.ok && decoded.binary === undefined) {
    const format = textFormatOf(detectFormat(decoded.text));
    // Another program's file in this format's shape is said to be one by the whole-file reader.
    if (format.otherFormat(decoded.text) === null) {
      if (format.readText(decoded.text, encodingNotes(decoded.encoding), file, to.match)) return;
      to.restart();
    }
  }
  giveImported(importDecoded(decoded, file), to);
}

/**
 * A file too large to hold, its text given in pieces (each ending at a line end; null at the end):
 * its matches, as `readDecoded` gives them for the whole text. A match longer than `limit` bytes
 * of the file (its lines from the end of the one before), or a game tree, is an error: `tooLarge`
 * makes it. False when the file must be read whole: an SGF collection with a syntax error, an
 * unreadable game, no backgammon game tree, or games numbered from 0 after matches numbered from 1
 * (where its errors are listed, or how its games are numbered, depends on all of it); some matches
 * may have been given.
 */
export function readPieces(
  pieces: () => string | null,
  encoding: Encoding,
  file: string,
  to: MatchesTo,
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
  const format = textFormatOf(detectFormat(head));
  more.push(head);
  const rest = () => more.pop() ?? pieces();
  const notes = encodingNotes(encoding);
  const read = format.readPieces(rest, encoding, notes, file, to.match, limit, (line) => tooLarge(line, format.piece));
  if (typeof read === 'boolean') return read;
  giveImported(importDecoded({ ok: true, text: read, encoding }, file), to);
  return true;
}
