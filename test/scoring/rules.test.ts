// Where each rule comes from: flags, then the record's headers, then what the record shows,
// then the defaults; and the rule sets as data.
import { describe, expect, it } from 'vitest';
import type { MatchRecord } from '../../src/core/model.js';
import { PRESETS, rulesFor } from '../../src/scoring/rules.js';

function record(
  length: number,
  headers: Record<string, string> = {},
  extra: Pick<Partial<MatchRecord>, 'games'> = {},
): MatchRecord {
  return {
    file: 'x.mat',
    format: 'mat',
    index: 1,
    line: 1,
    players: ['A', 'B'],
    length,
    headers: Object.entries(headers).map(([key, value]) => ({ key, value, line: 1 })),
    variant: 'backgammon',
    games: extra.games ?? [],
    marksHits: false,
  };
}

describe('rule sets as data', () => {
  it.each([
    ['backgammon', true, [1, 2, 3], true, false, null],
    ['nardy', false, [1, 2, 3], false, true, [1, 3, 5, 7]],
    ['tavla', false, [1, 2, 2], false, false, null],
  ] as const)(
    '%s: cube %s, multipliers %j, Crawford %s, resignation ends the match %s, lengths %j',
    (name, cube, multipliers, crawford, resignEndsMatch, lengths) => {
      expect(PRESETS[name]).toMatchObject({ cube, multipliers, crawford, resignEndsMatch, lengths });
    },
  );

  it('nardy names its results oin, mars, koks; only tavla lets the opening roll be a double', () => {
    expect(PRESETS.nardy.names).toEqual(['oin', 'mars', 'koks']);
    expect([PRESETS.backgammon, PRESETS.nardy, PRESETS.tavla].map((p) => p.openingRollSplit)).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('rulesFor: where each rule comes from', () => {
  it('defaults: match play with Crawford; money by length 0 without Jacoby or beavers', () => {
    expect(rulesFor(record(7))).toMatchObject({
      name: 'backgammon',
      money: false,
      crawford: true,
      jacoby: false,
      source: { crawford: 'default' },
    });
    expect(rulesFor(record(0))).toMatchObject({
      money: true,
      crawford: false,
      jacoby: false,
      beavers: false,
      cubeLimit: null,
    });
    expect(rulesFor(record(1)).crawford).toBe(false);
  });

  it("the record's headers: XG's Crawford, Jacoby, Beaver, CubeLimit, Variation", () => {
    expect(rulesFor(record(7, { Crawford: 'Off' }))).toMatchObject({ crawford: false, source: { crawford: 'header' } });
    expect(rulesFor(record(0, { Jacoby: 'On', Beaver: 'Off', CubeLimit: '64' }))).toMatchObject({
      jacoby: true,
      beavers: false,
      cubeLimit: 64,
      source: { jacoby: 'header', beavers: 'header', cubeLimit: 'header' },
    });
    expect(rulesFor(record(5, { Variation: 'Nardy' }))).toMatchObject({
      name: 'nardy',
      cube: false,
      source: { name: 'header' },
    });
  });

  it('flags win over headers', () => {
    expect(rulesFor(record(7, { Crawford: 'On' }), { crawford: false })).toMatchObject({
      crawford: false,
      source: { crawford: 'flag' },
    });
    expect(rulesFor(record(0, { Jacoby: 'On' }), { jacoby: false })).toMatchObject({
      jacoby: false,
      source: { jacoby: 'flag' },
    });
    expect(rulesFor(record(5, { Variation: 'Nardy' }), { rules: 'tavla' }).name).toBe('tavla');
    expect(rulesFor(record(0, { CubeLimit: '1024' }), { cubeLimit: 8 }).cubeLimit).toBe(8);
  });

  it('a beaver in the record means beavers were agreed, unless a header or flag says no', () => {
    const beaver = {
      games: [
        {
          number: 1,
          line: 1,
          players: ['A', 'B'],
          startScore: null,
          result: null,
          comments: [],
          unreadableFrom: null,
          actions: [{ type: 'double', side: 1, line: 2, column: 1, value: 4, kind: 'beaver' }],
        },
      ],
    } as Pick<Partial<MatchRecord>, 'games'>;
    expect(rulesFor(record(0, {}, beaver))).toMatchObject({ beavers: true, source: { beavers: 'inferred' } });
    expect(rulesFor(record(0, { Beaver: 'Off' }, beaver)).beavers).toBe(false);
    expect(rulesFor(record(0, {}, beaver), { beavers: false }).beavers).toBe(false);
  });

  it("Backgammon Galaxy's one-game '16 point match' is a money game with Jacoby, capped at 16", () => {
    const game = { actions: [] } as never;
    const galaxy = record(16, { Site: 'BackgammonGalaxy' }, { games: [game] });
    expect(rulesFor(galaxy)).toMatchObject({
      money: true,
      jacoby: true,
      pointsCap: 16,
      source: { jacoby: 'inferred' },
    });
    expect(rulesFor(record(16, { Site: 'BackgammonGalaxy' }, { games: [game, game] })).money).toBe(false);
  });

  it('a cubeless header (Cube "Off", as SGF NoCube) is a cube limit of 1', () => {
    expect(rulesFor(record(5, { Cube: 'Off' })).cubeLimit).toBe(1);
  });
});
