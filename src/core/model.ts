// The shared types of bgaudit. Nothing but types lives here (the finding codes' catalogue, the
// one value the types are derived from, is in findings.ts).
import type { Finding, FindingPosition } from './findings.js';
import type { Ending } from './ending.js';

export type { Finding, FindingPosition } from './findings.js';

export type { Termination } from './ending.js';

export type { FindingCode, Severity } from './findings.js';

/** 0 = the left column of a .mat game (named first on its score line) = White (PW) in SGF. */
export type Side = 0 | 1;

/** The formats bgaudit reads, in the order the duplicate index numbers them (src/formats/). */
export const FORMATS = ['mat', 'sgf', 'xg'] as const;
export type Format = (typeof FORMATS)[number];

export type Variant = 'backgammon' | 'nackgammon' | 'hypergammon1' | 'hypergammon2' | 'hypergammon3';

/** A problem with the input text itself: where, what the reader expected, what it found. */
export interface ParseError {
  line: number; // 1-based
  column: number; // 1-based
  expected: string;
  found: string;
  message: string;
  /**
   * Set on the one error that stands for a file's parse errors past the listed ones
   * (src/import/parse-error.ts): how many, from its place to `lastLine`.
   */
  unlisted?: { count: number; lastLine: number };
}

export interface Header {
  key: string;
  value: string;
  line: number;
}

/** One checker move as written: `8/5*\/1` → points [8, 5, 1], hits [true, false]; 25 = bar, 0 = off. */
export interface MoveToken {
  readonly points: readonly number[];
  /** hits[k] is true when a `*` follows points[k + 1]. */
  readonly hits: readonly boolean[];
  /** `(2)` after a move: how many times it is played. */
  readonly repeat: number;
}

/** What a roll cell says besides its moves: a dance or a placeholder some writers put there. */
export type RollMarker = 'cannot-move' | 'unknown' | 'illegal-play';

interface ActionBase {
  side: Side;
  line: number;
  column: number;
}

export interface RollAction extends ActionBase {
  type: 'roll';
  /** The dice as written (some writers put the lower first). */
  readonly dice: readonly [number, number];
  moves: MoveToken[];
  marker: RollMarker | null;
}

export interface DoubleAction extends ActionBase {
  type: 'double';
  /**
   * The cube value the record says this double makes: a number, or the record's digits when too
   * long to hold (a `.mat` `Doubles => N`); null when the record does not say and it cannot be
   * worked out (an SGF double past the largest cube, src/core/limits.ts).
   */
  value: number | string | null;
  kind: 'double' | 'beaver' | 'raccoon';
}

export interface TakeAction extends ActionBase {
  type: 'take';
}

export interface DropAction extends ActionBase {
  type: 'drop';
}

/** A player gives up the game for `points` (galaxy writes it as `Losses N point`, SGF as a resignation). */
export interface ResignAction extends ActionBase {
  type: 'resign';
  /** null: not written, or past what a game can be worth (a number-out-of-range finding). */
  points: number | null;
}

export type Action = RollAction | DoubleAction | TakeAction | DropAction | ResignAction;

/** What the record says the game's result was. */
export interface RecordedResult {
  winner: Side;
  /** null: past what a game can be worth (a number-out-of-range finding says what was written). */
  points: number | null;
  /** The record adds "and the match". */
  andMatch: boolean;
  /** SGF `RE[W+2R]`: the game ended by resignation. */
  resigned: boolean;
  line: number;
  column: number;
}

/** A game that does not start from the variant's start position or a centred 1-cube. */
export interface GameSetup {
  /** Checkers of each side in its own numbering: index 0 borne off, 1-24 points, 25 the bar. */
  sides?: [number[], number[]];
  cube?: CubeState;
  /** The side to move first, when the setup says. */
  onRoll?: Side;
  /** Automatic doubles before the game starts: the cube starts at 2^n, centred (money play only). */
  autoDoubles?: number;
  line: number;
}

export interface GameRecord {
  /** The number the record gives the game (`Game N`; SGF game + 1). */
  number: number;
  line: number;
  /** Names as this game's score line writes them, left first. */
  players: [string, string];
  /** The score before the game as recorded, left first; null when the record has none. */
  startScore: [number, number] | null;
  /** The line of that score (a .mat score line); absent where the score has no line of its own (SGF). */
  scoreLine?: number;
  actions: Action[];
  result: RecordedResult | null;
  /** Comment lines inside the game (`; connection lost`, XG `; Set Pos=`…). */
  comments: { text: string; line: number }[];
  /** First line of the game the reader could not read; actions after it are not kept. */
  unreadableFrom: number | null;
  /** Set position, cube or automatic doubles the game starts from (SGF setup nodes). */
  setup?: GameSetup | null;
  /** What the reader found about this game's values (numbers past what they can mean). */
  findings?: Finding[];
}

export interface MatchRecord {
  file: string;
  format: Format;
  /** 1-based index of the match within its file. */
  index: number;
  /** Line of the match-length line (`7 point match`). */
  line: number;
  players: [string, string];
  /** Match length; 0 = money session; null = past any length (a number-out-of-range finding). */
  length: number | null;
  headers: Header[];
  variant: Variant;
  games: GameRecord[];
  /** The record writes hits with `*` (gnubg, Backgammon Studio); SGF has no such mark. */
  marksHits: boolean;
  /** SGF: whether the file numbers games from 0 (GNU Backgammon) or 1 (the SGF standard). */
  gameNumbersFrom?: 0 | 1;
  /** GridGammon's ratings after the names of the first score line (`anna,1650`), side 0 first; only when written. */
  ratings?: [number | null, number | null];
  /** What the reader found about the match's own values (its length), its games' in each game. */
  findings?: Finding[];
  /**
   * A binary file's lines are its records (`.xg`): the move (the roll counted from 1 in its game)
   * each record is, or comes before, by record; absent for a text file.
   */
  moveOfRecord?: number[];
}

export type Outcome = 'single' | 'gammon' | 'backgammon';

export interface CubeState {
  value: number;
  /** -1 centred. */
  owner: Side | -1;
}

export interface FinalIds {
  positionId: string;
  matchId: string;
  xgid: string;
}

/** A game's points: as the record writes them, what the game is worth, what the match credits. */
export interface GamePoints {
  recorded: number | null;
  /** null: unknown (a cube or length past its bound) or not judged. */
  nominal: number | null;
  credited: number | null;
}

/** A verdict's ending fields: every variant has them all, for the output schema is one shape. */
interface EndingFields<W extends Side | null, O extends Outcome | null, N extends string | null, P extends GamePoints> {
  winner: W;
  outcome: O;
  /** The rule set's own name for the outcome (nardy: oin, mars, koks); else the outcome. */
  outcomeName: N;
  points: P;
}

/** How a game ended and what that decides: the types say which fields are never null (or always null) in which ending. */
export type GameEnding = Ending<{
  bearoff: EndingFields<Side, Outcome, string, GamePoints>;
  drop: EndingFields<Side, 'single', string, GamePoints>;
  /** outcome null: the cube passed the largest there can be, so what the resignation was worth is unknown. */
  resign: EndingFields<Side, Outcome | null, string | null, GamePoints>;
  /**
   * A player left the match (a resignation worth more than any game that gives the winner at least
   * what was still needed, or a comment that says so): neither single, gammon nor backgammon; the
   * winner is credited the points still needed, nominal and credited alike.
   */
  forfeit: EndingFields<Side, null, null, GamePoints>;
  /** No result and no end: nothing is won, nothing is recorded. */
  unfinished: EndingFields<null, null, null, { recorded: null; nominal: null; credited: null }>;
  /** The replay stopped before the end: the record's winner and points, the game not judged. */
  stopped: EndingFields<Side | null, null, null, { recorded: number | null; nominal: null; credited: number | null }>;
}>;

/** A cube turn of a game's statistics (GameStats.cubeLog). */
export interface CubeTurn {
  /** Made before the game's roll number `roll` (the rolls of both sides counted from 1). */
  roll: number;
  side: Side;
  kind: 'double' | 'beaver' | 'raccoon';
  /** The cube it offers; null past the largest cube. */
  value: number | null;
  /** Its answer: taken, dropped, beavered or raccooned; null when the record gives none (it ends there). */
  response: 'take' | 'drop' | 'beaver' | 'raccoon' | null;
  /** The pip counts when it was made, side 0 first. */
  pips: [number, number];
}

/** Each side's cube actions in a game (side 0 first), as the replay logs them. */
export interface CubeActions {
  /** Doubles, beavers and raccoons made. */
  cubeTurns: [number, number];
  /** Takes made: a take the record leaves out included (a beaver taken by the doubler's roll). */
  takes: [number, number];
  drops: [number, number];
}

/** One game's statistics, counted as its replay goes (only when asked: the per-game CSV); pairs are side 0 first. */
export interface GameStats extends CubeActions {
  /** Rolls played: the opening roll and a roll with no legal move included, nothing past where the replay stops. */
  rolls: [number, number];
  doublets: [number, number];
  /** The pips the dice give: a doublet counts four times its die. */
  pipsRolled: [number, number];
  pipsStart: [number, number];
  /** At the final position (where the replay stopped, when it did). */
  pipsEnd: [number, number];
  cubeLog: CubeTurn[];
}

interface VerdictCommon {
  game: number;
  line: number;
  startScore: { recorded: [number, number] | null; computed: [number, number] | null };
  crawford: boolean | null;
  postCrawford: boolean | null;
  cube: CubeState | null;
  /** Doubles offered in the game (beavers and raccoons included). */
  doubles: number;
  final: FinalIds | null;
  findings: Finding[];
  /** Asked for by the per-game CSV only (AuditRequest.gameStats): the game's statistics. */
  stats?: GameStats;
  /** Asked for by `players` only (AuditRequest.cubeActions): the game's cube actions, without the rest of `stats`. */
  cubeActions?: CubeActions;
}

/** One game's verdict. Written to JSON in the order game … doubles, then the ending's fields, then final and findings. */
export type GameVerdict = VerdictCommon & GameEnding;

/** Where a rule setting came from: a flag, the record's header, inferred from its games, or the default. */
export type RuleSource = 'default' | 'header' | 'flag' | 'inferred';

export interface RulesApplied {
  name: 'backgammon' | 'nardy' | 'tavla';
  /** The start position the games are replayed from. */
  variant: Variant;
  crawford: boolean;
  jacoby: boolean;
  beavers: boolean;
  /** Highest cube allowed; null: no limit. */
  cubeLimit?: number | null;
  /** Where each setting came from: flag, header, inferred (from the games) or default. */
  source?: Record<string, RuleSource>;
}

/** One board at a line: before an action written there, the game's start, its end, or before the next action. */
export interface LineBoard {
  /** The column of the action or result line it is before; null for the start, or between actions. */
  column: number | null;
  /** The column of the next action or result on the line (where this one's text ends); null: none. */
  until: number | null;
  /** What the board is: before an action, the game's start, its result, or between (the next action's). */
  kind: 'action' | 'start' | 'end' | 'between';
  /** null: the replay stopped before this point (a move it could not make), so there is no board. */
  position: FindingPosition | null;
}

/** `show --line`: the moments at a line of a game, each as a finding's position; with the line's text. */
export interface LineMoment {
  line: number;
  game: number;
  /** The line as the record writes it (cut at 200 characters). */
  text: string;
  /** One board for each action written on the line and for a result written on it, in column order; else one. */
  boards: LineBoard[];
  /** Boards at the line not drawn (a line of more actions than a bare line draws, or not the column asked for). */
  more: number;
}

/**
 * How a match ended, as its audit followed it (scoring/audit.ts works it out once; every output
 * that names a match's winner reads it).
 */
export interface MatchResult {
  /** The score after the last game, a forfeit's credit included; null when it cannot be followed (a length past any). */
  finalScore: [number, number] | null;
  /** The side that won the match; null when nobody did (money play, a record that stops first). */
  winner: Side | null;
  /**
   * played-out: won by reaching the length; forfeit: won by a forfeit; abandoned: the record stops
   * before anybody won, or a money session stops in the middle of a game; money: a money session,
   * nothing to win; unknown: a length past any.
   */
  ending: 'played-out' | 'forfeit' | 'abandoned' | 'money' | 'unknown';
  /** The number of the game that won the match (the last game played, for a forfeit after it); null when none did. */
  wonBy: number | null;
}

/** A match as a director files it: the writer's headers, the score reached, the winner, how it ended. */
export interface MatchSummary extends Omit<MatchResult, 'wonBy'> {
  /** The match-length line. */
  line: number;
  /** The writer's headers as written (`; [Site "…"]`, SGF `PC`…); null when not written. */
  site: string | null;
  event: string | null;
  /** `EventDate` (SGF `DT`). */
  date: string | null;
  /** `.mat` `EventTime` (SGF has none: its `DT` may carry a time after the date). */
  time: string | null;
  round: string | null;
  /** The writer's own id of the match (`; [Match ID "…"]`). */
  matchId: string | null;
  /** `Player 1 Elo`, `Player 2 Elo` (SGF `WR`, `BR`) as written, else GridGammon's rating after the name; side 0 first. */
  ratings: [string | null, string | null];
  /** The number of the Crawford game; null when none was played. */
  crawfordGame: number | null;
}

/**
 * What the run says about one input: an audited match, or a report on a file as a whole (one that
 * holds no readable match, or a results sheet's rows). Plain data: crosses worker threads as is.
 */
export type MatchReport = AuditedMatch | FileReport;

/** One audited match of a file. */
export interface AuditedMatch {
  file: string;
  /** The match's number in its file, from 1. */
  match: number;
  format: Format;
  players: [string, string];
  /** The length applied: 0 for money play, a writer's money game written as a match included (Backgammon Galaxy's "16 point match"); null past any length. */
  length: number | null;
  /** The length the record writes, when it is not the one applied (`length`); absent otherwise. */
  recordedLength?: number | null;
  rules: RulesApplied;
  games: GameVerdict[];
  findings: Finding[];
  /** Asked for by `show --line` only (never in verify's output): the moment at that line. */
  at?: LineMoment;
  /** Asked for by the per-match CSV only (AuditRequest.matchSummary): the match as a director files it. */
  summary?: MatchSummary;
  /** Asked for by the duplicate check only, and taken off before a report is written: the match's content key. */
  contentKey?: ContentKey;
}

/**
 * A report on a file as a whole, with no match in it: a file that holds no readable match (its
 * findings say why), or a results sheet (`verify --results`, format `results`: its findings are the
 * pairing's). The fields a match has are null, so every report has the same shape in JSON.
 */
export interface FileReport {
  file: string;
  match: null;
  format: Format | 'results' | null;
  players: null;
  length: null;
  rules: null;
  games: never[];
  findings: Finding[];
}

export interface ImportResult {
  format: Format | null;
  /** The decoded text the matches were read from (null: not a text file). */
  text: string | null;
  matches: MatchRecord[];
  errors: ParseError[];
  /** Notes about the bytes themselves (e.g. read as Windows-1252). */
  notes: Finding[];
}

/**
 * What the duplicate check's key (scoring/match-key.ts) leaves out of a match, for telling two
 * copies of it apart.
 */
export interface Aside {
  format: Format;
  /** The headers, then each game's score line, comments and result, as `[kind | hash << 2, line]` pairs. */
  parts: number[];
  /** The match's last line (where a copy ends that has fewer parts than the other). */
  end: number;
  /** Its error findings. */
  errors: number;
}

/** A match's content key and what the key leaves out. */
export interface ContentKey {
  /** 128 bits of the SHA-256 of the match's content, 32 hex digits. */
  digest: string;
  aside: Aside;
}
