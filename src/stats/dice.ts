// Dice counts: what the dice audit keeps of the rolls of a group (a run, a player, a site, a
// file). Small fixed-size arrays that add, so that each worker counts its files and the main
// thread adds the counts up. Pure.
import { type Position, other } from '../engine/board.js';
import type { Side } from '../core/model.js';
import { byteAt, itemAt } from '../core/at.js';

/** The 21 distinct rolls. */
export const ROLLS = 21;
/** Open points k = 1..5 of the opponent's home board: the bar entries tested. */
export const ENTRY_K = 5;

/** The rolls in the order of every table: the six doubles, then 2-1, 3-1, 3-2, 4-1 … 6-5. */
export const ROLL_DICE: readonly (readonly [number, number])[] = (() => {
  const rolls: [number, number][] = [];
  for (let d = 1; d <= 6; d++) rolls.push([d, d]);
  for (let hi = 2; hi <= 6; hi++) for (let lo = 1; lo < hi; lo++) rolls.push([hi, lo]);
  return rolls;
})();

/** A roll's name as records write it, the higher die first: `6-6`, `2-1`. */
export const ROLL_NAMES: readonly string[] = ROLL_DICE.map(([a, b]) => `${a}-${b}`);

/** Each roll's chance: 1/36 a double, 2/36 any other. */
export const ROLL_P: readonly number[] = ROLL_DICE.map(([a, b]) => (a === b ? 1 / 36 : 2 / 36));

/** Index of a roll of two dice (either order) in ROLL_DICE: `ROLL_INDEX[6 * (a - 1) + (b - 1)]`. */
const ROLL_INDEX: Int8Array = (() => {
  const t = new Int8Array(36);
  ROLL_DICE.forEach(([a, b], k) => {
    t[6 * (a - 1) + (b - 1)] = k;
    t[6 * (b - 1) + (a - 1)] = k;
  });
  return t;
})();

/** The index of the roll `a`-`b` (dice 1 to 6, either order); -1 for a die that is not 1 to 6. */
export function rollIndex(a: number, b: number): number {
  if (!(a >= 1 && a <= 6 && b >= 1 && b <= 6 && Number.isInteger(a) && Number.isInteger(b))) return -1;
  return itemAt(ROLL_INDEX, 6 * (a - 1) + (b - 1));
}

/** What one group's rolls come to. Float64Array: counts past 2^32 stay exact. */
export interface DiceCounts {
  /** Rolls played, by roll (ROLL_DICE order), each game's opening roll aside. */
  rolls: Float64Array;
  /** Each game's opening roll, by roll. */
  opening: Float64Array;
  /** Rolls made with checkers on the bar: `[2(k-1)]` attempts and `[2(k-1)+1]` entries with k points open (1..5). */
  entry: Float64Array;
  /** Consecutive rolls of one player within a game (openings aside): `[21 * previous + next]`. */
  pairs: Float64Array;
}

export function newCounts(): DiceCounts {
  return {
    rolls: new Float64Array(ROLLS),
    opening: new Float64Array(ROLLS),
    entry: new Float64Array(2 * ENTRY_K),
    pairs: new Float64Array(ROLLS * ROLLS),
  };
}

/** Adds `from` into `into`. */
export function addCounts(into: DiceCounts, from: DiceCounts): void {
  for (const key of PARTS) {
    const a = into[key];
    const b = from[key];
    for (let i = 0; i < a.length; i++) a[i] = itemAt(a, i) + itemAt(b, i);
  }
}

/** Counts as the results cache keeps them: the few that are not 0, by their place in the four arrays one after another. */
export interface SparseCounts {
  at: Uint16Array;
  n: Uint32Array;
}

const PARTS = ['rolls', 'opening', 'entry', 'pairs'] as const;

export function toSparse(c: DiceCounts): SparseCounts {
  const at: number[] = [];
  const n: number[] = [];
  let base = 0;
  for (const part of PARTS) {
    c[part].forEach((x, i) => {
      if (x === 0) return;
      at.push(base + i);
      n.push(x);
    });
    base += c[part].length;
  }
  return { at: Uint16Array.from(at), n: Uint32Array.from(n) };
}

export function fromSparse(s: SparseCounts): DiceCounts {
  const c = newCounts();
  s.at.forEach((at, k) => {
    let i = at;
    for (const part of PARTS) {
      if (i < c[part].length) {
        c[part][i] = itemAt(s.n, k);
        return;
      }
      i -= c[part].length;
    }
  });
  return c;
}

/** Rolls counted (openings aside). */
export function rollsOf(c: DiceCounts): number {
  let n = 0;
  for (const x of c.rolls) n += x;
  return n;
}

/**
 * The points open to a checker of `side` entering from the bar: of the opponent's home board
 * (its points 1-6, `side`'s 24-19), those where the opponent has fewer than two checkers.
 */
export function openPoints(pos: Position, side: Side): number {
  const opponent = pos.sides[other(side)];
  let open = 0;
  for (let p = 1; p <= 6; p++) if (byteAt(opponent, p) < 2) open++;
  return open;
}

/**
 * Whether a roll enters a checker from the bar: a die of d enters on the opponent's point d
 * (`side`'s 25 - d) when it is open.
 */
export function entersFromBar(pos: Position, side: Side, a: number, b: number): boolean {
  const opponent = pos.sides[other(side)];
  return byteAt(opponent, a) < 2 || byteAt(opponent, b) < 2;
}
