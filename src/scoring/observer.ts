// What a caller attaches to one match's audit (scoring/audit.ts), and what the audit tells it:
// the observers' interface, apart from the audit and from the observers (the duplicate key, the
// statistics, the summary, `show --line`'s capture), which all read it.
import type { GameObserver, GameReplay, ReplayObserver, ReplayOptions } from '../engine/replay.js';
import type { AuditedMatch, FinalIds, GameRecord, GameVerdict, MatchResult } from '../core/model.js';
import type { RuleSet } from './rules.js';

/** The match around a game, as its Match ID writes it. */
export interface MatchState {
  /** The score the game is played from. */
  score: [number, number];
  crawford: boolean;
  /** null: past any length (a number-out-of-range finding): no Match ID. */
  length: number | null;
  jacoby: boolean;
  /** Beavers allowed (a money session's XGID says so). */
  beavers: boolean;
}

/**
 * What a caller attaches to one match's audit (AuditContext.observe), made for that match: told of
 * each game's replay as it goes, of each game judged, and of the match audited. The audit checks
 * the rules and nothing else: the duplicate check's key, the statistics, the match summary and
 * `show --line`'s capture are observers the caller attaches. Every member is optional; the audit
 * calls them in the order the observers are given.
 */
export interface AuditObserver {
  /**
   * Told of every roll and cube event of every game, on the live board. Read once a match: it
   * goes in the replay's options, which are made once a match, not once a game (bench/README.md).
   */
  readonly replay?: ReplayObserver;
  /** Game `index` about to be replayed: the observer of its start and cube events, if it has one. */
  startGame?(game: GameRecord, index: number): GameObserver | undefined;
  /** Game `index` replayed, before the next one is (every game is replayed before any is judged). */
  endGame?(game: GameRecord, r: GameReplay, index: number): void;
  /** Game `index` judged: its replay as it was scored, its verdict (an observer may add to it), the match around it. */
  judged?(game: GameRecord, r: GameReplay, index: number, judged: GameJudged): void;
  /** The match audited: its report (an observer may add to it), and what the report does not say. */
  endMatch?(report: AuditedMatch, end: MatchEnd): void;
}

/** A game as the audit judged it, for an observer. */
export interface GameJudged {
  verdict: GameVerdict;
  /** The game's final IDs as the verdict has them (null where positions are not written down: AuditContext.positions false). */
  final: FinalIds | null;
  /** The match around the game, as its positions write it. */
  state: MatchState;
  /** The options the game was replayed with, without the observers' (to replay it again). */
  replayOptions: ReplayOptions;
}

/** What the audit knows at the match's end besides its report. */
export interface MatchEnd {
  /** The rules the games were judged by. */
  rules: RuleSet;
  /** How the match ended: its final score, who won it and how. */
  result: MatchResult;
  /** Read and replayed whole: no unreadable line, no game stopped before its end. */
  whole: boolean;
}
