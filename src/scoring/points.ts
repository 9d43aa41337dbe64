// What one finished game is worth (docs/scoring.md), and whether the record says the same.
import { other } from '../engine/board.js';
import type { GameReplay } from '../engine/replay.js';
import { type FindingCode, type FindingExtra, type SeverityOf, finding } from '../core/findings.js';
import type { Finding, GameEnding, GameRecord, Outcome, RecordedResult, Side } from '../core/model.js';
import type { ForfeitNote } from './forfeit.js';
import { type Ending, unhandled } from '../core/ending.js';
import { MULTIPLIER_AT, OUTCOME_OF_LEVEL, outcome } from './outcome.js';
import type { RuleSet } from './rules.js';
import { aOrAn, plural } from '../core/words.js';
import { itemAt } from '../core/at.js';

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
  /** A comment at the end of the record that says who won by forfeit (the last game only). */
  forfeit?: ForfeitNote | null;
}

/** A forfeit of the match written after a game that ended without winning it: who is credited what. */
interface ForfeitAfter {
  winner: Side;
  /** What the winner still needed after the game: credited to end the match. */
  points: number;
}

/** A game scored: its ending as the verdict writes it, and what the record says that it should not. */
export interface GameScore {
  ending: GameEnding;
  /** The game wins the match: by its own points, or by a forfeit written after it (`forfeitAfter`). */
  winsMatch: boolean;
  /** The match was forfeited after the game (a comment at the record's end), to this winner. */
  forfeitAfter: ForfeitAfter | null;
  findings: Finding[];
}

/** How a game ended and what that is worth with the cube known; `nominal` before the match caps it. */
type Worth = Ending<{
  bearoff: { winner: Side; outcome: Outcome; nominal: number; jacoby: boolean };
  drop: { winner: Side; outcome: 'single'; nominal: number };
  /** nominal null: a nardy resignation in a match of unknown length (what is missing is unknown). */
  resign: { winner: Side; outcome: Outcome; nominal: number | null };
  /** A forfeit of the match: what the winner still needed. */
  forfeit: { winner: Side; nominal: number };
  unfinished: object;
  /** The replay stopped: the record's winner, nothing judged. */
  stopped: { winner: Side | null };
}>;

/** How a game ended with the cube unknown (past the largest there can be): who won and how, not what it is worth. */
type Unvalued = Ending<{
  bearoff: { winner: Side; outcome: Outcome; nominal: null };
  drop: { winner: Side; outcome: 'single'; nominal: null };
  /** What a resignation was written for tells its outcome only on a known cube. */
  resign: { winner: Side; outcome: null; nominal: null };
  /** The score judges a forfeit on a known cube only. */
  forfeit: never;
  unfinished: object;
  stopped: { winner: Side | null };
}>;

type Add = <C extends FindingCode>(code: C, severity: SeverityOf<C>, message: string, extra?: FindingExtra<C>) => void;

/** What a game's worth is judged with: its cube, what its winner needed, the match, where findings go. */
interface Judging {
  cube: number;
  /** What the winner still needed to win the match (null: money play, a match of unknown length, no winner). */
  matchNeed: number | null;
  /** The most the game can credit: `matchNeed`, or in money play the points cap. */
  need: number | null;
  ctx: PointsContext;
  add: Add;
}

/** A resignation's level from the points written for it; gnubg rounds up to the next level. */
function resignLevel(points: number, cube: number): number {
  return points <= cube ? 1 : points <= 2 * cube ? 2 : 3;
}

/** Who won: the replay's winner; the record's when the replay could not finish the game. */
function winnerOf(r: GameReplay, recorded: RecordedResult | null): Side | null {
  return r.termination === null ? (recorded?.winner ?? null) : r.termination === 'unfinished' ? null : r.winner;
}

export function scoreGame(game: GameRecord, r: GameReplay, ctx: PointsContext): GameScore {
  const findings: Finding[] = [];
  const recorded = game.result;
  const at = recorded ?? { line: game.line, column: undefined };
  const add: Add = (code, severity, message, extra) =>
    findings.push(
      finding(code, severity, message, extra, {
        game: game.number,
        line: at.line,
        ...(at.column ? { column: at.column } : {}),
      }),
    );
  // A forfeit said by a comment: on the comment's line as a whole (the result's column is not on it).
  const addForfeit = (message: string, note: ForfeitNote) =>
    findings.push(finding('forfeit', 'info', message, { line: note.line }, { game: game.number }));

  // An unfinished game that a comment at the record's end says was won by forfeit.
  const forfeit = r.termination === 'unfinished' && !ctx.rules.money ? (ctx.forfeit ?? null) : null;
  const winner = forfeit ? forfeit.winner : winnerOf(r, recorded);
  const matchNeed = winner === null || ctx.rules.money || ctx.length === null ? null : ctx.length - ctx.score[winner];
  const need = ctx.rules.money ? ctx.rules.pointsCap : matchNeed;
  // A match of unknown length cannot be followed: nothing is credited.
  const followed = ctx.rules.money || ctx.length !== null;
  const written = recorded?.points ?? null;
  const credit = (points: number | null) =>
    points === null || !followed ? null : need === null ? points : Math.min(points, need);
  const winning = (credited: number | null) =>
    !ctx.rules.money && need !== null && credited !== null && credited >= need;
  if (ctx.cube === null) {
    // The cube passed the largest there can be (a number-out-of-range finding): the game's worth
    // is unknown, and, as for a game the replay could not finish, the record's points are taken.
    const credited = credit(written);
    return {
      ending: ending(unknownWorth(r, recorded), written, credited, ctx),
      winsMatch: winning(credited),
      forfeitAfter: null,
      findings,
    };
  }
  const worth =
    forfeit && matchNeed !== null && matchNeed > 0
      ? forfeitWorth(forfeit.winner, matchNeed, null, ctx, (f) => addForfeit(f, forfeit))
      : worthOf(r, recorded, { cube: ctx.cube, matchNeed, need, ctx, add });
  // A game the replay could not finish is worth what the record gives.
  const credited = credit(
    worth.termination === null ? written : worth.termination === 'unfinished' ? null : worth.nominal,
  );
  const winsMatch = winning(credited);
  checkRecorded(worth, recorded, { winsMatch, endLine: r.endLine }, { cube: ctx.cube, matchNeed, need, ctx, add });
  if (recorded?.andMatch && !ctx.rules.money && !winsMatch && credited !== null) {
    add(
      'and-the-match',
      'warning',
      `the record says "and the match", but ${ctx.names[recorded.winner]} reaches ${ctx.score[recorded.winner] + credited} of ${ctx.length}`,
    );
  }
  const forfeitAfter = forfeitAfterGame(worth, credited, winsMatch, ctx, addForfeit);
  return {
    ending: ending(worth, written, credited, ctx),
    winsMatch: winsMatch || forfeitAfter !== null,
    forfeitAfter,
    findings,
  };
}

/** The sentence of a forfeit: who left, at what score, what the winner is credited. */
function forfeitMessage(
  winner: Side,
  need: number,
  score: [number, number],
  written: number | null,
  ctx: PointsContext,
) {
  const writes = written === null || written === need ? '' : ` (the record writes ${written})`;
  return `${ctx.names[other(winner)]} forfeits the match at ${score.join('-')}; ${ctx.names[winner]} is credited the ${plural(need, 'point')} still needed${writes}`;
}

/** Why more than a backgammon is not a forfeit either: money play, or less than the winner needed. */
function notForfeit(winner: Side, matchNeed: number | null, ctx: PointsContext): string {
  if (ctx.rules.money) return ', and money play has no forfeit of a match';
  return matchNeed === null
    ? ''
    : `, less than the ${plural(matchNeed, 'point')} ${ctx.names[winner]} needed to win the match by forfeit`;
}

/** A forfeit of the match during the game: the winner is credited what was still needed (`say` the finding). */
function forfeitWorth(
  winner: Side,
  need: number,
  written: number | null,
  ctx: PointsContext,
  say: (message: string) => void,
): Worth {
  say(forfeitMessage(winner, need, ctx.score, written, ctx));
  return { termination: 'forfeit', winner, nominal: need };
}

/**
 * A comment at the record's end saying who won by forfeit, after a game that ended without
 * winning the match: the match ends there, won by the side the comment names, credited what it
 * still needed (a finding says so; the game keeps its own ending).
 */
function forfeitAfterGame(
  worth: Worth,
  credited: number | null,
  winsMatch: boolean,
  ctx: PointsContext,
  say: (message: string, note: ForfeitNote) => void,
): ForfeitAfter | null {
  const note = ctx.forfeit;
  if (!note || winsMatch || ctx.rules.money || ctx.length === null || worth.termination === 'unfinished') return null;
  if (worth.termination === 'forfeit') return null;
  const after: [number, number] = [ctx.score[0], ctx.score[1]];
  if (worth.termination !== null && credited !== null) after[worth.winner] += credited;
  const need = ctx.length - after[note.winner];
  if (need <= 0) return null;
  say(forfeitMessage(note.winner, need, after, null, ctx), note);
  return { winner: note.winner, points: need };
}

/** What the end the replay found is worth on a `cube`; a resignation's value read and judged here. */
function worthOf(r: GameReplay, recorded: RecordedResult | null, judging: Judging): Worth {
  const { cube, ctx } = judging;
  switch (r.termination) {
    case 'bearoff': {
      const result = outcome(r.final, r.winner);
      const jacoby = ctx.rules.money && ctx.rules.jacoby && !ctx.cubeTurned && result !== 'single';
      return {
        termination: 'bearoff',
        winner: r.winner,
        outcome: result,
        nominal: cube * (jacoby ? 1 : ctx.rules.multipliers[MULTIPLIER_AT[result]]),
        jacoby,
      };
    }
    case 'drop':
      return { termination: 'drop', winner: r.winner, outcome: 'single', nominal: cube };
    case 'resign':
      return resignWorth(r.winner, recorded ? recorded.points : r.points, recorded === null, judging);
    case 'unfinished':
      return { termination: 'unfinished' };
    case null:
      return { termination: null, winner: recorded?.winner ?? null };
    default:
      return unhandled(r);
  }
}

/**
 * A resignation written for `written` points (the result's, else the resignation's own; null:
 * not written, or past what a game can be worth, which counts as not written).
 */
function resignWorth(winner: Side, written: number | null, noResult: boolean, judging: Judging): Worth {
  const { cube, matchNeed, need, ctx, add } = judging;
  if (written === null) {
    if (noResult)
      add(
        'resign-value',
        'warning',
        `the record does not say what the resignation was worth; counted as a single game, ${cube}`,
      );
    return { termination: 'resign', winner, outcome: 'single', nominal: cube };
  }
  const level = resignLevel(written, cube);
  const result = itemAt(OUTCOME_OF_LEVEL, level);
  if (ctx.rules.resignEndsMatch && !ctx.rules.money) {
    // Nardy: resigning ends the match; the opponent gets exactly what is missing, at least 1.
    return {
      termination: 'resign',
      winner,
      outcome: result,
      nominal: matchNeed === null ? null : Math.max(1, matchNeed),
    };
  }
  // More than a backgammon in a game after the match was won (the winner needs nothing): the game
  // is not part of the match (game-after-match says so), and neither a forfeit nor a wrong value.
  if (written > 3 * cube && matchNeed !== null && matchNeed <= 0 && !ctx.rules.money)
    return { termination: 'resign', winner, outcome: result, nominal: written };
  // More than a backgammon, and at least what the winner still needed: the loser left the match.
  if (written > 3 * cube && matchNeed !== null && matchNeed > 0 && written >= matchNeed && !ctx.rules.money)
    return forfeitWorth(winner, matchNeed, written, ctx, (m) =>
      add('forfeit', 'info', m, { recorded: written, expected: matchNeed }),
    );
  const values = ctx.rules.multipliers.map((m) => m * cube);
  // Else an impossible value, counted as the most a resignation can be.
  const nominal = itemAt(ctx.rules.multipliers, level - 1) * cube;
  if (!values.includes(written) && written !== need) {
    add(
      'resign-value',
      written > 3 * cube ? 'error' : 'warning',
      written > 3 * cube
        ? `a resignation is worth at most ${3 * cube} on ${aOrAn(cube)} ${cube}-cube, but the record credits ${written}${notForfeit(winner, matchNeed, ctx)}`
        : `a resignation on ${aOrAn(cube)} ${cube}-cube is worth ${[...new Set(values)].join(', ')}, not ${written}; counted as ${nominal}`,
      { recorded: written, expected: nominal },
    );
  }
  return { termination: 'resign', winner, outcome: result, nominal };
}

/** The end the replay found, when the cube is unknown: who won and how, not what it is worth. */
function unknownWorth(r: GameReplay, recorded: RecordedResult | null): Unvalued {
  switch (r.termination) {
    case 'bearoff':
      return { termination: 'bearoff', winner: r.winner, outcome: outcome(r.final, r.winner), nominal: null };
    case 'drop':
      return { termination: 'drop', winner: r.winner, outcome: 'single', nominal: null };
    case 'resign':
      return { termination: 'resign', winner: r.winner, outcome: null, nominal: null };
    case 'unfinished':
      return { termination: 'unfinished' };
    case null:
      return { termination: null, winner: recorded?.winner ?? null };
    default:
      return unhandled(r);
  }
}

/** Whether the record's result agrees with the end: its winner, and its points with what the game is worth. */
function checkRecorded(
  worth: Worth,
  recorded: RecordedResult | null,
  p: { winsMatch: boolean; endLine: number | undefined },
  judging: Judging,
): void {
  const { ctx, add } = judging;
  const name = (s: Side) => ctx.names[s];
  if (worth.termination === null || worth.termination === 'unfinished') return;
  if (recorded === null) {
    if (worth.termination === 'resign' || worth.termination === 'forfeit') return;
    const how = { bearoff: 'bearing off', drop: 'a drop' }[worth.termination];
    // Said where the game ended: the drop, the last checker borne off.
    add(
      'result-missing',
      'warning',
      `the record has no result line; ${name(worth.winner)} won ${plural(worth.nominal, 'point')} by ${how}`,
      p.endLine === undefined ? {} : { line: p.endLine },
    );
    return;
  }
  // A resignation ends only the game, and is worth what it was written for, unless it ends the match (nardy).
  const nominal = worth.nominal;
  if (
    nominal === null ||
    worth.termination === 'forfeit' ||
    (worth.termination === 'resign' && !(ctx.rules.resignEndsMatch && !ctx.rules.money))
  )
    return;
  const winner = worth.winner;
  if (recorded.winner !== winner) {
    const why = {
      bearoff: `${name(winner)} bore off all checkers`,
      drop: `${name(other(winner))} dropped ${name(winner)}'s double`,
      resign: `${name(other(winner))} resigned`,
    }[worth.termination];
    // The play says who won: the result belongs in the winner's column (its points judged there).
    add('winner-mismatch', 'error', `the record gives the game to ${name(recorded.winner)}, but ${why}`, {
      recorded: recorded.winner,
      expected: winner,
      correction: { kind: 'winner', to: winner },
    });
    return;
  }
  const written = recorded.points;
  if (written === null) return;
  const need = judging.need;
  const low = need !== null && (p.winsMatch || nominal > need) ? Math.min(need, nominal) : nominal;
  if ((written >= low && written <= nominal) || written === ctx.explained) return;
  addPointsFinding(worth, { written, nominal, low }, judging);
}

/** The finding for a result's points outside what the game is worth: the rule it breaks, named. */
function addPointsFinding(
  worth: Extract<Worth, { termination: 'bearoff' | 'drop' | 'resign' }>,
  points: { written: number; nominal: number; low: number },
  judging: Judging,
): void {
  const { written, nominal, low } = points;
  const { cube, ctx, add } = judging;
  if (
    worth.termination === 'bearoff' &&
    worth.jacoby &&
    written === cube * ctx.rules.multipliers[MULTIPLIER_AT[worth.outcome]]
  ) {
    add(
      'jacoby-gammon',
      'error',
      `under the Jacoby rule a ${worth.outcome} with the cube never turned counts as a single, ${plural(nominal, 'point')}; the record says ${written}`,
      {
        recorded: written,
        expected: nominal,
      },
    );
  } else if (worth.termination === 'drop' && written > nominal) {
    add(
      'gammon-on-drop',
      'error',
      `a refused double scores the cube before it, ${plural(nominal, 'point')}, never a gammon; the record says ${written}`,
      {
        recorded: written,
        expected: nominal,
        // Certain only where one value fits: a game that wins the match may be written capped or not.
        ...(low === nominal ? { correction: { kind: 'points', to: nominal } } : {}),
      },
    );
  } else {
    const what =
      worth.termination === 'drop'
        ? 'a drop'
        : worth.termination === 'resign'
          ? `a resignation, which ends a ${ctx.rules.name} match,`
          : `a ${worth.outcome} on ${aOrAn(cube)} ${cube}-cube`;
    const range =
      low === nominal ? '' : ctx.rules.money ? ` (the writer may cap it at ${low})` : ` (${low} win the match)`;
    // Certain where one value fits, and not where it rests on a Jacoby rule bgaudit inferred (a
    // money gammon on a cube never turned, the rule stated by no flag or header: docs/scoring.md).
    const jacobyInferred =
      ctx.rules.money &&
      worth.termination === 'bearoff' &&
      worth.outcome !== 'single' &&
      !ctx.cubeTurned &&
      ctx.rules.source.jacoby !== 'flag' &&
      ctx.rules.source.jacoby !== 'header';
    add(
      'points-mismatch',
      'error',
      `${what} is worth ${plural(nominal, 'point')}${range}; the record says ${written}`,
      low === nominal && !jacobyInferred
        ? { recorded: written, expected: nominal, correction: { kind: 'points', to: nominal } }
        : { recorded: written, expected: low === nominal ? nominal : `${low} to ${nominal}` },
    );
  }
}

/** A verdict's ending fields, written in one place so that every variant has them in the schema's order. */
function fields<
  T extends GameEnding['termination'],
  W extends Side | null,
  O extends Outcome | null,
  N extends string | null,
  P extends GameEnding['points'],
>(termination: T, winner: W, outcome: O, outcomeName: N, points: P) {
  return { termination, winner, outcome, outcomeName, points };
}

/** The verdict's ending: how the game ended, who won, the outcome in the rule set's words, the points. */
function ending(e: Worth | Unvalued, recorded: number | null, credited: number | null, ctx: PointsContext): GameEnding {
  const names = ctx.rules.names;
  const named = (o: Outcome) => (names ? names[MULTIPLIER_AT[o]] : o);
  switch (e.termination) {
    case 'bearoff':
      return fields('bearoff', e.winner, e.outcome, named(e.outcome), { recorded, nominal: e.nominal, credited });
    case 'drop':
      return fields('drop', e.winner, e.outcome, named(e.outcome), { recorded, nominal: e.nominal, credited });
    case 'resign':
      return fields('resign', e.winner, e.outcome, e.outcome === null ? null : named(e.outcome), {
        recorded,
        nominal: e.nominal,
        credited,
      });
    case 'forfeit':
      return fields('forfeit', e.winner, null, null, { recorded, nominal: e.nominal, credited });
    case 'unfinished':
      // No result line (else the replay reads a resignation), so nothing recorded or credited.
      return fields('unfinished', null, null, null, { recorded: null, nominal: null, credited: null });
    case null:
      return fields(null, e.winner, null, null, { recorded, nominal: null, credited });
    default:
      return unhandled(e);
  }
}
