// The FIBS formula against cases worked by hand from FIBS's `help formula`:
//   P_upset = 1 / (10^(D·√n/2000) + 1), P = 1 − P_upset if the underdog wins, else P_upset,
//   change = 4·K·√n·P with K = max(1, 5 − experience/100), experience += n.
import { describe, expect, it } from 'vitest';
import { afterMatch, kFactor, upsetProbability } from '../../src/standings/fibs.js';

const at = (rating: number, experience = 0) => ({ rating, experience });

describe('the FIBS formula, worked by hand', () => {
  it.each([
    // equal ratings, newcomers, 5 points: P = 1/2, change = 4·5·√5·½ = 10√5 = 22.3607
    ['equal, 5-point', at(1500), at(1500), 5, 1522.3607, 1477.6393],
    // favourite 1600 beats 1400 at 1 point: P_upset = 1/(10^0.1 + 1) = 0.442688, change = 20·0.442688 = 8.85376
    ['favourite wins, 1-point', at(1600), at(1400), 1, 1608.85376, 1391.14624],
    // the underdog wins instead: P = 0.557312, change = 11.14624
    ['underdog wins, 1-point', at(1400), at(1600), 1, 1411.14624, 1588.85376],
    // each side's own K: winner experience 600 (K = 1), loser 0 (K = 5), 9 points: ±4·K·3·½
    ['own K each, 9-point', at(1500, 600), at(1500, 0), 9, 1506, 1470],
    // experience 250: K = 2.5; equal ratings, 1 point: +5 and −10 against a newcomer
    ['K 2.5 against K 5', at(1500, 250), at(1500, 0), 1, 1505, 1490],
  ])('%s', (_, winner, loser, n, won, lost) => {
    const after = afterMatch(winner, loser, n);
    expect(after.winner.rating).toBeCloseTo(won, 4);
    expect(after.loser.rating).toBeCloseTo(lost, 4);
    expect(after.winner.experience).toBe(winner.experience + n);
    expect(after.loser.experience).toBe(loser.experience + n);
  });

  it('K falls with experience to 1 and no lower', () => {
    expect([0, 100, 250, 400, 500, 10_000].map(kFactor)).toEqual([5, 4, 2.5, 1, 1, 1]);
  });

  it('the upset chance is one half at equal ratings and falls with the difference and the length', () => {
    expect(upsetProbability(0, 7)).toBe(0.5);
    expect(upsetProbability(200, 1)).toBeCloseTo(0.442688, 6);
    expect(upsetProbability(200, 9)).toBeLessThan(upsetProbability(200, 1));
    expect(upsetProbability(-200, 1)).toBe(upsetProbability(200, 1));
  });
});
