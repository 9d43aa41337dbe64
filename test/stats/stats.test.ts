// The dice tests' pieces: p-values against @stdlib's own tests and tables, counts, bar entry.
import binomialTest from '@stdlib/stats-binomial-test';
import { describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/board.js';
import { binomialTwoSidedP, chiSquareP, normalTwoSidedP } from '../../src/stats/pvalue.js';
import {
  addCounts,
  entersFromBar,
  newCounts,
  openPoints,
  ROLL_DICE,
  ROLL_NAMES,
  rollIndex,
  rollsOf,
} from '../../src/stats/dice.js';
import { pairsTest } from '../../src/stats/sequence.js';
import {
  barEntryTest,
  diceTests,
  doublesTest,
  entryChance,
  facesTest,
  pipsTest,
  rollsTest,
} from '../../src/stats/tests.js';
import { fairDice, simulate, uniformOf } from './simulate.js';

function binomPmf(k: number, n: number, p: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * p ** k * (1 - p) ** (n - k);
}

describe('p-values', () => {
  it('the exact two-sided binomial p equals @stdlib/stats-binomial-test on every count of small and mid n', () => {
    for (const n of [1, 2, 5, 17, 60, 301, 2000])
      for (const p of [1 / 6, 0.5, 0.9])
        for (let x = 0; x <= n; x += Math.max(1, Math.floor(n / 97))) {
          const want = binomialTest(x, n, { p }).pValue;
          expect(binomialTwoSidedP(x, n, p)).toBeCloseTo(want, 12);
        }
  });

  it('keeps the digits of tiny p-values (no 1 - cdf)', () => {
    const p = binomialTwoSidedP(4000, 20000, 1 / 6);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-30);
    expect(chiSquareP(400, 20)).toBeGreaterThan(0);
  });

  it('chi-square and normal tails match the tables', () => {
    expect(chiSquareP(31.4104, 20)).toBeCloseTo(0.05, 5);
    expect(chiSquareP(11.0705, 5)).toBeCloseTo(0.05, 5);
    expect(chiSquareP(15.0863, 5)).toBeCloseTo(0.01, 5);
    expect(chiSquareP(0, 5)).toBe(1);
    expect(normalTwoSidedP(1.959964)).toBeCloseTo(0.05, 6);
    expect(normalTwoSidedP(-2.575829)).toBeCloseTo(0.01, 6);
  });
});

describe('counts', () => {
  it('index the 21 rolls either way round, and nothing else', () => {
    expect(ROLL_NAMES.slice(0, 8)).toEqual(['1-1', '2-2', '3-3', '4-4', '5-5', '6-6', '2-1', '3-1']);
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const k = rollIndex(a, b);
        expect(ROLL_DICE[k]).toEqual([Math.max(a, b), Math.min(a, b)]);
      }
    expect([rollIndex(0, 3), rollIndex(7, 1), rollIndex(1.5, 2), rollIndex(NaN, 1)]).toEqual([-1, -1, -1, -1]);
  });

  it('add', () => {
    const a = newCounts();
    const b = newCounts();
    a.rolls[3] = 2;
    b.rolls[3] = 5;
    b.pairs[440] = 1;
    b.entry[9] = 4;
    addCounts(a, b);
    expect([a.rolls[3], a.pairs[440], a.entry[9], rollsOf(a)]).toEqual([7, 1, 4, 7]);
  });
});

describe('bar entry', () => {
  it("counts the opponent's home points with fewer than two checkers, in the roller's numbering 19-24", () => {
    const pos = startPosition();
    // side 1's home board from the start: 5 on its 6-point, nothing else: five open points for side 0
    expect(openPoints(pos, 0)).toBe(5);
    pos.sides[1].set([0, 2, 2, 1, 0, 3, 5], 0); // side 1 holds its 1, 2, 5, 6 points; a blot on 3
    expect(openPoints(pos, 0)).toBe(2);
    // side 0 enters with a die of 3 or 4 (its 22 and 21 points), nothing else
    expect(entersFromBar(pos, 0, 3, 6)).toBe(true);
    expect(entersFromBar(pos, 0, 1, 4)).toBe(true);
    expect(entersFromBar(pos, 0, 6, 5)).toBe(false);
    expect(entersFromBar(pos, 0, 2, 2)).toBe(false);
  });

  it('expects 1 - ((6 - k)/6)^2 entries, and its combined test counts each k with attempts as one df', () => {
    expect([1, 2, 3, 4, 5].map((k) => entryChance(k) * 36)).toEqual(
      [11, 20, 27, 32, 35].map((x) => expect.closeTo(x, 10)),
    );
    const c = newCounts();
    c.entry[2] = 360; // k = 2: 360 tries, 200 entered: exactly as expected
    c.entry[3] = 200;
    c.entry[8] = 216; // k = 5: 216 tries, 206 entered (210 expected; 6 misses expected: enough for the chi-square)
    c.entry[9] = 206;
    const t = barEntryTest(c);
    expect(t.df).toBe(2);
    expect(t.n).toBe(576);
    expect(t.statistic).toBeCloseTo(16 / (216 * (35 / 36) * (1 / 36)), 10);
    expect(barEntryTest(newCounts()).p).toBeNull();
  });

  it('tests the total of entries exactly when a k expects fewer than 5 misses: no chi-square on an expected count of 0.03', () => {
    const c = newCounts();
    c.entry[2] = 12; // k = 2: 12 tries, 7 entered
    c.entry[3] = 7;
    c.entry[8] = 1; // k = 5: 1 try, not entered (a miss expected 1/36 of the time)
    c.entry[9] = 0;
    const t = barEntryTest(c);
    expect(t.method).toMatch(/^exact/);
    expect(t.statistic).toBe(7);
    // The exact p of 7 entries in 13 against the sum of binomial(12, 20/36) and binomial(1, 35/36)
    const pmf = new Array<number>(14).fill(0);
    for (let a = 0; a <= 12; a++)
      for (let b = 0; b <= 1; b++) pmf[a + b] += binomPmf(a, 12, 20 / 36) * (b === 1 ? 35 / 36 : 1 / 36);
    const want = pmf.filter((q) => q <= pmf[7] * (1 + 1e-7)).reduce((x, y) => x + y, 0);
    expect(t.p).toBeCloseTo(want, 12);
    expect(t.p).toBeGreaterThan(0.3);
  });

  it('past 5,000 rolls from the bar, a k with fewer than 5 expected is left out of the chi-square rather than convolved', () => {
    const c = newCounts();
    c.entry[2] = 6000; // k = 2: 6,000 tries, 3,333 entered
    c.entry[3] = 3333;
    c.entry[8] = 10; // k = 5: 10 tries (0.28 misses expected)
    c.entry[9] = 10;
    const t = barEntryTest(c);
    expect(t.method).toMatch(/^chi-square/);
    expect([t.df, t.n]).toEqual([1, 6000]);
    expect(t.note).toContain('1 k with fewer than 5 expected left out');
  });
});

describe('tests on hand-made counts', () => {
  it('give the statistics by their formulas', () => {
    const c = newCounts();
    for (let k = 0; k < 21; k++) c.rolls[k] = k < 6 ? 10 : 20; // exactly fair: 360 rolls
    expect(doublesTest(c).statistic).toBe(60);
    expect(doublesTest(c).p).toBe(1);
    expect(rollsTest(c).statistic).toBe(0);
    expect(rollsTest(c).df).toBe(20);
    expect(facesTest(c).observed).toEqual([120, 120, 120, 120, 120, 120]);
    expect(facesTest(c).df).toBe(5);
    expect(pipsTest(c).statistic).toBeCloseTo(0, 12);
    expect(pipsTest(c).expected[0]).toBeCloseTo(49 / 6, 12);
    c.rolls[5] += 10; // ten more 6-6
    expect(pipsTest(c).statistic).toBeGreaterThan(0);
  });

  it('with no rolls, test nothing', () => {
    for (const t of diceTests(newCounts())) expect([t.name, t.p]).toEqual([t.name, null]);
  });
});

describe('sequence pooling', () => {
  const pooledAt = (rolls: number) => {
    const c = simulate(fairDice(3), { rolls, gameLength: rolls, barShare: 0 }, uniformOf(3));
    return pairsTest(c.pairs);
  };
  it('tests the 21 x 21 table from 6,480 pairs, 16 classes from 1,620, 6 from 180; below, nothing', () => {
    expect(pooledAt(13_100).df).toBe(400);
    expect(pooledAt(13_100).minExpected).toBeGreaterThan(3);
    expect(pooledAt(4_000).df).toBe(225);
    expect(pooledAt(4_000).note).toContain('the six doubles as one class');
    expect(pooledAt(1_000).df).toBe(25);
    expect(pooledAt(150).p).toBeNull();
  });

  it('finds a dependence: a player who rolls what they rolled before a third of the time', () => {
    const c = newCounts();
    const dice = fairDice(11);
    const u = uniformOf(12);
    let prev = -1;
    for (let i = 0; i < 20_000; i++) {
      const r = dice();
      const k = prev >= 0 && u() < 1 / 3 ? prev : rollIndex(Math.floor(r / 6) + 1, (r % 6) + 1);
      if (prev >= 0) c.pairs[21 * prev + k]++;
      prev = k;
    }
    expect(pairsTest(c.pairs).p).toBeLessThan(1e-10);
  });
});

describe('pooled sequence tables keep their size with fair dice', () => {
  it.each([
    [3_000, 225],
    [400, 25],
  ])('1,000 archives of %i rolls (df %i): rejected at 0.01 in 0.2% to 2%', (rolls, df) => {
    const dice = fairDice(21);
    const u = uniformOf(22);
    let rejected = 0;
    for (let a = 0; a < 1000; a++) {
      const t = pairsTest(simulate(dice, { rolls, gameLength: 60, barShare: 0 }, u).pairs);
      expect(t.df).toBe(df);
      if ((t.p ?? 1) < 0.01) rejected++;
    }
    console.log(`sequence, ${rolls} rolls (df ${df}): ${rejected} of 1,000 rejected at 0.01`);
    expect(rejected).toBeGreaterThanOrEqual(2);
    expect(rejected).toBeLessThanOrEqual(20);
  });
});
