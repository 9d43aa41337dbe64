// A game's score line against the results before it (docs/scoring.md: in match play each game's
// starting score must equal the running total; a money session's games are settled one by one,
// and automatic doubles, by agreement, turn the cube before a game starts).
//
// The score a game should start at is what the record's own results add up to from the match's
// start, not the score line before it plus one game: one wrong score line is then one finding,
// and the right line after it is not blamed. A game whose result line and whose play disagree
// (a points-mismatch, a winner-mismatch, said at the result line) may be followed either way.
import { finding } from '../core/findings.js';
import type { Finding, GameRecord, MatchRecord, Side } from '../core/model.js';
import type { RuleSet } from './rules.js';
import { plural } from '../core/words.js';
import { formatOf } from '../formats/index.js';

export type Score = [number, number];

/** One way a game moves the score: its winner and its points before the match caps them. */
interface Reading {
  winner: Side;
  points: number;
}

/** What a game may add to the score, as its result line writes it and as its play is worth. */
export interface GameMoves {
  /** The record's reading first, then the play's when it is another; empty: the game adds nothing. */
  readings: Reading[];
  /**
   * The game's points rest on its result line alone (a resignation, a game the replay could not
   * finish): a score line that disagrees with them may be the right one.
   */
  unchecked: boolean;
  /** How the game ended, in words, when `unchecked` (for the finding's second reading). */
  how: string;
  /** The points the game could be worth, when `unchecked` (a resignation: 1, 2 or 3 × the cube); null: any. */
  values: readonly number[] | null;
}

/** The game before, as the score follows it: its start, who won, what it was worth, on what cube. */
export interface LastGame {
  number: number;
  start: Score;
  winner: Side | null;
  nominal: number | null;
  cube: number | null;
  moves: GameMoves;
}

/** How the score is credited: to the match length, or up to a money session's cap. */
export interface Crediting {
  money: boolean;
  length: number | null;
  pointsCap: number | null;
}

/** At most this many scores are carried as the games before may add up (each game offers two). */
const MAX_CANDIDATES = 8;

const TIMES = ['', 'once', 'twice'];

const same = (a: Score, b: Score) => a[0] === b[0] && a[1] === b[1];

/** The score after a game that `reading` describes, from `start`: capped at what the winner still needed. */
function credited(start: Score, reading: Reading, c: Crediting): Score {
  const w = reading.winner;
  const cap = c.money ? c.pointsCap : c.length === null ? null : Math.max(0, c.length - start[w]);
  const out: Score = [start[0], start[1]];
  out[w] += cap === null ? reading.points : Math.min(reading.points, cap);
  return out;
}

/** The scores the games so far may add up to after one more game, each once, the first reading's first. */
export function advance(starts: readonly Score[], moves: GameMoves, c: Crediting): Score[] {
  if (moves.readings.length === 0) return starts.slice();
  const out: Score[] = [];
  for (const s of starts)
    for (const r of moves.readings) {
      const next = credited(s, r, c);
      if (out.length < MAX_CANDIDATES && !out.some((x) => same(x, next))) out.push(next);
    }
  return out;
}

/** How a score line stands against the results before it. */
export type LineJudgement =
  /** It is one of the scores they add up to. */
  | { kind: 'agrees' }
  /** It is not: `start` is the score the game is taken to start at, `expected` the one reported. */
  | { kind: 'wrong'; start: Score; expected: Score; follows: 'results' | 'line' | 'neither' };

/**
 * A score line `recorded` against the scores the games before add up to (`expected`), the next
 * score line (`next`, null: none) telling which is wrong: when it follows the results through
 * this game, only this line is wrong, and the game starts where the results say; when it follows
 * this line, the score lines after it carry this one's total, and the game starts where it says.
 * `moves` is what this game may add.
 */
export function judgeLine(
  recorded: Score,
  expected: readonly Score[],
  next: Score | null,
  moves: GameMoves,
  c: Crediting,
): LineJudgement {
  if (expected.some((e) => same(e, recorded))) return { kind: 'agrees' };
  const first = expected[0] ?? recorded;
  if (next !== null) {
    for (const e of expected)
      if (advance([e], moves, c).some((x) => same(x, next)))
        return { kind: 'wrong', start: e, expected: e, follows: 'results' };
    if (advance([recorded], moves, c).some((x) => same(x, next)))
      return { kind: 'wrong', start: recorded, expected: first, follows: 'line' };
  }
  return { kind: 'wrong', start: recorded, expected: first, follows: 'neither' };
}

/**
 * How many automatic doubles of the game before (at least one) explain a money `.mat` session's
 * score line: the winner's score moves by that game's points × 2^n from where it started, the
 * other's not at all, the cube within the limit. A `.mat` cannot write automatic doubles (SGF
 * writes them: there they explain nothing); a rule set without a cube, or a cube limit too low,
 * rules them out. null: none.
 */
function autoDoubles(record: MatchRecord, rules: RuleSet, recorded: Score, last: LastGame | null): number | null {
  if (!rules.money || !rules.cube || formatOf(record.format).writesAutoDoubles || last === null) return null;
  const { winner, nominal, cube, start } = last;
  if (winner === null || nominal === null || cube === null || nominal <= 0) return null;
  if (recorded[1 - winner] !== start[1 - winner]) return null;
  const gained = recorded[winner] - start[winner];
  for (let n = 1, factor = 2; n <= 12; n++, factor *= 2) {
    if (rules.cubeLimit !== null && cube * factor > rules.cubeLimit) return null;
    if (gained === nominal * factor) return n;
  }
  return null;
}

/**
 * A money `.mat` session's score line that automatic doubles of the game before explain: a
 * `score-mismatch` warning that says how. null: they do not explain it.
 */
export function autoDoubleFinding(
  game: GameRecord,
  record: MatchRecord,
  rules: RuleSet,
  expected: Score,
  last: LastGame | null,
): Finding | null {
  const recorded = game.startScore;
  if (!recorded) return null;
  const n = autoDoubles(record, rules, recorded, last);
  if (n === null || last === null || last.nominal === null || last.cube === null) return null;
  const factor = 2 ** n;
  const times = TIMES[n] ?? `${n} times`;
  return finding(
    'score-mismatch',
    'warning',
    `${startsAt(recorded, expected)}: game ${last.number} counted ${last.nominal * factor}, not ${last.nominal}, as it does when automatic doubles turn its cube ${times} before play (to ${last.cube * factor}), which a .mat cannot write`,
    { game: game.number, line: game.scoreLine ?? game.line, recorded, expected },
  );
}

function startsAt(recorded: Score, expected: Score): string {
  return `the record starts this game at ${recorded.join('-')}, but the games before it add up to ${expected.join('-')}`;
}

/**
 * The points the game before would have to be worth for `recorded` to be right: only its
 * winner's score moves, from where that game started. null: the line cannot be read so.
 */
function pointsImplied(recorded: Score, last: LastGame): number | null {
  const w = last.winner;
  if (w === null || recorded[1 - w] !== last.start[1 - w]) return null;
  const gained = recorded[w] - last.start[w];
  return gained > 0 ? gained : null;
}

/**
 * The `score-mismatch` error of a score line judged wrong. When the game before ended in a way
 * only its result line values and this line reads as that game worth other points, either may be
 * the wrong one, and the finding says both; when the score lines after this one carry its total,
 * it says that too.
 */
export function scoreLineFinding(
  game: GameRecord,
  judged: Extract<LineJudgement, { kind: 'wrong' }>,
  last: LastGame | null,
  /** The results before it add up to one score only (else `expected` is one reading of several). */
  oneScore: boolean,
  /** The game has no score line after it to follow (the record's last). */
  lastLine: boolean,
): Finding {
  const recorded: Score = game.startScore ?? judged.expected;
  const where = { game: game.number, line: game.scoreLine ?? game.line, recorded, expected: judged.expected };
  let said = startsAt(recorded, judged.expected);
  let either = false;
  const moves = last?.moves;
  const implied = judged.follows !== 'results' && last && moves?.unchecked ? pointsImplied(recorded, last) : null;
  const written = moves?.readings[0]?.points;
  const values = moves?.values ?? null;
  if (last && implied !== null && written !== undefined && implied !== written && (values?.includes(implied) ?? true)) {
    said += `: either this score line is wrong or game ${last.number}'s result is (it ${moves?.how ?? ''}, which only its result line values: ${plural(written, 'point')} there, ${implied} here)`;
    either = true;
  }
  if (judged.follows === 'line') said += `; the score lines after it go on from ${recorded.join('-')}`;
  // Certain: the next score line follows the results and not this one, or this is the last
  // line and the results add up to one score; never where this line may be the right one.
  const certain = !either && (judged.follows === 'results' || (lastLine && oneScore));
  return finding(
    'score-mismatch',
    'error',
    said,
    certain ? { ...where, correction: { kind: 'score', to: judged.expected } } : where,
  );
}
