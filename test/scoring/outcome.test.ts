// RULES.md §1 and the first rows of §8: the outcome is decided only by the loser's checkers.
import { describe, expect, it } from 'vitest';
import { LEVEL, outcome } from '../../src/scoring/outcome.js';
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

  it('levels: single 1, gammon 2, backgammon 3 (the cube multiplies them: test/scoring/points.test.ts)', () => {
    expect(LEVEL).toEqual({ single: 1, gammon: 2, backgammon: 3 });
  });
});
