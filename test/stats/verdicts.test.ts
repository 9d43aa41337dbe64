// What the run concludes: no verdict from a test that cannot speak, none by chance over many
// groups, and every player of loaded dice flagged.
import { describe, expect, it } from 'vitest';
import type { FileDice } from '../../src/stats/count.js';
import { type DiceCounts, newCounts, rollIndex } from '../../src/stats/dice.js';
import { DiceTally } from '../../src/stats/tally.js';
import { pipsSums } from '../../src/stats/tests.js';
import { type Dice, fairDice, loadedDice, simulate, uniformOf } from './simulate.js';

const file = (groups: { key: string; counts: DiceCounts }[]): FileDice => ({ matches: 1, games: 1, groups });

/** The exact pips test's sums, made once for all the archives of this file (as for all the groups of one run). */
const SUMS = pipsSums();

/** An archive split by player: each player's rolls from `dice`, their number spread from 30 to 3,000 (log-uniform). */
function byPlayer(players: number, dice: (p: number) => Dice, seed: number, least = 30) {
  const u = uniformOf(seed);
  const tally = new DiceTally('player', SUMS);
  for (let p = 0; p < players; p++) {
    const rolls = Math.round(least * (3000 / least) ** u());
    tally.add(file([{ key: `player ${p}`, counts: simulate(dice(p), { rolls, gameLength: 60, barShare: 0.1 }, u) }]));
  }
  return tally.result();
}

describe('verdicts', () => {
  it('one game whose only roll is 6-6: too few to test, nothing rejected', () => {
    const c = newCounts();
    c.rolls[rollIndex(6, 6)] = 1;
    c.opening[rollIndex(3, 1)] = 1;
    const tally = new DiceTally('archive');
    tally.add(file([{ key: '', counts: c }]));
    const r = tally.result();
    expect(r.rejected).toBe(0);
    expect(r.groups[0].tests.map((t) => [t.name, t.p])).toEqual(r.groups[0].tests.map((t) => [t.name, null]));
    expect(r.groups[0].tests.find((t) => t.name === 'doubles')?.note).toMatch(/^1 roll: too few to test/);
  });

  it('a player with 17 rolls from the bar, two of them missing against 5 open points: no chi-square on 0.03 expected, no accusation', () => {
    const c = simulate(fairDice(5), { rolls: 400, gameLength: 60, barShare: 0 }, uniformOf(5));
    c.entry.set([2, 1, 4, 2, 4, 3, 4, 3, 3, 1]); // k = 5: 3 tries, 1 entered (35/36 expected each)
    const tally = new DiceTally('player');
    tally.add(file([{ key: 'anok', counts: c }]));
    const bar = tally.result().groups[1].tests.find((t) => t.name === 'bar-entry');
    expect(bar?.method).toMatch(/^exact/);
    expect(bar?.rejected).toBe(false);
    expect(bar?.p).toBeGreaterThan(1e-3);
  });

  it('fair dice, 20 archives of 200 players: at most 2 archives with any player flagged (the run holds 5% together)', () => {
    let flagged = 0;
    let tests = 0;
    for (let a = 0; a < 20; a++) {
      const r = byPlayer(200, (p) => fairDice(1 + 1000 * a + p), 77 + a);
      tests += r.testsMade;
      if (r.rejected > 0) flagged++;
    }
    console.log(`fair dice by player: ${flagged} of 20 archives with a rejection (${tests} tests in all)`);
    expect(flagged).toBeLessThanOrEqual(2);
  });

  it('dice that give doubles 25% of the time: every player with 1,000 rolls or more flagged, the whole run too', () => {
    const r = byPlayer(60, (p) => loadedDice(500 + p, 0.25), 9, 1000);
    const players = r.groups.slice(1);
    expect(players).toHaveLength(60);
    expect(players.filter((g) => g.tests.some((t) => t.rejected))).toHaveLength(60);
    expect(r.groups[0].tests.find((t) => t.name === 'doubles')?.rejected).toBe(true);
    expect(r.groupsRejected).toBe(60);
  });
});
