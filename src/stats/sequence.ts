// Whether a player's next roll depends on the one before: the 21 × 21 contingency table of
// consecutive rolls, Pearson's chi-square of independence, with sparse cells pooled.
import { ROLL_NAMES, ROLLS } from './dice.js';
import { chiSquareP } from './pvalue.js';
import type { DiceTest } from './dice-test.js';
import { itemAt } from '../core/at.js';

/** A pooling of the 21 rolls into classes: each roll's class, and the classes' names. */
interface Pooling {
  name: string;
  classOf: number[];
  names: string[];
  /** The smallest chance of a class with fair dice. */
  minP: number;
}

const DOUBLES = 6;

/** Non-doubles in five fixed groups of three (in table order: 2-1 3-1 3-2 | 4-1 4-2 4-3 | …). */
const POOLINGS: Pooling[] = [
  { name: 'none', classOf: ROLL_NAMES.map((_, k) => k), names: [...ROLL_NAMES], minP: 1 / 36 },
  {
    name: 'the six doubles as one class',
    classOf: ROLL_NAMES.map((_, k) => (k < DOUBLES ? 0 : k - DOUBLES + 1)),
    names: ['doubles', ...ROLL_NAMES.slice(DOUBLES)],
    minP: 2 / 36,
  },
  {
    name: 'six classes: the doubles, and the other rolls in fixed threes',
    classOf: ROLL_NAMES.map((_, k) => (k < DOUBLES ? 0 : 1 + Math.floor((k - DOUBLES) / 3))),
    names: ['doubles', ...[0, 1, 2, 3, 4].map((g) => ROLL_NAMES.slice(DOUBLES + 3 * g, DOUBLES + 3 * g + 3).join(' '))],
    minP: 1 / 6,
  },
];

/** A cell's expected count with fair dice must reach this for the table to be tested unpooled. */
const MIN_EXPECTED = 5;

/**
 * The finest pooling whose every cell expects at least 5 pairs with fair dice (N·p·q ≥ 5 for the
 * two rarest classes), chosen from the number of pairs alone, never from what was observed:
 * 21 rolls from 6,480 pairs, 16 classes from 1,620, 6 from 180; below that, no test.
 */
function poolingFor(n: number): Pooling | null {
  for (const pooling of POOLINGS) if (n * pooling.minP ** 2 >= MIN_EXPECTED) return pooling;
  return null;
}

function pooled(pairs: ArrayLike<number>, pooling: Pooling): number[][] {
  const size = pooling.names.length;
  const table = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (let a = 0; a < ROLLS; a++) {
    const row = itemAt(table, itemAt(pooling.classOf, a));
    for (let b = 0; b < ROLLS; b++) {
      const column = itemAt(pooling.classOf, b);
      row[column] = itemAt(row, column) + itemAt(pairs, ROLLS * a + b);
    }
  }
  return table;
}

interface Independence {
  x: number;
  df: number;
  observed: number[];
  expected: number[];
  labels: string[];
  minExpected: number;
}

/** Pearson's chi-square of independence over the rows and columns that hold pairs. */
function independence(table: number[][], names: string[]): Independence {
  const rows = table.map((r) => r.reduce((s, v) => s + v, 0));
  const cols = itemAt(table, 0).map((_, j) => table.reduce((s, r) => s + itemAt(r, j), 0));
  const n = rows.reduce((s, v) => s + v, 0);
  const r = rows.map((v, i) => (v > 0 ? i : -1)).filter((i) => i >= 0);
  const c = cols.map((v, j) => (v > 0 ? j : -1)).filter((j) => j >= 0);
  const out: Independence = {
    x: 0,
    df: (r.length - 1) * (c.length - 1),
    observed: [],
    expected: [],
    labels: [],
    minExpected: Infinity,
  };
  for (const i of r)
    for (const j of c) {
      const e = (itemAt(rows, i) * itemAt(cols, j)) / n;
      out.x += (itemAt(itemAt(table, i), j) - e) ** 2 / e;
      out.observed.push(itemAt(itemAt(table, i), j));
      out.expected.push(e);
      out.labels.push(`${names[i]} then ${names[j]}`);
      out.minExpected = Math.min(out.minExpected, e);
    }
  return out;
}

export function pairsTest(pairs: ArrayLike<number>): DiceTest {
  let n = 0;
  for (let i = 0; i < pairs.length; i++) n += itemAt(pairs, i);
  const pooling = poolingFor(n);
  const base = { name: 'sequence' as const, method: 'chi-square of independence, previous roll × next roll', n };
  if (pooling === null) {
    const note = `${n} pairs of consecutive rolls: too few to test (180 at least, for 5 expected in each of the 6 × 6 pooled cells)`;
    return {
      ...base,
      statistic: null,
      df: null,
      p: null,
      labels: [],
      observed: [],
      expected: [],
      minExpected: 0,
      minP: 1,
      note,
    };
  }
  const t = independence(pooled(pairs, pooling), pooling.names);
  const tested = t.df > 0;
  return {
    ...base,
    statistic: tested ? t.x : null,
    df: tested ? t.df : null,
    p: tested ? chiSquareP(t.x, t.df) : null,
    labels: t.labels,
    observed: t.observed,
    expected: t.expected,
    minExpected: tested ? t.minExpected : 0,
    // A table of r × c cells holds a chi-square of independence of at most n (min(r, c) − 1).
    minP: tested ? chiSquareP(n * (pooling.names.length - 1), t.df) : 1,
    note: `consecutive rolls of one player in a game; pooling: ${pooling.name} (chosen from the ${n} pairs, so that fair dice expect 5 or more in every cell)`,
  };
}
