// What one finished game is worth (RULES.md §1-3), and whether the record says the same.
import type { GameReplay } from '../engine/replay.js';
import type { Finding, GameRecord, Outcome, Side } from '../model.js';
import { LEVEL, OUTCOME_OF_LEVEL, outcome } from './outcome.js';
import type { RuleSet } from './rules.js';
import { plural } from '../words.js';

export interface PointsContext {
  rules: RuleSet;
  /** null: past any match length (a number-out-of-range finding): nothing is credited. */
  length: number | null;
  /** Score before the game. */
  score: [number, number];
  /** The cube the game is scored with (a Crawford-game double set aside); null past the largest cube. */
  cube: number | null;
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
  const matchNeed = winner === null || ctx.rules.money || ctx.length === null ? null : ctx.length - ctx.score[winner];
  const need = ctx.rules.money ? ctx.rules.pointsCap : matchNeed;
  // A match of unknown length cannot be followed: nothing is credited.
  const followed = ctx.rules.money || ctx.length !== null;
  if (ctx.cube === null) {
    // The cube passed the largest there can be (a number-out-of-range finding): the game's worth
    // is unknown, and, as for a game the replay could not finish, the record's points are taken.
    const result = r.termination === 'bearoff' ? outcome(r.final, r.winner!) : r.termination === 'drop' ? 'single' : null;
    const written = recorded?.points ?? null;
    const credited = written === null || !followed ? null : need === null ? written : Math.min(written, need);
    return { winner, outcome: result, nominal: null, credited, winsMatch: !ctx.rules.money && need !== null && credited !== null && credited >= need, findings };
  }
  const cube = ctx.cube;
  let result: Outcome | null = null;
  let nominal: number | null = null;
  let jacoby = false;

  switch (r.termination) {
    case 'bearoff': {
      result = outcome(r.final, r.winner!);
      jacoby = ctx.rules.money && ctx.rules.jacoby && !ctx.cubeTurned && result !== 'single';
      nominal = cube * (jacoby ? 1 : ctx.rules.multipliers[LEVEL[result] - 1]);
      break;
    }
    case 'drop':
      result = 'single';
      nominal = cube;
      break;
    case 'resign': {
      // Points past what a game can be worth (a number-out-of-range finding) count as points not written.
      const written = recorded ? recorded.points : r.resignPoints;
      if (written === null) {
        if (!recorded) add('resign-value', 'warning', `the record does not say what the resignation was worth; counted as a single game, ${cube}`);
        result = 'single';
        nominal = cube;
        break;
      }
      const level = resignLevel(written, cube);
      result = OUTCOME_OF_LEVEL[level];
      if (ctx.rules.resignEndsMatch && !ctx.rules.money) {
        // Nardy: resigning ends the match; the opponent gets exactly what is missing, at least 1.
        nominal = matchNeed === null ? null : Math.max(1, matchNeed);
        break;
      }
      const values = ctx.rules.multipliers.map((m) => m * cube);
      const exact = values.includes(written);
      // More than a backgammon: a forfeit when it is exactly what the winner needed, else an
      // impossible value, counted as the most a resignation can be.
      nominal = written > 3 * cube && written === matchNeed ? written : ctx.rules.multipliers[level - 1] * cube;
      if (!exact && written !== need) {
        add(
          'resign-value',
          written > 3 * cube ? 'error' : 'warning',
          written > 3 * cube
            ? `a resignation is worth at most ${3 * cube} on a ${cube}-cube, but the record credits ${written} (a forfeit?)`
            : `a resignation on a ${cube}-cube is worth ${[...new Set(values)].join(', ')}, not ${written}; counted as ${nominal}`,
          { recorded: written, expected: nominal },
        );
      }
      break;
    }
    default:
      break;
  }

  let credited: number | null = null;
  const written = recorded?.points ?? null;
  if (!followed) credited = null;
  else if (nominal !== null) credited = need === null ? nominal : Math.min(nominal, need);
  else if (r.termination === null && written !== null) credited = need === null ? written : Math.min(written, need);
  const winsMatch = !ctx.rules.money && need !== null && credited !== null && credited >= need;
  const capped = need !== null && nominal !== null && nominal > need;

  const ended = r.termination === 'bearoff' || r.termination === 'drop' || (r.termination === 'resign' && ctx.rules.resignEndsMatch && !ctx.rules.money);
  if (recorded && nominal !== null && winner !== null && ended) {
    if (recorded.winner !== winner) {
      const why =
        r.termination === 'bearoff' ? `${name(winner)} bore off all checkers` : r.termination === 'drop' ? `${name(r.loser!)} dropped ${name(winner)}'s double` : `${name(r.loser!)} resigned`;
      add('winner-mismatch', 'error', `the record gives the game to ${name(recorded.winner)}, but ${why}`, { recorded: recorded.winner, expected: winner });
    } else if (written !== null) {
      const low = winsMatch || capped ? Math.min(need!, nominal) : nominal;
      const ok = (written >= low && written <= nominal) || written === ctx.explained;
      if (!ok && jacoby && written === cube * ctx.rules.multipliers[LEVEL[result!] - 1]) {
        add('jacoby-gammon', 'error', `under the Jacoby rule a ${result} with the cube never turned counts as a single, ${plural(nominal, 'point')}; the record says ${written}`, {
          recorded: written,
          expected: nominal,
        });
      } else if (!ok && r.termination === 'drop' && written > nominal) {
        add('gammon-on-drop', 'error', `a refused double scores the cube before it, ${plural(nominal, 'point')}, never a gammon; the record says ${written}`, {
          recorded: written,
          expected: nominal,
        });
      } else if (!ok) {
        const expected = low === nominal ? String(nominal) : `${low} to ${nominal}`;
        const what =
          r.termination === 'drop' ? 'a drop' : r.termination === 'resign' ? `a resignation, which ends a ${ctx.rules.name} match,` : `a ${result} on a ${cube}-cube`;
        const range = low === nominal ? '' : ctx.rules.money ? ` (the writer may cap it at ${low})` : ` (${low} win the match)`;
        add('points-mismatch', 'error', `${what} is worth ${plural(nominal, 'point')}${range}; the record says ${written}`, {
          recorded: written,
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
