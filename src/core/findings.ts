// The finding catalogue's types, and `finding`, which makes every finding. Each code is declared
// once, in its own file under src/findings/ (severities, moment, meaning, why it matters, example
// record); src/findings/index.ts assembles them into `FINDING_CODES`, and `bgaudit rules`,
// docs/rules.md and docs/report.schema.json's code lists are made from it. A code is part of the
// interface (JSON, NDJSON and CSV users filter on it): add codes, never rename one.
// `Finding.code` (model.ts) is one of these. This module imports nothing from model.ts, which
// imports its types: `Finding` is declared here, beside the codes that type it.
import { FINDING_CODES } from '../findings/index.js';
import type { Severity } from '../findings/declaration.js';

export { FINDING_CODES, type Severity };

export type FindingCode = keyof typeof FINDING_CODES;

/** The severities a finding with code `C` may have. */
export type SeverityOf<C extends FindingCode> = (typeof FINDING_CODES)[C]['severities'][number];

/** The codes that may come with severity `S`. */
export type CodeWith<S extends Severity> = { [C in FindingCode]: S extends SeverityOf<C> ? C : never }[FindingCode];

/** Where a repeated match was first met (`duplicate-match`'s `expected`). */
interface FirstCopy {
  file: string;
  match: number;
  /** Its error findings. */
  errors: number;
  /** The first line where the two copies differ in what the key leaves out; null when they do not. */
  differsAt: number | null;
}

type Pair = [number, number];

/**
 * The values a finding of each code compares: `recorded`, what the record says, and `expected`,
 * what bgaudit makes of it. A code not listed compares none. Part of the JSON interface.
 */
interface ComparedValues {
  'winner-mismatch': { recorded: 0 | 1; expected: 0 | 1 };
  /** `expected` in words when the match caps the game: `'2 to 4'`. */
  'points-mismatch': { recorded: number; expected: number | string };
  'gammon-on-drop': { recorded: number; expected: number };
  'jacoby-gammon': { recorded: number; expected: number };
  'resign-value': { recorded: number; expected: number };
  /** The points written, and what the winner still needed. */
  forfeit: { recorded: number; expected: number };
  'jacoby-contradiction': { recorded: number; expected: never };
  'cube-limit': { recorded: number; expected: number };
  'cube-value': { recorded: number; expected: number };
  /** `expected` null: the value of the game is unknown (a cube past the largest). */
  'crawford-double': { recorded: number; expected: number | null };
  /** Scores as the record's columns order the players. */
  'score-mismatch': { recorded: Pair; expected: Pair };
  'duplicate-match': { recorded: never; expected: FirstCopy };
  'result-winner': { recorded: string; expected: string | null };
  'result-length': { recorded: number; expected: number };
  /** As the row orders its players; `expected` null when the file gives no final score. */
  'result-score': { recorded: Pair; expected: Pair | null };
}

/** The values a finding with code `C` may carry (each may be left out). */
type ValuesOf<C extends FindingCode> = C extends keyof ComparedValues
  ? Partial<ComparedValues[C]>
  : { recorded?: never; expected?: never };

/** Where a finding is: its game, line and column (each when known); in a binary file, its move and record. */
export interface Place {
  /** Game number within its match. */
  game?: number;
  line?: number;
  column?: number;
  /** In a binary file (`.xg`), instead of `line` and `column` (read/record-places.ts). */
  move?: number;
  record?: number;
}

/**
 * One edit of a record's text, as `bgaudit fix` applies it: on line `line` (1-based), the text
 * `from` that starts at `column` (1-based) becomes `to`. Both lie within the line, without its end.
 */
export interface TextEdit {
  line: number;
  column: number;
  from: string;
  to: string;
}

/**
 * The correction of a finding that the record itself and the rules make certain: edits within
 * lines, or whole lines removed (`lines` lines from `line`, their line ends with them). Part of
 * the JSON interface (docs/report.schema.json).
 */
export interface FindingFix {
  edits: TextEdit[];
  remove?: { line: number; lines: number };
}

/**
 * What a check is certain the record should say, in the record's terms, as it makes the finding:
 * the score line's scores, the result's points, the side whose column holds the result, or the
 * game gone. The audit writes it as edits of the record's text (the format's `fixOf`) into `fix`
 * and takes it off: it is never in a report.
 */
export type Correction =
  | { kind: 'score'; to: Pair }
  | { kind: 'points'; to: number }
  | { kind: 'winner'; to: 0 | 1 }
  | { kind: 'remove-game' };

/** What a finding may say besides its code, severity and message: where, the values compared, its correction. */
export type FindingExtra<C extends FindingCode = FindingCode> = Place & ValuesOf<C> & { correction?: Correction };

/** A finding of one code: its severity one of the code's, its compared values typed by the code. */
type FindingOf<C extends FindingCode> = {
  /** One of the catalogue's codes (above), with one of its severities. */
  code: C;
  severity: SeverityOf<C>;
  message: string;
  /** Game number within its match, when the finding belongs to a game. */
  game?: number;
  line?: number;
  column?: number;
  /** In a binary file (`.xg`), instead of `line` and `column`. */
  move?: number;
  record?: number;
  /** Where the finding happens (a game's findings): the position and match state at that moment. */
  position?: FindingPosition;
  /** `illegal-move`: one legal play of that roll in the record's notation, or that none was possible. */
  legalPlay?: string;
  /** The correction `bgaudit fix` applies, where the record and the rules make it certain. */
  fix?: FindingFix;
  /** Only while the audit runs: what the check is certain of, before it is written as `fix`. */
  correction?: Correction;
} & ValuesOf<C>;

/** A finding of any code: `code` tells which (and so the type of its `recorded` and `expected`). */
export type Finding = { [C in FindingCode]: FindingOf<C> }[FindingCode];

/**
 * The moment a game finding is about: before the roll or cube action it names (the acting side on
 * roll), the game's final position for a result finding, its start for a score finding.
 */
export interface FindingPosition {
  /** GNU Backgammon's Position ID, the side on roll's checkers first. */
  positionId: string;
  /** The match state (score, cube, Crawford, dice when rolled); null when a Match ID cannot hold it. */
  matchId: string | null;
  xgid: string | null;
  onRoll: 0 | 1;
  dice: [number, number] | null;
  /** The record's own text of the action (a move cell, a cube action, a result line); '' when none. */
  recorded: string;
}

/**
 * A finding, its severity and compared values checked by the compiler against its code's; fields
 * in the order reports write them. Every finding is made here.
 */
export function finding<C extends FindingCode>(
  code: C,
  severity: SeverityOf<C>,
  message: string,
  extra?: FindingExtra<C>,
  /** Where, for a caller that places findings made elsewhere: `extra` may say it more precisely. */
  place?: Place,
): Finding {
  // The one place a finding's type is asserted: `C` is checked at the call, and a generic
  // `FindingOf<C>` is not seen by the compiler as one member of the union `Finding`.
  return { code, severity, message, ...place, ...extra } as Finding;
}
