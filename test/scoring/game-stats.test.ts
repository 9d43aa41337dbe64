// Per-game statistics: counted from the audit's own replay through its observer, only
// when asked (AuditRequest.gameStats). Oracle: for the gnubg-generated files, each game's rolls
// and pips rolled per side equal the counts of GNU Backgammon's own move records
// (fixtures/gnubg/before-moves.tsv: every move record with its mover and dice).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { fileAudit } from '../../src/read/attach.js';
import { decodePositionId } from '../../src/engine/ids.js';
import { importRecord } from '../../src/import/index.js';
import type { GameVerdict, RollAction } from '../../src/core/model.js';
import { CORPUS, fixture, fixtureText } from '../helpers.js';
import { readTsv } from '../engine/position-helpers.js';

const statsOf = (g: GameVerdict) => {
  expect(g.stats).toBeDefined();
  return g.stats ?? (undefined as never);
};

const pipsOfSide = (points: number[]) => points.reduce((n, c, p) => n + c * (p + 1), 0);

describe('game statistics', () => {
  it('are not made unless asked: the JSON stays as it was', () => {
    for (const r of auditFile(fixture('mat', 'gnubg-money-beavers.mat'), 'x.mat'))
      for (const g of r.games) expect('stats' in g).toBe(false);
  });

  it('rolls, doublets and pips from the record; cube turns as the verdict counts them; pips at start and end', () => {
    const bytes = fixture('mat', 'gnubg-money-beavers.mat');
    const record = importRecord(bytes, 'x.mat').matches[0];
    const [r] = auditFile(bytes, 'x.mat', fileAudit({ gameStats: true }));
    let turns = 0;
    r.games.forEach((g, k) => {
      const s = statsOf(g);
      const rolls = record.games[k].actions.filter((a): a is RollAction => a.type === 'roll');
      for (const side of [0, 1] as const) {
        const mine = rolls.filter((a) => a.side === side);
        expect(s.rolls[side]).toBe(mine.length);
        expect(s.doublets[side]).toBe(mine.filter((a) => a.dice[0] === a.dice[1]).length);
        const pips = mine.reduce((n, a) => n + (a.dice[0] === a.dice[1] ? 4 * a.dice[0] : a.dice[0] + a.dice[1]), 0);
        expect(s.pipsRolled[side]).toBe(pips);
        expect(s.pipsStart[side]).toBe(167);
      }
      expect(s.cubeTurns[0] + s.cubeTurns[1]).toBe(g.doubles);
      expect(s.cubeLog).toHaveLength(g.doubles);
      turns += g.doubles;
      // The end, from the final Position ID (side on roll first) counted apart.
      if (g.final) {
        const [onRoll, other] = decodePositionId(g.final.positionId);
        const pips = [pipsOfSide(onRoll), pipsOfSide(other)];
        expect(new Set(pips)).toEqual(new Set(s.pipsEnd));
      }
    });
    expect(turns).toBeGreaterThan(2);
    const beavered = r.games.flatMap((g) => statsOf(g).cubeLog).filter((t) => t.kind === 'beaver');
    expect(beavered.length).toBeGreaterThan(0);
    // The record names each redouble on a pending double (gnubg writes `Beavers` for a raccoon too).
    for (const t of beavered) expect(['take', 'drop', 'beaver', 'raccoon']).toContain(t.response);
    const doubles = r.games.flatMap((g) => statsOf(g).cubeLog).filter((t) => t.kind === 'double');
    expect(doubles.some((t) => t.response === 'beaver')).toBe(true);
  });

  it('a cube log by hand: double, take, redouble, drop, with the pips when each was made', () => {
    const text = [
      ' 0 point match',
      '',
      ' Game 1',
      ' Anna : 0                       Boris : 0',
      '  1) 31: 8/5 6/5                 Doubles => 2',
      '  2)  Takes                      64: 24/18 13/9',
      '  3)  Doubles => 4               Drops',
      '      Wins 2 points',
      '',
    ].join('\n');
    const [r] = auditFile(new TextEncoder().encode(text), 'x.mat', fileAudit({ gameStats: true }));
    const s = statsOf(r.games[0]);
    expect(s).toMatchObject({
      rolls: [1, 1],
      doublets: [0, 0],
      pipsRolled: [4, 10],
      cubeTurns: [1, 1],
      takes: [1, 0],
      drops: [0, 1],
      pipsStart: [167, 167],
      pipsEnd: [163, 157],
    });
    expect(s.cubeLog).toEqual([
      { roll: 2, side: 1, kind: 'double', value: 2, response: 'take', pips: [163, 167] },
      { roll: 3, side: 0, kind: 'double', value: 4, response: 'drop', pips: [163, 157] },
    ]);
  });
});

describe('cube actions alone (AuditRequest.cubeActions, what players reads)', () => {
  it('are the cube columns of the statistics, game by game, and nothing else is made', () => {
    let turns = 0;
    for (const name of ['gnubg-money-beavers.mat', 'money-beaver-raccoon.mat']) {
      const bytes = fixture('mat', name);
      const full = auditFile(bytes, name, fileAudit({ gameStats: true }));
      const light = auditFile(bytes, name, fileAudit({ cubeActions: true }));
      full.forEach((r, m) =>
        r.games.forEach((g, k) => {
          const l = light[m].games[k];
          expect('stats' in l).toBe(false);
          const s = statsOf(g);
          expect(l.cubeActions).toEqual({ cubeTurns: s.cubeTurns, takes: s.takes, drops: s.drops });
          turns += s.cubeTurns[0] + s.cubeTurns[1];
        }),
      );
    }
    expect(turns).toBeGreaterThan(2);
    for (const r of auditFile(fixture('mat', 'gnubg-money-beavers.mat'), 'x.mat', fileAudit({ gameStats: true })))
      for (const g of r.games) expect('cubeActions' in g).toBe(false);
  });
});

const rows = readTsv(fixtureText('gnubg', 'before-moves.tsv'));
const files = [...new Set(rows.map((r) => r.file))];

describe('rolls and pips rolled equal GNU Backgammon’s own move records', () => {
  it(`every game of the ${files.length} gnubg-generated files`, () => {
    let games = 0;
    let rolls = 0;
    let pending = 0;
    const wrong: string[] = [];
    for (const file of files) {
      const reports = auditFile(
        readFileSync(join(CORPUS, 'gnubg-generated', file)),
        file,
        fileAudit({ gameStats: true }),
      );
      const record = importRecord(readFileSync(join(CORPUS, 'gnubg-generated', file)), file).matches[0];
      expect(reports).toHaveLength(1);
      const mine = rows.filter((r) => r.file === file);
      for (const game of new Set(mine.map((r) => Number(r.game)))) {
        const s = statsOf(reports[0].games[game - 1]);
        const want = { rolls: [0, 0], pips: [0, 0] };
        for (const row of mine.filter((r) => Number(r.game) === game)) {
          const side = Number(row.mover);
          const [d0, d1] = [Number(row.dice_0), Number(row.dice_1)];
          want.rolls[side]++;
          want.pips[side] += d0 === d1 ? 4 * d0 : d0 + d1;
        }
        // gnubg's pending-roll placeholder (a roll not yet played, ending an unfinished game) is a
        // move record to gnubg; the record holds no move for it, so bgaudit counts no roll.
        const placeholder = record.games[game - 1].comments
          .map((c) => /^(White|Black) rolled (\d)(\d) and has not moved yet$/.exec(c.text))
          .find((x) => x !== null);
        if (placeholder) {
          const side = placeholder[1] === 'White' ? 0 : 1;
          const [d0, d1] = [Number(placeholder[2]), Number(placeholder[3])];
          want.rolls[side]--;
          want.pips[side] -= d0 === d1 ? 4 * d0 : d0 + d1;
          pending++;
        }
        games++;
        rolls += want.rolls[0] + want.rolls[1];
        const got = { rolls: s.rolls, pips: s.pipsRolled };
        if (JSON.stringify(got) !== JSON.stringify(want))
          wrong.push(`${file} game ${game}: ${JSON.stringify(got)} ≠ gnubg ${JSON.stringify(want)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect({ files: files.length, games, rolls, pending }).toEqual({ files: 53, games, rolls: 11974, pending: 3 });
    expect(games).toBeGreaterThan(100);
  });
});
