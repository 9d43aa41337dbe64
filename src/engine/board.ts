// A backgammon position: for each side, 26 counts in that side's own numbering, as records
// write moves: index 0 = borne off, 1..24 = points (home board 1-6), 25 = the bar.
// A side's point p is the other side's point 25 - p.
import type { Side, Variant } from '../core/model.js';

export const OFF = 0;
export const BAR = 25;

export interface Position {
  sides: [Uint8Array, Uint8Array];
}

/** Checkers on the start position of each variant: [point, count] in a side's own numbering. */
const START: Record<Variant, [number, number][]> = {
  backgammon: [
    [24, 2],
    [13, 5],
    [8, 3],
    [6, 5],
  ],
  nackgammon: [
    [24, 2],
    [23, 2],
    [13, 4],
    [8, 3],
    [6, 4],
  ],
  hypergammon1: [[24, 1]],
  hypergammon2: [
    [24, 1],
    [23, 1],
  ],
  hypergammon3: [
    [24, 1],
    [23, 1],
    [22, 1],
  ],
};

export function checkersPerSide(variant: Variant): number {
  return START[variant].reduce((n, [, c]) => n + c, 0);
}

/**
 * The side of a set-up (each side's counts, index 1-24 its points and 25 its bar) that has more
 * checkers on the board than the variant gives it, or null: such a board cannot be played.
 */
export function overfullSide(sides: readonly (readonly number[])[], variant: Variant): Side | null {
  const most = checkersPerSide(variant);
  for (const s of [0, 1] as const) {
    let n = 0;
    for (let i = 1; i <= 25; i++) n += sides[s]?.[i] ?? 0;
    if (n > most) return s;
  }
  return null;
}

/** Each variant's start, one side's 26 counts. */
function startSide(variant: Variant): Uint8Array {
  const a = new Uint8Array(26);
  for (const [point, count] of START[variant]) a[point] = count;
  return a;
}

export function startPosition(variant: Variant = 'backgammon'): Position {
  return { sides: [startSide(variant), startSide(variant)] };
}

export function other(s: Side): Side {
  return (1 - s) as Side;
}

/** Side `s` has borne off its last checker (checked cheaply before a bear-off starts; then up to its lowest checker). */
export function allBorneOff(p: Position, s: Side): boolean {
  const a = p.sides[s];
  if (a[OFF] === 0) return false;
  for (let i = 1; i <= BAR; i++) if (a[i] !== 0) return false;
  return true;
}

/** Whether all of `s`'s checkers still in play are in its home board (points 1-6). */
export function allHome(a: Uint8Array): boolean {
  for (let i = 7; i <= BAR; i++) if (a[i] !== 0) return false;
  return true;
}
