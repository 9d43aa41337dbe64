import { describe, expect, it } from 'vitest';
import { parseMat } from '../../grammars/mat.js';
import { startPosition } from '../../src/engine/board.js';
import { newMoveScratch, playRecorded, segmentsOf } from '../../src/engine/moves.js';
import type { MoveToken } from '../../src/core/model.js';
import { position, type SideSpec } from './position-helpers.js';

/** A roll as the .mat grammar reads it from a move line: `roll([3, 1], '8/5 6/5')` → its dice and move tokens. */
function roll(dice: [number, number], moves: string): { dice: readonly [number, number]; moves: MoveToken[] } {
  const text = ` 1 point match\n\n Game 1\n A : 0                              B : 0\n  1) ${dice[0]}${dice[1]}: ${moves}\n`;
  const line = parseMat(text).matches[0]?.games[0]?.body[0];
  const cell = line?.type === 'moves' ? line.cells[0] : undefined;
  if (cell?.type !== 'roll' || cell.marker !== null)
    throw new Error(`the grammar does not read '${dice.join('')}: ${moves}' as a roll with moves`);
  return { dice: cell.dice, moves: cell.moves };
}

function playOn(pos: ReturnType<typeof position>, dice: [number, number], moves: string, work = newMoveScratch()) {
  const r = roll(dice, moves);
  return playRecorded(pos, 0, r.dice[0], r.dice[1], segmentsOf(r.moves), work);
}

type PlayKind = 'illegal' | 'unplayable';

function play(side0: SideSpec | 'start', side1: SideSpec | 'start', dice: [number, number], moves: string) {
  const start = startPosition();
  const pos = position({}, {});
  pos.sides[0] = side0 === 'start' ? start.sides[0] : position(side0, {}).sides[0];
  pos.sides[1] = side1 === 'start' ? start.sides[1] : position({}, side1).sides[1];
  return { result: playOn(pos, dice, moves), pos };
}

describe('the move tokens, as the grammar reads them', () => {
  it('cuts tokens into segments: chained, repeated, hits, bar and off', () => {
    const segs = segmentsOf(roll([3, 1], '13/8 bar/22* 6/off 13/7(2) 8/5*/1').moves).map(
      (g) => `${g.from}/${g.to}${g.hitMarked ? '*' : ''}`,
    );
    expect(segs).toEqual(['13/8', '25/22*', '6/0', '13/7', '13/7', '8/5*', '5/1']);
  });
});

// Side 1 holds side 0's points 18-22 (its own 3-7): a prime in front of side 0's back checkers.
const PRIME: SideSpec = { 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 24: 5 };
// Side 0 has one checker out, on 24, and 14 on its 1-point that cannot move; side 1 holds side
// 0's 13-point: with 6-5 either die can be played (24/18 or 24/19), never both.
const ONE_DIE: SideSpec = { 12: 2, 2: 13 };

describe('a recorded move, rule by rule', () => {
  it.each<[string, SideSpec | 'start', SideSpec | 'start', [number, number], string, string]>([
    [
      'each move is dice of the roll',
      'start',
      'start',
      [5, 2],
      '13/7 13/11',
      '13/7 is 6 pips; the roll 5-2 moves 5, 2 or 7',
    ],
    ['a die is used once', 'start', 'start', [5, 2], '13/8 13/8', 'the moves as written use 5 and 5; the roll is 5-2'],
    [
      'doubles give at most four steps',
      'start',
      'start',
      [3, 3],
      '13/10 13/10 13/10 13/10 13/10',
      'the moves as written use 3, 3, 3, 3 and 3; the roll is 3-3',
    ],
    ['a checker must stand on the from-point', 'start', 'start', [5, 2], '12/7 13/11', 'no checker on point 12'],
    [
      'checkers on the bar enter first',
      { 25: 2, 13: 5, 6: 8 },
      { 6: 15 },
      [6, 1],
      'bar/24 13/7',
      'a checker on the bar must enter first',
    ],
    [
      'a point held by two opposing checkers is blocked',
      'start',
      { 18: 2, 6: 13 },
      [6, 5],
      '13/7 13/8',
      'point 7 is blocked',
    ],
    [
      'bearing off needs every checker home',
      { 8: 1, 5: 14 },
      { 6: 15 },
      [5, 1],
      '5/off 8/7',
      'not all checkers are in the home board',
    ],
    [
      'a higher die bears off only from the highest point',
      { 5: 1, 3: 14 },
      { 6: 15 },
      [6, 1],
      '3/off 5/4',
      'a checker stands higher, on 5',
    ],
    [
      'as many dice as possible',
      { 24: 15 },
      PRIME,
      [6, 1],
      '24/23',
      'could have used both dice: 24/23 23/17 was possible',
    ],
    [
      'the larger die when only one can be played',
      { 24: 1, 1: 14 },
      ONE_DIE,
      [6, 5],
      '24/19',
      'must play the larger die, 6',
    ],
    ['an empty move only when nothing can be played', 'start', 'start', [4, 3], '', 'could have moved'],
  ])('%s', (_rule, s0, s1, dice, moves, reason) => {
    const { result } = play(s0, s1, dice, moves);
    expect(result.kind).not.toBe('legal');
    expect(result.kind !== 'legal' && result.reason).toContain(reason);
  });

  // The cause a player names: the distances against the dice first, then a checker that is not
  // there, then the bar, then a blocked point, then bearing off. Each case breaks the rule it
  // names and, where it says "over", a later rule too: the earlier rule is the one named.
  // BLOT_16: the other side's start with one checker moved to side 0's 16-point (its own 9).
  const BLOT_16: SideSpec = { 24: 2, 13: 5, 9: 1, 8: 2, 6: 5 };
  it.each<[string, SideSpec | 'start', SideSpec | 'start', [number, number], string, PlayKind, string]>([
    [
      'a distance no dice make, over the point a path meets blocked (24/15* for 24/16*)',
      'start',
      BLOT_16,
      [5, 3],
      '24/15*',
      'illegal',
      '24/15 is 9 pips; the roll 5-3 moves 5, 3 or 8',
    ],
    [
      'a distance, over a checker that is not there',
      'start',
      'start',
      [5, 3],
      '12/3',
      'unplayable',
      '12/3 is 9 pips; the roll 5-3 moves 5, 3 or 8',
    ],
    ['one pip', 'start', 'start', [4, 2], '6/5 8/4', 'illegal', '6/5 is 1 pip; the roll 4-2 moves 4, 2 or 6'],
    [
      "a doublet's distances",
      'start',
      'start',
      [2, 2],
      '13/4',
      'illegal',
      '13/4 is 9 pips; the roll 2-2 moves 2, 4, 6 or 8',
    ],
    [
      'a bear-off farther than the roll goes',
      { 14: 1, 5: 14 },
      { 6: 15 },
      [2, 1],
      '14/off',
      'illegal',
      'bearing off from 14 needs 14 pips; the roll 2-1 moves 2, 1 or 3',
    ],
    [
      'each distance a die, but not both at once',
      'start',
      'start',
      [6, 1],
      '13/7 8/2',
      'illegal',
      'the moves as written use 6 and 6; the roll is 6-1',
    ],
    [
      'a checker not there, over the bar',
      { 25: 1, 13: 14 },
      'start',
      [5, 3],
      'bar/22 12/7',
      'unplayable',
      'no checker on point 12',
    ],
    ['no checker on the bar', 'start', 'start', [5, 3], 'bar/22 13/8', 'unplayable', 'no checker on the bar'],
    [
      'a checker left on the bar, over a blocked point',
      { 25: 2, 13: 13 },
      { 17: 2, 6: 13 },
      [5, 3],
      'bar/22 13/8',
      'unplayable',
      'a checker on the bar must enter first',
    ],
    [
      'a blocked point, over bearing off early',
      { 9: 1, 8: 1, 5: 13 },
      { 22: 2, 6: 13 },
      [5, 5],
      '8/3 5/off',
      'unplayable',
      'point 3 is blocked',
    ],
    [
      'both ways of a move over two dice blocked',
      'start',
      { 6: 5, 4: 2, 13: 8 },
      [5, 3],
      '24/16',
      'illegal',
      '24/16 lands on point 21 or 19 on the way, both blocked',
    ],
    [
      "a doublet's move over a blocked point",
      'start',
      { 5: 2, 6: 13 },
      [4, 4],
      '24/16 13/9 13/9',
      'illegal',
      '24/16 lands on point 20 on the way, which is blocked',
    ],
    [
      'bearing off with a checker outside',
      { 9: 1, 5: 14 },
      { 6: 15 },
      [5, 4],
      '5/off 5/1',
      'illegal',
      'cannot bear off: not all checkers are in the home board',
    ],
    [
      'bearing off past the edge with a checker higher',
      { 5: 1, 3: 14 },
      { 6: 15 },
      [6, 1],
      '3/off 3/2',
      'illegal',
      'cannot bear off from 3 with a 6: a checker stands higher, on 5',
    ],
  ])('the cause: %s', (_rule, s0, s1, dice, moves, kind, reason) => {
    const { result } = play(s0, s1, dice, moves);
    expect(result.kind).toBe(kind);
    expect(result.kind !== 'legal' && result.reason).toBe(reason);
  });

  it.each<[string, SideSpec | 'start', SideSpec | 'start', [number, number], string]>([
    ['the opening 31', 'start', 'start', [3, 1], '8/5 6/5'],
    ['dice written low first', 'start', 'start', [1, 3], '8/5 6/5'],
    ['doubles: four steps', 'start', 'start', [6, 6], '24/18 24/18 13/7 13/7'],
    ['repeat count', 'start', 'start', [6, 6], '24/18(2) 13/7(2)'],
    ['one checker, both dice, written as one move', 'start', 'start', [6, 5], '24/13'],
    ['chained notation', 'start', 'start', [6, 5], '24/18/13'],
    ['steps in any order', 'start', 'start', [6, 1], '7/6 13/7'],
    ['the smaller die when the larger cannot be played', { 24: 1, 1: 14 }, { 12: 2, 7: 2, 2: 11 }, [6, 5], '24/19'],
    ['the larger die when only one can be played', { 24: 1, 1: 14 }, ONE_DIE, [6, 5], '24/18'],
    [
      'a dance when every entry point is blocked',
      { 25: 1, 6: 14 },
      { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 24: 3 },
      [5, 3],
      '',
    ],
    ['a higher die from the highest point', { 5: 1, 3: 14 }, { 6: 15 }, [6, 1], '5/off 3/2'],
    ['bearing off the last checker ends the roll', { 2: 1 }, { 6: 15 }, [6, 5], '2/off'],
    [
      'bearing off across the home board: 17/off 6/off with 66',
      { 17: 1, 6: 1, 1: 13 },
      { 6: 15 },
      [6, 6],
      '17/off 6/off',
    ],
    ['a combined bear-off that uses both dice: 4/off with 4-1', { 4: 1, 3: 1, 1: 13 }, { 6: 15 }, [4, 1], '4/off'],
    ['a roll that cannot be played at all: no move', { 24: 15 }, PRIME, [6, 6], ''],
    ['only one die can be played: that one alone', { 24: 15 }, { 7: 2, 8: 2, 6: 11 }, [6, 1], '24/23'],
  ])('legal: %s', (_what, s0, s1, dice, moves) => {
    const { result } = play(s0, s1, dice, moves);
    expect(result).toEqual({ kind: 'legal' });
  });

  // Each written move is the path of one checker over dice of the roll. These reach
  // the end of a legal play of the roll, but by moves the roll cannot make. The other side holds
  // side 0's 23-point.
  const HOLDS_23: SideSpec = { 2: 15 };
  it.each<[string, SideSpec | 'start', [number, number], string, string, Record<number, number>]>([
    ['24/19/18 written as 24/20 20/18', 'start', [5, 1], '24/20 20/18', '4 and 2; the roll is 5-1', { 24: 1, 18: 1 }],
    ['8/2 6/5 written as 8/5 6/2', 'start', [6, 1], '8/5 6/2', '3 and 4; the roll is 6-1', { 8: 2, 6: 4, 5: 1, 2: 1 }],
    [
      'a written point the checker does not land on',
      'start',
      [6, 1],
      '13/10/6',
      '3 and 4; the roll is 6-1',
      { 13: 4, 6: 6 },
    ],
    [
      'doubles: 3-3 written with a 4 and a 2',
      'start',
      [3, 3],
      '24/20 20/18 13/10',
      '4, 2 and 3; the roll is 3-3',
      { 24: 1, 18: 1, 10: 1 },
    ],
    [
      'entering: bar/20/19 written as 3 and 3',
      { 25: 1, 6: 14 },
      [5, 1],
      'bar/22 22/19',
      '3 and 3; the roll is 5-1',
      { 25: 0, 19: 1 },
    ],
  ])('illegal: %s', (_what, s0, dice, moves, uses, after) => {
    const { result, pos } = play(s0, HOLDS_23, dice, moves);
    expect(result).toEqual({ kind: 'illegal', reason: `the moves as written use ${uses}` });
    // Replay goes on from the record's end, which a legal play of the roll also reaches.
    for (const [point, count] of Object.entries(after))
      expect([point, pos.sides[0][Number(point)]]).toEqual([point, count]);
  });

  it.each<[string, SideSpec | 'start', [number, number], string]>([
    ["one checker's two dice written as one move", 'start', [5, 1], '24/18'],
    ['the same, with the point it lands on written', 'start', [5, 1], '24/19/18'],
    ['doubles: one checker over three dice', 'start', [3, 3], '24/15 13/10'],
    ['bear-offs interleaved across moves: 14/9/4, 5/off, 4/off', { 14: 1, 5: 1, 1: 13 }, [5, 5], '14/off 5/off'],
    ['one checker bears off over both dice', { 5: 1, 1: 14 }, [4, 2], '5/off'],
  ])('legal, as real writers write it: %s', (_what, s0, dice, moves) => {
    expect(play(s0, HOLDS_23, dice, moves).result).toEqual({ kind: 'legal' });
  });

  it('hits a single opposing checker and sends it to the bar', () => {
    const pos = position({ 13: 15 }, { 17: 1, 6: 14 });
    expect(playOn(pos, [5, 3], '13/8* 13/10')).toEqual({ kind: 'legal' });
    expect(pos.sides[1][17]).toBe(0);
    expect(pos.sides[1][25]).toBe(1);
    expect(pos.sides[0][8]).toBe(1);
  });

  it('a combined move goes around a blot when it can, through it only when it must', () => {
    // 6/1 with 4-1: through 5 (no blot) rather than 2 (a blot of the other side).
    const around = position({ 6: 2, 1: 13 }, { 23: 1, 12: 14 });
    expect(playOn(around, [4, 1], '6/1')).toEqual({ kind: 'legal' });
    expect(around.sides[1][25]).toBe(0);
    // With 5 blocked, the only way is through the blot on 2: it is hit.
    const through = position({ 6: 2, 1: 13 }, { 23: 1, 20: 2, 12: 12 });
    expect(playOn(through, [4, 1], '6/1')).toEqual({ kind: 'legal' });
    expect(through.sides[1][25]).toBe(1);
  });

  it('an illegal move is still applied as recorded where the board allows it', () => {
    const { result, pos } = play('start', 'start', [5, 2], '13/7 13/11');
    expect(result.kind).toBe('illegal');
    expect(pos.sides[0][7]).toBe(1);
    expect(pos.sides[0][11]).toBe(1);
  });

  it('a move the board forbids leaves the position unchanged', () => {
    const { result, pos } = play('start', 'start', [5, 2], '12/7 12/10');
    expect(result.kind).toBe('unplayable');
    expect(pos.sides[0]).toEqual(startPosition().sides[0]);
  });

  it("after 'legal' the scratch holds the steps played, with their hits", () => {
    const work = newMoveScratch();
    const pos = position({ 13: 15 }, { 17: 1, 6: 14 });
    expect(playOn(pos, [5, 3], '13/8* 13/10', work)).toEqual({ kind: 'legal' });
    const steps = Array.from({ length: work.steps.length }, (_, k) => [
      work.steps.from[k],
      work.steps.die[k],
      work.steps.hit[k],
    ]);
    expect(steps).toEqual([
      [13, 5, 1],
      [13, 3, 0],
    ]);
  });

  it('a play found short of dice is checked on the board before it and left on the board as recorded', () => {
    // 24/23 with 6-1 behind a prime: 24/23 23/17 was possible. The check takes the play back,
    // searches, and plays it again: the board and the steps end as the record has them.
    const work = newMoveScratch();
    const pos = position({ 24: 15 }, PRIME);
    const result = playOn(pos, [6, 1], '24/23', work);
    expect(result).toEqual({ kind: 'illegal', reason: 'could have used both dice: 24/23 23/17 was possible' });
    expect(pos.sides[0][24]).toBe(14);
    expect(pos.sides[0][23]).toBe(1);
    expect(pos.sides[0][17]).toBe(0);
    expect([work.steps.length, work.steps.from[0], work.steps.die[0]]).toEqual([1, 24, 1]);
  });

  it('one scratch serves roll after roll: nothing from one play leaks into the next', () => {
    const work = newMoveScratch();
    const pos = startPosition();
    expect(playOn(pos, [3, 1], '8/5 6/5', work)).toEqual({ kind: 'legal' });
    expect(playOn(pos, [6, 6], '24/18(2) 13/7(2)', work)).toEqual({ kind: 'legal' });
    expect(work.steps.length).toBe(4);
    expect(playOn(pos, [5, 2], '13/8 13/8', work)).toMatchObject({
      kind: 'illegal',
      reason: 'the moves as written use 5 and 5; the roll is 5-2',
    });
  });
});
