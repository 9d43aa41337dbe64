import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay, type GameReplay } from '../../src/engine/replay.js';
import { importRecord } from '../../src/import/index.js';
import { positionId } from '../../src/engine/ids.js';
import type { MatchRecord } from '../../src/core/model.js';
import { CORPUS, fixtureText } from '../helpers.js';
import { readTsv } from './position-helpers.js';

function matchOf(text: string): MatchRecord {
  const r = importRecord(Buffer.from(text), 'test.mat');
  expect(r.errors).toEqual([]);
  return r.matches[0];
}

function replayText(body: string, marksHits = false): GameReplay {
  const m = matchOf(` 7 point match\n\n Game 1\n Anna : 0                       Boris : 0\n${body}\n`);
  return replay(m.games[0], { variant: 'backgammon', marksHits, players: m.players });
}

const codes = (r: GameReplay) => r.findings.map((f) => `${f.code}@${f.line}`);

describe('replay: how a game ends', () => {
  it('a drop: the doubler wins at the old cube, the cube does not move', () => {
    const r = replayText(
      '  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Drops                       Wins 1 point',
    );
    expect(r).toMatchObject({ termination: 'drop', winner: 1, cube: { value: 1, owner: -1 }, findings: [] });
  });

  it('a take gives the taker the cube', () => {
    const r = replayText(
      '  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Takes                      52: 13/8 13/11',
    );
    expect(r).toMatchObject({ termination: 'unfinished', cube: { value: 2, owner: 0 }, findings: [] });
    expect(r.cubeLog.map((e) => [e.kind, e.side, e.offered])).toEqual([
      ['double', 1, 2],
      ['take', 0, null],
    ]);
  });

  it('a beaver: the take is implied by the doubler rolling, the beaverer keeps a 4-cube', () => {
    const r = replayText(
      '  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Beavers => 4               52: 13/8 13/11',
    );
    expect(r.cube).toEqual({ value: 4, owner: 0 });
    expect(r.cubeLog.map((e) => [e.kind, e.side, e.implicit])).toEqual([
      ['double', 1, false],
      ['beaver', 0, false],
      ['take', 1, true],
    ]);
    expect(r.findings).toEqual([]);
  });

  it('a raccoon: the doubler redoubles the beaver and keeps an 8-cube', () => {
    const r = replayText(
      '  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Beavers => 4               Raccoons => 8\n  3)                             52: 13/8 13/11',
    );
    expect(r.cubeLog.map((e) => [e.kind, e.side, e.offered])).toEqual([
      ['double', 1, 2],
      ['beaver', 0, 4],
      ['raccoon', 1, 8],
      ['take', 0, null],
    ]);
    expect(r.findings).toEqual([]);
    expect(r.cube).toEqual({ value: 8, owner: 1 });
  });

  it('a beaver refused: the beaverer wins the beavered-from value', () => {
    const r = replayText(
      '  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Beavers => 4                Drops\n      Wins 2 points',
    );
    expect(r).toMatchObject({ termination: 'drop', winner: 0, cube: { value: 2 } });
  });

  it('a recorded winner without bear-off or drop is a resignation; a roll without a move before it is no error', () => {
    const m = matchOf(fixtureText('mat', 'gnubg-right-player-starts.mat'));
    const r = replay(m.games[0], { variant: 'backgammon', marksHits: true, players: m.players });
    expect(r).toMatchObject({ termination: 'resign', winner: 0, points: null, findings: [] });
  });

  it('Losses N point is a resignation by that side', () => {
    const r = replayText('  1) 31: 8/5 6/5                  Losses 2 point\n      Wins 2 point');
    expect(r).toMatchObject({ termination: 'resign', winner: 0, points: 2 });
  });

  it('a game with no result and no end is unfinished', () => {
    const r = replayText('  1) 31: 8/5 6/5                 52: 13/8 13/11');
    expect(r.termination).toBe('unfinished');
    expect(r).not.toHaveProperty('winner');
  });
});

describe('replay: findings', () => {
  it('an empty move when a move was possible, mid-game', () => {
    const r = replayText('  1) 31:                         52: 13/8 13/11\n  2) 62: 24/18 13/11');
    expect(codes(r)).toEqual(['illegal-move@5']);
    expect(r.findings[0].message).toContain('31 with no move, but');
  });

  it('a roll out of turn', () => {
    const r = replayText('  1) 31: 8/5 6/5\n  2) 52: 13/8 13/11');
    expect(codes(r)).toEqual(['turn-order@6']);
    expect(r.findings[0].message).toBe("Anna rolls 52, but it is Boris's turn");
  });

  it('play after the game is over', () => {
    const r = replayText(
      '  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Drops                       Wins 1 point\n  3) 52: 13/8 13/11',
    );
    expect(codes(r)).toEqual(['play-after-end@7']);
  });

  it("'???' in the middle of a game stops the replay, with a warning", () => {
    const r = replayText('  1) 31: ???                     52: 13/8 13/11\n  2) 62: 24/18 13/11');
    expect(codes(r)).toEqual(['move-not-checked@5']);
    expect(r).toMatchObject({ stoppedAt: 5, termination: null });
  });

  it('an illegal move goes on from the move as recorded', () => {
    const r = replayText('  1) 31: 8/4 6/5                 52: 13/8 13/11\n  2) 62: 24/18 13/11');
    expect(codes(r)).toEqual(['illegal-move@5']);
    expect(r.final.sides[0][4]).toBe(1);
  });

  // Boris's 53 hits Anna's blot on his 5-point with 13/5*; the record writes 13/4*, 9 pips,
  // where nothing stands to hit. Anna's next roll enters from the bar, as the hit left her.
  const HIT_WRITTEN_WRONG = '  1) 43: 24/20 13/10               53: 13/4*\n';
  it.each<[string, string, string[], string]>([
    [
      'the next rolls follow a legal play of the roll, not the moves as written: the replay goes on from that play',
      '  2) 62: bar/23 13/7                 41: 13/9 6/5\n  3) 31: 10/7 23/22',
      ['illegal-move@5'],
      '53: 13/4 is 9 pips; the roll 5-3 moves 5, 3 or 8; the moves after it fit 13/5*, so the replay goes on from it',
    ],
    [
      'a later line wrong on every reading is still found',
      '  2) 62: bar/17 13/11                41: 13/9 6/5',
      ['illegal-move@5', 'illegal-move@6'],
      '53: 13/4 is 9 pips; the roll 5-3 moves 5, 3 or 8',
    ],
  ])('%s', (_what, after, found, message) => {
    const r = replayText(HIT_WRITTEN_WRONG + after);
    expect(codes(r)).toEqual(found);
    expect(r.findings[0].message).toBe(message);
  });

  it("after the play the next rolls follow, the board is that play's: Boris's checker on his 5, Anna's entered", () => {
    const r = replayText(HIT_WRITTEN_WRONG + '  2) 62: bar/23 13/7');
    expect([r.final.sides[1][5], r.final.sides[1][4], r.final.sides[0][25], r.final.sides[0][23]]).toEqual([
      1, 0, 0, 1,
    ]);
  });

  it('a move the board forbids stops the replay', () => {
    const r = replayText('  1) 31: 9/6 8/7                 52: 13/8 13/11\n  2) 62: 24/18 13/11');
    expect(codes(r)).toEqual(['illegal-move@5']);
    expect(r).toMatchObject({ termination: null, stoppedAt: 5 });
    expect(r).not.toHaveProperty('winner');
  });

  it("hit markers: a '*' without a hit always, a hit without '*' when the record marks hits", () => {
    const body = '  1) 64: 24/18 13/9              21: 13/11* 6/5\n  2) 62: 25/23 13/7';
    expect(codes(replayText(body, true))).toEqual(['hit-marker@5', 'illegal-move@6']);
    const hit = '  1) 64: 24/18 13/9              62: 13/7 13/11';
    expect(replayText(hit, false).findings).toEqual([]);
    expect(codes(replayText(hit, true))).toEqual(['hit-marker@5']);
    expect(replayText(hit, true).findings[0].message).toBe(
      "the move hits on point 7 without the '*' this record uses elsewhere",
    );
    expect(replayText('  1) 64: 24/18 13/9              62: 13/7* 13/11', true).findings).toEqual([]);
  });
});

describe('replay against GNU Backgammon', () => {
  const rows = readTsv(fixtureText('gnubg', 'final-positions.tsv')).filter((r) => r.source === 'mat');

  it(`every game of every gnubg-generated .mat: final Position ID, termination, winner, cube (${rows.length} games)`, () => {
    const seen = new Map<string, MatchRecord>();
    const wrong: string[] = [];
    for (const row of rows) {
      if (!seen.has(row.file))
        seen.set(row.file, importRecord(readFileSync(join(CORPUS, 'gnubg-generated', row.file)), row.file).matches[0]);
      const m = seen.get(row.file)!;
      const g = m.games[Number(row.game) - 1];
      const marksHits = true;
      const r = replay(g, { variant: m.variant, marksHits, players: m.players });
      const got = {
        pid: r.onRoll === null ? null : positionId(r.final, r.onRoll),
        termination: r.termination,
        winner: r.termination === null || r.termination === 'unfinished' ? null : r.winner,
        cube: [r.cube.value, r.cube.owner],
        findings: r.findings.length,
      };
      const want = {
        pid: row.final_position_id,
        termination: row.termination,
        winner: Number(row.winner),
        cube: [Number(row.cube_value), Number(row.cube_owner)],
        findings: 0,
      };
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`${row.file} game ${row.game}: ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
    expect(rows.length).toBe(113);
  });
});
