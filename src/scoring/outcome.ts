// Single, gammon or backgammon, from the final position (docs/scoring.md, "What a game is worth"), decided only by the
// loser's checkers, in this order: borne off any → single; else on the bar or in the winner's
// home board → backgammon; else gammon.
import { BAR, OFF, type Position, other } from '../engine/board.js';
import type { Outcome, Side } from '../core/model.js';
import { byteAt } from '../core/at.js';

export function outcome(final: Position, winner: Side): Outcome {
  const loser = final.sides[other(winner)];
  if (byteAt(loser, OFF) > 0) return 'single';
  if (byteAt(loser, BAR) > 0) return 'backgammon';
  // The winner's home board (its points 1-6) is the loser's 19-24.
  for (let p = 19; p <= 24; p++) if (byteAt(loser, p) > 0) return 'backgammon';
  return 'gammon';
}

export const LEVEL: Record<Outcome, number> = { single: 1, gammon: 2, backgammon: 3 };
/** Where an outcome's multiplier is in `Rules.multipliers`: its level less one. */
export const MULTIPLIER_AT: Record<Outcome, 0 | 1 | 2> = { single: 0, gammon: 1, backgammon: 2 };
export const OUTCOME_OF_LEVEL: Outcome[] = ['single', 'single', 'gammon', 'backgammon'];
