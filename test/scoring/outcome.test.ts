// docs/scoring.md, "What a game is worth" and the first worked cases: the outcome is decided only by the loser's checkers.
import { describe, expect, it } from 'vitest';
import type { GameEnd, GameReplay } from '../../src/engine/replay.js';
import type { GameRecord, MatchRecord, Outcome } from '../../src/core/model.js';
import { LEVEL, OUTCOME_OF_LEVEL, outcome } from '../../src/scoring/outcome.js';
import { scoreGame } from '../../src/scoring/points.js';
import { type RuleSetName, rulesFor } from '../../src/scoring/rules.js';
import { position, type SideSpec } from '../engine/position-helpers.js';

// Side 0 has won (all 15 off); side 1 is the loser, in its own numbering: the winner's home
// board is the loser's 19-24, the loser's own home board its 1-6.
const WON: SideSpec = { 0: 15 };

describe('outcome', () => {
  it.each<[string, SideSpec, 'single' | 'gammon' | 'backgammon']>([
    ['loser bore off 1 checker, another still on the bar', { 0: 1, 25: 1, 6: 13 }, 'single'],
    ['loser bore off 1 checker, another in the winner home board', { 0: 1, 20: 1, 6: 13 }, 'single'],
    ['loser bore off none, all checkers in own home', { 6: 10, 1: 5 }, 'gammon'],
    ["loser bore off none, one on the winner's 3-point", { 22: 1, 6: 14 }, 'backgammon'],
    ['loser bore off none, one on the bar', { 25: 1, 6: 14 }, 'backgammon'],
    ["loser bore off none, one in the winner's outer board: still a gammon", { 13: 1, 6: 14 }, 'gammon'],
    ["loser bore off none, one on the winner's 6-point (the loser's 19)", { 19: 1, 6: 14 }, 'backgammon'],
    ["loser bore off none, one on the loser's 18 (the winner's 7): gammon", { 18: 1, 6: 14 }, 'gammon'],
  ])('%s → %s', (_case, loser, expected) => {
    expect(outcome(position(WON, loser), 0)).toBe(expected);
  });

  it('works for either winner', () => {
    expect(outcome(position({ 25: 1, 6: 14 }, WON), 1)).toBe('backgammon');
  });
});

// LEVEL and OUTCOME_OF_LEVEL as the scoring uses them: an outcome's level picks its multiplier
// and its name in the rule set, and a resignation's points pick its outcome.
describe('outcome levels in scoring', () => {
  const LOSERS: [Outcome, SideSpec][] = [
    ['single', { 0: 1, 6: 14 }],
    ['gammon', { 6: 15 }],
    ['backgammon', { 25: 1, 6: 14 }],
  ];

  function rules(name: RuleSetName) {
    const record: MatchRecord = {
      file: 'x',
      format: 'mat',
      index: 1,
      line: 1,
      players: ['A', 'B'],
      length: 15,
      headers: [],
      variant: 'backgammon',
      games: [],
      marksHits: false,
    };
    return rulesFor(record, { rules: name });
  }

  function scored(name: RuleSetName, end: GameEnd, loser: SideSpec, cube: number, written: number | null = null) {
    const r: GameReplay = {
      final: position(WON, loser),
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
    const result =
      written === null
        ? null
        : { winner: 0 as const, points: written, andMatch: false, resigned: true, line: 9, column: 1 };
    const game: GameRecord = {
      number: 1,
      line: 1,
      players: ['A', 'B'],
      startScore: [0, 0],
      actions: [],
      result,
      comments: [],
      unreadableFrom: null,
    };
    return scoreGame(game, r, {
      rules: rules(name),
      length: 15,
      score: [0, 0],
      cube,
      cubeTurned: true,
      names: ['A', 'B'],
    }).ending;
  }

  it.each<[RuleSetName, number, number[], string[]]>([
    ['backgammon', 2, [2, 4, 6], ['single', 'gammon', 'backgammon']],
    ['tavla', 1, [1, 2, 2], ['single', 'gammon', 'backgammon']],
    ['nardy', 1, [1, 2, 3], ['oin', 'mars', 'koks']],
  ])('%s: a single, gammon, backgammon borne off on a %i-cube is worth %j and named %j', (name, cube, worth, names) => {
    const endings = LOSERS.map(([, loser]) => scored(name, { termination: 'bearoff', winner: 0 }, loser, cube));
    expect(endings.map((e) => e.outcome)).toEqual(LOSERS.map(([o]) => o));
    expect(endings.map((e) => e.points.nominal)).toEqual(worth);
    expect(endings.map((e) => e.outcomeName)).toEqual(names);
  });

  it('a resignation written for 1, 2 or 3 × the cube is a single, a gammon, a backgammon (rounded up between them)', () => {
    const resigned = (points: number) =>
      scored('backgammon', { termination: 'resign', winner: 0, points }, { 6: 15 }, 2, points);
    expect([2, 3, 4, 5, 6].map((p) => resigned(p).outcome)).toEqual([
      'single',
      'gammon',
      'gammon',
      'backgammon',
      'backgammon',
    ]);
    expect(LOSERS.map(([o]) => OUTCOME_OF_LEVEL[LEVEL[o]])).toEqual(LOSERS.map(([o]) => o));
  });
});
