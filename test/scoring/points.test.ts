// scoreGame on games built by hand: the rules of docs/scoring.md the fixture files do not each pin on
// their own (Jacoby and the take, no Jacoby in a match, the range a match-winning game may be
// recorded at, an unfinished game, a nardy resignation recorded at the wrong value).
import { describe, expect, it } from 'vitest';
import type { GameEnd, GameReplay } from '../../src/engine/replay.js';
import type { GameRecord, MatchRecord, Side, Termination } from '../../src/core/model.js';
import { scoreGame } from '../../src/scoring/points.js';
import { rulesFor, type RuleFlags } from '../../src/scoring/rules.js';
import { position } from '../engine/position-helpers.js';

function match(length: number, flags: RuleFlags = {}) {
  const record: MatchRecord = {
    file: 'x',
    format: 'mat',
    index: 1,
    line: 1,
    players: ['A', 'B'],
    length,
    headers: [],
    variant: 'backgammon',
    games: [],
    marksHits: false,
  };
  return rulesFor(record, flags);
}

/** Side 0 bore off everything; side 1 has borne off nothing: a gammon for side 0. */
const GAMMON = position({}, { 6: 15 });

function game(points: number | null, winner: Side = 0): GameRecord {
  const result = points === null ? null : { winner, points, andMatch: false, resigned: false, line: 9, column: 1 };
  return {
    number: 1,
    line: 1,
    players: ['A', 'B'],
    startScore: [0, 0],
    actions: [],
    result,
    comments: [],
    unreadableFrom: null,
  };
}

/** A replay that ends as `end` says on the GAMMON position, side 0 the winner. */
function replayed(
  termination: Exclude<Termination, 'forfeit'>,
  cube: number,
  resignPoints: number | null = null,
): GameReplay {
  const end: GameEnd =
    termination === 'unfinished'
      ? { termination }
      : termination === 'resign'
        ? { termination, winner: 0, points: resignPoints }
        : { termination, winner: 0 };
  return {
    final: GAMMON,
    onRoll: 1,
    lastMover: 0,
    cube: { value: cube, owner: -1 },
    cubeUnknown: false,
    firstRoll: null,
    rolls: 0,
    cubeLog: [],
    findings: [],
    ...end,
  };
}

/** What scoreGame says, flat: who won, how, the points, whether it wins the match, the findings. */
function score(...args: Parameters<typeof scoreGame>) {
  const { ending, winsMatch, findings } = scoreGame(...args);
  return {
    winner: ending.winner,
    outcome: ending.outcome,
    nominal: ending.points.nominal,
    credited: ending.points.credited,
    winsMatch,
    findings,
  };
}

const ctx = (
  rules: ReturnType<typeof match>,
  cube: number,
  cubeTurned: boolean,
  score: [number, number] = [0, 0],
  length = 7,
) => ({
  rules,
  length,
  score,
  cube,
  cubeTurned,
  names: ['A', 'B'] as [string, string],
});

describe('scoreGame: rules the fixtures do not each pin', () => {
  it('§4 Jacoby: a gammon counts single with the cube never turned, in full once a take turned it', () => {
    const money = match(0, { jacoby: true });
    expect(score(game(2), replayed('bearoff', 2), ctx(money, 2, false)).nominal).toBe(2);
    expect(score(game(4), replayed('bearoff', 2), ctx(money, 2, true)).nominal).toBe(4);
    expect(score(game(4), replayed('bearoff', 2), ctx(money, 2, true)).findings).toEqual([]);
  });

  it('§3 no Jacoby in match play, even when asked for', () => {
    const rules = match(7, { jacoby: true });
    const p = score(game(2), replayed('bearoff', 1), ctx(rules, 1, false));
    expect([p.outcome, p.nominal, p.findings]).toEqual(['gammon', 2, []]);
  });

  it.each([
    [1, ['points-mismatch']],
    [2, []],
    [3, []],
    [4, []],
    [5, ['points-mismatch']],
  ])('§3 a gammon on a 2-cube at 5-0 in a 7-point match (2 needed) recorded as %i', (recorded, codes) => {
    const p = score(game(recorded), replayed('bearoff', 2), ctx(match(7), 2, true, [5, 0]));
    expect([p.nominal, p.credited, p.winsMatch]).toEqual([4, 2, true]);
    expect(p.findings.map((f) => f.code)).toEqual(codes);
  });

  it('§1 an unfinished game is worth nothing and says nothing', () => {
    const p = score(game(null), replayed('unfinished', 1), ctx(match(7), 1, false));
    expect(p).toMatchObject({
      winner: null,
      outcome: null,
      nominal: null,
      credited: null,
      winsMatch: false,
      findings: [],
    });
  });

  it('§5 a nardy resignation is credited what is missing; another value recorded is a mismatch', () => {
    const nardy = match(5, { rules: 'nardy' });
    const at = ctx(nardy, 1, false, [3, 1], 5);
    expect(score(game(2), replayed('resign', 1, 2), at)).toMatchObject({
      nominal: 2,
      credited: 2,
      winsMatch: true,
      findings: [],
    });
    const wrong = score(game(1), replayed('resign', 1, 1), at);
    expect(wrong.nominal).toBe(2);
    expect(wrong.findings.map((f) => [f.code, f.recorded, f.expected])).toEqual([['points-mismatch', 1, 2]]);
  });
});

// A resignation recorded at more than 3 × the cube that gives the winner at least the
// points still needed is a forfeit of the match; less, or in money play, stays resign-value.
describe('scoreGame: forfeits', () => {
  it.each<[string, number, number, [number, number], number, string | null, number | null, string[]]>([
    // what, length (0: money), cube, score before, written, termination, nominal, codes
    ['5-point match at 1-0, 1-cube, written 4 = needed', 5, 1, [1, 0], 4, 'forfeit', 4, ['forfeit']],
    ['written more than needed (Backgammon Studio: 4016)', 13, 4, [11, 3], 4016, 'forfeit', 2, ['forfeit']],
    ['exactly a backgammon is no forfeit, though it is what was needed', 5, 1, [2, 0], 3, 'resign', 3, []],
    ['more than a backgammon but less than needed', 7, 1, [0, 0], 5, 'resign', 3, ['resign-value']],
    ['money play: never a forfeit', 0, 1, [0, 0], 5, 'resign', 3, ['resign-value']],
  ])('%s', (_what, length, cube, before, written, termination, nominal, codes) => {
    const r = scoreGame(
      game(written),
      replayed('resign', cube, written),
      ctx(match(length), cube, false, before, length),
    );
    expect([r.ending.termination, r.ending.outcome, r.ending.points.nominal, r.findings.map((f) => f.code)]).toEqual([
      termination,
      termination === 'forfeit' ? null : 'backgammon',
      nominal,
      codes,
    ]);
    if (termination === 'forfeit') {
      expect(r.ending.points).toEqual({ recorded: written, nominal, credited: nominal });
      expect(r.winsMatch).toBe(true);
      expect(r.findings[0]).toMatchObject({ severity: 'info', recorded: written, expected: nominal });
    }
  });

  it("the issue's sentence: who forfeits, at what score, what the winner is credited", () => {
    const r = scoreGame(game(4), replayed('resign', 1, 4), ctx(match(5), 1, false, [1, 0], 5));
    expect(r.findings.map((f) => f.message)).toEqual([
      'B forfeits the match at 1-0; A is credited the 4 points still needed',
    ]);
  });

  it('a comment at the end of an unfinished last game names the winner: a forfeit, at its line', () => {
    const unfinished = scoreGame(game(null), replayed('unfinished', 1), {
      ...ctx(match(3), 1, false, [0, 1], 3),
      forfeit: { winner: 0, line: 13 },
    });
    expect(unfinished.ending).toMatchObject({
      termination: 'forfeit',
      winner: 0,
      outcome: null,
      points: { recorded: null, nominal: 3, credited: 3 },
    });
    expect(unfinished.findings.map((f) => [f.code, f.line, f.message])).toEqual([
      ['forfeit', 13, 'B forfeits the match at 0-1; A is credited the 3 points still needed'],
    ]);
    // After a finished game that does not win the match, the game keeps its ending; the match ends.
    const after = scoreGame(game(1), replayed('resign', 1, 1), {
      ...ctx(match(3), 1, false, [0, 0], 3),
      forfeit: { winner: 1, line: 9 },
    });
    expect([after.ending.termination, after.ending.winner, after.winsMatch]).toEqual(['resign', 0, true]);
    expect(after.findings.map((f) => f.message)).toEqual([
      'A forfeits the match at 1-0; B is credited the 3 points still needed',
    ]);
  });
});
