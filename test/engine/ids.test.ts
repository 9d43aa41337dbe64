import { describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/board.js';
import { decodeMatchId, decodePositionId, matchId, positionId, xgid } from '../../src/engine/ids.js';
import type { Side } from '../../src/core/model.js';
import { readTsv, rowJacoby, rowPosition, rowXgidState } from '../../bench/gnubg/oracle-rows.js';
import { fixtureText } from '../helpers.js';

const positions = readTsv(fixtureText('gnubg', 'positions.tsv'));

describe('Position ID', () => {
  it('of the start position', () => {
    expect(positionId(startPosition(), 0)).toBe('4HPwATDgc/ABMA');
    expect(positionId(startPosition('nackgammon'), 1)).toBe('4Dl4ADbgOXgANg');
  });

  it(`equals gnubg's for ${positions.length} positions it wrote (fixtures/gnubg/positions.tsv)`, () => {
    expect(positions.length).toBeGreaterThanOrEqual(300);
    const wrong = positions.filter((row) => {
      return positionId(rowPosition(row), Number(row.player_on_roll) as Side) !== row.position_id;
    });
    expect(wrong.map((r) => `${r.file} ${r.game} ${r.move_index}`)).toEqual([]);
  });

  it('decodes back to the two halves, player not on roll first', () => {
    const [notOnRoll, onRoll] = decodePositionId('4HPwATDgc/ABMA');
    expect(notOnRoll.slice(0, 25)).toEqual(onRoll.slice(0, 25));
    expect(onRoll[5]).toBe(5); // 6-point
    expect(onRoll[23]).toBe(2); // 24-point
  });
});

describe('Match ID', () => {
  it(`equals gnubg's for the same ${positions.length} states`, () => {
    const wrong = positions.filter((row) => {
      const onRoll = Number(row.player_on_roll) as Side;
      const id = matchId({
        cubeValue: Number(row.cube_value),
        cubeOwner: Number(row.cube_owner) as Side | -1,
        onRoll,
        crawford: row.crawford === '1',
        gameState: Number(row.game_state),
        turn: onRoll,
        doubled: false,
        resigned: 0,
        dice: [Number(row.dice_0), Number(row.dice_1)],
        length: Number(row.match_length),
        score: [Number(row.score0), Number(row.score1)],
        jacoby: rowJacoby(row),
      });
      return id !== row.match_id;
    });
    expect(wrong.map((r) => `${r.file} ${r.game} ${r.move_index}: ${r.match_id}`)).toEqual([]);
  });

  it('round-trips every field', () => {
    const state = {
      cubeValue: 8,
      cubeOwner: 1 as const,
      onRoll: 0 as const,
      crawford: true,
      gameState: 3,
      turn: 1 as const,
      doubled: true,
      resigned: 2,
      dice: [6, 3] as [number, number],
      length: 25,
      score: [17, 24] as [number, number],
      jacoby: false,
    };
    expect(decodeMatchId(matchId(state))).toEqual(state);
  });
});

describe('XGID', () => {
  const read = readTsv(fixtureText('gnubg', 'xgid.tsv'));
  const byKey = new Map(positions.map((r) => [`${r.file} ${r.game} ${r.move_index}`, r]));

  it(`GNU Backgammon reads ${read.length} of our XGIDs back to the same position and state`, () => {
    expect(read.length).toBeGreaterThanOrEqual(50);
    for (const x of read) {
      const row = byKey.get(`${x.file} ${x.game} ${x.move_index}`)!;
      const onRoll = Number(row.player_on_roll) as Side;
      const ours = xgid(rowPosition(row), rowXgidState(row));
      expect(ours).toBe(x.xgid);
      expect(x.gnubg_position_id).toBe(row.position_id);
      // gnubg makes the player on roll its player 1 when it reads an XGID: swap to compare.
      const g = decodeMatchId(x.gnubg_match_id);
      const swap = <T>(pair: [T, T]): [T, T] => (onRoll === 0 ? [pair[1], pair[0]] : pair);
      const owner = Number(row.cube_owner);
      expect({
        onRoll: g.onRoll,
        cube: g.cubeValue,
        owner: g.cubeOwner,
        score: g.score,
        dice: g.dice,
        length: g.length,
        crawford: g.crawford,
        jacoby: g.jacoby,
      }).toEqual({
        onRoll: 1,
        cube: Number(row.cube_value),
        owner: owner === -1 ? -1 : onRoll === 0 ? 1 - owner : owner,
        score: swap([Number(row.score0), Number(row.score1)]),
        dice: [Number(row.dice_0), Number(row.dice_1)],
        length: Number(row.match_length),
        crawford: row.crawford === '1',
        jacoby: rowJacoby(row),
      });
    }
  });

  it('of the start position, side 0 (the top player) on roll, 7-point match', () => {
    const id = xgid(startPosition(), {
      cubeValue: 1,
      cubeOwner: -1,
      turn: 0,
      dice: null,
      doubled: false,
      score: [0, 0],
      crawford: false,
      jacoby: false,
      beavers: false,
      length: 7,
      maxCubeLog2: 10,
    });
    expect(id).toBe('XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:7:10');
  });

  // The field after the scores: the Crawford game in match play, the session's rules in money
  // play. fixtures/gnubg/xgid-money-rules.tsv: what GNU Backgammon's `set xgid` reads from each
  // value of it (bench/gnubg/xgid-money-rules.sh).
  const moneyRules = readTsv(fixtureText('gnubg', 'xgid-money-rules.tsv'));
  it('the table of money rules holds each of the four values', () => {
    expect(moneyRules.map((r) => r.xgid.split(':')[7])).toEqual(['0', '1', '2', '3']);
  });
  const start = (o: { crawford: boolean; jacoby: boolean; beavers: boolean; length: number }) =>
    xgid(startPosition(), {
      cubeValue: 1,
      cubeOwner: -1,
      turn: 1,
      dice: [5, 2],
      doubled: false,
      score: [0, 0],
      maxCubeLog2: 10,
      ...o,
    });
  it.each(moneyRules)('money, $gnubg_jacoby Jacoby and $gnubg_beavers beavers as gnubg reads it: $xgid', (row) => {
    const jacoby = row.gnubg_jacoby === 'with';
    const beavers = row.gnubg_beavers === 'with';
    expect(start({ crawford: false, jacoby, beavers, length: 0 })).toBe(row.xgid);
  });
  it.each([
    [false, 0],
    [true, 1],
  ])('match play: Crawford %s writes %i, whatever the money rules', (crawford, field) => {
    const id = start({ crawford, jacoby: true, beavers: true, length: 5 });
    expect(id.split(':')[7]).toBe(String(field));
  });
});
