// The dice tests of one group's counts. Pure: counts in, test results out.
import { type DiceCounts, ENTRY_K, ROLL_DICE, ROLL_NAMES, ROLL_P, ROLLS } from './dice.js';
import { binomialTwoSidedP, chiSquareP, normalTwoSidedP } from './pvalue.js';
import { pairsTest } from './sequence.js';

export type TestName = 'doubles' | 'rolls' | 'faces' | 'pips' | 'bar-entry' | 'sequence' | 'opening';

export interface DiceTest {
  name: TestName;
  /** The test made, in words: 'exact two-sided binomial', 'chi-square goodness of fit' … */
  method: string;
  /** The test's statistic (chi-square, z, or the count for the binomial test); null with no data. */
  statistic: number | null;
  df: number | null;
  /** null: nothing to test (no rolls of that kind). */
  p: number | null;
  /** Observations the test is made on (rolls, dice, bar entries, pairs of rolls). */
  n: number;
  /** What each observed and expected count is. */
  labels: string[];
  observed: number[];
  expected: number[];
  /** The smallest expected count of the cells the test was made on (below 5 the approximation is poor). */
  minExpected: number;
  /** How the test was made when it is not plain (pooled cells, the k tested). */
  note?: string;
}

function total(a: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += a[i];
  return n;
}

/** Pearson's chi-square of `observed` against chances `p` (summing to 1), df = cells - 1. */
function goodnessOfFit(
  name: TestName,
  labels: string[],
  observed: number[],
  p: readonly number[],
  n = total(observed),
): DiceTest {
  const expected = p.map((q) => n * q);
  let x = 0;
  for (let i = 0; i < observed.length; i++) x += (observed[i] - expected[i]) ** 2 / expected[i];
  const df = observed.length - 1;
  const tested = n > 0;
  return {
    name,
    method: 'chi-square goodness of fit',
    statistic: tested ? x : null,
    df: tested ? df : null,
    p: tested ? chiSquareP(x, df) : null,
    n,
    labels,
    observed,
    expected,
    minExpected: Math.min(...expected),
  };
}

export function doublesTest(c: DiceCounts): DiceTest {
  const n = total(c.rolls);
  let x = 0;
  for (let k = 0; k < 6; k++) x += c.rolls[k];
  return {
    name: 'doubles',
    method: 'exact two-sided binomial',
    statistic: n > 0 ? x : null,
    df: null,
    p: n > 0 ? binomialTwoSidedP(x, n, 1 / 6) : null,
    n,
    labels: ['doubles', 'other rolls'],
    observed: [x, n - x],
    expected: [n / 6, (5 * n) / 6],
    minExpected: n / 6,
  };
}

export function rollsTest(c: DiceCounts): DiceTest {
  return goodnessOfFit('rolls', [...ROLL_NAMES], [...c.rolls], ROLL_P);
}

/** Each die's face, two dice a roll (a double's two dice both count). */
export function facesTest(c: DiceCounts): DiceTest {
  const faces = [0, 0, 0, 0, 0, 0];
  ROLL_DICE.forEach(([a, b], k) => {
    faces[a - 1] += c.rolls[k];
    faces[b - 1] += c.rolls[k];
  });
  return goodnessOfFit(
    'faces',
    ['1', '2', '3', '4', '5', '6'],
    faces,
    [1, 1, 1, 1, 1, 1].map((x) => x / 6),
  );
}

/** Pips a roll moves: the two dice, four times the die for a double. */
function pipsOf(k: number): number {
  const [a, b] = ROLL_DICE[k];
  return a === b ? 4 * a : a + b;
}

/** Fair dice: the mean pips a roll (49/6 = 8.1667) and their variance. */
const PIPS_MEAN = ROLL_P.reduce((s, p, k) => s + p * pipsOf(k), 0);
const PIPS_VARIANCE = ROLL_P.reduce((s, p, k) => s + p * (pipsOf(k) - PIPS_MEAN) ** 2, 0);

/** The mean pips a roll against fair dice's: z on the known variance, two-sided. */
export function pipsTest(c: DiceCounts): DiceTest {
  const n = total(c.rolls);
  let sum = 0;
  for (let k = 0; k < ROLLS; k++) sum += c.rolls[k] * pipsOf(k);
  const z = n > 0 ? (sum / n - PIPS_MEAN) / Math.sqrt(PIPS_VARIANCE / n) : null;
  return {
    name: 'pips',
    method: 'z test of the mean',
    statistic: z,
    df: null,
    p: z === null ? null : normalTwoSidedP(z),
    n,
    labels: ['mean pips a roll'],
    observed: [n > 0 ? sum / n : 0],
    expected: [PIPS_MEAN],
    minExpected: n,
  };
}

/** The chance that a roll enters a checker against k open points. */
export function entryChance(k: number): number {
  return 1 - ((6 - k) / 6) ** 2;
}

/**
 * Entering from the bar, by the k points open (1..5): one binomial per k, combined by Pearson's
 * chi-square over every k with attempts (the sum of their squared z), df = those k. Two-sided
 * at each k: entries too easy or too hard at any k raise it.
 */
export function barEntryTest(c: DiceCounts): DiceTest {
  const labels: string[] = [];
  const observed: number[] = [];
  const expected: number[] = [];
  let x = 0;
  let df = 0;
  let n = 0;
  let minExpected = Infinity;
  for (let k = 1; k <= ENTRY_K; k++) {
    const tries = c.entry[2 * (k - 1)];
    const entered = c.entry[2 * (k - 1) + 1];
    const p = entryChance(k);
    labels.push(`${k} open: entered`, `${k} open: not entered`);
    observed.push(entered, tries - entered);
    expected.push(tries * p, tries * (1 - p));
    if (tries === 0) continue;
    n += tries;
    df++;
    x += (entered - tries * p) ** 2 / (tries * p * (1 - p));
    minExpected = Math.min(minExpected, tries * p, tries * (1 - p));
  }
  return {
    name: 'bar-entry',
    method: 'chi-square over k open points (sum of squared binomial z)',
    statistic: df > 0 ? x : null,
    df: df > 0 ? df : null,
    p: df > 0 ? chiSquareP(x, df) : null,
    n,
    labels,
    observed,
    expected,
    minExpected: df > 0 ? minExpected : 0,
    note: 'rolls with checkers on the bar against 1 to 5 open points; a roll enters when either die shows an open point',
  };
}

/** Openings are re-rolled until they are not doubles: the 15 other rolls at 1/15 each; doubles counted apart. */
function openingTest(c: DiceCounts): DiceTest {
  const labels = ROLL_NAMES.slice(6);
  const observed = [...c.opening].slice(6);
  const t = goodnessOfFit(
    'opening',
    labels,
    observed,
    labels.map(() => 1 / 15),
  );
  const doubles = total(c.opening.subarray(0, 6));
  return {
    ...t,
    labels: [...labels, 'doubles'],
    observed: [...observed, doubles],
    expected: [...t.expected, 0],
    note: `each game's first roll, tested apart (the rules re-roll doubles)${doubles > 0 ? `; ${doubles} opening double${doubles === 1 ? '' : 's'} not tested` : ''}`,
  };
}

/** Every test of a group, in the order reports give them. */
export function diceTests(c: DiceCounts): DiceTest[] {
  return [doublesTest(c), rollsTest(c), facesTest(c), pipsTest(c), barEntryTest(c), pairsTest(c.pairs), openingTest(c)];
}
