// The dice tests of one group's counts. Pure: counts in, test results out.
import { type DiceCounts, ENTRY_K, ROLL_DICE, ROLL_NAMES, ROLL_P, ROLLS } from './dice.js';
import {
  PmfSums,
  binomialTwoSidedP,
  chiSquareP,
  normalTwoSidedP,
  poissonBinomialTwoSidedPs,
  sumTwoSidedP,
} from './pvalue.js';
import { pairsTest } from './sequence.js';
import type { DiceTest, TestName } from './dice-test.js';
import { itemAt } from '../core/at.js';

export type { DiceTest, TestName } from './dice-test.js';

/** The level of the whole run: a test whose smallest possible p is above it is not made. */
export const RUN_ALPHA = 0.05;

/** A chi-square cell must expect at least this many with fair dice for the test to be made. */
const MIN_EXPECTED = 5;

function total(a: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += itemAt(a, i);
  return n;
}

/** A test that is not made: why, in words, with what it had. */
function notMade(
  name: TestName,
  method: string,
  n: number,
  note: string,
  cells: { labels: string[]; observed: number[]; expected: number[] },
): DiceTest {
  return { name, method, statistic: null, df: null, p: null, n, ...cells, minExpected: 0, minP: 1, note };
}

/** `12 rolls`, `1 roll`. */
function count(n: number, what: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? what.replace(/s$/, '') : what}`;
}

/** A pooling of cells into classes, chosen from the number of observations alone, never from what was observed. */
interface Pooling {
  name: string;
  /** Each cell's class. */
  classOf: readonly number[];
  names: string[];
}

/**
 * Pearson's chi-square of `observed` against chances `p` (summing to 1), df = cells - 1, pooled
 * by the finest of `poolings` whose every class expects MIN_EXPECTED with fair dice. With none
 * (too few observations), the test is not made: the chi-square's p would mean nothing there, and
 * the exact tests (doubles, pips) speak for small counts.
 */
function goodnessOfFit(
  name: TestName,
  labels: string[],
  observed: number[],
  p: readonly number[],
  poolings: readonly Pooling[],
  what = 'rolls',
): DiceTest {
  const n = total(observed);
  const method = 'chi-square goodness of fit';
  const cells = { labels, observed, expected: p.map((q) => n * q) };
  const classP = (pool: Pooling) => {
    const out = new Array<number>(pool.names.length).fill(0);
    p.forEach((q, i) => {
      const c = itemAt(pool.classOf, i);
      out[c] = itemAt(out, c) + q;
    });
    return out;
  };
  const pooling = poolings.find((pool) => n * Math.min(...classP(pool)) >= MIN_EXPECTED);
  if (pooling === undefined) {
    const last = itemAt(poolings, poolings.length - 1);
    const least = Math.ceil(MIN_EXPECTED / Math.min(...classP(last)));
    return notMade(
      name,
      method,
      n,
      n === 0
        ? `no ${what}`
        : `${count(n, what)}: too few to test (${least.toLocaleString('en-US')} at least, for ${MIN_EXPECTED} expected in each cell)`,
      cells,
    );
  }
  const q = classP(pooling);
  const o = new Array<number>(q.length).fill(0);
  observed.forEach((x, i) => (o[itemAt(pooling.classOf, i)] = itemAt(o, itemAt(pooling.classOf, i)) + x));
  const e = q.map((x) => n * x);
  let x = 0;
  for (let i = 0; i < o.length; i++) x += (itemAt(o, i) - itemAt(e, i)) ** 2 / itemAt(e, i);
  const df = o.length - 1;
  const pooled = pooling.names.length !== labels.length;
  return {
    name,
    method,
    statistic: x,
    df,
    p: chiSquareP(x, df),
    n,
    ...(pooled ? { labels: pooling.names, observed: o, expected: e } : cells),
    minExpected: Math.min(...e),
    // Every observation in the rarest class: the largest statistic these many can give.
    minP: chiSquareP(n * (1 / Math.min(...q) - 1), df),
    ...(pooled
      ? {
          note: `pooled: ${pooling.name} (chosen from the ${count(n, what)}, so that fair dice expect ${MIN_EXPECTED} or more in every cell)`,
        }
      : {}),
  };
}

const identity = (cells: number): Pooling => ({
  name: 'none',
  classOf: Array.from({ length: cells }, (_, i) => i),
  names: [],
});

export function doublesTest(c: DiceCounts): DiceTest {
  const n = total(c.rolls);
  let x = 0;
  for (let k = 0; k < 6; k++) x += itemAt(c.rolls, k);
  const method = 'exact two-sided binomial';
  const cells = { labels: ['doubles', 'other rolls'], observed: [x, n - x], expected: [n / 6, (5 * n) / 6] };
  // The least likely count is all doubles (6^-n, below none's (5/6)^n): its p is the smallest.
  const minP = n > 0 ? binomialTwoSidedP(n, n, 1 / 6) : 1;
  if (minP > RUN_ALPHA) return notMade('doubles', method, n, tooFew(n, 'rolls', minP), cells);
  return {
    name: 'doubles',
    method,
    statistic: x,
    df: null,
    p: binomialTwoSidedP(x, n, 1 / 6),
    n,
    ...cells,
    minExpected: n / 6,
    minP,
  };
}

/** Why an exact test is not made: even the most extreme result could not reach the run's level. */
function tooFew(n: number, what: string, minP: number): string {
  return n === 0
    ? `no ${what}`
    : `${count(n, what)}: too few to test (even the most extreme result would give p = ${Number(minP.toPrecision(2))}, above ${RUN_ALPHA})`;
}

/** The 21 rolls, or pooled: the doubles as one class, or six classes of 1/6 each (the doubles, and the others in threes). */
const ROLL_POOLINGS: Pooling[] = [
  { ...identity(ROLLS), names: [...ROLL_NAMES] },
  {
    name: 'the six doubles as one class',
    classOf: ROLL_NAMES.map((_, k) => (k < 6 ? 0 : k - 5)),
    names: ['doubles', ...ROLL_NAMES.slice(6)],
  },
  {
    name: 'six classes: the doubles, and the other rolls in fixed threes',
    classOf: ROLL_NAMES.map((_, k) => (k < 6 ? 0 : 1 + Math.floor((k - 6) / 3))),
    names: ['doubles', ...[0, 1, 2, 3, 4].map((g) => ROLL_NAMES.slice(6 + 3 * g, 9 + 3 * g).join(' '))],
  },
];

export function rollsTest(c: DiceCounts): DiceTest {
  return goodnessOfFit('rolls', [...ROLL_NAMES], [...c.rolls], ROLL_P, ROLL_POOLINGS);
}

/** Each die's face, two dice a roll (a double's two dice both count). */
export function facesTest(c: DiceCounts): DiceTest {
  const faces = [0, 0, 0, 0, 0, 0];
  ROLL_DICE.forEach(([a, b], k) => {
    faces[a - 1] = itemAt(faces, a - 1) + itemAt(c.rolls, k);
    faces[b - 1] = itemAt(faces, b - 1) + itemAt(c.rolls, k);
  });
  const names = ['1', '2', '3', '4', '5', '6'];
  return goodnessOfFit(
    'faces',
    names,
    faces,
    [1, 1, 1, 1, 1, 1].map((x) => x / 6),
    [{ ...identity(6), names }],
    'dice',
  );
}

/** Pips a roll moves: the two dice, four times the die for a double. */
function pipsOf(k: number): number {
  const [a, b] = itemAt(ROLL_DICE, k);
  return a === b ? 4 * a : a + b;
}

/** Fair dice: the mean pips a roll (49/6 = 8.1667) and their variance. */
const PIPS_MEAN = ROLL_P.reduce((s, p, k) => s + p * pipsOf(k), 0);
const PIPS_VARIANCE = ROLL_P.reduce((s, p, k) => s + p * (pipsOf(k) - PIPS_MEAN) ** 2, 0);
/** One roll's pips with fair dice: the chance of each count of pips 0..24. */
const PIPS_PMF: readonly number[] = (() => {
  const pmf = new Array<number>(25).fill(0);
  ROLL_P.forEach((p, k) => (pmf[pipsOf(k)] = itemAt(pmf, pipsOf(k)) + p));
  return pmf;
})();

/** The sums of the pips of n rolls, made as a test needs them: a caller that tests many groups keeps one for all. */
export function pipsSums(): PmfSums {
  return new PmfSums(PIPS_PMF);
}

/**
 * Below this many rolls the pips are tested exactly (the distribution of their sum, by
 * convolution); from it on, by the normal approximation, which the doubles' long right tail
 * makes poor in the far tail of a short sample.
 */
const PIPS_EXACT_BELOW = 400;

/** The mean pips a roll against fair dice's: exact for short samples, z on the known variance for long ones; two-sided. */
export function pipsTest(c: DiceCounts, sums: PmfSums = pipsSums()): DiceTest {
  const n = total(c.rolls);
  let sum = 0;
  for (let k = 0; k < ROLLS; k++) sum += itemAt(c.rolls, k) * pipsOf(k);
  const cells = { labels: ['mean pips a roll'], observed: [n > 0 ? sum / n : 0], expected: [PIPS_MEAN] };
  const z = n > 0 ? (sum / n - PIPS_MEAN) / Math.sqrt(PIPS_VARIANCE / n) : 0;
  if (n < PIPS_EXACT_BELOW) {
    const method = 'exact two-sided test of the total pips';
    // Every roll 6-6 (1/36): the least likely total.
    const minP = n > 0 ? Math.min(1, 2 * (1 / 36) ** n) : 1;
    if (minP > RUN_ALPHA) return notMade('pips', method, n, tooFew(n, 'rolls', minP), cells);
    return {
      name: 'pips',
      method,
      statistic: z,
      df: null,
      p: sumTwoSidedP(sum, n, sums),
      n,
      ...cells,
      minExpected: n,
      minP,
    };
  }
  return {
    name: 'pips',
    method: 'z test of the mean',
    statistic: z,
    df: null,
    p: normalTwoSidedP(z),
    n,
    ...cells,
    minExpected: n,
    minP: normalTwoSidedP((24 - PIPS_MEAN) / Math.sqrt(PIPS_VARIANCE / n)),
  };
}

/** The chance that a roll enters a checker against k open points. */
export function entryChance(k: number): number {
  return 1 - ((6 - k) / 6) ** 2;
}

/** Past this many rolls from the bar with a sparse k, the exact test's convolution is not made: the sparse k are left out. */
const ENTRY_EXACT_MAX = 5_000;

/**
 * Entering from the bar, by the k points open (1..5). When every k with attempts expects 5
 * entries and 5 misses: one binomial per k, combined by Pearson's chi-square (the sum of their
 * squared z, df = those k), two-sided at each k. Otherwise the chi-square would mean nothing (a
 * k = 5 miss is expected 1/36 of the time): the total of entries is tested exactly against the
 * sum of the k's binomials, two-sided.
 */
export function barEntryTest(c: DiceCounts): DiceTest {
  const labels: string[] = [];
  const observed: number[] = [];
  const expected: number[] = [];
  const tries: number[] = [];
  const entered: number[] = [];
  const chances: number[] = [];
  let n = 0;
  for (let k = 1; k <= ENTRY_K; k++) {
    const t = itemAt(c.entry, 2 * (k - 1));
    const e = itemAt(c.entry, 2 * (k - 1) + 1);
    const p = entryChance(k);
    labels.push(`${k} open: entered`, `${k} open: not entered`);
    observed.push(e, t - e);
    expected.push(t * p, t * (1 - p));
    n += t;
    tries.push(t);
    entered.push(e);
    chances.push(p);
  }
  const cells = { labels, observed, expected };
  const what = 'rolls from the bar against 1 to 5 open points; a roll enters when either die shows an open point';
  const valid = (k: number) => itemAt(tries, k) * Math.min(itemAt(chances, k), 1 - itemAt(chances, k)) >= MIN_EXPECTED;
  const used = [0, 1, 2, 3, 4].filter((k) => itemAt(tries, k) > 0);
  const sparse = used.filter((k) => !valid(k));
  if (sparse.length > 0 && n <= ENTRY_EXACT_MAX) {
    const method = "exact two-sided test of the entries, against the sum of each k's binomial";
    const ts = used.map((k) => itemAt(tries, k));
    const ps = used.map((k) => itemAt(chances, k));
    const x = used.reduce((s, k) => s + itemAt(entered, k), 0);
    // The least likely totals are the extremes: none entered, or all.
    const [p, none, every] = poissonBinomialTwoSidedPs([x, 0, total(ts)], ts, ps);
    const minP = Math.min(none, every);
    if (minP > RUN_ALPHA) return notMade('bar-entry', method, n, tooFew(n, 'rolls from the bar', minP), cells);
    return {
      name: 'bar-entry',
      method,
      statistic: x,
      df: null,
      p,
      n,
      ...cells,
      minExpected: Math.min(...ps.flatMap((q, i) => [itemAt(ts, i) * q, itemAt(ts, i) * (1 - q)])),
      minP,
      note: `${what}; exact, as a k expects fewer than ${MIN_EXPECTED} entries or misses`,
    };
  }
  const tested = used.filter(valid);
  const method = 'chi-square over k open points (sum of squared binomial z)';
  if (tested.length === 0)
    return notMade(
      'bar-entry',
      method,
      n,
      n === 0 ? 'no rolls from the bar' : `${count(n, 'rolls from the bar')}: too few to test`,
      cells,
    );
  let x = 0;
  let minExpected = Infinity;
  let most = 0;
  for (const k of tested) {
    const [t, e, p] = [itemAt(tries, k), itemAt(entered, k), itemAt(chances, k)];
    x += (e - t * p) ** 2 / (t * p * (1 - p));
    minExpected = Math.min(minExpected, t * p, t * (1 - p));
    most += t * Math.max(p / (1 - p), (1 - p) / p);
  }
  const df = tested.length;
  const left = used.length - tested.length;
  return {
    name: 'bar-entry',
    method,
    statistic: x,
    df,
    p: chiSquareP(x, df),
    n: tested.reduce((s, k) => s + itemAt(tries, k), 0),
    ...cells,
    minExpected,
    minP: chiSquareP(most, df),
    note: `${what}${left > 0 ? `; ${left} k with fewer than ${MIN_EXPECTED} expected left out` : ''}`,
  };
}

/** Openings are re-rolled until they are not doubles: the 15 other rolls at 1/15 each; doubles counted apart. */
function openingTest(c: DiceCounts): DiceTest {
  const labels = ROLL_NAMES.slice(6);
  const observed = [...c.opening].slice(6);
  const threes: Pooling = {
    name: 'five classes, the rolls in fixed threes',
    classOf: labels.map((_, k) => Math.floor(k / 3)),
    names: [0, 1, 2, 3, 4].map((g) => labels.slice(3 * g, 3 * g + 3).join(' ')),
  };
  const t = goodnessOfFit(
    'opening',
    labels,
    observed,
    labels.map(() => 1 / 15),
    [{ ...identity(15), names: labels }, threes],
    'openings',
  );
  const doubles = total(c.opening.subarray(0, 6));
  const pooled = t.labels.length !== labels.length;
  return {
    ...t,
    ...(pooled
      ? {}
      : { labels: [...labels, 'doubles'], observed: [...observed, doubles], expected: [...t.expected, 0] }),
    note: `each game's first roll, tested apart (the rules re-roll doubles)${t.note ? `; ${t.note}` : ''}${doubles > 0 ? `; ${doubles} opening double${doubles === 1 ? '' : 's'} not tested` : ''}`,
  };
}

/** Every test of a group, in the order reports give them. */
export function diceTests(c: DiceCounts, sums: PmfSums = pipsSums()): DiceTest[] {
  return [
    doublesTest(c),
    rollsTest(c),
    facesTest(c),
    pipsTest(c, sums),
    barEntryTest(c),
    pairsTest(c.pairs),
    openingTest(c),
  ];
}
