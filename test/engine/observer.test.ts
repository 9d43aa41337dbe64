// The replay's observer: told of every roll it plays, on the board before it, and of every cube event.
import { describe, expect, it } from 'vitest';
import { pipCount } from '../../src/report/board-svg.js';
import { replay, type CubeEvent } from '../../src/engine/replay.js';
import { importRecord } from '../../src/import/index.js';
import type { RollAction } from '../../src/core/model.js';
import { fixture } from '../helpers.js';

describe('ReplayObserver', () => {
  it('sees each roll once, in order, the first as the opening, on the board before it; and each cube event', () => {
    const m = importRecord(fixture('mat', 'gnubg-money-beavers.mat'), 'x.mat').matches[0];
    for (const game of m.games) {
      const rolls: { a: RollAction; pips: number; opening: boolean }[] = [];
      const cube: CubeEvent[] = [];
      const r = replay(game, {
        variant: m.variant,
        marksHits: m.marksHits,
        players: m.players,
        observer: {
          roll: (a, pos, opening) => rolls.push({ a, pips: pipCount(pos.sides[a.side]), opening }),
          cube: (e) => cube.push(e),
        },
      });
      const played = game.actions.filter((a): a is RollAction => a.type === 'roll');
      expect(rolls.map((x) => x.a)).toEqual(played);
      expect(rolls.map((x) => x.opening)).toEqual(played.map((_, k) => k === 0));
      expect(rolls[0].pips).toBe(167);
      expect(cube).toEqual(r.cubeLog);
    }
  });

  it('is not told of rolls past a move the replay cannot check', () => {
    const m = importRecord(fixture('scoring', 'move-not-checked.mat'), 'x.mat').matches[0];
    const game = m.games[0];
    let seen = 0;
    replay(game, { variant: m.variant, marksHits: m.marksHits, players: m.players, observer: { roll: () => seen++ } });
    const rolls = game.actions.filter((a) => a.type === 'roll');
    const stop = rolls.findIndex((a) => a.type === 'roll' && a.marker === 'unknown');
    expect(stop).toBeGreaterThan(0);
    expect(seen).toBe(stop + 1); // the '???' roll itself: its dice were rolled
  });
});
