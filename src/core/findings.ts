// Every finding code bgaudit makes, declared once: the severities it comes with and what it
// means in one line. A code is part of the interface (JSON, NDJSON and CSV users filter on it):
// add codes, never rename one. README.md's table "Finding codes" lists the same codes with the
// same severities (test/core/findings.test.ts checks it); `Finding.code` (model.ts) is one of these.
// This module imports nothing from model.ts, which imports its types: `Finding` is declared
// here, beside the codes that type it.

/** How much a finding matters. */
export type Severity = 'error' | 'warning' | 'info';

interface CodeEntry {
  /** The severities a finding with this code may have, the usual one first. */
  severities: readonly Severity[];
  /**
   * The moment of its game a finding is about, whose position it carries: before the action at
   * its line and column, the game's start, or its end (the final position); null: none (a file's,
   * a match's). `action` falls back to none when the finding is not on an action (a reader's
   * number-out-of-range on a result line).
   */
  moment: 'action' | 'start' | 'end' | null;
  meaning: string;
}

export const FINDING_CODES = {
  'parse-error': {
    severities: ['error'],
    moment: null,
    meaning: 'a line the reader cannot read; the rest of the file is still read',
  },
  'io-error': {
    severities: ['error'],
    moment: null,
    meaning: 'the file cannot be read at all (missing, no permission, not a regular file, too large)',
  },
  encoding: { severities: ['info'], moment: null, meaning: 'the file is not valid UTF-8 and was read as Windows-1252' },
  'illegal-move': { severities: ['error'], moment: 'action', meaning: 'a move the rules forbid' },
  'turn-order': {
    severities: ['error'],
    moment: 'action',
    meaning: "a player rolls when it is the other player's turn",
  },
  'play-after-end': { severities: ['error'], moment: 'action', meaning: 'the record goes on after the game ended' },
  'move-not-checked': {
    severities: ['warning'],
    moment: 'action',
    meaning: "'???' or 'Illegal play' mid-game: the game is not replayed past it",
  },
  'hit-marker': {
    severities: ['warning'],
    moment: 'action',
    meaning: "a '*' where nothing is hit, or a hit without '*' in a record that marks hits",
  },
  'cube-response': {
    severities: ['error', 'warning'],
    moment: 'action',
    meaning: 'a take or drop with no double to answer (error); a double with no answer (warning)',
  },
  'cube-out-of-turn': {
    severities: ['error'],
    moment: 'action',
    meaning: 'a double by the player who does not own the cube, or after rolling',
  },
  'cube-value': { severities: ['error'], moment: 'action', meaning: "'Doubles => N' where N is not twice the cube" },
  'beaver-in-match': { severities: ['error'], moment: 'action', meaning: 'a beaver or raccoon in match play' },
  'auto-double-in-match': {
    severities: ['error'],
    moment: 'start',
    meaning: 'a match game that starts with the cube turned by automatic doubles',
  },
  'crawford-double': { severities: ['error'], moment: 'action', meaning: 'a double in the Crawford game' },
  'opening-double': { severities: ['error'], moment: 'action', meaning: 'a game whose first roll is a double' },
  'winner-mismatch': { severities: ['error'], moment: 'end', meaning: 'the result names the wrong winner' },
  'points-mismatch': {
    severities: ['error'],
    moment: 'end',
    meaning: 'the recorded points differ from cube × single/gammon/backgammon',
  },
  'gammon-on-drop': {
    severities: ['error'],
    moment: 'end',
    meaning: 'more than the cube recorded for a dropped double',
  },
  'resign-value': {
    severities: ['warning', 'error'],
    moment: 'end',
    meaning: 'a resignation recorded at a value that is not 1, 2 or 3 × the cube',
  },
  forfeit: {
    severities: ['info'],
    moment: 'end',
    meaning: 'a player forfeits the match: the opponent is credited the points still needed',
  },
  'result-missing': {
    severities: ['warning'],
    moment: 'end',
    meaning: 'the game ended but the record has no result line',
  },
  'and-the-match': {
    severities: ['warning'],
    moment: 'end',
    meaning: '"and the match" on a game that does not win the match',
  },
  'score-mismatch': {
    severities: ['error', 'warning'],
    moment: 'start',
    meaning:
      "a game's recorded start score differs from what the record's results before it add up to (warning: automatic doubles explain it)",
  },
  'game-number': { severities: ['warning'], moment: 'start', meaning: "'Game N' labels out of sequence" },
  'game-unfinished': {
    severities: ['error'],
    moment: 'end',
    meaning: 'a game with no result and no end, followed by another game',
  },
  'game-after-match': { severities: ['error'], moment: 'start', meaning: 'a game after the game that won the match' },
  'duplicate-match': {
    severities: ['warning'],
    moment: null,
    meaning: 'a match whose content repeats an earlier one of the run (--no-duplicates turns the check off)',
  },
  'match-unfinished': {
    severities: ['warning'],
    moment: null,
    meaning: 'the record stops before anybody reaches the match length',
  },
  'jacoby-gammon': {
    severities: ['error'],
    moment: 'end',
    meaning: 'a gammon scored in full under the Jacoby rule with the cube never turned',
  },
  'jacoby-contradiction': {
    severities: ['error'],
    moment: 'end',
    meaning: 'games of one money session score unturned-cube gammons both ways',
  },
  'beaver-not-allowed': {
    severities: ['error'],
    moment: 'action',
    meaning: 'a beaver or raccoon in a money session played without them',
  },
  'cube-limit': { severities: ['error'], moment: 'action', meaning: 'a double above the cube limit' },
  'cube-not-allowed': { severities: ['error'], moment: 'action', meaning: 'any cube action in nardy or tavla' },
  'match-length': {
    severities: ['warning'],
    moment: null,
    meaning: 'a nardy match to a length other than 1, 3, 5 or 7',
  },
  'number-out-of-range': {
    severities: ['error', 'info'],
    moment: 'action',
    meaning: 'a number past what it can mean (error); a game state a Match ID cannot hold (info)',
  },
  timeout: { severities: ['error'], moment: null, meaning: 'auditing the file took longer than --file-timeout' },
  'memory-limit': {
    severities: ['error'],
    moment: null,
    meaning: 'auditing the file needed more memory than a worker may take',
  },
  'internal-error': { severities: ['error'], moment: null, meaning: 'bgaudit failed on this file (a bug)' },
  'rules-inferred': { severities: ['info'], moment: null, meaning: 'how the rules were read from the record' },
  'result-no-file': {
    severities: ['error'],
    moment: null,
    meaning: 'a row of the results file (--results) that no match of the run pairs with',
  },
  'result-not-listed': {
    severities: ['warning'],
    moment: null,
    meaning: 'a match of the run that no row of the results file (--results) pairs with',
  },
  'result-winner': {
    severities: ['error'],
    moment: null,
    meaning: "a row of the results file names a winner that is not the paired match's",
  },
  'result-score': {
    severities: ['error'],
    moment: null,
    meaning: "a row of the results file gives a final score that is not the paired match's",
  },
  'result-length': {
    severities: ['error'],
    moment: null,
    meaning: "a row of the results file gives a length that is not the paired match's",
  },
} as const satisfies Record<string, CodeEntry>;

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

/** Where a finding is: its game, line and column (each when known). */
export interface Place {
  /** Game number within its match. */
  game?: number;
  line?: number;
  column?: number;
}

/** What a finding may say besides its code, severity and message: where, and the values compared. */
export type FindingExtra<C extends FindingCode = FindingCode> = Place & ValuesOf<C>;

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
  /** Where the finding happens (a game's findings): the position and match state at that moment. */
  position?: FindingPosition;
  /** `illegal-move`: one legal play of that roll in the record's notation, or that none was possible. */
  legalPlay?: string;
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
