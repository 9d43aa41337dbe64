// The dice search's shortcuts (a doublet's steps tried with their points never rising, canPlayDie
// asking each point once) against the plain search they replace, on random positions: the same
// count of dice, the same example play, the same answer for each die.
import { describe, expect, it } from 'vitest';
import type { Side } from '../../src/core/model.js';
import { BAR, type Position } from '../../src/engine/board.js';
import { bestPlay, canPlayDie, mostDiceUsable, newDiceSearch } from '../../src/engine/dice.js';
import { STEP, applyStep, pointText, stepRule, undoStep } from '../../src/engine/steps.js';

/** The plain search: every die, every point from the bar down, at every depth. */
function plainSearch(pos: Position, s: Side, d1: number, d2: number): { most: number; play: string } {
  const dice = new Int8Array(7);
  if (d1 === d2) dice[d1] = 4;
  else dice[d1] = dice[d2] = 1;
  const goal = d1 === d2 ? 4 : 2;
  const cur: [number, number][] = [];
  let best: [number, number][] = [];
  const explore = (depth: number): boolean => {
    if (depth > best.length) {
      best = cur.slice(0, depth);
      if (depth === goal) return true;
    }
    for (let d = 6; d >= 1; d--) {
      if (dice[d] === 0) continue;
      for (let from = BAR; from >= 1; from--) {
        if (pos.sides[s][from] === 0 || stepRule(pos, s, from, d) !== STEP.legal) continue;
        dice[d]--;
        const hit = applyStep(pos, s, from, d);
        cur[depth] = [from, d];
        const done = explore(depth + 1);
        undoStep(pos, s, from, d, hit);
        dice[d]++;
        if (done) return true;
        if (pos.sides[s][BAR] > 0 && from === BAR) break;
      }
    }
    return false;
  };
  const plainCanPlay = (d: number) => {
    for (let from = BAR; from >= 1; from--)
      if (pos.sides[s][from] > 0 && stepRule(pos, s, from, d) === STEP.legal) return true;
    return false;
  };
  if (!plainCanPlay(d1) && !plainCanPlay(d2)) return { most: 0, play: '' };
  explore(0);
  const play = best.map(([from, d]) => `${pointText(from)}/${from - d > 0 ? from - d : 'off'}`).join(' ');
  return { most: best.length, play };
}

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A random legal board: 15 checkers a side, side 0 placed first, side 1 only where side 0 is not.
 * Kinds: anywhere, side 0 all home (bear-offs), side 0 on the bar against a near-closed board.
 */
function randomPosition(next: () => number): Position {
  const sides: [Uint8Array, Uint8Array] = [new Uint8Array(26), new Uint8Array(26)];
  const kind = Math.floor(next() * 3);
  const range = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  for (let k = 0; k < 15; k++) {
    const p = kind === 1 ? range(0, 6) : kind === 2 && k < 2 ? BAR : range(0, 25);
    sides[0][p]++;
  }
  for (let k = 0; k < 15; k++) {
    for (let tries = 0; tries < 50; tries++) {
      const p = kind === 2 && k < 12 ? range(1, 6) : range(0, 25);
      if (p >= 1 && p <= 24 && sides[0][25 - p] > 0) continue;
      sides[1][p]++;
      break;
    }
  }
  return { sides };
}

describe('the dice search against the plain search', () => {
  it('the same count, play and answer per die on 6,000 random boards and rolls', () => {
    const next = random(20261201);
    const search = newDiceSearch();
    let partial = 0;
    for (let n = 0; n < 6_000; n++) {
      const pos = randomPosition(next);
      const d1 = 1 + Math.floor(next() * 6);
      const d2 = next() < 0.3 ? d1 : 1 + Math.floor(next() * 6);
      const before = [pos.sides[0].slice(), pos.sides[1].slice()];
      const plain = plainSearch(pos, 0, d1, d2);
      const most = mostDiceUsable(pos, 0, d1, d2, search);
      expect({ most, play: most === 0 ? '' : bestPlay(search) }).toEqual(plain);
      for (let d = 1; d <= 6; d++) {
        let plainCan = false;
        for (let from = BAR; from >= 1; from--)
          if (pos.sides[0][from] > 0 && stepRule(pos, 0, from, d) === STEP.legal) plainCan = true;
        expect(canPlayDie(pos, 0, d), `die ${d}`).toBe(plainCan);
      }
      expect([pos.sides[0], pos.sides[1]]).toEqual(before);
      if (most > 0 && most < (d1 === d2 ? 4 : 2)) partial++;
    }
    expect(partial).toBeGreaterThan(150);
  });
});
