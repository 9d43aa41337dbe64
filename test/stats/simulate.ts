// Simulated archives for the dice tests: seeded Mersenne Twister dice, counted as the dice
// audit counts records (counts, not rolls kept).
import mt19937 from '@stdlib/random-base-mt19937';
import { type DiceCounts, newCounts, rollIndex } from '../../src/stats/dice.js';

/** A fair die's roll of two dice, 0..35 (6 × (a − 1) + (b − 1)), by rejection: no modulo bias. */
export type Dice = () => number;

export function fairDice(seed: number): Dice {
  const rand = mt19937.factory({ seed });
  const limit = Math.floor(2 ** 32 / 36) * 36;
  return () => {
    for (;;) {
      const r = rand();
      if (r < limit) return r % 36;
    }
  };
}

/** Dice whose doubles come `pDouble` of the time (each double alike, each other roll alike). */
export function loadedDice(seed: number, pDouble: number): Dice {
  const rand = mt19937.factory({ seed });
  const u = () => rand() / 2 ** 32;
  return () => {
    if (u() < pDouble) {
      const d = Math.floor(u() * 6);
      return 7 * d;
    }
    for (;;) {
      const r = Math.floor(u() * 36);
      if (r % 7 !== 0) return r;
    }
  };
}

/** The roll table index of a 0..35 outcome. */
const INDEX = Array.from({ length: 36 }, (_, r) => rollIndex(Math.floor(r / 6) + 1, (r % 6) + 1));

export interface ArchiveShape {
  rolls: number;
  /** Rolls a game (the first its opening, re-rolled until it is not a double). */
  gameLength: number;
  /** The share of rolls made with a checker on the bar, against k = 1..5 open points alike. */
  barShare: number;
  /** A bar entry's chance with two open points, when not the dice's own (the power test). */
  entryAt2?: number;
}

/** One archive: games of two players alternating, counted as records are. */
export function simulate(dice: Dice, shape: ArchiveShape, uniform: () => number): DiceCounts {
  const c = newCounts();
  const last = [-1, -1];
  for (let i = 0, t = 0; i < shape.rolls; i++, t++) {
    if (t === shape.gameLength) t = 0;
    let r = dice();
    if (t === 0) {
      while (r % 7 === 0) r = dice();
      c.opening[INDEX[r]]++;
      last[0] = last[1] = -1;
      continue;
    }
    const k = INDEX[r];
    const side = t % 2;
    c.rolls[k]++;
    if (last[side] >= 0) c.pairs[21 * last[side] + k]++;
    last[side] = k;
    if (uniform() < shape.barShare) {
      const open = 1 + Math.floor(uniform() * 5);
      const enters =
        open === 2 && shape.entryAt2 !== undefined
          ? uniform() < shape.entryAt2
          : Math.floor(r / 6) + 1 <= open || (r % 6) + 1 <= open;
      c.entry[2 * (open - 1)]++;
      if (enters) c.entry[2 * (open - 1) + 1]++;
    }
  }
  return c;
}

/** A seeded uniform in [0, 1). */
export function uniformOf(seed: number): () => number {
  const rand = mt19937.factory({ seed });
  return () => rand() / 2 ** 32;
}
