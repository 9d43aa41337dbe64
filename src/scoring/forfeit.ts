// A forfeit written as a comment at the end of a record (`; gobetzu wins by forfeit`, the
// halheinrich BgMatchFormat goldens): some writers end an unfinished match so instead of with
// a resignation worth the points still needed.
import type { GameRecord, Side } from '../core/model.js';

export interface ForfeitNote {
  /** The side the comment names as the winner. */
  winner: Side;
  line: number;
}

const WINS_BY_FORFEIT = /^\s*(.*?)\s+wins\s+by\s+forfeit\s*\.?\s*$/i;

/**
 * The forfeit a comment after everything else of the game says (its winner named as the game's
 * score line names a player, case aside); null when there is none.
 */
export function forfeitNote(game: GameRecord): ForfeitNote | null {
  let end = game.line;
  for (const a of game.actions) if (a.line > end) end = a.line;
  if (game.result !== null && game.result.line > end) end = game.result.line;
  for (const c of game.comments) {
    if (c.line <= end) continue;
    const name = WINS_BY_FORFEIT.exec(c.text)?.[1]?.toLowerCase();
    if (name === undefined || name === '') continue;
    const winner = game.players.findIndex((p) => p.trim().toLowerCase() === name);
    if (winner === 0 || winner === 1) return { winner, line: c.line };
  }
  return null;
}
