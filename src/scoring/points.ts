// What one finished game is worth (RULES.md §1-3), and whether the record says the same.
import type { GameReplay } from '../engine/replay.js';
import type { Finding, GameRecord, Outcome, Side } from '../model.js';
import { LEVEL, OUTCOME_OF_LEVEL, outcome } from './outcome.js';
import type { RuleSet } from './rules.js';
import { plural } from '../words.js';

export interface PointsContext {
  rules: RuleSet;
  length: number;
  /** Score before the game. */
  score: [number, number];
  /** The cube the game is scored with (a Crawford-game double set aside). */
  cube: number;
  /** The cube was turned by a take during the game (lifts the Jacoby rule). */
  cubeTurned: boolean;
  names: [string, string];
  /** Points the record may give without a points finding, because another finding explains them (a Crawford-game double). */
  explained?: number;
}

export interface GamePoints {
  winner: Side | null;
  outcome: Outcome | null;
  nominal: number | null;
  credited: number | null;
  /** The game wins the match. */
  winsMatch: boolean;
  findings: Finding[];
}


/** A resignation's level from the points written for it; gnubg rounds up to the next level. */
function resignLevel(points: number, cube: number): number {
  return points <= cube ? 1 : points <= 2 * cube ? 2 : 3;
}

export function scoreGame(game: GameRecord, r: GameReplay, ctx: PointsContext): GamePoints {
  const findings: Finding[] = [];
  const recorded = game.result;
  const at = recorded ?? { line: game.line, column: undefined };
  const add = (code: string, severity: Finding['severity'], message: string, extra: Partial<Finding> = {}) =>
    findings.push({ code, severity, message, game: game.number, line: at.line, ...(at.column ? { column: at.column } : {}), ...extra });
  const name = (s: Side) => ctx.names[s];

  // A game the replay could not finish is the record's to give.
  const winner = r.termination === null ? (recorded?.winner ?? null) : r.winner;
  const matchNeed = winner === null || ctx.rules.money ? null : ctx.length - ctx.score[winner];
  const need = ctx.rules.money ? ctx.rules.pointsCap : matchNeed;
  let result: Outcome | null = null;
  let nominal: number | null = null;
  let jacoby = false;

  switch (r.termination) {
    case 'bearoff': {
      result = outcome(r.final, r.winner!);
      jacoby = ctx.rules.money && ctx.rules.jacoby && !ctx.cubeTurned && result !== 'single';
      nominal = ctx.cube * (jacoby ? 1 : ctx.rules.multipliers[LEVEL[result] - 1]);
      break;
    }
    case 'drop':
      result = 'single';
      nominal = ctx.cube;
      break;
    case 'resign': {
      const written = recorded?.points ?? r.resignPoints;
      if (written === null || written === undefined) {
        add('resign-value', 'warning', `the record does not say what the resignation was worth; counted as a single game, ${ctx.cube}`);
        result = 'single';
        nominal = ctx.cube;
        break;
      }
      const level = resignLevel(written, ctx.cube);
      result = OUTCOME_OF_LEVEL[level];
      if (ctx.rules.resignEndsMatch && !ctx.rules.money) {
        // Nardy: resigning ends the match; the opponent gets exactly what is missing, at least 1.
        nominal = Math.max(1, matchNeed!);
        break;
      }
      const values = ctx.rules.multipliers.map((m) => m * ctx.cube);
      const exact = values.includes(written);
      // More than a backgammon: a forfeit when it is exactly what the winner needed, else an
      // impossible value, counted as the most a resignation can be.
      nominal = written > 3 * ctx.cube && written === matchNeed ? written : ctx.rules.multipliers[level - 1] * ctx.cube;
      if (!exact && written !== need) {
        add(
          'resign-value',
          written > 3 * ctx.cube ? 'error' : 'warning',
          written > 3 * ctx.cube
            ? `a resignation is worth at most ${3 * ctx.cube} on a ${ctx.cube}-cube, but the record credits ${written} (a forfeit?)`
            : `a resignation on a ${ctx.cube}-cube is worth ${[...new Set(values)].join(', ')}, not ${written}; counted as ${nominal}`,
          { recorded: written, expected: nominal },
        );
      }
      break;
    }
    default:
      break;
  }

  let credited: number | null = null;
  if (nominal !== null) credited = need === null ? nominal : Math.min(nominal, need);
  else if (r.termination === null && recorded) credited = need === null ? recorded.points : Math.min(recorded.points, need);
  const winsMatch = !ctx.rules.money && need !== null && credited !== null && credited >= need;
  const capped = need !== null && nominal !== null && nominal > need;

  const ended = r.termination === 'bearoff' || r.termination === 'drop' || (r.termination === 'resign' && ctx.rules.resignEndsMatch && !ctx.rules.money);
  if (recorded && nominal !== null && winner !== null && ended) {
    if (recorded.winner !== winner) {
      const why =
        r.termination === 'bearoff' ? `${name(winner)} bore off all checkers` : r.termination === 'drop' ? `${name(r.loser!)} dropped ${name(winner)}'s double` : `${name(r.loser!)} resigned`;
      add('winner-mismatch', 'error', `the record gives the game to ${name(recorded.winner)}, but ${why}`, { recorded: recorded.winner, expected: winner });
    } else {
      const low = winsMatch || capped ? Math.min(need!, nominal) : nominal;
      const ok = (recorded.points >= low && recorded.points <= nominal) || recorded.points === ctx.explained;
      if (!ok && jacoby && recorded.points === ctx.cube * ctx.rules.multipliers[LEVEL[result!] - 1]) {
        add('jacoby-gammon', 'error', `under the Jacoby rule a ${result} with the cube never turned counts as a single, ${plural(nominal, 'point')}; the record says ${recorded.points}`, {
          recorded: recorded.points,
          expected: nominal,
        });
      } else if (!ok && r.termination === 'drop' && recorded.points > nominal) {
        add('gammon-on-drop', 'error', `a refused double scores the cube before it, ${plural(nominal, 'point')}, never a gammon; the record says ${recorded.points}`, {
          recorded: recorded.points,
          expected: nominal,
        });
      } else if (!ok) {
        const expected = low === nominal ? String(nominal) : `${low} to ${nominal}`;
        const what =
          r.termination === 'drop' ? 'a drop' : r.termination === 'resign' ? `a resignation, which ends a ${ctx.rules.name} match,` : `a ${result} on a ${ctx.cube}-cube`;
        const range = low === nominal ? '' : ctx.rules.money ? ` (the writer may cap it at ${low})` : ` (${low} win the match)`;
        add('points-mismatch', 'error', `${what} is worth ${plural(nominal, 'point')}${range}; the record says ${recorded.points}`, {
          recorded: recorded.points,
          expected: low === nominal ? nominal : expected,
        });
      }
    }
  }
  if (!recorded && (r.termination === 'bearoff' || r.termination === 'drop')) {
    add('result-missing', 'warning', `the record has no result line; ${name(winner!)} won ${plural(nominal!, 'point')} by ${r.termination === 'drop' ? 'a drop' : 'bearing off'}`);
  }
  if (recorded?.andMatch && !ctx.rules.money && !winsMatch && credited !== null) {
    add('and-the-match', 'warning', `the record says "and the match", but ${name(recorded.winner)} reaches ${ctx.score[recorded.winner] + credited} of ${ctx.length}`);
  }
  return { winner, outcome: result, nominal, credited, winsMatch, findings };
}
