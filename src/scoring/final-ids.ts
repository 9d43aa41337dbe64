// A game's final position and match state as GNU Backgammon and XG name them: Position ID,
// Match ID and XGID, after the game's last move (the player who did not make it on roll).
import { other } from '../engine/board.js';
import type { GameReplay } from '../engine/replay.js';
import { GAME_STATE, matchId, matchIdFits, positionId, xgid, type MatchIdState } from '../engine/ids.js';
import type { FinalIds, GameEnding, Side } from '../core/model.js';
import type { RuleSet } from './rules.js';

/** The Match ID's game state at each end the replay finds (where it stopped, the game goes on). */
const STATE_OF: Record<NonNullable<GameReplay['termination']>, number> = {
  bearoff: GAME_STATE.over,
  resign: GAME_STATE.resigned,
  drop: GAME_STATE.dropped,
  unfinished: GAME_STATE.playing,
};

/** No dice: the game is over, or nobody has rolled. */
const NO_DICE: [number, number] = [0, 0];

/**
 * The final position's match state, as its Match ID writes it; null when a length or cube past
 * its bound left the state unknown, or when the Match ID cannot hold it (a score past its 15
 * bits): no ID is built from a cut field.
 */
export function finalState(
  r: GameReplay,
  e: GameEnding,
  rules: RuleSet,
  length: number | null,
  start: [number, number],
  crawford: boolean,
): MatchIdState | null {
  if (length === null || r.cubeUnknown) return null;
  const onRoll: Side = r.onRoll ?? 0;
  const score: [number, number] = [start[0], start[1]];
  const nominal = e.points.nominal;
  if (e.winner !== null && nominal !== null) score[e.winner] += nominal;
  // A forfeit was written as more than any resignation can be: the most one is, a backgammon.
  const level =
    e.termination === 'forfeit'
      ? 3
      : r.termination === 'resign' && nominal !== null
        ? Math.min(3, Math.round(nominal / r.cube.value))
        : 0;
  const state: MatchIdState = {
    cubeValue: r.cube.value,
    cubeOwner: r.cube.owner,
    onRoll,
    crawford,
    gameState: r.termination === null ? GAME_STATE.playing : STATE_OF[r.termination],
    // The side that lost by the end, else the side on roll.
    turn: r.termination === null || r.termination === 'unfinished' ? onRoll : other(r.winner),
    doubled: false,
    resigned: level,
    dice: NO_DICE,
    length,
    score,
    jacoby: rules.jacoby,
  };
  return matchIdFits(state) ? state : null;
}

/** The final position's IDs, from its match state (finalState) and whether beavers are allowed (a money XGID writes it). */
export function finalIds(r: GameReplay, state: MatchIdState, beavers: boolean): FinalIds {
  return {
    positionId: positionId(r.final, state.onRoll),
    matchId: matchId(state),
    xgid: xgid(r.final, {
      cubeValue: state.cubeValue,
      cubeOwner: state.cubeOwner,
      turn: state.onRoll,
      dice: null,
      doubled: false,
      score: state.score,
      crawford: state.crawford,
      jacoby: state.jacoby,
      beavers,
      length: state.length,
      maxCubeLog2: 10,
    }),
  };
}
