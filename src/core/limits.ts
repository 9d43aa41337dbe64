// The largest value each number in a record can mean. A number past its bound is a
// `number-out-of-range` finding that quotes the record's digits, and the quantity is unknown
// (null) from there on: nothing downstream sees Infinity, NaN or a rounded number, and every
// value bgaudit does use fits the IDs it writes.
//
// - A cube: 4096 (2^12). GNU Backgammon refuses to double past it (MAX_CUBE) and ignores a
//   larger SGF `CV`; XG's cube limit is 1024; no file in the corpus passes 32. Its log2 fits the
//   Match ID's 4-bit cube field.
// - A match length, a score, the points of one game: 32767, the most the Match ID's 15-bit
//   fields hold. GNU Backgammon plays and imports matches up to 64 points; the longest in the
//   corpus is 17 (and 4016, a writer's bug, the most points written for one game); a game is
//   worth at most 3 × 4096 = 12288, a forfeit at most the match length.
// - A game number: 2147483647, the most GNU Backgammon's `%d` reads or writes; it is a label.
// - A cube limit (`[CubeLimit "N"]`): any number held exactly (Number.MAX_SAFE_INTEGER): a limit
//   above every cube changes nothing.
import type { Count } from '../../grammars/mat-nodes.js';
import type { Finding } from './model.js';
import { finding } from './findings.js';

export const MAX_CUBE = 4096;
export const MAX_POINTS = 32767;
export const MAX_GAME_NUMBER = 2147483647;

/** The value when it is a number no larger than `max`; null otherwise (the digits were quoted). */
export function within(v: Count, max: number): number | null {
  return typeof v === 'number' && v <= max ? v : null;
}

/** A number as a message quotes it: its digits as written (shortened when very long). */
export function quoted(v: Count): string {
  return typeof v === 'number' ? String(v) : v;
}

/** The finding for a number past its bound: `what` names it and says what follows from it. */
export function outOfRange(message: string, at: { line: number; column?: number; game?: number }): Finding {
  return finding('number-out-of-range', 'error', message, {
    ...(at.game === undefined ? {} : { game: at.game }),
    line: at.line,
    ...(at.column === undefined ? {} : { column: at.column }),
  });
}

/**
 * The findings about actions of one game that carry a position (the first ones, in file order). A
 * real game has a handful; a hostile file can hold one per few bytes, and a position each would
 * multiply the time, memory and output of its report. Start and end positions are one per game.
 */
export const MAX_POSITIONED_ACTIONS = 1000;

/** The largest file read whole by default (`--max-file-size`), and what a binary file may inflate to. */
export const DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024;
