// cubeFindings on cube logs built by hand: who may double (docs/scoring.md, "The cube"), each case on its own.
import { describe, expect, it } from 'vitest';
import type { CubeEvent } from '../../src/engine/replay.js';
import type { MatchRecord, Side } from '../../src/core/model.js';
import { cubeFindings } from '../../src/scoring/cube.js';
import { rulesFor } from '../../src/scoring/rules.js';

const record: MatchRecord = {
  file: 'x',
  format: 'mat',
  index: 1,
  line: 1,
  players: ['Anna', 'Boris'],
  length: 7,
  headers: [],
  variant: 'backgammon',
  games: [],
  marksHits: false,
};
const ctx = { game: 1, rules: rulesFor(record), crawfordGame: false, names: ['Anna', 'Boris'] as [string, string] };

function double(side: Side, owner: Side | -1, inTurn: boolean): CubeEvent {
  return {
    kind: 'double',
    side,
    line: 5,
    column: 33,
    recordedValue: 4,
    before: { value: 2, owner },
    offered: 4,
    inTurn,
    implicit: false,
  };
}

describe('who may double', () => {
  it.each<[string, Side, Side | -1, boolean, string[]]>([
    ['the owner, before rolling', 0, 0, true, []],
    ['either player on a centred cube, before rolling', 1, -1, true, []],
    ['the player who does not own the cube, before rolling', 1, 0, true, ['Boris doubles, but Anna owns the cube']],
    [
      'the owner, after rolling',
      0,
      0,
      false,
      ["Anna doubles after rolling; a double is only allowed before one's own roll"],
    ],
  ])('%s', (_case, side, owner, inTurn, messages) => {
    const found = cubeFindings([double(side, owner, inTurn)], ctx);
    expect(found.map((f) => f.code)).toEqual(messages.map(() => 'cube-out-of-turn'));
    expect(found.map((f) => f.message)).toEqual(messages);
  });
});
