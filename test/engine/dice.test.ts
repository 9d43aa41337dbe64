import { describe, expect, it } from 'vitest';
import { bestPlay, mostDiceUsable, newDiceSearch } from '../../src/engine/dice.js';
import { position, type SideSpec } from './position-helpers.js';

// Side 1 holds side 0's points 18-22 (its own 3-7): a prime in front of side 0's back checkers.
const PRIME: SideSpec = { 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 24: 5 };

describe('the most dice that can be used', () => {
  it.each<[string, SideSpec, SideSpec, [number, number], number]>([
    ['start, 6-5', { 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, [6, 5], 2],
    ['behind a prime, 6-6', { 24: 15 }, PRIME, [6, 6], 0],
    ['behind a prime, 1-1', { 24: 15 }, PRIME, [1, 1], 4],
    ['behind a prime, 6-1: 24/23/17', { 24: 15 }, PRIME, [6, 1], 2],
    ['on the bar against a closed board', { 25: 1, 6: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 24: 3 }, [4, 2], 0],
  ])('%s: %i dice', (_what, s0, s1, dice, count) => {
    expect(mostDiceUsable(position(s0, s1), 0, dice[0], dice[1], newDiceSearch())).toBe(count);
  });

  it('gives an example play', () => {
    const search = newDiceSearch();
    expect(mostDiceUsable(position({ 24: 15 }, PRIME), 0, 6, 1, search)).toBe(2);
    expect(bestPlay(search)).toBe('24/23 23/17');
  });
});
