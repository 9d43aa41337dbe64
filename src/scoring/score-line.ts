// A game's score line against the games before it (RULES.md §3: each game's starting score must
// equal the running total; §4: a money session's games are settled one by one, and automatic
// doubles, by agreement, turn the cube before a game starts, RULES.md §2).
import { finding } from '../findings.js';
import type { Finding, GameRecord, MatchRecord, Side } from '../model.js';
import type { RuleSet } from './rules.js';

/** The game before, as the score follows it: who won, what it was worth and credited, on what cube. */
export interface LastGame {
  number: number;
  winner: Side | null;
  nominal: number | null;
  credited: number | null;
  cube: number | null;
}

const TIMES = ['', 'once', 'twice'];

/**
 * How many automatic doubles of the game before (at least one) explain a money `.mat` session's
 * score line: the winner's score moves by that game's points × 2^n, the other's as computed, the
 * cube within the limit. A `.mat` cannot write automatic doubles (SGF writes them: there they
 * explain nothing); a rule set without a cube, or a cube limit too low, rules them out. null: none.
 */
function autoDoubles(
  record: MatchRecord,
  rules: RuleSet,
  recorded: [number, number],
  computed: [number, number],
  last: LastGame | null,
): number | null {
  if (!rules.money || !rules.cube || record.format !== 'mat' || last === null) return null;
  const { winner, nominal, credited, cube } = last;
  if (winner === null || nominal === null || credited === null || cube === null || nominal <= 0) return null;
  if (recorded[1 - winner] !== computed[1 - winner]) return null;
  const gained = recorded[winner] - (computed[winner] - credited);
  for (let n = 1, factor = 2; n <= 12; n++, factor *= 2) {
    if (rules.cubeLimit !== null && cube * factor > rules.cubeLimit) return null;
    if (gained === nominal * factor) return n;
  }
  return null;
}

/**
 * `score-mismatch` when the game's recorded start score is not what the games before it add up
 * to: a warning when automatic doubles of the game before explain it (money `.mat`), else an error.
 */
export function scoreLineFinding(
  game: GameRecord,
  record: MatchRecord,
  rules: RuleSet,
  computed: [number, number],
  last: LastGame | null,
): Finding | null {
  const recorded = game.startScore;
  if (!recorded || (recorded[0] === computed[0] && recorded[1] === computed[1])) return null;
  const where = { game: game.number, line: game.line, recorded, expected: computed };
  const said = `the record starts this game at ${recorded.join('-')}, but the games before it add up to ${computed.join('-')}`;
  const n = autoDoubles(record, rules, recorded, computed, last);
  if (n === null || last === null || last.nominal === null || last.cube === null) {
    return finding('score-mismatch', 'error', said, where);
  }
  const factor = 2 ** n;
  const times = TIMES[n] ?? `${n} times`;
  return finding(
    'score-mismatch',
    'warning',
    `${said}: game ${last.number} counted ${last.nominal * factor}, not ${last.nominal}, as it does when automatic doubles turn its cube ${times} before play (to ${last.cube * factor}), which a .mat cannot write`,
    where,
  );
}
